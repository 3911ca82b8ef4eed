"""Helpers shared by the M.I.S.T. engine tests: loaded dice, a script runner, a case file."""

from __future__ import annotations

import random

from engine.language import tokenize
from engine.mist import family
from engine.mist.state import MistState


class Dice(random.Random):
    """A random source that deals the given faces in order."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        face = self.faces.pop(0)
        assert a <= face <= b
        return face


def run(
    lines: list[str], state: MistState | None = None, rng: random.Random | None = None
) -> tuple[MistState, list[object]]:
    """Apply console lines to a Mist state (a new one by default); the state and all events."""
    state = state or family.new_state("mist")
    events: list[object] = []
    for text in lines:
        line = tokenize(text)
        assert line is not None
        state, new = family.apply(state, family.parse(line), rng or random.Random(0))
        events.extend(new)
    return state, events


CASE = ['clue "Claw marks"', 'clue "Silver casings"', 'conclusion "A werewolf" supports=c1,c2']
"""A case file: two clues and a conclusion k1 they both support (RULES.md §4.7)."""
