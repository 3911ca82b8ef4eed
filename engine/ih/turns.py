"""The flow of turns and rounds: surprise round, begin, next, removal (RULES.md §3.1–§3.5).

[I-3] (``Interpretations.computed_turn_order``): the next to act is the highest-ordered
combatant who has not acted this round and is not holding a delay; a round ends when nobody is
left. With the setting off, a stored pointer walks down the order once a round instead, so a
combatant moved above the pointer waits for the next round.

A down (unconscious) combatant's turn is skipped when it comes up (``down_turns_skipped``, on
by default; RULES.md is silent): the skip is recorded, the effects timed on its turns count
down as at any turn's start (rounds are time), and those delaying until after it are released.
``next down`` (``begin down``) takes the down combatant's turn anyway.
"""

from __future__ import annotations

from engine.errors import RuleError
from engine.events import Event, Events
from engine.ih import effects
from engine.ih.budget import fresh_budget
from engine.ih.encounter import (
    Combatant,
    Encounter,
    Phase,
    TurnOpening,
    find,
    flagged,
    fresh_turn,
    index_of,
    put,
    same,
    same_places,
)
from engine.ih.events import (
    DelayReleased,
    InterruptResolved,
    OneRoundLanded,
    Removed,
    RoundStarted,
    SurpriseDeclared,
    SurpriseEnded,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
)
from engine.ih.order_places import flagged_from
from engine.ih.vitals import end_kept_conscious
from engine.records import replace


def can_act_now(state: Encounter, combatant: Combatant) -> bool:
    """Whether ``combatant`` is still to act in this round (or surprise round)."""
    if combatant.acted or combatant.delaying:
        return False
    if state.phase is Phase.SURPRISE:
        return combatant.aware
    return state.phase is Phase.COMBAT and combatant.joins_round <= state.round


def flat_footed(state: Encounter, combatant: Combatant) -> bool:
    """Flat-footed (RULES.md §3.2–§3.3, §3.5).

    In the surprise round: everyone who cannot act in it. Afterwards: whoever has not yet taken
    a turn in this fight, except newcomers who joined mid-fight (unless ruled clueless). The
    current actor has begun acting (seed 003: 尚未开始过行动); one who delays instead of acting
    has not, since a delay is declared before one's turn (§3.4), and stays flat-footed.
    """
    if state.phase is Phase.SETUP:
        return False
    if state.phase is Phase.SURPRISE:
        return not combatant.aware
    if combatant.turns_taken > 0 or same(state.current, combatant.name):
        return False
    return combatant.clueless or not combatant.joined


def surprise(state: Encounter, names: tuple[str, ...]) -> tuple[Encounter, Events]:
    """Open with a surprise round in which only ``names`` act, one action each (§3.2)."""
    if state.phase is not Phase.SETUP:
        raise RuleError("ih.surprise.too-late")
    if not names:
        raise RuleError("ih.turns.name-who-acts-surprise")
    aware = {find(state, name).key for name in names}
    order = tuple(replace(c, aware=c.key in aware) for c in state.order)
    state = replace(state, phase=Phase.SURPRISE, order=order, current=None)
    listed = tuple(c.name for c in state.order if c.aware)
    state, started = advance(state, None)
    return state, (SurpriseDeclared(listed), *started)


def begin(state: Encounter, down: bool = False) -> tuple[Encounter, Events]:
    """Start round 1, after the surprise round if there was one (§3.2–§3.3)."""
    if state.phase is Phase.COMBAT:
        raise RuleError("ih.fight.begun", round=state.round)
    if not state.order:
        raise RuleError("ih.fight.empty")
    events: list[Event] = []
    if state.phase is Phase.SURPRISE:
        if state.current is not None:
            state, ended = _end_current(state)
            events.extend(ended)
        if any(c.aware and can_act_now(state, c) for c in state.order):
            events.append(SurpriseEnded(state.round))
    # Round 1 is "the next round" of a delay into the next round declared before the fight or
    # in the surprise round (§3.4): those delayers act first in it.
    order = tuple(
        replace(c, acted=False, started=False, delaying=c.delaying and c.delay_after is not None)
        for c in state.order
    )
    state = replace(state, phase=Phase.COMBAT, round=1, current=None, order=order)
    events.append(RoundStarted(1, state.elapsed_seconds))
    state, started = advance(state, None, down)
    return state, (*events, *started)


def next_turn(state: Encounter, down: bool = False) -> tuple[Encounter, Events]:
    """End the current turn and start the next one (rolling into a new round if needed);
    ``down``: the next one's turn starts even if it is down (``next down``)."""
    if state.phase is Phase.SETUP:
        raise RuleError("ih.fight.begin-first")
    if state.current is None:
        if state.phase is Phase.SURPRISE:
            return begin(state, down)
        if not state.order:
            raise RuleError("ih.turns.nobody-left-fight")
        return advance(state, None, down)
    name = state.current
    alone = _ended_alone(state)
    if alone is not None:  # the turn's end changes only its actor: put with the next one's start
        ended = TurnEnded(alone.name, state.round)
        after = index_of(state, name)
        state, started = advance(replace(state, current=None), after, down, alone)
        return state, (ended, *started)
    state, events = _end_current(state)
    state, started = advance(state, index_of(state, name), down)
    return state, (*events, *started)


def remove(state: Encounter, name: str) -> tuple[Encounter, Events]:
    """Take a combatant out; the current actor's removal starts the next turn, none skipped."""
    combatant = find(state, name)
    was_current = same(state.current, combatant.name)
    position = index_of(state, combatant.name)
    events: list[Event] = [Removed(combatant.name, was_current)]
    if state.interrupt is not None and (
        same(state.interrupt.reactor, combatant.name)
        or same(state.interrupt.target, combatant.name)
    ):
        state = replace(state, interrupt=None)
    state = replace(state, order=tuple(c for c in state.order if c.key != combatant.key))
    state, released = release_waiting_on(state, combatant.name, left=True)
    events.extend(released)
    if was_current:
        state = replace(state, current=None)
        state, started = advance(state, position - 1)
        events.extend(started)
    return state, tuple(events)


def advance(
    state: Encounter, after: int | None, down: bool = False, ended: Combatant | None = None
) -> tuple[Encounter, Events]:
    """Start the next turn: the first still to act (after ``after`` with [I-3] off).

    A down combatant on the way is skipped (``down_turns_skipped``) unless ``down``: then the
    very next turn starts, down or not. When everyone is down, one call skips the rest of the
    round and starts the next round with nobody's turn (each ``next`` is then one round).
    ``ended``: the actor whose turn just ended, not yet put into the order (it has acted): put
    in the same copy of the order as the next turn's start.
    """
    events: list[Event] = []
    new_rounds = 0
    skip = state.interpretations.down_turns_skipped and not down
    passed = -1 if ended is None else index_of(state, ended.name)
    while True:
        index = _next_index(state, after, passed)
        if index is not None:
            combatant = state.order[index]
            if skip and combatant.unconscious:
                state, ended, passed = _put_ended(state, ended)
                state, skipped = skip_turn(state, combatant.name)
                events.extend(skipped)
                after = index
                continue
            state, started = start_turn(state, combatant.name, ended)
            return state, (*events, *started)
        state, ended, passed = _put_ended(state, ended)
        if state.phase is Phase.SURPRISE:
            events.append(SurpriseEnded(state.round))
            return replace(state, current=None), tuple(events)
        if not state.order or new_rounds > 0:
            return replace(state, current=None), tuple(events)
        state, rolled = new_round(state)
        events.extend(rolled)
        new_rounds += 1
        after = None
        if skip and all(c.unconscious for c in state.order):
            return replace(state, current=None), tuple(events)


def skip_turn(state: Encounter, name: str) -> tuple[Encounter, Events]:
    """Pass over down ``name``'s turn: it has acted this round without a turn (not counted in
    ``turns_taken``: one who never took a turn stays flat-footed, §3.3); the effects timed on
    its turns count down as at its turn's start, and those waiting on it are released (§3.4)."""
    combatant = find(state, name)
    state = put(state, replace(combatant, acted=True))
    state, expired = effects.tick(state, combatant.name)
    state, released = release_waiting_on(state, combatant.name, left=True)
    return state, (TurnSkipped(combatant.name, state.round), *expired, *released)


def new_round(state: Encounter) -> tuple[Encounter, Events]:
    """Everyone may act again; next-round delayers come off hold, first in the order (§3.4)."""
    order = same_places(
        state.order,
        tuple(
            replace(
                c,
                acted=False,
                started=False,
                delaying=c.delaying and c.delay_after is not None,
            )
            for c in state.order
        ),
    )
    state = replace(state, round=state.round + 1, order=order, current=None)
    state, expired = effects.tick(state, None)
    return state, (RoundStarted(state.round, state.elapsed_seconds), *expired)


def _put_ended(state: Encounter, ended: Combatant | None) -> tuple[Encounter, None, int]:
    """``state`` with the ended actor put into the order (see :func:`advance`)."""
    return (state if ended is None else put(state, ended)), None, -1


def start_turn(
    state: Encounter, name: str, ended: Combatant | None = None
) -> tuple[Encounter, Events]:
    """Begin ``name``'s turn: fresh budget less owed swifts, defense back, effects tick (§3.1);
    ``ended``, the actor whose turn just ended, is put in the same copy of the order."""
    combatant = find(state, name)
    events: list[Event] = []
    owed = combatant.owed_swift
    if combatant.started:
        state, ended, _ = _put_ended(state, ended)
    else:
        before = combatant
        combatant = fresh_turn(combatant, fresh_budget(state, combatant), started=True)
        state = put(state, combatant, current=combatant.name, also=ended)
        state, expired, due, counted = effects.tick_turn(state, combatant.name)
        events.extend(expired)
        state = replace(state, opening=TurnOpening(before, due, counted))
        settings = state.interpretations
        if combatant.kept_conscious and not settings.stay_conscious_through_next_turn:
            # [I-14] off: the round kept conscious ends at the start of this turn (§3.9).
            state, fainted = end_kept_conscious(state, combatant)
            events.extend(fainted)
            combatant = find(state, combatant.name)
    if state.current != combatant.name:
        state = replace(state, current=combatant.name)
    started = TurnStarted(combatant.name, state.round, owed, combatant.unconscious)
    landed: Events = ()
    if combatant.one_round is not None:  # §3.7: a "1 round" action lands now
        landed = (OneRoundLanded(combatant.name, combatant.one_round, state.round),)
        state = put(state, replace(combatant, one_round=None))
    return state, (started, *landed, *events)


def release_waiting_on(state: Encounter, name: str, left: bool = False) -> tuple[Encounter, Events]:
    """Those delaying until after ``name`` may act now (§3.4): ``name`` has acted, or ``left``
    this round's remaining turns (removed, delayed into the next round), so nobody loses a turn.

    Their score and place were set when they declared the delay ("their score becomes that
    combatant's score and they are ordered right after them"): releasing them moves nobody,
    even if ``name``'s own score changed or ``name`` delayed in turn since.
    """
    events: list[Event] = []
    for waiting in [state.order[index] for index in flagged(state.order, "delaying")]:
        if same(waiting.delay_after, name):
            state = put(state, replace(waiting, delaying=False))
            events.append(DelayReleased(waiting.name, name, left))
    return state, tuple(events)


def _ended_alone(state: Encounter) -> Combatant | None:
    """The current actor as its turn's end leaves it, when that end changes nobody else and
    tells nothing but :class:`TurnEnded` (no interrupt resolved, nobody fainting, nobody
    delaying until after it): then ``next`` puts it with the next turn's start, in one copy of
    the order (issue 30). ``None`` otherwise (:func:`_end_current` ends the turn)."""
    if state.interrupt is not None or state.current is None:
        return None
    combatant = find(state, state.current)
    if combatant.kept_conscious and combatant.turns_taken + 1 > combatant.kept_since:
        return None
    order = state.order
    if any(same(order[index].delay_after, combatant.name) for index in flagged(order, "delaying")):
        return None
    return replace(combatant, acted=True, turns_taken=combatant.turns_taken + 1)


def _end_current(state: Encounter) -> tuple[Encounter, Events]:
    assert state.current is not None
    combatant = find(state, state.current)
    events: list[Event] = []
    if state.interrupt is not None:
        target = find(state, state.interrupt.target)
        outcome = "fails" if target.unconscious else "continues"
        events.append(InterruptResolved(state.interrupt.reactor, target.name, outcome))
        state = replace(state, interrupt=None)
    combatant = replace(combatant, acted=True, turns_taken=combatant.turns_taken + 1)
    state = put(state, combatant)
    events.append(TurnEnded(combatant.name, state.round))
    if combatant.kept_conscious and combatant.turns_taken > combatant.kept_since:
        # [I-14]: kept conscious through the next turn, fainting at its end (RULES.md §3.9);
        # when willpower was spent during this very turn, "the next turn" is the one after.
        state, fainted = end_kept_conscious(state, combatant)
        events.extend(fainted)
    state, released = release_waiting_on(state, combatant.name)
    events.extend(released)
    return replace(state, current=None), tuple(events)


def _next_index(state: Encounter, after: int | None, passed: int = -1) -> int | None:
    """The place of the next to act; ``passed``: a place taken as acted (the actor whose turn
    just ended, not yet put into the order)."""
    start = 0
    if not state.interpretations.computed_turn_order and after is not None:
        start = after + 1
    order = state.order
    # Only one who has not acted can act: their places are kept per order (the order walked
    # in Python, from the top at every ``next``, made a round quadratic in its length).
    for index in flagged_from(order, "!acted", max(start, 0)):
        if index != passed and can_act_now(state, order[index]):
            return index
    return None
