"""A combatant's lasting effects are worded by one function (``console/ih/combat_text.py``)
for the ST's queue (from the screen's view) and the players' view (from the engine's records):
the same words, only the separator differs (RULES.md §3.1)."""

from __future__ import annotations

import pytest
from console_support import FIGHT
from rich.console import Console

from console.demo import build_scene
from console.i18n import Translator
from console.ih.combat_text import effects
from console.ih.view import ih_view
from console.player.ih_text import ih_order
from engine.ih.encounter import Encounter

LASTING = FIGHT + 'effect Ann "Blessed" rounds=2\neffect Ann "Hasted" rounds=1\n'


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
def test_the_queue_and_the_players_view_word_effects_alike(lang: str) -> None:
    t = Translator(lang)
    state = build_scene("Fight", "ih-d10", LASTING, 5).state
    assert isinstance(state, Encounter)
    gap = "" if t.is_chinese else " "
    words = [
        f"Blessed{gap}{t('effect.rounds-left', rounds=2)}",
        f"Hasted{gap}{t('effect.rounds-left', rounds=1)}",
    ]
    ann = ih_view(state, "ih-d10").find("Ann")
    assert ann is not None
    assert effects(t, ann.effects).plain == ", ".join(words)
    record = next(x for x in state.order if x.name == "Ann")
    assert effects(t, record.effects, separator="  ").plain == "  ".join(words)
    console = Console(width=200, record=True, color_system=None)
    console.print(ih_order(t, state, 200))
    assert "  ".join(words) in console.export_text()
