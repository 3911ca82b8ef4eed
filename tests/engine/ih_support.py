"""Helper shared by the IH engine scenario tests: console lines with loaded dice, read as JSON."""

from __future__ import annotations

from typing import Any

from engine import commands
from engine.ih.encounter import Encounter
from tests.engine.mist_support import Dice


def scenario(
    lines: list[str], faces: list[int] | tuple[int, ...] = (), system: str = "ih-d10"
) -> tuple[Encounter, list[object], dict[str, Any]]:
    """Apply console lines to a new IH state dealing ``faces``: the state, events and JSON."""
    rng = Dice(*faces)
    state = commands.new_state(system)
    events: list[object] = []
    for text in lines:
        command = commands.parse(text, system)
        if command is not None:
            state, new = commands.apply(state, system, command, rng)
            events.extend(new)
    assert rng.faces == [], "faces left over"
    return state, events, commands.to_json(state, system)
