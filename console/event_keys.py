"""Which words say each engine event: the one registry from event type to its text (issue 24 §2).

Every event of the engine is a dataclass deriving from :class:`engine.events.Event`.
:data:`EVENT_KEYS` maps each event type to the locale key of its sentence, filled with its
fields by ``console/event_text.py``: ``event.<Type>`` for Infinite Horror, dice and shared
events, ``mist.event.<Type>`` for M.I.S.T. (both families have a ``SceneEnded`` and a
``NoteAdded``). This module is the one place where an event's class becomes a key; everywhere
else the console tells events apart by their type. The events of :data:`ROLL_LINES` carry dice
and are said by their roll's line (``console/render.py``, ``console/chat_text.py``), so their
key words only what is not the roll (none, for most).

tests/console/test_event_keys.py checks every event type of both families, the dice and the
shared commands has its sentence in en, zh and zh-Hant.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping

import engine.commands  # noqa: F401  (imports every family's and the dice's events)
import engine.session  # noqa: F401
from engine.dice.command import CheckRolled, MistRolled
from engine.events import Event
from engine.ih.events import AttackRolled
from engine.ih.sheet_events import CheckMade, ExtendedRolled

ROLL_LINES: frozenset[type[Event]] = frozenset(
    {CheckRolled, MistRolled, AttackRolled, CheckMade, ExtendedRolled}
)
"""Events worded by their roll's line (the dice and what they decided), not by a template."""


def _event_types(base: type[Event] = Event) -> Iterator[type[Event]]:
    """Every concrete event type (a slotted dataclass replaces the class it was made from: only
    the one its module holds counts)."""
    for cls in base.__subclasses__():
        if getattr(sys.modules[cls.__module__], cls.__name__, None) is cls:
            yield cls
        yield from _event_types(cls)


def _key(cls: type[Event]) -> str:
    prefix = "mist.event." if cls.__module__.startswith("engine.mist") else "event."
    return prefix + cls.__name__


EVENT_KEYS: Mapping[type[Event], str] = {cls: _key(cls) for cls in _event_types()}
"""Each event type and the locale key of its sentence."""


def key_of(event: object) -> str | None:
    """The locale key that words ``event`` (``None``: not an engine event)."""
    return EVENT_KEYS.get(type(event))  # type: ignore[arg-type]


def is_mist(event: object) -> bool:
    """Whether ``event`` is a M.I.S.T. event (its words and codes are the M.I.S.T. ones)."""
    key = key_of(event)
    return key is not None and key.startswith("mist.")
