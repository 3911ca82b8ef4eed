"""Helpers shared by the IH engine tests: a script runner and what to read off its result."""

from __future__ import annotations

import random
from typing import Any

import pytest
from mist_support import Dice

from engine import commands
from engine.errors import RuleError
from engine.ih import family
from engine.ih.encounter import Encounter
from engine.ih.events import TurnStarted
from engine.language import tokenize


def play(script: str, seed: int = 7, state: Encounter | None = None) -> tuple[Encounter, list]:
    """Apply console lines to an encounter; return the state and all events."""
    state = state or family.new_state("ih-d10")
    rng = random.Random(seed)
    events: list = []
    for text in script.strip().splitlines():
        line = tokenize(text)
        if line is None:
            continue
        command = family.parse(line)
        state, new = family.apply(state, command, rng)
        events.extend(new)
    return state, events


def names(state: Encounter) -> list[str]:
    return [c.name for c in state.order]


def turns(events: list) -> list[str]:
    return [e.name for e in events if isinstance(e, TurnStarted)]


def state_after(script: str) -> Encounter:
    """The ih-d10 encounter after ``script``'s console lines."""
    return play(script)[0]


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


def refused(state: Encounter, text: str) -> RuleError:
    """Apply a line that must be refused; the state must not change. Returns the refusal."""
    line = tokenize(text)
    assert line is not None
    before = state
    with pytest.raises(RuleError) as caught:
        family.apply(state, family.parse(line), random.Random(0))
    assert state == before
    return caught.value
