"""Whether a journal entry's events, as an import file gives them, are what replaying its
command makes (issue 30: an export edited to carry forged events, ``damage Ann 1`` saying Ann
took 9 and fell unconscious, imported, and the log, report and timeline showed it).

A journal's events are its history: recorded when the command was made, on the scene's start
as it stood then. An export's scene starts where the campaign's cast has it now
(:meth:`saves.roster.Roster.seen_by`), so two differences are legitimate, and only these:

* ``sheet NAME …`` recorded as creating a sheet replays as updating it when the scene's start
  already holds that sheet (the roster seen by the scene): same name, same changes;
* in a scene whose start carries a character's condition (a split party's half moved by the
  other, issue 25: its journal, recorded on the start as it stood then, replays on the moved
  one), what that condition decides for a character the entry damages, heals or spends: the
  numbers after it (health, its maximum, willpower, the damage past zero) and whether the
  character falls unconscious (on health), is revived or takes damage past zero. The events
  themselves, whom they name, their amounts, and every other event must be the replayed ones;
* likewise in a M.I.S.T. scene starting with characters (the campaign's cast, which a split
  party's other half moves since): the boxes, tier and what followed of a status an entry
  gives or reduces (marked, capped, gone, countered, absent), and whether that character was
  transformed (§4.1); whom, which status and how much asked must be the replayed ones.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.ih.encounter import Encounter
from engine.ih.events import (
    AttackRolled,
    Damaged,
    DamagePastZero,
    Healed,
    Revived,
    TemporaryHealth,
    Unconscious,
    WillpowerChanged,
)
from engine.ih.sheet_events import SheetSaved
from engine.mist.events.scene import CharacterTransformed, StatusReduced, StatusTaken
from engine.mist.state import MistState

CONDITION_NUMBERS: dict[type, tuple[str, ...]] = {
    Damaged: ("health",),
    DamagePastZero: ("total",),
    Healed: ("health",),
    TemporaryHealth: ("health", "health_max"),
    WillpowerChanged: ("willpower",),
    AttackRolled: ("health", "health_max"),
    StatusTaken: ("marked", "boxes", "tier", "capped"),
    StatusReduced: ("boxes", "tier", "gone", "countered_by", "absent"),
}
"""The events whose numbers tell a character's condition after them, and those fields."""


def same_history(initial: Any, told: tuple[Any, ...], replayed: tuple[Any, ...]) -> bool:
    """Whether ``told`` (an entry's events in the file) is what ``replayed`` (its command's
    events replayed on ``initial``'s scene) is, up to the differences the module names.
    Called only when the two differ."""
    if isinstance(initial, MistState):
        held: set[str] = set()
        carried = bool(initial.characters)
    elif isinstance(initial, Encounter):
        held = {sheet.key for sheet in initial.sheets}
        carried = any(sheet.condition is not None for sheet in initial.sheets)
    else:
        return False
    if carried:
        hit = {_named(event) for event in replayed if type(event) in CONDITION_NUMBERS}
        told = tuple(event for event in told if not _follows(event, hit))
        replayed = tuple(event for event in replayed if not _follows(event, hit))
    if len(told) != len(replayed):
        return False
    return all(_same(held, carried, one, other) for one, other in zip(told, replayed, strict=True))


def _named(event: Any) -> Any:
    """Whose condition an event of :data:`CONDITION_NUMBERS` tells."""
    if isinstance(event, AttackRolled | StatusTaken | StatusReduced):
        return event.target
    return event.name


def _follows(event: Any, hit: set[Any]) -> bool:
    """Whether ``event`` is what a condition decides for a character in ``hit``."""
    if isinstance(event, Unconscious):
        return event.reason == "health" and event.name in hit
    return isinstance(event, Revived | DamagePastZero | CharacterTransformed) and event.name in hit


def _same(held: set[str], carried: bool, told: Any, replayed: Any) -> bool:
    if told == replayed:
        return True
    if isinstance(told, SheetSaved) and isinstance(replayed, SheetSaved):
        return (
            told.created
            and not replayed.created
            and told.name.casefold() in held
            and replace(told, created=False) == replayed
        )
    fields = CONDITION_NUMBERS.get(type(told))
    if not carried or fields is None or type(replayed) is not type(told):
        return False
    numbers = {field: getattr(replayed, field) for field in fields}
    return bool(replace(told, **numbers) == replayed)
