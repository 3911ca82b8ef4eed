"""``ww XaY`` — the dice bots' pool notation (issue 28; INTERFACE.md §3 "Chat tables")."""

from __future__ import annotations

import random

import pytest

import console.i18n  # noqa: F401  (installs the words of refusals)
from engine import commands
from engine.dice import ww
from engine.dice.command import RollCommand
from engine.errors import RuleError

READS = [
    # line, dp, again, extra fields of the command
    ("ww 5", 5, 10, {}),
    ("ww 5a10", 5, 10, {}),
    ("ww 5a9", 5, 9, {}),
    ("ww 5a8", 5, 8, {}),
    (".ww 5a8", 5, 8, {}),
    ("。ww 5a8", 5, 8, {}),
    (".ww5a9", 5, 9, {}),
    ("。ww6a9k8m10", 6, 9, {}),
    ("ww 6a9k8m10", 6, 9, {}),
    ("ww 6m10k8a8", 6, 8, {}),
    ("WW 4A9", 4, 9, {}),
    ("ww 0", 0, 10, {}),
    ("ww 5a8 by=Ann", 5, 8, {"by": "Ann"}),
    ('ww 5a8 by="安妮 李"', 5, 8, {"by": "安妮 李"}),
    ("ww 5 --dc 2", 5, 10, {"dc": 2}),
    ("ww 5 --dc=3 --bonus 1 --penalty 2", 5, 10, {"dc": 3, "bonus": 1, "penalty": 2}),
    ("ww 3a8 --willpower hidden", 3, 8, {"willpower": True, "hidden": True}),
    ("roll ww 5a9 by=Ann", 5, 9, {"by": "Ann"}),
    ("roll .ww 4a8 --dc 1", 4, 8, {"dc": 1}),
    ("roll 。ww6", 6, 10, {}),
]


@pytest.mark.parametrize(("line", "dp", "again", "extra"), READS)
def test_ww_reads_as_the_ih_d10_roll_it_means(
    line: str, dp: int, again: int, extra: dict[str, object]
) -> None:
    command = commands.parse(line, "ih-d10")
    assert isinstance(command, RollCommand)
    assert command.system == "ih-d10"
    assert command.check is not None
    assert (command.check.dp, command.check.again) == (dp, again)
    assert command.by == extra.get("by")
    assert command.hidden is extra.get("hidden", False)
    assert command.check.dc == extra.get("dc")
    assert command.check.bonus == extra.get("bonus", 0)
    assert command.check.penalty == extra.get("penalty", 0)
    assert command.check.willpower is extra.get("willpower", False)


def test_ww_is_written_back_as_the_roll_line_it_means() -> None:
    command = commands.parse("ww 5a8 --dc 2 by=Ann", "ih-d10")
    assert commands.format_command(command) == "roll ih-d10 5 --again 8 --dc 2 by=Ann"


def test_ww_in_a_mist_scene_rolls_d10s_as_roll_ih_d10_does() -> None:
    command = commands.parse("ww 4a9", "mist")
    assert isinstance(command, RollCommand) and command.check is not None


def test_ww_rolls_the_same_dice_as_roll_ih_d10() -> None:
    bots = commands.parse("ww 6a8 --seed 7", "ih-d10")
    ours = commands.parse("roll ih-d10 6 --again 8 --seed 7", "ih-d10")
    assert isinstance(bots, RollCommand) and isinstance(ours, RollCommand)
    from engine.dice.command import apply

    assert apply(bots, random.Random(1))[0].result == apply(ours, random.Random(2))[0].result


REFUSALS = [
    # line, code, words each language's message holds
    ("ww 5a7", "dice.ww.again", ("§1.2", "a7")),
    ("ww 5a11", "dice.ww.again", ("§1.2", "a11")),
    ("ww 5a1", "dice.ww.again", ("§1.2", "a1")),
    ("ww 5k7", "dice.ww.success-face", ("§1.1", "k7")),
    ("ww 5k9", "dice.ww.success-face", ("§1.1", "k9")),
    ("ww 5m6", "dice.ww.sides", ("§1.1", "m6")),
    ("。ww 5a8m100", "dice.ww.sides", ("§1.1", "m100")),
    ("ww 5a8a9", "dice.ww.twice", ("5a8a9",)),
    ("ww", "dice.ww.needs-pool", ("ww 5a8",)),
    (".ww", "dice.ww.needs-pool", ("ww 5a8",)),
    ("ww x", "dice.ww.use", ("x",)),
    ("ww 5d8", "dice.ww.use", ("5d8",)),
    ("ww -3", "dice.ww.use", ("-3",)),
    ("ww 5a8 --again 9", "dice.ww.no-option", ("--again",)),
    ("ww 5 --level 2", "dice.ww.no-option", ("--level",)),
    ("ww 5 --dc -1", "dice.ih.dc-must-more", ()),
    ("ww 5 --bogus 1", "dice.command.unexpected", ("--bogus",)),
    ("ww 5 by=", "dice.command.needs-name", ()),
    ("ww 2000", "dice.ih.check-rolls-most-dice", ("1000",)),
]


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
@pytest.mark.parametrize(("line", "code", "words"), REFUSALS)
def test_ww_refuses_what_the_rules_do_not_allow_saying_why(
    line: str, code: str, words: tuple[str, ...], lang: str
) -> None:
    with pytest.raises(RuleError) as caught:
        commands.parse(line, "ih-d10")
    assert caught.value.code == code
    message = caught.value.render(lang)
    assert not message.startswith(code)  # words from the locale file, not the bare code
    for word in words:
        assert word in message


@pytest.mark.parametrize(
    ("lang", "word"),
    [("en", "never goes below 8"), ("zh", "加骰线不低于 8"), ("zh-Hant", "加骰線不低於 8")],
)
def test_the_again_refusal_speaks_the_tables_language(lang: str, word: str) -> None:
    with pytest.raises(RuleError) as caught:
        ww.parse_pool("5a7")
    assert word in caught.value.render(lang)


def test_ww_is_a_verb_the_command_line_offers() -> None:
    assert "ww" in commands.verbs("ih-d10")
    assert "ww" in commands.verbs("mist")


@pytest.mark.parametrize(
    ("verb", "expected"),
    [("ww", (True, "")), (".ww", (True, "")), ("。ww5a8", (True, "5a8")), ("www", (False, ""))],
)
def test_verb_notation(verb: str, expected: tuple[bool, str]) -> None:
    assert ww.verb_notation(verb) == expected
