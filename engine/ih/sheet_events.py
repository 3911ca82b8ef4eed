"""What happened to sheets, checks and extended actions, as data (STYLE.md: events are data).

The console's render modules make the words in each language; the session report lists the
checks with their traits from :class:`CheckMade`.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.events import Event
from engine.ih.rolls import RollRecord


@dataclass(frozen=True, slots=True)
class SheetSaved(Event):
    """A sheet was created or changed; ``changes`` are (field, new value) pairs as typed."""

    name: str
    created: bool
    changes: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class SheetDeleted(Event):
    """A sheet left the roster."""

    name: str


@dataclass(frozen=True, slots=True)
class SheetEntrySet(Event):
    """A specialty, feat or language of a sheet was set (``level`` 0: taken off).

    ``what`` is ``specialty``, ``feat`` or ``language``; ``skill`` is the specialty's skill.
    """

    name: str
    what: str
    entry: str
    level: int
    skill: str | None = None
    native: bool = False


@dataclass(frozen=True, slots=True)
class CheckMade(Event):
    """A check from a sheet (RULES.md §3.10): its record, and against what it was judged.

    ``dc`` is the fixed DC or, for an opposed check, the opponent's final successes
    (``opponent`` holds the opponent's own record).
    """

    record: RollRecord
    dc: int | None
    success: bool | None
    opponent: RollRecord | None = None


@dataclass(frozen=True, slots=True)
class ExtendedStarted(Event):
    """An extended action began (RULES.md §1.8)."""

    id: str
    name: str
    label: str
    dc: int
    interval: str
    deadline: int | None
    mishap: bool


@dataclass(frozen=True, slots=True)
class ExtendedRolled(Event):
    """One interval of an extended action was rolled; totals after it.

    ``state`` is ``going``, ``done`` or ``failed``; ``failure`` says why (``deadline`` or
    ``mishap``); ``mishap_near`` asks the console to warn the ST (§3.10).
    """

    id: str
    label: str
    record: RollRecord
    successes: int
    ones: int
    rolls: int
    dc: int
    state: str
    failure: str | None = None
    mishap_near: bool = False


@dataclass(frozen=True, slots=True)
class ExtendedLost(Event):
    """The work was interrupted: ``lost`` accumulated successes taken off."""

    id: str
    label: str
    lost: int
    successes: int


@dataclass(frozen=True, slots=True)
class ExtendedDropped(Event):
    """An extended action was abandoned."""

    id: str
    label: str
