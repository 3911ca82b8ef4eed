"""``st-console roll ww … --chat`` as a bot that shells out uses it, and ``ww`` lines in scripts
(issue 28): the chat's own words after ``roll``, a bonus that added nothing said so, refusals
naming ``ww``'s usage."""

from __future__ import annotations

from pathlib import Path

import pytest

from console.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("zh", "5a8 → {4,5,2,7,8*}+{3} −1 +1（无效） = 0 成功（DC 3，失败）\n"),
        ("zh-Hant", "5a8 → {4,5,2,7,8*}+{3} −1 +1（無效） = 0 成功（DC 3，失敗）\n"),
        ("en", "5a8 → {4,5,2,7,8*}+{3} −1 +1 (no effect) = 0 successes (DC 3, failure)\n"),
    ],
)
def test_a_bonus_that_added_nothing_says_so(
    capsys: pytest.CaptureFixture[str], lang: str, line: str
) -> None:
    """RULES.md §1.1: bonus successes add only to effective successes above 0 (1 − 1 = 0)."""
    argv = ["--lang", lang, "roll", "ww", "5a8", "--chat", "--seed", "4", "--dc", "3"]
    assert run(capsys, *argv, "--bonus", "1", "--penalty", "1") == (0, line, "")


def test_a_bonus_that_counted_is_plain(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--lang", "zh", "roll", "ww", "5a8", "--chat", "--seed", "4", "--bonus", "2"]
    assert run(capsys, *argv) == (0, "5a8 → {4,5,2,7,8*}+{3} +2 = 3 成功\n", "")


@pytest.mark.parametrize("written", [".ww5a8", "ww5a8", "。ww５ａ８", ".WW5A8", "．ｗｗ５ａ８"])
def test_roll_takes_the_notation_written_onto_the_verb(
    capsys: pytest.CaptureFixture[str], written: str
) -> None:
    _, expected, _ = run(capsys, "roll", "ww", "5a8", "--seed", "4", "--chat", "--dc", "2")
    assert run(capsys, "roll", written, "--seed", "4", "--chat", "--dc", "2") == (0, expected, "")


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "Not a ww pool: a8"), ("zh", "不是 ww 骰池：a8"), ("zh-Hant", "不是 ww 骰池：a8")],
)
def test_a_pool_without_its_dice_is_no_ww_pool(
    capsys: pytest.CaptureFixture[str], lang: str, words: str
) -> None:
    status, out, err = run(capsys, "--lang", lang, "roll", "ww", "a8")
    assert (status, out) == (2, "") and words in err and err.count("\n") == 1


def test_another_system_s_pool_is_still_no_whole_number(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "roll", "ih-d10", "a8")
    assert status == 2
    assert (
        err == "st-console roll: argument DP|POWER|XaY: DP/POWER must be a whole number, not 'a8'\n"
    )


@pytest.mark.parametrize(("word", "lang"), [("隐藏", "zh"), ("foo=3", "zh-Hant"), ("--x", "en")])
def test_a_word_ww_does_not_take_is_refused_with_ww_s_usage(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], word: str, lang: str
) -> None:
    script = tmp_path / "chat.txt"
    script.write_text(f'scene new "群" ih-d10\n.ww 5a8 {word}\n', encoding="utf-8")
    status, _, err = run(capsys, "run", str(script), "--lang", lang)
    assert status == 1
    assert "ww X[aY][k8][m10]" in err and "roll ih-d10|ih-d6" not in err


@pytest.mark.parametrize(("lang", "words"), [("en", "1000"), ("zh", "最多 1000 个骰子")])
def test_a_pool_past_the_dice_limit_says_the_limit(
    capsys: pytest.CaptureFixture[str], lang: str, words: str
) -> None:
    status, out, err = run(capsys, "--lang", lang, "roll", "ww", "9999999a8", "--chat")
    assert (status, out) == (2, "") and words in err and "9999999" in err
    assert "ww X[aY]" not in err  # a pool, only too big: not "not a ww pool"
