"""``st-console roll ww XaY`` and ``ww`` in scripts (issue 28; INTERFACE.md §1, §3)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from console.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    ("notation", "again"),
    [("5", []), ("5a10", []), ("5a9", ["--again", "9"]), ("5a8k8m10", ["--again", "8"])],
)
@pytest.mark.parametrize("verb", ["ww", ".ww", "。ww", "WW"])
def test_roll_ww_rolls_what_roll_ih_d10_rolls(
    capsys: pytest.CaptureFixture[str], verb: str, notation: str, again: list[str]
) -> None:
    seed = ["--seed", "11", "--json", "--dc", "2", "--bonus", "1"]
    status, bots, _ = run(capsys, "roll", verb, notation, *seed)
    assert status == 0
    _, ours, _ = run(capsys, "roll", "ih-d10", "5", *again, *seed)
    assert json.loads(bots) == json.loads(ours)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("ww", "5a7"), ("§1.2", "a7")),
        (("ww", "5k6"), ("§1.1", "k6")),
        (("ww", "5m6"), ("§1.1", "m6")),
        (("ww", "5a8", "--again", "9"), ("--again",)),
        (("ww", "5", "--level", "2"), ("--level",)),
        (("ww", "five"), ("five",)),
        (("ih-d10", "5a8"), ("5a8",)),
        (("mist", "3a8"), ("3a8",)),
    ],
)
@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
def test_roll_ww_refusals_are_one_line_of_bad_usage(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], words: tuple[str, ...], lang: str
) -> None:
    status, out, err = run(capsys, "roll", *argv, "--lang", lang)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("st-console roll")
    for word in words:
        assert word in err


@pytest.mark.parametrize(
    ("lang", "word"), [("en", "never goes below 8"), ("zh", "不低于"), ("zh-Hant", "不低於")]
)
def test_roll_ww_refusal_speaks_lang(
    capsys: pytest.CaptureFixture[str], lang: str, word: str
) -> None:
    status, _, err = run(capsys, "roll", "ww", "5a7", "--lang", lang)
    assert status == 2 and word in err


def test_a_script_rolls_with_ww(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "chat.txt"
    script.write_text(
        'scene new "Chat" ih-d10\nadd Ann init=12 pc\n.ww 5a8 by=Ann --dc 2\n'
        "。ww 4 --bonus 1\nww 3a9k8m10\n",
        encoding="utf-8",
    )
    status, out, _ = run(capsys, "run", str(script), "--seed", "3", "--json")
    assert status == 0
    rolls = json.loads(out)["rolls"]
    assert [roll["dp"] for roll in rolls] == [5, 4, 3]
    assert rolls[0]["by"] == "Ann" and rolls[0]["dc"] == 2
    assert rolls[1]["bonus"] in (0, 1)


def test_a_script_line_with_a_refused_ww_names_the_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = tmp_path / "chat.txt"
    script.write_text('scene new "Chat" ih-d10\nww 5a7\n', encoding="utf-8")
    status, _, err = run(capsys, "run", str(script), "--lang", "zh")
    assert status == 1
    assert "2" in err and "§1.2" in err


DICE = r"\{[0-9*,]+\}(\+\{[0-9*,]+\})?"


@pytest.mark.parametrize(
    ("argv", "lang", "pattern"),
    [
        (
            ("ww", "5a8", "--dc", "2"),
            "zh",
            rf"^5a8 → {DICE} = \d+ 成功（DC 2，(成功|失败)）$",
        ),
        (
            ("ih-d10", "4", "--again", "9"),
            "en",
            rf"^4a9 → {DICE} = \d+ success",
        ),
        (("ih-d6", "3", "--level", "2"), "zh-Hant", r"^3d6 L2 → \{[0-9*,]+\}"),
        (("mist", "2"), "zh", r"^效力 2 → d8 \d \+ d4 \{\d,\d\} = \d+ → "),
    ],
)
def test_roll_chat_prints_one_chat_line(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], lang: str, pattern: str
) -> None:
    import re

    status, out, _ = run(capsys, "roll", *argv, "--seed", "4", "--chat", "--lang", lang)
    assert status == 0
    assert out.count("\n") == 1
    assert re.match(pattern, out.strip()), out
