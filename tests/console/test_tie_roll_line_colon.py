"""A tie's roll-off line in Chinese: the faces follow the full-width colon with no space
(平局掷骰 食尸鬼 对 老王：9 4; it was "老王： 9 4"), as every Chinese line of the console."""

from __future__ import annotations

import pytest

from console.i18n import Translator
from console.ih.combat_text import tie_roll
from engine.ih.events import TieRolledOff


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("zh", "平局掷骰 食尸鬼 对 老王：9 4"),
        ("zh-Hant", "平手擲骰 食尸鬼 對 老王：9 4"),
        ("en", "Tie roll-off 食尸鬼 vs 老王: 9 4"),
    ],
)
def test_the_faces_follow_the_colon(lang: str, line: str) -> None:
    text = tie_roll(Translator(lang), TieRolledOff("食尸鬼", "老王", (9, 4)))
    assert text is not None and text.plain == line
