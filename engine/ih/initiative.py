"""The order of turns: sorting, ties, delays, initiative changes, swaps (RULES.md §3.3–§3.5).

``Encounter.order`` is kept sorted by these rules, so the next to act can always be computed
from it ([I-3]). Delays place a combatant by hand (right after someone, or first), and that place
is permanent (§3.4), so later insertions compare against neighbours rather than re-sorting all.
"""

from __future__ import annotations

import random
from itertools import compress, count, repeat
from operator import attrgetter, eq, lt

from engine.errors import RuleError
from engine.events import Event, Events
from engine.ih.encounter import Combatant, Encounter, Kind, Phase, find, index_of, put, same
from engine.ih.events import (
    Delayed,
    DelayOverruled,
    InitiativeChanged,
    Swapped,
    TieRolledOff,
)
from engine.ih.order_places import reordered
from engine.records import replace

_INITIATIVE = attrgetter("initiative")


def rank(combatant: Combatant) -> tuple[int, int, int, tuple[int, ...]]:
    """Sort key, highest first: score, then Composure, Dexterity, roll-off (RULES.md §3.3)."""
    return (combatant.initiative, combatant.composure, combatant.dexterity, combatant.roll_off)


def roll_off(
    order: tuple[Combatant, ...],
    newcomer: Combatant,
    rng: random.Random,
    scores: list[int] | None = None,
) -> tuple[tuple[Combatant, ...], Combatant, Events]:
    """Break full ties of ``newcomer`` with a recorded 1d10 roll-off (RULES.md §3.3).

    A roll-off is a sequence of d10s: whoever is still tied with the newcomer after ``d`` dice
    rolls again, with the newcomer, until nobody is. The order among those already placed never
    changes, and the result holds every round.
    """
    initiative, composure, dexterity = rank(newcomer)[:3]
    if scores is None:  # the order's scores, if the caller has them
        scores = list(map(_INITIATIVE, order))
    same_score = compress(count(), map(eq, scores, repeat(initiative)))
    # the places of full ties, found in C but for those of the very score (a fight of 500
    # walked its whole order in Python at every initiative change: issue 30)
    tied = {
        at: order[at]
        for at in same_score
        if order[at].composure == composure and order[at].dexterity == dexterity
    }
    if not tied:
        return order, newcomer, ()
    events: list[Event] = []
    sequence: tuple[int, ...] = ()
    depth = 0
    rolled = False
    while True:
        group = [(at, c) for at, c in tied.items() if c.roll_off[:depth] == sequence]
        if not group:
            break
        for at, other in group:
            if len(other.roll_off) <= depth:
                face = rng.randint(1, 10)
                tied[at] = replace(other, roll_off=other.roll_off + (face,))
                events.append(TieRolledOff(other.name, newcomer.name, (face,)))
                rolled = True
        face = rng.randint(1, 10)
        sequence += (face,)
        events.append(TieRolledOff(newcomer.name, group[0][1].name, (face,)))
        depth += 1
    if rolled:
        changed = list(order)
        for at, combatant in tied.items():
            changed[at] = combatant
        order = tuple(changed)
    return order, replace(newcomer, roll_off=sequence), tuple(events)


def insert_sorted(
    state: Encounter, newcomer: Combatant, rng: random.Random
) -> tuple[Encounter, Events]:
    """Insert ``newcomer`` before the first combatant it outranks (RULES.md §3.3)."""
    state, events, _ = _inserted(state, newcomer, rng)
    return state, events


def _inserted(
    state: Encounter, newcomer: Combatant, rng: random.Random
) -> tuple[Encounter, Events, int]:
    """:func:`insert_sorted`, and the newcomer's place."""
    scores = list(map(_INITIATIVE, state.order))  # (a roll-off changes no score)
    order, newcomer, events = roll_off(state.order, newcomer, rng, scores)
    placed = rank(newcomer)
    score = placed[0]
    # before the first it outscores, or the first of its score it outranks (in C but for those)
    position = next(compress(count(), map(lt, scores, repeat(score))), len(order))
    for index in compress(range(position), map(eq, scores, repeat(score))):
        if placed > rank(order[index]):
            position = index
            break
    order = order[:position] + (newcomer,) + order[position:]
    return replace(state, order=order), events, position


def without(state: Encounter, name: str) -> Encounter:
    """The encounter with ``name`` taken out of the order (names are unique ignoring case: at
    its place, found without a walk of the order)."""
    index = index_of(state, name)
    if index < 0:
        return state
    return replace(state, order=state.order[:index] + state.order[index + 1 :])


def change(
    state: Encounter, name: str, amount: int, rng: random.Random
) -> tuple[Encounter, Events]:
    """Add ``amount`` to a score and re-sort at once, never granting a second turn (§3.5).

    ``acted`` travels with the combatant, so moving above the current actor after acting gives
    no new turn, and moving above it before acting only brings the turn forward.
    """
    combatant = find(state, name)
    if amount == 0:
        raise RuleError("ih.initiative.initiative-change-needs-non")
    # A combatant still holding a delay keeps waiting on the same combatant; otherwise the old
    # "right after X" placement no longer binds the new position.
    holding = combatant.delaying and combatant.delay_after is not None
    moved = replace(
        combatant,
        initiative=combatant.initiative + amount,
        roll_off=(),
        delay_after=combatant.delay_after if holding else None,
    )
    before, was = state.order, index_of(state, combatant.name)
    state, events, now = _inserted(without(state, name), moved, rng)
    reordered(before, state.order, was, now)  # what is known of the order, moved along
    changed = InitiativeChanged(combatant.name, combatant.initiative, moved.initiative)
    return state, (changed, *events)


def place_after(state: Encounter, name: str, other: str) -> Encounter:
    """Put ``name`` right after ``other`` with ``other``'s score (RULES.md §3.4).

    Literally "ordered right after them": immediately after ``other``, ahead of anyone who
    delayed after ``other`` earlier.
    """
    mover = find(state, name)
    rest = without(state, name)
    target = find(rest, other)
    position = index_of(rest, other) + 1
    moved = replace(mover, initiative=target.initiative)
    order = rest.order[:position] + (moved,) + rest.order[position:]
    return replace(rest, order=order)


def delay_after(state: Encounter, name: str, other: str) -> tuple[Encounter, Events]:
    """Delay until after ``other`` (§3.4): take their score, hold until they have acted.

    The conflict rule: when ``other`` already waits on ``name`` (directly or down a chain), the
    one with the higher original score decides; the requester wins only when higher.
    """
    mover, target = find(state, name), find(state, other)
    if mover.key == target.key:
        raise RuleError("ih.delay.self", name=mover.name)
    _check_can_delay(state, mover)
    _check_lowers_score(state, mover, target)
    _check_target_acts_this_round(state, mover, target)
    events: list[Event] = []
    holder = _waiting_on(state, target, mover)
    if holder is not None:
        if (holder.original, rank(holder)) >= (mover.original, rank(mover)):
            raise RuleError(
                "ih.delay.other-decides",
                holder=holder.name,
                waits_for=_waits_for(holder),
                holder_score=holder.original,
                name=mover.name,
                score=mover.original,
            )
        state = put(state, replace(holder, delaying=False, delay_after=None))
        events.append(DelayOverruled(holder.name, mover.name))
    state = place_after(state, mover.name, target.name)
    moved = find(state, mover.name)
    waiting = not target.acted
    state = put(state, replace(moved, delaying=waiting, delay_after=target.name))
    events.append(Delayed(mover.name, target.name, moved.initiative, state.round))
    return state, tuple(events)


def delay_next_round(state: Encounter, name: str) -> tuple[Encounter, Events]:
    """Delay into the next round (§3.4): the highest score, first next round, no turn now."""
    mover = find(state, name)
    _check_can_delay(state, mover)
    top = max(c.initiative for c in state.order)
    rest = without(state, name)
    position = 0
    while position < len(rest.order) and _next_round_delayer(rest.order[position]):
        position += 1
    moved = replace(mover, initiative=top, delaying=True, delay_after=None)
    order = rest.order[:position] + (moved,) + rest.order[position:]
    events = (Delayed(mover.name, None, top, state.round),)
    return replace(state, order=order), events


def swap(state: Encounter, first: str, second: str) -> tuple[Encounter, Events]:
    """Swap two tied player characters' places: the players' choice of §3.3, made by the ST."""
    a, b = find(state, first), find(state, second)
    if a.key == b.key:
        raise RuleError("ih.swap.same", name=a.name)
    if a.initiative != b.initiative:
        raise RuleError(
            "ih.swap.not-tied", first=a.name, second=b.name, score=a.initiative, other=b.initiative
        )
    # §3.3: the players of two tied PCs may choose; NPC ties are settled by Composure,
    # Dexterity and the roll-off, never by a swap.
    npcs = [x.name for x in (a, b) if x.kind is not Kind.PC]
    if npcs:
        raise RuleError("ih.swap.not-pcs", first=a.name, second=b.name, npc=npcs[0])
    i, j = index_of(state, a.name), index_of(state, b.name)
    order = list(state.order)
    order[i], order[j] = replace(b, roll_off=a.roll_off), replace(a, roll_off=b.roll_off)
    return replace(state, order=tuple(order)), (Swapped(a.name, b.name),)


def _next_round_delayer(combatant: Combatant) -> bool:
    return combatant.delaying and combatant.delay_after is None


def _waits_for(combatant: Combatant) -> str:
    return combatant.delay_after or "the next round"


def _waiting_on(state: Encounter, start: Combatant, mover: Combatant) -> Combatant | None:
    """Follow who ``start`` waits on; the one in the chain that waits on ``mover``, if any."""
    seen: set[str] = set()
    current: Combatant | None = start
    while current is not None and current.delaying and current.delay_after is not None:
        if current.key in seen:
            return None
        seen.add(current.key)
        if same(current.delay_after, mover.name):
            return current
        current = find(state, current.delay_after)
    return None


def _check_lowers_score(state: Encounter, mover: Combatant, target: Combatant) -> None:
    """A delay never raises a score (RULES.md §3.4, vector 11).

    One delays until after someone who has not yet acted this round and comes later in the
    order (004: 将先攻结果降低到与该单位相同). "After" someone ahead, or who has acted, would
    lift the delayer above the others; delaying into the next round is the way to act first.
    """
    if index_of(state, target.name) < index_of(state, mover.name):
        raise RuleError(
            "ih.delay.raises-score",
            name=mover.name,
            other=target.name,
            score=mover.initiative,
            other_score=target.initiative,
        )
    if target.acted:
        raise RuleError(
            "ih.delay.after-acted", name=mover.name, other=target.name, round=state.round
        )


def _check_target_acts_this_round(state: Encounter, mover: Combatant, target: Combatant) -> None:
    """One delays until after someone "who has not yet acted this round … they act then"
    (§3.4): waiting on one who will not act this round would lose the delayer's turn.

    Not due this round: a newcomer (first turn next round, §3.5), one outside the surprise
    round, or one waiting on either. (One delaying into the next round stands first in the
    order, so ``raises-score`` refuses waiting on them; when the one waited on delays into the
    next round later, the hold ends: ``handlers.delay``.) Before the fight nothing is refused.
    """
    if state.phase is Phase.SETUP:
        return
    seen = {mover.key}
    current = target
    while current.key not in seen:
        seen.add(current.key)
        if current.joins_round > state.round:
            raise RuleError(
                "ih.delay.target-joined",
                name=mover.name,
                other=target.name,
                first_round=current.joins_round,
            )
        if state.phase is Phase.SURPRISE and not current.aware:
            raise RuleError("ih.delay.target-not-in-surprise", name=mover.name, other=target.name)
        if not (current.delaying and current.delay_after is not None):
            return
        current = find(state, current.delay_after)


def _check_can_delay(state: Encounter, mover: Combatant) -> None:
    """A delay is declared before the turn starts (§3.4): not after acting this round."""
    if mover.acted:
        raise RuleError("ih.delay.acted", name=mover.name, round=state.round)
    if state.interrupt is not None and same(state.interrupt.target, mover.name):
        raise RuleError("ih.delay.interrupted", name=mover.name, reactor=state.interrupt.reactor)
    if same(state.current, mover.name) and mover.spent_this_turn:
        raise RuleError("ih.delay.spent", name=mover.name)
