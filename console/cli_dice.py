"""``st-console roll …`` and ``st-console odds …`` (INTERFACE.md §1–2).

Never imports Textual: a script or a chat bot calling these pays interpreter start-up only.
Combinations the rules do not allow (``--again`` with ih-d6, ``--level`` with ih-d10, IH options
with mist) are bad usage: :class:`console.usage.UsageError`, exit 2 with one line.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable

from console import chat_text, dice_text
from console.i18n import Translator
from console.usage import UsageError
from engine.dice import ww
from engine.dice.ih import CheckSpec, Untrained, roll_check, validate_spec
from engine.dice.mist import roll_mist
from engine.dice.odds import MAX_BONUS, check_odds, mist_odds
from engine.dice.odds_pool import MAX_POOL
from engine.errors import RuleError
from engine.settings import Interpretations, assign

IH_OPTIONS: tuple[tuple[str, str], ...] = (
    ("again", "--again"),
    ("level", "--level"),
    ("bonus", "--bonus"),
    ("penalty", "--penalty"),
    ("untrained", "--untrained"),
    ("willpower", "--willpower"),
    ("dc", "--dc"),
)
"""Options of an Infinite Horror check, none of which a M.I.S.T. roll takes."""


def _given(args: argparse.Namespace, attribute: str) -> bool:
    value = getattr(args, attribute, None)
    return value not in (None, False, 0) or (attribute == "dc" and value is not None)


def interpretations(args: argparse.Namespace, command: str) -> Interpretations:
    """The [I-n] settings named by ``--interpret FIELD=VALUE`` (RULES.md; engine/settings.py).

    Raises:
        UsageError: an unknown setting or a value of the wrong kind.
    """
    settings = Interpretations()
    for item in getattr(args, "interpret", None) or ():
        name, sep, value = item.partition("=")
        try:
            if not sep:
                raise RuleError("cli.interpret-field-value", item=item)
            settings = assign(settings, name.strip().replace("-", "_"), value)
        except RuleError as error:
            lang = getattr(args, "lang", "en")
            argument = Translator(lang)("cli.argparse.argument") % {
                "argument_name": "--interpret",
                "message": error.render(lang),
            }
            raise UsageError(f"st-console {command}: {argument}") from None
    return settings


def check_spec(args: argparse.Namespace, command: str) -> CheckSpec:
    """The IH check the arguments ask for.

    Raises:
        UsageError: an option of the other variant, or a value the rules forbid.
    """
    prog = f"st-console {command}"
    if args.system == "ih-d6" and args.again is not None:
        raise UsageError(f"{prog}: {_t(args)('cli.again-is-d10')}")
    if args.system == "ih-d10" and args.level is not None:
        raise UsageError(f"{prog}: {_t(args)('cli.level-is-d6')}")
    untrained = Untrained(args.untrained) if args.untrained else None
    spec = CheckSpec(
        system=args.system,
        dp=args.value,
        again=args.again if args.again is not None else 10,
        level=args.level if args.level is not None else 1,
        bonus=args.bonus or 0,
        penalty=args.penalty or 0,
        untrained=untrained,
        willpower=bool(args.willpower),
        dc=args.dc,
        interpretations=interpretations(args, command),
    )
    if spec.pool > MAX_POOL:
        raise UsageError(f"{prog}: {_t(args)('cli.dp-at-most', most=MAX_POOL, pool=spec.pool)}")
    try:
        validate_spec(spec)
    except RuleError as error:
        raise UsageError(f"{prog}: {error.render(getattr(args, 'lang', 'en'))}") from None
    return spec


def _mist_power(args: argparse.Namespace, command: str) -> int:
    """The POWER of a M.I.S.T. ``roll`` or ``odds``: Infinite Horror options are refused, and a
    power beyond ``MAX_POOL``."""
    for attribute, flag in IH_OPTIONS:
        if _given(args, attribute):
            raise UsageError(f"st-console {command}: {_t(args)('cli.ih-option-mist', flag=flag)}")
    if abs(args.value) > MAX_POOL:
        raise UsageError(f"st-console {command}: {_t(args)('cli.power-at-most', most=MAX_POOL)}")
    power: int = args.value
    return power


def _t(args: argparse.Namespace) -> Translator:
    """The language of ``--lang`` (the JSON output stays English)."""
    return Translator(getattr(args, "lang", None) or "en")


def _show(args: argparse.Namespace, data: Callable[[], object], text: Callable[[], str]) -> int:
    """Print the JSON (``--json``) or the text view, in ``--lang``; the exit code 0."""
    print(json.dumps(data(), ensure_ascii=False) if args.json else text())
    return 0


CLI_WW_SYNTAX = (
    "st-console roll ww X[aY][k8][m10] [--dc N] [--bonus N] [--penalty N] [--willpower] "
    "[--untrained physical|social|mental] [--seed N] [--json] [--chat]"
)
"""``roll ww``'s usage on the command line (INTERFACE.md §1)."""


def _read_pool(args: argparse.Namespace) -> None:
    """``roll ww XaY`` as the ``roll ih-d10 X --again Y`` it means (issue 28); a pool notation
    given to another system is not a whole number.

    Raises:
        UsageError: a notation the rules refuse (§1.1, §1.2), or ``--again``/``--level`` with ww.
    """
    if args.system != "ww":
        if isinstance(args.value, str):  # worded as argparse words a DP that is no number
            message = _t(args)("cli.whole-number", name="DP/POWER", text=repr(args.value))
            argument = _t(args)("cli.argparse.argument")
            said = argument % {"argument_name": "DP|POWER|XaY", "message": message}
            raise UsageError(f"st-console roll: {said}")
        return
    try:
        for name in ("again", "level"):
            if getattr(args, name) is not None:
                raise RuleError("dice.ww.no-option", option=f"--{name}", syntax=ww.SYNTAX)
        pool = ww.parse_pool(str(args.value))
    except RuleError as error:
        if "syntax" in error.params:  # the command line's options, not the console's by=/hidden
            error.params = {**error.params, "syntax": CLI_WW_SYNTAX}
        raise UsageError(f"st-console roll: {error.render(getattr(args, 'lang', 'en'))}") from None
    args.system, args.value, args.again = "ih-d10", pool.dice, pool.again


def _chat(line: str) -> int:
    """``--chat``: the roll as one plain line for a chat (console/chat_text.py); over ``--json``."""
    print(line)
    return 0


def roll(args: argparse.Namespace) -> int:
    """``st-console roll SYSTEM DP|POWER [options] [--seed N] [--json] [--chat]``; ``SYSTEM``
    may be ``ww`` with the bots' ``XaY`` pool (engine/dice/ww.py)."""
    _read_pool(args)
    rng = random.Random(args.seed)
    if args.system == "mist":
        power = _mist_power(args, "roll")
        settings = interpretations(args, "roll")
        result = roll_mist(power, rng, settings.negative_power_subtracts_d4)
        if getattr(args, "chat", False):
            return _chat(chat_text.mist_line(_t(args), result))
        return _show(
            args, lambda: dice_text.mist_json(result), lambda: dice_text.mist_text(result, _t(args))
        )
    spec = check_spec(args, "roll")
    check = roll_check(spec, rng)
    if getattr(args, "chat", False):
        line = chat_text.check_line(_t(args), check, again=spec.again, level=spec.level)
        return _chat(line)
    return _show(
        args,
        lambda: dice_text.check_json(check),
        lambda: dice_text.check_text(spec, check, _t(args)),
    )


def odds(args: argparse.Namespace) -> int:
    """``st-console odds SYSTEM DP|POWER [options] [--dc N] [--json]``: exact, no dice rolled."""
    if args.system == "mist":
        table = mist_odds(_mist_power(args, "odds"), interpretations(args, "odds"))
        return _show(
            args,
            lambda: dice_text.mist_odds_json(table),
            lambda: dice_text.mist_odds_text(table, _t(args)),
        )
    spec = check_spec(args, "odds")
    if spec.bonus > MAX_BONUS and not spec.chance and not spec.auto_failure:
        told = _t(args)("cli.bonus-at-most-odds", most=MAX_BONUS, bonus=spec.bonus)
        raise UsageError(f"st-console odds: {told}")
    try:
        result = check_odds(spec)
    except RuleError as error:
        raise UsageError(f"st-console odds: {error.render(getattr(args, 'lang', 'en'))}") from None
    return _show(
        args,
        lambda: dice_text.check_odds_json(result),
        lambda: dice_text.check_odds_text(spec, result, _t(args)),
    )
