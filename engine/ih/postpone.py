"""A delay declared by the current actor takes back the start of their turn (RULES.md §3.4,
§3.1): the turn they do take starts it again."""

from __future__ import annotations

from engine.ih.encounter import Effect, Encounter, find, put, same
from engine.records import replace


def postpone_turn(state: Encounter, name: str) -> Encounter:
    """Take back the start of ``name``'s turn: they delayed instead of acting (RULES.md §3.4).

    Their budget and owed swifts are as before the turn started, defense declared before the
    turn stays spent, and the effects they created have their rounds back (one that ran out
    comes back): all of it happens again when they do take their turn (§3.1). What the
    Storyteller changed since stays: an effect ended or set again is not brought back, and an
    effect they made in this moment counts from the turn they take, not from its start.
    """
    opening = state.opening
    if opening is None or not same(opening.before.name, name):
        return state
    combatant = find(state, name)
    before = opening.before
    combatant = replace(
        combatant,
        budget=before.budget,
        owed_rounds=before.owed_rounds,
        free_used=before.free_used,
        spent_this_turn=before.spent_this_turn,
        defense_spent=min(before.defense_spent + combatant.defense_spent, combatant.defense_bonus),
        willpower_defense=before.willpower_defense or combatant.willpower_defense,
        started=False,
    )
    state = put(state, combatant)
    earlier_of, counted_of = dict(opening.effects), dict(opening.counted)
    order = []
    for holder in state.order:
        earlier = {
            _effect_key(e): e for e in earlier_of.get(holder.key, ()) if same(e.source, name)
        }
        counted = {
            _effect_key(e): e for e in counted_of.get(holder.key, ()) if same(e.source, name)
        }
        effects: list[Effect] = []
        for effect in holder.effects:
            key = _effect_key(effect)
            if not same(effect.source, name):
                effects.append(effect)
            elif key in earlier and counted.get(key) == effect:
                effects.append(earlier[key])  # its round back
            elif key in earlier:
                effects.append(effect)  # set again by the Storyteller since: as it is now
            else:
                effects.append(replace(effect, waits_for_turn=True))  # made in this moment
        present = {_effect_key(e) for e in holder.effects}
        for key, effect in earlier.items():
            if key not in counted and key not in present:
                effects.append(effect)  # it ran out at the turn's start: back
        if effects != list(holder.effects):
            holder = replace(holder, effects=tuple(effects))
        order.append(holder)
    return replace(state, order=tuple(order), opening=None)


def _effect_key(effect: Effect) -> tuple[str, str]:
    return effect.label.casefold(), effect.source.casefold()
