"""The M.I.S.T. family for ``engine/commands.py`` (RULES.md §4): verbs, state, parse, apply, JSON.

``apply`` either returns the whole new state with its events or raises ``RuleError`` with the
old state untouched (states are immutable: nothing is half-changed).
"""

from __future__ import annotations

import random
from typing import Any

from engine.dispatch import dispatch
from engine.errors import RuleError
from engine.events import Events
from engine.language import Line
from engine.mist import commands as c
from engine.mist import language
from engine.mist.handlers import HANDLERS
from engine.mist.json_view import to_json as _to_json
from engine.mist.state import MistState
from engine.records import replace

VERBS: tuple[str, ...] = language.VERBS


def new_state(system: str, name: str = "") -> MistState:
    """The empty state of a new ``mist`` scene; ``name``: the scene's (its clues' ``scene``
    label), "Scene 1" when none is given."""
    if system != "mist":
        raise RuleError("mist.family.family-plays-system-mist", system=system)
    state = MistState()
    return replace(state, scene=replace(state.scene, name=name)) if name.strip() else state


def parse(line: Line) -> c.Command | None:
    """The command for a Mist line, ``None`` when the verb is not Mist's."""
    return language.parse(line)


def to_json(state: MistState) -> dict[str, Any]:
    """INTERFACE.md §2's Mist scene."""
    return _to_json(state)


def apply(state: MistState, command: object, rng: random.Random) -> tuple[MistState, Events]:
    """Apply one Mist command by its handler (``engine/mist/handlers.py``): the new state and
    its events, or a ``RuleError``."""
    return dispatch(HANDLERS, state, command, rng, _not_ours)


def _not_ours(command: object) -> RuleError:
    return RuleError("mist.family.command", command=type(command).__name__)
