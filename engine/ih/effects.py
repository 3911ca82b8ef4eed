"""Lasting effects timed on their creator's turns (RULES.md §3.1).

A combatant's "1 round" runs from the start of one of their turns to the start of the next, so
an effect of N rounds loses one round at the start of each of its creator's turns and expires at
the start of the creator's turn N rounds later. An effect whose creator has left the fight
counts down at each new round instead, so it still ends.
"""

from __future__ import annotations

from engine.errors import RuleError
from engine.events import Event, Events
from engine.ih.encounter import Combatant, Effect, Encounter, Phase, find, flagged, put, same_places
from engine.ih.events import EffectAdded, EffectEnded, EffectExpired
from engine.ih.order_places import Sources, effect_sources, sources_at
from engine.records import replace


def add(
    state: Encounter, name: str, label: str, rounds: int, source: str | None
) -> tuple[Encounter, Events]:
    """Put an effect on ``name``, timed on ``source``'s turns (default: the current actor)."""
    target = find(state, name)
    if rounds < 1:
        raise RuleError("ih.effects.effect-lasts-least-round")
    if not label.strip():
        raise RuleError("ih.effects.effect-needs-label")
    if source is None:
        if state.current is None:
            raise RuleError("ih.effects.nobody-acting-now-say")
        source = state.current
    creator = find(state, source)
    if any(e.label.casefold() == label.casefold() for e in target.effects):
        raise RuleError("ih.effects.already-effect-labelled", target=target.name, label=label)
    effect = Effect(label=label, source=creator.name, rounds_left=rounds)
    updated = replace(target, effects=target.effects + (effect,))
    event = EffectAdded(target.name, label, creator.name, rounds)
    return put(state, updated), (event,)


def end(state: Encounter, name: str, label: str) -> tuple[Encounter, Events]:
    """The ST ends an effect early."""
    target = find(state, name)
    kept = tuple(e for e in target.effects if e.label.casefold() != label.casefold())
    if len(kept) == len(target.effects):
        raise RuleError("ih.effects.effect-labelled", target=target.name, label=label)
    return put(state, replace(target, effects=kept)), (EffectEnded(target.name, label),)


Held = tuple[tuple[str, tuple[Effect, ...]], ...]
"""Per combatant (by key, in turn order), effects it holds."""


def tick(state: Encounter, source: str | None) -> tuple[Encounter, Events]:
    """Count down effects at the start of ``source``'s turn (``None``: orphans, round start)."""
    state, events, _, _ = tick_turn(state, source)
    return state, events


def tick_turn(state: Encounter, source: str | None) -> tuple[Encounter, Events, Held, Held]:
    """:func:`tick`, and what a turn's start keeps to take it back (``TurnOpening``): the
    effects of each combatant holding one of ``source``'s before the count, and after it of
    those still holding any; found in the one walk that counts them down (issue 30: a turn's
    start walked every effect three times)."""
    holders = flagged(state.order, "effects")  # kept per order: most have none
    if not holders:
        return state, (), (), ()
    present = {c.key for c in state.order} if source is None else set()
    wanted = source.casefold() if source is not None else None
    # At a turn's start, only those holding an effect of its actor (kept per order).
    candidates = holders if wanted is None else sources_at(state.order, wanted)
    events: list[Event] = []
    old = state.order
    order: list[Combatant] | None = None  # copied at the first change (most ticks change none)
    touched: list[int] = []
    for index in candidates:
        combatant = old[index]
        creators = [e.source.casefold() for e in combatant.effects]
        if wanted is None:
            if all(creator in present for creator in creators):
                continue
        elif wanted not in creators:
            continue
        kept: list[Effect] = []
        for effect, creator in zip(combatant.effects, creators, strict=True):
            due = (creator not in present) if wanted is None else creator == wanted
            if not due:
                kept.append(effect)
            elif effect.waits_for_turn:  # made before its creator's action started (§3.4)
                kept.append(replace(effect, waits_for_turn=False))
            elif effect.rounds_left <= 1:
                events.append(EffectExpired(combatant.name, effect.label, effect.source))
            else:
                kept.append(replace(effect, rounds_left=effect.rounds_left - 1))
        if order is None:
            order = list(old)
        order[index] = replace(combatant, effects=tuple(kept))
        touched.append(index)
    if order is None:
        return state, (), (), ()
    emptied = {index for index in touched if not order[index].effects}
    still = tuple(index for index in holders if index not in emptied) if emptied else holders
    handed: Sources | None = None
    if wanted is not None:  # only the actor's effects changed
        handed = dict(effect_sources(state.order))
        left = tuple(
            order[i].name
            for i in touched
            if any(e.source.casefold() == wanted for e in order[i].effects)
        )
        if left:
            handed[wanted] = left
        else:
            handed.pop(wanted, None)
    # a count-down changes only effects: who has acted and who delays are as they were
    new_order = same_places(
        state.order, tuple(order), {"effects": still}, handed, ("!acted", "delaying")
    )
    before = tuple((old[index].key, old[index].effects) for index in touched)
    after = tuple((order[i].key, order[i].effects) for i in touched if order[i].effects)
    return replace(state, order=new_order), tuple(events), before, after


def clear_all(state: Encounter) -> Encounter:
    """Drop every effect (the fight is over at a scene boundary)."""
    order = tuple(replace(c, effects=()) for c in state.order)
    return replace(state, order=order, phase=Phase.SETUP)
