"""``roll …`` in the console language (INTERFACE.md §3), the same check ``st-console roll`` makes.

::

    roll ih-d10|ih-d6 DP [--again N] [--level N] [--bonus N] [--penalty N]
         [--untrained physical|social|mental] [--willpower] [--dc N] [--seed N] [--json]
         [by=NAME] [hidden]
    roll mist POWER [--seed N] [--json] [by=NAME] [hidden]

Options also read as ``--again=9`` or ``again=9``. ``hidden`` marks a secret roll the ST
reveals later (passive perception, RULES.md §1.6); ``by=NAME`` says who rolled. INTERFACE.md §3
gives ``roll`` "the same arguments as ``st-console roll``", so ``--seed N`` (these dice from
``random.Random(N)``, not the scene's generator), ``--json`` and ``--chat`` (no-ops: the console
shows the roll its own way) are accepted too.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.dice.ih import (
    MAX_DICE,
    CheckResult,
    CheckSpec,
    Untrained,
    roll_check,
    validate_spec,
)
from engine.dice.mist import MistRoll, roll_mist
from engine.errors import RuleError
from engine.events import Event
from engine.language import Line, parse_int
from engine.records import replace
from engine.settings import DEFAULT, Interpretations, assign, canonical

USAGE = (
    "Use: roll ih-d10|ih-d6 DP [--again 10|9|8] [--level 1|2|3] [--bonus N] [--penalty N] "
    "[--untrained physical|social|mental] [--willpower] [--dc N] [by=NAME] [hidden]  "
    "·  roll mist POWER"
)
SYNTAX = USAGE.removeprefix("Use: ")
"""The syntax alone, filled into a refusal after its own "Use:" (the locale files word it)."""
VALUE_OPTIONS: tuple[str, ...] = ("again", "level", "bonus", "penalty", "untrained", "dc", "seed")
IH_ONLY: tuple[str, ...] = ("again", "level", "bonus", "penalty", "untrained", "dc", "willpower")


@dataclass(frozen=True, slots=True)
class MistSpec:
    """A M.I.S.T. action roll: its power and the [I-5] reading (RULES.md §4.2)."""

    power: int
    interpretations: Interpretations = DEFAULT


@dataclass(frozen=True, slots=True)
class RollCommand:
    """One roll: exactly one of ``check`` (IH) and ``mist`` is set."""

    system: str
    check: CheckSpec | None = None
    mist: MistSpec | None = None
    by: str | None = None
    hidden: bool = False
    seed: int | None = None
    overrides: tuple[tuple[str, str], ...] = ()
    """``--interpret FIELD=VALUE`` settings for this roll alone, over the scene's ([I-n])."""


@dataclass(frozen=True, slots=True)
class CheckRolled(Event):
    """An IH check was rolled (its faces and counts are in ``result``)."""

    command: RollCommand
    result: CheckResult


@dataclass(frozen=True, slots=True)
class MistRolled(Event):
    """A M.I.S.T. action roll was made."""

    command: RollCommand
    result: MistRoll


def parse(line: Line) -> RollCommand:
    """Read a ``roll`` line into a command, with the CLI's validation.

    Raises:
        RuleError: a missing or unknown system, a DP/power that is not a whole number, an
            option of the other system, an unknown option or a value the rules forbid.
    """
    words = list(line.words)
    if not words:
        raise RuleError("dice.command.use", syntax=SYNTAX)
    system = words.pop(0).lower()
    if system not in ("ih-d10", "ih-d6", "mist"):
        raise RuleError("dice.command.unknown-system-use-ih", system=system)
    if not words:
        what = "POWER" if system == "mist" else "DP"
        raise RuleError("dice.command.roll-needs", system=system, what=what, syntax=SYNTAX)
    value = parse_int(words.pop(0), "POWER" if system == "mist" else "DP")
    values, flags, overrides = _options(line, words)
    hidden = "hidden" in flags
    seed = parse_int(values.pop("seed"), "--seed") if "seed" in values else None
    by = values.pop("by", None)
    if by is not None and not by.strip():
        raise RuleError("dice.command.needs-name")
    if system == "mist":
        misplaced = [name for name in IH_ONLY if name in values or name in flags]
        if misplaced:
            raise RuleError("dice.command.infinite-horror-option-mist", misplaced=misplaced[0])
        if abs(value) > MAX_DICE:
            raise RuleError("dice.command.roll-takes-most", maximum=MAX_DICE, count=abs(value))
        return RollCommand(
            system=system,
            mist=MistSpec(power=value),
            by=by,
            hidden=hidden,
            seed=seed,
            overrides=overrides,
        )
    return RollCommand(
        system=system,
        check=_check_spec(system, value, values, "willpower" in flags),
        by=by,
        hidden=hidden,
        seed=seed,
        overrides=overrides,
    )


def _options(
    line: Line, words: list[str]
) -> tuple[dict[str, str], set[str], tuple[tuple[str, str], ...]]:
    """Split ``--key value``, ``--key=value``, ``key=value``, bare flags and the
    ``--interpret FIELD=VALUE`` settings (checked against the setting's kind)."""
    values: dict[str, str] = {}
    flags: set[str] = set()
    overrides: list[tuple[str, str]] = []
    interpret = sum(1 for word in words if word.lower() == "--interpret")
    for key, value in line.options:
        name = key.lstrip("-")
        setting = name.replace("-", "_")
        if name == "interpret":  # --interpret=FIELD=VALUE
            setting, sep, value = value.partition("=")
            if not sep:
                raise RuleError("dice.command.interpret-takes-field-value", value=value)
            overrides.append(_override(setting.strip().replace("-", "_"), value))
            continue
        if interpret and name not in VALUE_OPTIONS + ("by",):
            overrides.append(_override(setting, value))
            interpret -= 1
            continue
        if name not in VALUE_OPTIONS + ("by",):
            raise RuleError("dice.command.unknown-option", key=key, syntax=SYNTAX)
        values[name] = value
    index = 0
    while index < len(words):
        word = words[index]
        name = word.lstrip("-").lower()
        if name in ("willpower", "hidden", "json", "chat"):
            flags.add(name)
        elif name == "interpret":
            pass  # its FIELD=VALUE is read with the options above
        elif word.startswith("--") and name in VALUE_OPTIONS:
            if index + 1 >= len(words):
                raise RuleError("dice.command.needs-value", word=word)
            if name in values:  # ``--dc 2 --dc 3`` or ``dc=2 --dc 3``
                raise RuleError("language.option-twice", verb=line.verb, key=word)
            values[name] = words[index + 1]
            index += 1
        else:
            raise RuleError("dice.command.unexpected", word=word, syntax=SYNTAX)
        index += 1
    if interpret:
        raise RuleError("dice.command.interpret-needs-field-value")
    return values, flags, tuple(overrides)


def _override(setting: str, value: str) -> tuple[str, str]:
    setting = canonical(setting)  # RULES.md's I-7 names its field too
    assign(DEFAULT, setting, value)  # an unknown setting or a wrong value is refused now
    return setting, value


def _with_overrides(settings: Interpretations, command: RollCommand) -> Interpretations:
    for setting, value in command.overrides:
        settings = assign(settings, setting, value)
    return settings


def _check_spec(system: str, dp: int, values: dict[str, str], willpower: bool) -> CheckSpec:
    if system == "ih-d6" and "again" in values:
        raise RuleError("dice.command.again-ih-ih-uses")
    if system == "ih-d10" and "level" in values:
        raise RuleError("dice.command.level-ih-ih-uses")
    untrained: Untrained | None = None
    if "untrained" in values:
        try:
            untrained = Untrained(values["untrained"].lower())
        except ValueError:
            raise RuleError(
                "dice.command.untrained-physical-social-mental", values=values["untrained"]
            ) from None
    spec = CheckSpec(
        system=system,
        dp=dp,
        again=_int(values, "again", 10),
        level=_int(values, "level", 1),
        bonus=_int(values, "bonus", 0),
        penalty=_int(values, "penalty", 0),
        untrained=untrained,
        willpower=willpower,
        dc=parse_int(values["dc"], "--dc") if "dc" in values else None,
    )
    validate_spec(spec)
    return spec


def _int(values: dict[str, str], name: str, default: int) -> int:
    return parse_int(values[name], f"--{name}") if name in values else default


def apply(command: RollCommand, rng: random.Random) -> tuple[CheckRolled | MistRolled, ...]:
    """Roll the command's dice: one :class:`CheckRolled` or :class:`MistRolled` event.

    Raises:
        RuleError: the spec breaks a rule.
    """
    if command.seed is not None:
        rng = random.Random(command.seed)
    if command.overrides and command.mist is not None:
        mist = command.mist
        command = replace(
            command,
            mist=replace(mist, interpretations=_with_overrides(mist.interpretations, command)),
        )
    if command.overrides and command.check is not None:
        check = command.check
        command = replace(
            command,
            check=replace(check, interpretations=_with_overrides(check.interpretations, command)),
        )
    if command.mist is not None:
        negative_subtracts = command.mist.interpretations.negative_power_subtracts_d4
        result = roll_mist(command.mist.power, rng, negative_subtracts)
        return (MistRolled(command=command, result=result),)
    if command.check is None:
        raise RuleError("dice.command.roll-needs-infinite-horror")
    return (CheckRolled(command=command, result=roll_check(command.check, rng)),)


parse_options = _options
"""The options of a roll line (``ww`` reads them as ``roll`` does: engine/dice/ww.py)."""
check_spec = _check_spec
"""An IH check from a DP and the read options (``ww`` makes its checks here too)."""
