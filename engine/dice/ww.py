"""``ww XaY`` — the chat dice bots' d10 pool notation (INTERFACE.md §3 "Chat tables", issue 28).

SealDice, Dice!, OlivaDice and the other bots Chinese tables play with roll the Infinite Horror
(WOD) pool as ``.ww XaY``: X ten-sided dice, a die showing Y or more adds a die, a success on 8
or more. Here it is one more way to write an ``ih-d10`` check::

    ww X[aY][k8][m10] [--dc N] [--bonus N] [--penalty N] [--willpower] [by=NAME] [hidden]

also with the bots' leading dot (``.ww 5a8``), the full-width one (``。ww 5a8``) and the
notation attached to the verb (``.ww5a8``). ``ww 5`` is 10-again. ``k`` (the success face) is
accepted only as 8 and ``m`` (the die's sides) only as 10: Infinite Horror succeeds on 8+ with
d10s (RULES.md §1.1); ``a`` is 10, 9 or 8 (§1.2). Anything else is refused saying why.

The result is the same :class:`engine.dice.command.RollCommand` a ``roll ih-d10`` line makes, so
it is journaled, undone and shown as any roll.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.dice import command as dice_command
from engine.dice.ih import AGAIN_RULES
from engine.errors import RuleError
from engine.language import Line, parse_int

VERBS: tuple[str, ...] = ("ww", ".ww", "。ww", "．ww")
"""The verb as typed: plain, with the bots' dot, with the full-width dots (。 and ．)."""
SUCCESS_FACE = 8
"""§1.1: an ih-d10 die succeeds on 8, 9 or 10."""
SIDES = 10
"""§1.1: ih-d10 rolls ten-sided dice."""
SYNTAX = "ww X[aY][k8][m10] [--dc N] [--bonus N] [--penalty N] [--willpower] [by=NAME] [hidden]"

_NOTATION = re.compile(r"([0-9]{1,12})((?:[akm][0-9]{1,6})*)", re.IGNORECASE)
_PART = re.compile(r"([akm])([0-9]{1,6})", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Pool:
    """What ``XaY[k8][m10]`` says: the dice and the again threshold."""

    dice: int
    again: int = 10


def verb_notation(verb: str) -> tuple[bool, str]:
    """Whether ``verb`` is a ``ww`` verb, and the notation written onto it (``.ww5a8`` →
    ``5a8``; ``ww`` → ``""``)."""
    for name in sorted(VERBS, key=len, reverse=True):
        if verb.lower().startswith(name):
            rest = verb[len(name) :]
            if not rest or rest[0].isdigit():
                return True, rest
    return False, ""


def is_ww(verb: str) -> bool:
    """``ww``, ``.ww``, ``。ww`` and the forms with the notation attached (``.ww5a8``)."""
    return verb_notation(verb)[0]


def parse_pool(text: str) -> Pool:
    """Read ``X[aY][k8][m10]`` (suffixes in any order, each once).

    Raises:
        RuleError: not the notation; ``k`` other than 8 or ``m`` other than 10 (§1.1); ``a``
            other than 10, 9 or 8 (§1.2).
    """
    match = _NOTATION.fullmatch(text.strip())
    if match is None:
        raise RuleError("dice.ww.use", text=text, syntax=SYNTAX)
    parts: dict[str, int] = {}
    for letter, number in _PART.findall(match.group(2)):
        letter = letter.lower()
        if letter in parts:
            raise RuleError("dice.ww.twice", letter=letter, text=text, syntax=SYNTAX)
        parts[letter] = int(number)
    if parts.get("k", SUCCESS_FACE) != SUCCESS_FACE:
        raise RuleError("dice.ww.success-face", value=parts["k"], text=text)
    if parts.get("m", SIDES) != SIDES:
        raise RuleError("dice.ww.sides", value=parts["m"], text=text)
    again = parts.get("a", 10)
    if again not in AGAIN_RULES:
        raise RuleError("dice.ww.again", value=again, text=text)
    return Pool(dice=int(match.group(1)), again=again)


def parse(line: Line) -> dice_command.RollCommand:
    """A ``ww`` line as the ``roll ih-d10`` command it means.

    Raises:
        RuleError: a missing or wrong notation, ``--again``/``--level`` (the notation holds the
            again; ih-d10 has no level), or any refusal ``roll`` gives for its options.
    """
    _, attached = verb_notation(line.verb)
    words = list(line.words)
    if not attached:
        if not words:
            raise RuleError("dice.ww.needs-pool", syntax=SYNTAX)
        attached = words.pop(0)
    pool = parse_pool(attached)
    try:
        values, flags, overrides = dice_command.parse_options(line, words)
    except RuleError as error:  # a word or option roll does not take: say ww's usage, not roll's
        if "syntax" in error.params:
            error.params = {**error.params, "syntax": SYNTAX}
        raise
    for name in ("again", "level"):
        if name in values:
            raise RuleError("dice.ww.no-option", option=f"--{name}", syntax=SYNTAX)
    values["again"] = str(pool.again)
    seed = parse_int(values.pop("seed"), "--seed") if "seed" in values else None
    by = values.pop("by", None)
    if by is not None and not by.strip():
        raise RuleError("dice.command.needs-name")
    return dice_command.RollCommand(
        system="ih-d10",
        check=dice_command.check_spec("ih-d10", pool.dice, values, "willpower" in flags),
        by=by,
        hidden="hidden" in flags,
        seed=seed,
        overrides=overrides,
    )


def notation(dice: int, again: int) -> str:
    """``5a10``: how a pool is written in the bots' notation (the chat line)."""
    return f"{dice}a{again}"
