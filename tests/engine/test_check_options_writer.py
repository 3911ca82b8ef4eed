"""One writer for an IH check's options (issue 24 §2): ``roll`` and ``check`` lines write them
the same way, in the same order, and read back as the same command."""

from __future__ import annotations

from engine import commands
from engine.dice.formatting import check_options

OPTIONS = "--level 2 --bonus 1 --penalty 2 --dc 3 --willpower"


def test_a_roll_and_a_check_write_their_options_alike() -> None:
    roll = commands.parse(f"roll ih-d6 5 {OPTIONS}", "ih-d6")
    typed = "check Ann dexterity+firearms --willpower --dc 3 --penalty 2 --bonus 1 --level 2"
    check = commands.parse(typed, "ih-d6")
    assert commands.format_command(roll) == f"roll ih-d6 5 {OPTIONS}"
    assert commands.format_command(check) == f"check Ann dexterity+firearms {OPTIONS}"
    assert commands.parse(commands.format_command(check), "ih-d6") == check
    assert commands.parse("check Ann wits --again 9", "ih-d10") is not None


def test_defaults_are_left_out() -> None:
    assert check_options() == []
    assert check_options(again=10, level=1, bonus=0, penalty=0, dc=None) == []
    assert check_options(dc=0, untrained="mental") == ["--untrained mental", "--dc 0"]
