"""Statuses as six boxes: stacking on take, the downward shift on reduce, the cap (RULES.md §4.1).

Pure functions on box tuples, then on a tuple of statuses. Reaching a limit is the business of
``limits.py``; this module only keeps the boxes right.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import RuleError
from engine.mist.roster import name_key
from engine.mist.state import Status

MAX_TIER = 6


@dataclass(frozen=True, slots=True)
class TakeResult:
    """What one take did: the new boxes, the box marked (``None`` when capped)."""

    boxes: tuple[int, ...]
    marked: int | None

    @property
    def capped(self) -> bool:
        return self.marked is None


def check_tier(tier: int) -> None:
    """Tiers are 1–6 (§4.1).

    Raises:
        RuleError: outside 1–6.
    """
    if not 1 <= tier <= MAX_TIER:
        raise RuleError("mist.status.status-tier", tier=tier)


def take_boxes(boxes: tuple[int, ...], tier: int) -> TakeResult:
    """Mark box ``tier``, or the next higher unmarked box; with none free the mark is lost."""
    check_tier(tier)
    marked = set(boxes)
    for box in range(tier, MAX_TIER + 1):
        if box not in marked:
            return TakeResult(tuple(sorted(marked | {box})), box)
    return TakeResult(tuple(sorted(marked)), None)


def reduce_boxes(
    boxes: tuple[int, ...], by: int, erase_highest_marks: bool = False
) -> tuple[int, ...]:
    """Shift every marked box down ``by``; marks below box 1 vanish (§4.1, vectors 8 and 14).

    [I-11] (``erase_highest_marks``): 002's 从最高等级开始擦去对应数量的等级 read literally, the
    ``by`` highest marked boxes are erased instead ({2, 4} reduced by 1 → {2}).
    """
    if by < 1:
        raise RuleError("mist.status.reduce-by", by=by)
    ordered = sorted(boxes)
    if erase_highest_marks:
        return tuple(ordered[: max(len(ordered) - by, 0)])
    return tuple(box - by for box in ordered if box - by >= 1)


def find_status(statuses: tuple[Status, ...], name: str) -> Status | None:
    """The status named ``name`` (case-insensitive, blanks around it ignored), if any."""
    key = name_key(name)
    for status in statuses:
        if name_key(status.name) == key:
            return status
    return None


def separate_name(statuses: tuple[Status, ...], name: str) -> str:
    """[I-4] off: a take never stacks, so a repeated name gets a numbered one ("hurt (2)")."""
    name = name.strip()
    if find_status(statuses, name) is None:
        return name
    number = 2
    while find_status(statuses, f"{name} ({number})") is not None:
        number += 1
    return f"{name} ({number})"


def highest_of_kind(
    statuses: tuple[Status, ...], kind: str, stacking: bool = True
) -> Status | None:
    """The highest status of ``kind``: the one so named, or with [I-4] off (``stacking``
    False) also its separately named takes ``kind (2)``, ``kind (3)``… (§4.1 limits)."""
    found = [s for s in (find_status(statuses, kind),) if s is not None]
    if not stacking:
        key = name_key(kind)
        for status in statuses:
            base, sep, rest = name_key(status.name).rpartition(" (")
            if sep and base == key and rest.endswith(")") and rest[:-1].isdigit():
                found.append(status)
    return max(found, key=lambda s: s.tier, default=None)


def take_status(
    statuses: tuple[Status, ...], name: str, tier: int
) -> tuple[tuple[Status, ...], Status, TakeResult]:
    """Take a status of ``tier`` on a status list (stacking with a same-named status).

    The name is kept without surrounding blanks, so ``"hurt "`` stacks with ``hurt``.

    Raises:
        RuleError: an empty name or a tier outside 1–6.
    """
    name = name.strip()
    if not name:
        raise RuleError("mist.status.status-needs-name")
    old = find_status(statuses, name)
    result = take_boxes(old.boxes if old else (), tier)
    new = Status(name=old.name if old else name, boxes=result.boxes)
    if old is None:
        return statuses + (new,), new, result
    return tuple(new if s is old else s for s in statuses), new, result


def reduce_status(
    statuses: tuple[Status, ...], name: str, by: int, erase_highest_marks: bool = False
) -> tuple[tuple[Status, ...], Status]:
    """Reduce a status by ``by`` tiers; a status with no marks left is gone.

    Reducing a status the owner does not have is a rule error (§4.1: a typo must not look like
    a success).

    Raises:
        RuleError: ``by`` < 1, or no status of that name.
    """
    old = find_status(statuses, name)
    if old is None:
        reduce_boxes((), by)
        held = ", ".join(s.name for s in statuses)
        raise RuleError("mist.status.not-held", name=name.strip(), held=held or "—")
    new = Status(name=old.name, boxes=reduce_boxes(old.boxes, by, erase_highest_marks))
    if not new.boxes:
        return tuple(s for s in statuses if s is not old), new
    return tuple(new if s is old else s for s in statuses), new
