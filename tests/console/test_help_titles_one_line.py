"""F1 help at 80 columns: a group's title and an action's name stay on one line (a walk-through
found "战斗（无限恐怖）" folded in two: the longest key id, 31 cells, took the room). An id longer
than most folds instead."""

from __future__ import annotations

import pytest
from rich.console import Console

from console.i18n import Translator
from console.keymap import ALL_KEYS
from console.screens.help import help_table


@pytest.mark.parametrize("lang", ["zh", "zh-Hant", "en"])
def test_titles_and_actions_keep_one_line_at_80_columns(lang: str) -> None:
    t = Translator(lang)
    console = Console(width=76, record=True, color_system=None)  # the dialog's inside at 80×24
    console.print(help_table(t, {}, ALL_KEYS))
    lines = console.export_text().splitlines()
    for key in ("help.group.combat", "keys.combat.next-down", "keys.combat.surprise"):
        said = t(key)
        assert any(said in line for line in lines), said
    assert any("combat.next-turn" in line for line in lines)
