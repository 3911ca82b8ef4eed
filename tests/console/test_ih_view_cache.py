"""The IH screen's view cache (issue 6 speed) never shows stale rows: over random fights the
view built with the cache equals one built from scratch after every command. The view is read
from the engine's records (issue 24 §2) and says what the ``run --json`` rows say."""

from __future__ import annotations

import sys
from pathlib import Path

from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from console.ih.view import IHView, ViewCache, ih_view
from engine import session
from engine.errors import RuleError
from engine.ih.encounter import Encounter
from engine.ih.family import combatant_json

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from test_ih_properties import opening, roster, turn_heavy  # noqa: E402


def _agrees_with_json(state: Encounter, view: IHView) -> None:
    """Each combatant's view says what its ``run --json`` row (INTERFACE.md §2) says."""
    for record, row in zip(state.order, view.order, strict=True):
        json = combatant_json(state, record)
        assert (row.name, row.initiative, row.health, row.willpower, row.owed_swift) == (
            json["name"],
            json["initiative"],
            json["health"],
            json["willpower"],
            json["owed_swift"],
        )
        marks = row.marks
        assert (marks.acted, marks.delaying, marks.flat_footed, marks.hidden) == (
            json["acted"],
            json["delaying"],
            json["flat_footed"],
            json["hidden"],
        )
        assert (marks.unconscious, marks.damage_past_zero) == (
            json["unconscious"],
            json["damage_past_zero"],
        )
        assert row.budget == json["budget"]
        assert [(e.label, e.rounds_left, e.source) for e in row.effects] == [
            (e["label"], e["rounds_left"], e["by"] or None) for e in json["effects"]
        ]


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(roster, opening, st.lists(turn_heavy, min_size=1, max_size=30), st.integers(0, 2**32))
def test_the_cached_view_equals_a_fresh_one(
    adds: list[str], start: list[str], rest: list[str], seed: int
) -> None:
    scene = session.new_scene("S", "ih-d10", seed)
    cache: ViewCache = {}
    for text in [*adds, *start, *rest, "undo", "undo", "redo"]:
        try:
            scene, _ = session.execute_text(scene, text)
        except RuleError:
            continue
        cached = ih_view(scene.state, scene.system, cache)
        assert cached == ih_view(scene.state, scene.system), text
        assert isinstance(scene.state, Encounter)
        _agrees_with_json(scene.state, cached)
