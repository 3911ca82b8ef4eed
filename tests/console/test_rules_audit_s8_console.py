"""Session 8's rules audit, the console's side: a save doubled by a reflex move (RULES.md §3.7)
says so in the dice log, in the table's language."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from ih_support import scenario  # noqa: E402

from console.i18n import Translator  # noqa: E402
from console.ih.sheet_text import roll_line  # noqa: E402

LINES = ["sheet Ann pc dexterity=3 athletics=2", "check Ann dexterity+athletics --dc 4 reflex-move"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "→ 4 successes — success by 0 (final successes doubled"),
        ("zh", "→ 4 个成功 — 成功，差值 0（最终成功数加倍"),
        ("zh-Hant", "→ 4 個成功 — 成功，差值 0（最終成功數加倍"),
    ],
)
def test_the_dice_log_says_the_save_was_doubled(lang: str, said: str) -> None:
    _, events, _ = scenario(LINES, [8, 9, 1, 2, 3])
    line = roll_line(Translator(lang), "ih-d10", events[-1])
    assert line is not None
    assert said in line.plain


def test_a_check_not_doubled_says_nothing_of_it() -> None:
    _, events, _ = scenario(LINES[:1] + [LINES[1].replace(" reflex-move", "")], [8, 9, 1, 2, 3])
    line = roll_line(Translator("en"), "ih-d10", events[-1])
    assert line is not None and "doubled" not in line.plain
