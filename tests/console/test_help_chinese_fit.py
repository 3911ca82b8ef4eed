"""F1 help at 80 columns in Chinese: an action's name wraps onto the next line rather than being
cut ("战斗（无限恐怖…" lost its end: Chinese has no spaces to wrap at, so the column folds)."""

from __future__ import annotations

import pytest
from rich.console import Console

from console.i18n import Translator
from console.keymap import ALL_KEYS
from console.screens.help import groups, help_table


@pytest.mark.parametrize("lang", ["zh", "zh-Hant", "en"])
def test_no_action_name_is_cut_at_80_columns(lang: str) -> None:
    t = Translator(lang)
    console = Console(width=76, record=True, color_system=None)  # the dialog's inside at 80×24
    console.print(help_table(t, {}, ALL_KEYS))
    shown = console.export_text()
    said = [t(spec.label_key) for spec in ALL_KEYS] + [
        t(f"help.group.{g}") for g in groups(ALL_KEYS)
    ]
    said += [t(key) for key in ("help.group.more", "help.palette", "help.complete", "help.history")]
    assert shown.count("…") == sum(text.count("…") for text in said)  # none added by a cut
    if lang != "en":
        flat = "".join(shown.split())
        assert "战斗（无限恐怖" in flat or "戰鬥（無限恐怖" in flat
