"""What is known of a turn order (issue 30): each name's place, and the places of those with a
flag (who has not acted, who delays, who holds effects), kept per order by identity so a fight
of 2,000 combatants is not walked several times per ``next``. Orders are immutable, so what is
known of one never changes; ``engine.ih.encounter.put`` and :func:`same_places` hand it on to
the order they make.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right, insort
from collections.abc import Iterator
from itertools import compress, count
from operator import attrgetter, not_
from typing import Any, Protocol, TypeVar


class Combatant(Protocol):
    """What the turn order's bookkeeping reads of a combatant (:class:`engine.ih.encounter.
    Combatant`, whose module calls this one: a protocol keeps the import one way)."""

    @property
    def name(self) -> str: ...

    @property
    def key(self) -> str: ...


Placed = TypeVar("Placed", bound=Combatant)


class Known:
    """What is known of one turn order: each name's first place, each case-folded name's
    first place (made when first asked: names are mostly given as written), and the places of
    those with a flag (``"effects"``, ``"!acted"``: without)."""

    __slots__ = ("order", "by_name", "_by_key", "flags", "skips", "sources")

    def __init__(
        self,
        order: tuple[Combatant, ...],
        by_name: dict[str, int],
        by_key: dict[str, int] | None,
        flags: dict[str, tuple[int, ...]],
        skips: dict[str, int] | None = None,
        sources: Sources | None = None,
    ) -> None:
        self.order = order
        self.by_name = by_name
        self._by_key = by_key
        self.flags = flags
        self.sources = sources
        """:func:`effect_sources` of the order, once asked (or handed on)."""
        self.skips = skips if skips is not None else {}
        """Per flag, how many first places of ``flags`` no longer have it: who acts in turn
        leaves the front of ``"!acted"``, and copying the rest at every ``next`` made a fight's
        round quadratic in its length (issue 30)."""

    @property
    def by_key(self) -> dict[str, int]:
        """Each case-folded name's first place (built when first asked: case-folding every
        name of a new order of 500 after each initiative change cost most of it, issue 30)."""
        if self._by_key is None:
            names = list(map(_NAME, self.order))
            places = range(len(names) - 1, -1, -1)
            self._by_key = dict(zip(map(str.casefold, reversed(names)), places, strict=True))
        return self._by_key


Sources = dict[str, tuple[str, ...]]
"""For each creator of effects (its case-folded name), the names of those holding one it made:
names, not places, so an order only reordered (an initiative change) keeps them."""

_KNOWN: dict[int, Known] = {}
"""Turn orders lately looked into, by identity (each keeps its order, so its id is not
reused). A fight of 2,000 combatants looked every name up, and for who could act, held effects
or delayed, by walking the order several times per ``next`` (issue 30). Orders are immutable,
so what is known of one never changes; ``put`` and :func:`same_places` hand it on to the
order they make."""

_KNOWN_KEPT = 64
_NAME = attrgetter("name")


def known(order: tuple[Combatant, ...]) -> Known:
    found = _KNOWN.get(id(order))
    if found is not None and found.order is order:
        return found
    # The first place of each name: built backwards, so a name's first place is set last (in
    # C, by ``dict`` and ``zip``: a new order of 500 was walked name by name after every
    # initiative change, issue 30); the case-folded names when first asked.
    names = list(map(_NAME, order))
    by_name = dict(zip(reversed(names), range(len(names) - 1, -1, -1), strict=True))
    return remember(Known(order, by_name, None, {}))


def remember(seen: Known) -> Known:
    while len(_KNOWN) >= _KNOWN_KEPT:
        _KNOWN.pop(next(iter(_KNOWN)), None)
    _KNOWN[id(seen.order)] = seen
    return seen


def _flag(combatant: Combatant, flag: str) -> bool:
    if flag.startswith("!"):
        return not getattr(combatant, flag[1:])
    return bool(getattr(combatant, flag))


def flagged(order: tuple[Combatant, ...], flag: str) -> tuple[int, ...]:
    """The places, in order, of the combatants with ``flag``: an attribute that is truthy
    (``"effects"``, ``"delaying"``), or falsy after ``!`` (``"!acted"``)."""
    found = known(order)
    at, skip = _flag_places(found, flag)
    if skip:
        at = at[skip:]
        found.flags[flag], found.skips[flag] = at, 0
    return at


def flagged_from(order: tuple[Combatant, ...], flag: str, start: int) -> Iterator[int]:
    """The places of :func:`flagged` from ``start`` on, one at a time (nothing copied)."""
    at, skip = _flag_places(known(order), flag)
    for index in range(bisect_left(at, start, skip), len(at)):
        yield at[index]


def _flag_places(seen: Known, flag: str) -> tuple[tuple[int, ...], int]:
    found = seen.flags.get(flag)
    if found is None:
        values = map(attrgetter(flag.lstrip("!")), seen.order)
        found = tuple(compress(count(), map(not_, values) if flag.startswith("!") else values))
        seen.flags[flag], seen.skips[flag] = found, 0
    return found, seen.skips.get(flag, 0)


def same_places(
    old: tuple[Placed, ...],
    new: tuple[Placed, ...],
    flags: dict[str, tuple[int, ...]] | None = None,
    sources: Sources | None = None,
    kept: tuple[str, ...] = (),
) -> tuple[Placed, ...]:
    """``new``, an order with the very names of ``old`` at the same places (each combatant
    replaced by a changed copy of itself): its places are known without walking it (and the
    ``flags`` and effects' ``sources`` given, if the caller knows them; and ``old``'s ``kept``
    flags, those the change leaves as they were: a count-down of effects leaves who has acted
    and who delays, rebuilt after thousands of turn starts in a fight of 500, issue 30)."""
    found = _KNOWN.get(id(old))
    if found is not None and found.order is old and len(new) == len(old):
        given = {flag: found.flags[flag] for flag in kept if flag in found.flags}
        skips = {flag: found.skips.get(flag, 0) for flag in given}
        given.update(flags or {})
        remember(Known(new, found.by_name, found._by_key, given, skips, sources))
    return new


def effect_sources(order: tuple[Combatant, ...]) -> Sources:
    """For each creator of an effect (case-folded), the names of those holding one it made: a
    turn's start counts down only those (issue 30: it walked every effect of a fight at every
    ``next``, a fight of 500 holding hundreds). Kept per order, handed on by ``put``
    while the effects stay the very same, by a count-down that knows what it changed, and by
    a reordering (:func:`reordered`)."""
    found = known(order)
    if found.sources is None:
        holders: dict[str, list[str]] = {}
        for index in flagged(order, "effects"):
            holder: Any = order[index]  # an engine.ih.encounter.Combatant
            name = holder.name
            for creator in creators(holder.effects):
                holders.setdefault(creator, []).append(name)
        found.sources = {creator: tuple(names) for creator, names in holders.items()}
    return found.sources


def sources_at(order: tuple[Combatant, ...], creator: str) -> list[int]:
    """The places, in order, of those holding an effect ``creator`` (case-folded) made."""
    by_name = known(order).by_name
    found = effect_sources(order).get(creator, ())
    return sorted(by_name[name] for name in found if name in by_name)


def reordered(old: tuple[Placed, ...], new: tuple[Placed, ...], was: int, now: int) -> None:
    """What is known of ``old`` handed on to ``new``: ``old`` with the combatant at ``was``
    moved to ``now``, the same names holding the same flags and the very same effects (an
    initiative change; a roll-off changes only roll-offs). The places between the two shift
    by one (a fight of 500 rebuilt each name's place, each flag's places and each creator's
    holders after every one of its thousands of initiative changes: issue 30)."""
    found = _KNOWN.get(id(old))
    if found is None or found.order is not old or not 0 <= was < len(old) == len(new):
        return
    by_name = dict(found.by_name)
    low, high, shift = min(was, now), max(was, now), (-1 if was < now else 1)
    for index in range(low, high + 1):
        if index != was:
            by_name[old[index].name] = index + shift
    by_name[old[was].name] = now
    flags: dict[str, tuple[int, ...]] = {}
    for flag, at in found.flags.items():
        places = at[found.skips.get(flag, 0) :]
        first, last = bisect_left(places, low), bisect_right(places, high)
        middle = [place + shift for place in places[first:last] if place != was]
        if was in places[first:last]:
            insort(middle, now)
        flags[flag] = (*places[:first], *middle, *places[last:])
    remember(Known(new, by_name, None, flags, {}, found.sources))


_CREATORS: dict[int, tuple[Any, frozenset[str]]] = {}
_CREATORS_KEPT = 4096


def creators(effects: Any) -> frozenset[str]:
    """The creators (case-folded) of a combatant's ``effects``, kept per tuple of effects (a
    combatant's effects are the very same tuple from order to order until they change)."""
    found = _CREATORS.get(id(effects))
    if found is not None and found[0] is effects:
        return found[1]
    made = frozenset(effect.source.casefold() for effect in effects)
    if len(_CREATORS) >= _CREATORS_KEPT:
        _CREATORS.clear()
    _CREATORS[id(effects)] = (effects, made)
    return made


def sources_changed(sources: Sources, name: str, before: Any, after: Any) -> Sources:
    """``sources`` once the combatant ``name`` has effects ``after``, not ``before``."""
    was, now = creators(before), creators(after)
    if was == now:
        return sources
    changed = dict(sources)
    for creator in was - now:
        left = tuple(holder for holder in changed[creator] if holder != name)
        if left:
            changed[creator] = left
        else:
            del changed[creator]
    for creator in now - was:
        changed[creator] = (*changed.get(creator, ()), name)
    return changed


def put_flags(
    seen: Known, index: int, old: Combatant, new: Combatant
) -> tuple[dict[str, tuple[int, ...]], dict[str, int]]:
    """The flags (and skips) of an order whose combatant at ``index`` went from ``old`` to
    ``new``: the same places, or one skipped more (``index`` was the first), or new ones."""
    moved: dict[str, tuple[int, ...]] = {}
    skips: dict[str, int] = {}
    for flag, at in seen.flags.items():
        skip = seen.skips.get(flag, 0)
        was, now = _flag(old, flag), _flag(new, flag)
        where = bisect_left(at, index, skip)
        if was == now:
            pass
        elif now:
            at, skip = (*at[skip:where], index, *at[where:]), 0
        elif where < len(at) and at[where] == index:
            if where == skip:
                skip += 1
            else:
                at, skip = at[skip:where] + at[where + 1 :], 0
        moved[flag], skips[flag] = at, skip
    return moved, skips
