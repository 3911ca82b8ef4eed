"""The IH screen's view cache (issue 6 speed) never shows stale rows: over random fights the
view built with the cache equals one built from scratch after every command."""

from __future__ import annotations

import sys
from pathlib import Path

from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from console.ih.view import ViewCache, ih_view
from engine import session
from engine.errors import RuleError

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from test_ih_properties import opening, roster, turn_heavy  # noqa: E402


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
