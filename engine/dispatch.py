"""One dispatch shape for both rule families (STYLE.md: one path into the engine).

Each family module (``engine/ih/handlers.py``, ``engine/mist/handlers.py``) has a ``HANDLERS``
mapping from each command type of its ``Command`` union to one named :data:`Handler`;
:func:`dispatch` looks the command's type up and calls it. A handler either returns the new
state with its :data:`~engine.events.Events` or raises ``RuleError`` (states are immutable:
a refusal changes nothing). tests/engine/test_dispatch.py checks every command type of each
family has exactly one handler.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from engine.errors import RuleError
from engine.events import Events

StateT = TypeVar("StateT")

Handler = Callable[[StateT, Any, random.Random], tuple[StateT, Events]]
"""``(state, command, rng) -> (state, events)``. The command is typed ``Any`` here because
each handler takes exactly the command type it is registered under, which a mapping's value
type cannot say; tests/engine/test_dispatch.py pins the pairing."""


def dispatch(
    handlers: Mapping[type, Handler[StateT]],
    state: StateT,
    command: object,
    rng: random.Random,
    refusal: Callable[[object], RuleError],
) -> tuple[StateT, Events]:
    """Apply ``command`` by its type's handler; ``refusal(command)`` is raised for a command of
    no handler (one of the other family)."""
    handler = handlers.get(type(command))
    if handler is None:
        raise refusal(command)
    return handler(state, command, rng)
