"""``roll …`` in the console language (engine/dice/command.py)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import commands
from engine.dice.command import CheckRolled, MistRolled, RollCommand, apply, parse
from engine.dice.ih import CheckSpec, Untrained, roll_check
from engine.dice.mist import roll_mist
from engine.errors import RuleError
from engine.language import tokenize


def read(text: str) -> RollCommand:
    line = tokenize(text)
    assert line is not None
    return parse(line)


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("roll ih-d10 5", CheckSpec("ih-d10", 5)),
        ("roll ih-d10 5 --again 9 --dc 3", CheckSpec("ih-d10", 5, again=9, dc=3)),
        ("roll ih-d10 5 --again=8 dc=2", CheckSpec("ih-d10", 5, again=8, dc=2)),
        ("roll IH-D6 -1 --level 3 --bonus 2", CheckSpec("ih-d6", -1, level=3, bonus=2)),
        (
            "roll ih-d6 4 --penalty 1 --untrained social --willpower",
            CheckSpec("ih-d6", 4, penalty=1, untrained=Untrained.SOCIAL, willpower=True),
        ),
    ],
)
def test_parse_checks(text: str, spec: CheckSpec) -> None:
    command = read(text)
    assert command.check == spec and command.mist is None


def test_parse_by_and_hidden() -> None:
    command = read('roll ih-d10 4 by="Old Wang" hidden')
    assert (command.by, command.hidden) == ("Old Wang", True)


def test_parse_mist() -> None:
    command = read("roll mist -2 by=Mei")
    assert command.mist is not None and command.mist.power == -2 and command.by == "Mei"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("roll", "Use:"),
        ("roll ih-d8 3", "Unknown system"),
        ("roll ih-d10", "needs a DP"),
        ("roll ih-d10 three", "DP must be a whole number"),
        ("roll ih-d10 3 --again 7", "10, 9 or 8"),
        ("roll ih-d6 3 --level 4", "1, 2 or 3"),
        ("roll ih-d6 3 --again 9", "--again is for ih-d10"),
        ("roll ih-d10 3 --level 2", "--level is for ih-d6"),
        ("roll ih-d10 3 --dc -1", "DC must be 0 or more"),
        ("roll ih-d10 3 --dc", "needs a value"),
        ("roll ih-d10 3 --untrained musical", "physical, social or mental"),
        ("roll ih-d10 3 --luck 2", "Unexpected"),
        ("roll ih-d10 3 luck=2", "Unknown option"),
        ("roll mist 2 --willpower", "Infinite Horror option"),
        ("roll mist 2 --dc 3", "Infinite Horror option"),
    ],
)
def test_parse_errors(text: str, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        read(text)


def test_apply_makes_one_event() -> None:
    (event,) = apply(read("roll ih-d10 3 --dc 1"), random.Random(5))
    assert isinstance(event, CheckRolled) and event.result.dc == 1
    (mist,) = apply(read("roll mist 2"), random.Random(5))
    assert isinstance(mist, MistRolled) and len(mist.result.d4s) == 2


@given(st.text(max_size=40))
def test_any_input_is_a_command_or_a_rule_error(text: str) -> None:
    try:
        line = tokenize("roll " + text)
    except RuleError:
        return
    assert line is not None
    try:
        command = parse(line)
    except RuleError:
        return
    assert isinstance(command, RollCommand)


def _roll(text: str, seed: int = 3) -> CheckRolled | MistRolled:
    line = tokenize(text)
    assert line is not None
    return apply(parse(line), random.Random(seed))[0]


@pytest.mark.parametrize(
    "option",
    ["--interpret d6_chance_success_extra_dice=0", "--interpret=d6_chance_success_extra_dice=0"],
)
def test_interpret_on_a_roll_line_sets_that_roll_alone(option: str) -> None:
    """``roll`` takes the same arguments as ``st-console roll`` (INTERFACE.md §3), --interpret
    too: [I-2] at 0 grants no extra dice on a chance roll's success (RULES.md §1.4)."""
    command = parse(tokenize(f"roll ih-d6 0 {option}"))  # type: ignore[arg-type]
    assert command.overrides == (("d6_chance_success_extra_dice", "0"),)
    for seed in range(200):
        event = _roll(f"roll ih-d6 0 {option} --seed {seed}")
        assert isinstance(event, CheckRolled)
        assert event.result.extra_dice == 0
    granted = [_roll(f"roll ih-d6 0 --seed {seed}") for seed in range(200)]
    assert any(isinstance(e, CheckRolled) and e.result.extra_dice > 0 for e in granted)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("roll ih-d6 0 --interpret nope=1", "No interpretation"),
        ("roll ih-d6 0 --interpret", "FIELD=VALUE"),
        ("roll ih-d6 0 --interpret d6_chance_success_extra_dice=x", "whole number"),
        ("roll mist 2 --interpret=negative_power_subtracts_d4", "FIELD=VALUE"),
    ],
)
def test_a_bad_interpret_on_a_roll_line_is_a_rule_error(text: str, message: str) -> None:
    line = tokenize(text)
    assert line is not None
    with pytest.raises(RuleError, match=message):
        parse(line)


def test_interpret_on_a_mist_roll() -> None:
    """[I-5] off: a negative power rolls no d4 to subtract (RULES.md §4.2)."""
    event = _roll("roll mist -2 --interpret negative_power_subtracts_d4=false")
    assert isinstance(event, MistRolled)
    assert event.result.d4s == ()


@pytest.mark.parametrize(
    ("text", "system"),
    [("roll ih-d10 5 --again 9 --dc 2 --seed 7", "ih-d10"), ("roll mist -2 --seed=7", "mist")],
)
def test_console_roll_takes_seed_and_json_like_the_cli(text: str, system: str) -> None:
    """INTERFACE.md §3: ``roll …`` has the same arguments as ``st-console roll``."""
    command = commands.parse(text + " --json", system)
    assert command.seed == 7
    (event,) = apply(command, random.Random(999))
    if isinstance(event, CheckRolled):
        assert command.check is not None
        assert event.result == roll_check(command.check, random.Random(7))
    else:
        assert isinstance(event, MistRolled)
        assert event.result == roll_mist(-2, random.Random(7))
