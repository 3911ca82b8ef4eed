"""Every setting, option, count, name and number has a documented range, checked before any work
(a huge pool, power or bonus is a rule error, not a hang); the refusal names the value and the
range."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

import console.i18n  # noqa: F401  (the English words of refusals)
from console.cli import main
from engine import commands, session
from engine.dice.ih import MAX_DICE, CheckSpec, validate_spec
from engine.dice.mist import MAX_D4S, roll_mist
from engine.dice.odds import MAX_BONUS, check_odds
from engine.errors import RuleError
from engine.limits import MAX_NAME, MAX_NUMBER
from engine.session import execute_text, new_scene
from engine.settings import Interpretations, assign


def test_the_odds_of_a_huge_setting_are_refused_at_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["odds", "ih-d6", "0", "--interpret", "d6_chance_success_extra_dice=99999999"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "d6_chance_success_extra_dice=99999999" in err
    assert "from 0 to 10" in err


def test_a_setting_in_range_is_accepted_and_out_of_range_is_refused() -> None:
    assert assign(Interpretations(), "d6_chance_success_extra_dice", "10")
    with pytest.raises(RuleError) as caught:
        assign(Interpretations(), "d6_chance_success_extra_dice", "11")
    assert caught.value.code == "settings.out-of-range"
    assert dict(caught.value.params)["high"] == 10


@pytest.mark.parametrize(
    "line",
    [
        "add Ann init=99999999999999999999",
        "add Ann init=10000",
        "add Ann init=3 health=-10000",
        'effect Ann "Blessed" rounds=123456',
        "interpret d6_chance_success_extra_dice=99999999",
    ],
)
def test_a_number_out_of_range_in_a_command_is_refused_naming_it(line: str) -> None:
    scene, _ = execute_text(new_scene("F", "ih-d10", 1), "add Ann init=3")
    with pytest.raises(RuleError) as caught:
        commands.parse(line, "ih-d10") if "interpret" not in line else execute_text(scene, line)
    assert caught.value.code in ("input.number-out-of-range", "settings.out-of-range")
    assert {"low", "high"} <= set(caught.value.params)


def test_the_edges_of_the_number_range_are_accepted() -> None:
    assert commands.parse(f"add Ann init={MAX_NUMBER}", "ih-d10") is not None
    assert commands.parse(f"add Ann init=-{MAX_NUMBER}", "ih-d10") is not None


@pytest.mark.parametrize(
    ("line", "system"),
    [
        (f"add {'x' * 3000} init=3", "ih-d10"),
        (f'scene new "{"N" * 3000}" mist', None),
        (f"pc {'y' * (MAX_NAME + 1)}", "mist"),
    ],
    ids=["combatant", "scene", "character"],
)
def test_a_name_too_long_is_refused(line: str, system: str | None) -> None:
    with pytest.raises(RuleError) as caught:
        commands.parse(line, system)
    assert caught.value.code == "input.name-too-long"
    assert caught.value.params["limit"] == MAX_NAME


def test_a_name_of_the_longest_length_is_accepted() -> None:
    assert commands.parse(f"pc {'y' * MAX_NAME}", "mist") is not None


@pytest.mark.parametrize("name", ["A\x1b[31mB", "A\u0007B", "A\ud800B"])
def test_a_control_character_in_a_name_is_refused(name: str) -> None:
    with pytest.raises(RuleError) as caught:
        commands.parse(f'add "{name}" init=3', "ih-d10")
    assert caught.value.code == "input.control-character"


def test_huge_roll_in_a_script_is_refused_not_hung() -> None:
    """``roll mist 100000000`` in a script: a rule error, as ``st-console roll`` bounds it."""
    with pytest.raises(RuleError) as caught:
        roll_mist(100_000_000, random.Random(0))
    assert caught.value.code == "dice.mist.roll-takes-most"
    assert caught.value.params["maximum"] == MAX_D4S
    assert len(roll_mist(-MAX_D4S, random.Random(0)).d4s) == MAX_D4S
    scene = session.new_scene("S", "mist", 1)
    with pytest.raises(RuleError):
        session.execute_text(scene, "roll mist 100000000")


@pytest.mark.parametrize(
    "text",
    ["roll ih-d10 99999999999", "roll ih-d6 1001", "roll ih-d10 998 --willpower"],
)
def test_a_huge_pool_is_a_rule_error_not_a_hang(text: str) -> None:
    """A script line asking for 10¹¹ dice used to roll for hours; now at most MAX_DICE."""
    with pytest.raises(RuleError) as caught:
        commands.parse(text, "ih-d10")
    assert caught.value.code == "dice.ih.check-rolls-most-dice"
    assert caught.value.params["maximum"] == MAX_DICE


def test_the_largest_pool_still_rolls() -> None:
    validate_spec(CheckSpec(system="ih-d10", dp=MAX_DICE))
    with pytest.raises(RuleError):
        validate_spec(CheckSpec(system="ih-d10", dp=MAX_DICE - 2, willpower=True))


@pytest.mark.parametrize("text", ["roll mist 99999999999", "roll mist -1001"])
def test_a_huge_mist_power_is_a_rule_error(text: str) -> None:
    with pytest.raises(RuleError) as caught:
        commands.parse(text, "mist")
    assert caught.value.code == "dice.command.roll-takes-most"


def test_odds_refuse_a_huge_bonus_instead_of_filling_memory() -> None:
    """The distribution lists 0…final; a bonus of 10⁸ would be 10⁸ entries."""
    with pytest.raises(RuleError) as caught:
        check_odds(CheckSpec(system="ih-d10", dp=3, bonus=MAX_BONUS + 1))
    assert caught.value.code == "dice.odds.odds-computed-bonuses-up"
    assert caught.value.params["maximum"] == MAX_BONUS
    chance = check_odds(CheckSpec(system="ih-d10", dp=0, bonus=10**8))
    assert math.isclose(math.fsum(chance.distribution), 1.0)


@given(
    st.lists(
        st.one_of(
            st.integers(min_value=-20_000, max_value=20_000),
            st.text(max_size=1_100),
            st.sampled_from(["name", "note", "tag"]),
        ),
        max_size=4,
    ),
    st.sampled_from(["name", "note", "tags", ""]),
)
def test_the_quick_look_agrees_with_the_walk_that_names_the_value(
    values: list[object], field: str
) -> None:
    """``check_command``'s quick look (``_within``) finds a command fine exactly when the
    walk that names the wrong value (``_walk``) finds nothing."""
    from engine.limits import _walk, _within

    for value in (tuple(values), *values):
        try:
            _walk(value, field, 0)
            walked = True
        except RuleError:
            walked = False
        assert _within(value, field, 0) == walked
