"""The one event type of the engine: what a command did, as data (STYLE.md: events are data).

Every event of both rule families, of the dice and of the shared ``interpret`` command is a
frozen dataclass deriving from :class:`Event`; a command's handler returns its new state and
an :data:`Events` tuple. The console words events through one registry
(``console/event_text.py``); saves encode them by class name and fields (``saves/codec.py``).
"""

from __future__ import annotations


class Event:
    """The base of every engine event (a frozen, slotted dataclass with codec-friendly fields)."""

    __slots__ = ()


Events = tuple[Event, ...]
"""What one command did, in order."""
