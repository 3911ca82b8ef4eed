"""The action roll and its effects, and mitigation (RULES.md §4.2–4.4).

An action is rolled in the Action phase from the chosen sources (``power.py``); burned tags
burn and an indulged Taint theme marks Indulgence once the dice are down. On a success the
power is spent as effects; overspending is refused. A failure or a 6–8 owes a consequence.
"""

from __future__ import annotations

import random

from engine.dice.mist import Outcome, roll_mist
from engine.errors import RuleError
from engine.events import Event, Events
from engine.mist import growth, limits, roster, tags
from engine.mist.casefile import new_clue
from engine.mist.commands import Mark, Mitigate, SpendEffect, TakeAction
from engine.mist.events import (
    ActionRolled,
    ConsequenceDelivered,
    EffectSpent,
    Mitigated,
)
from engine.mist.power import Breakdown, breakdown
from engine.mist.state import ActionRecord, MistState, Phase, Track
from engine.records import replace

EFFECT_COSTS: dict[str, int] = {"tag": 2, "untag": 2, "clue": 1, "feat": 1}
"""Fixed effect costs (§4.2); ``status`` and ``reduce`` cost 1 per tier."""


def pay_sources(state: MistState, actor: str, paid: Breakdown) -> tuple[MistState, Events]:
    """Burn the burned tags, mark Mastery/Progress on each theme whose weakness tag hindered
    the roll (§4.8), and mark Indulgence for an indulged theme (§4.1, §4.4)."""
    events: list[Event] = []
    for tag in paid.burned:
        state, burned = tags.burn(state, actor, tag)
        events.extend(burned)
    for theme_name in paid.weakened:
        person = roster.character(state, actor)
        theme = roster.theme(person, theme_name)
        state, marked = growth.mark(state, Mark(actor, theme.name, theme.growth_track))
        events.extend(marked)
    if paid.indulged is not None:
        state, marked = growth.mark(state, Mark(actor, paid.indulged, Track.INDULGENCE))
        events.extend(marked)
    return state, tuple(events)


def take_action(
    state: MistState, command: TakeAction, rng: random.Random
) -> tuple[MistState, Events]:
    """Roll an action (§4.2) in the Action phase.

    Raises:
        RuleError: not the Action phase, an unknown actor or target, or a bad source.
    """
    if state.phase is not Phase.ACTION:
        raise RuleError(
            "mist.action.actions-rolled-action-phase",
            phase=state.phase.value,
            phase_name_key=f"mist.phase.{state.phase.value}",
        )
    actor = roster.character(state, command.actor)
    target = roster.check_target(state, command.target) if command.target else None
    paid = breakdown(state, actor, command.choice, target)
    roll = roll_mist(paid.power, rng, state.interpretations.negative_power_subtracts_d4)
    action_id = f"a{len(state.actions) + 1}"
    left = max(paid.power, 0) if roll.outcome is not Outcome.FAIL else 0
    found_by = tuple(s.label for s in paid.sources if s.value > 0)
    record = ActionRecord(
        action_id,
        actor.name,
        paid.power,
        roll.outcome,
        roll.total,
        left,
        target,
        found_by,
        state.scene.number,
    )
    owed = roll.outcome is not Outcome.SUCCESS
    state = replace(
        state,
        actions=state.actions + (record,),
        owed=state.owed + ((action_id,) if owed else ()),
    )
    events: list[Event] = [
        ActionRolled(action_id, actor.name, paid.sources, paid.power, roll, owed)
    ]
    state, paid_events = pay_sources(state, actor.name, paid)
    return state, (*events, *paid_events)


def effect_cost(command: SpendEffect) -> int:
    """What an effect costs (§4.2 table)."""
    if command.kind in ("status", "reduce"):
        return command.amount
    return EFFECT_COSTS[command.kind]


def spend_effect(state: MistState, command: SpendEffect) -> tuple[MistState, Events]:
    """Spend the last action's power on one effect.

    Raises:
        RuleError: no successful action this scene, overspending, or a bad effect target.
    """
    if not state.actions or state.actions[-1].scene != state.scene.number:
        raise RuleError("mist.action.action-rolled-scene-spend")
    action = state.actions[-1]
    if action.outcome is Outcome.FAIL:
        raise RuleError(
            "mist.action.action-failed-total-power",
            actor=action.actor,
            id=action.id,
            total=action.total,
        )
    if command.kind in ("status", "reduce") and command.amount < 1:
        raise RuleError("mist.effect.no-tiers", amount=command.amount)
    cost = effect_cost(command)
    if cost > action.left:
        raise RuleError(
            "mist.action.action-power-left-effect",
            actor=action.actor,
            id=action.id,
            left=action.left,
            kind=command.kind,
            cost=cost,
        )
    events: Events
    if command.kind == "status":
        state, events = limits.take_on(
            state, _target(command), command.name, command.amount, action.actor
        )
    elif command.kind == "reduce":
        state, events = limits.reduce_on(state, _target(command), command.name, command.amount)
    elif command.kind == "tag":
        state, events = tags.add_story_tag(state, _target(command), command.name)
    elif command.kind == "untag":
        state, events = tags.remove_story_tag(state, _target(command), command.name)
    elif command.kind == "clue":
        state, events = new_clue(state, command.name, action.found_by, None)
    else:
        events = ()
    left = action.left - cost
    actions = state.actions[:-1] + (replace(action, left=left),)
    state = replace(state, actions=actions)
    return state, (EffectSpent(action.id, command.kind, command.name, cost, left), *events)


def _target(command: SpendEffect) -> str:
    if not command.target:
        raise RuleError("mist.action.effect-needs-target", kind=command.kind)
    return command.target


def mitigate(state: MistState, command: Mitigate, rng: random.Random) -> tuple[MistState, Events]:
    """Mitigate an incoming consequence (§4.3, [I-6]); the reduced status then lands.

    Raises:
        RuleError: not the Consequence phase, no such pending status consequence, a bad source.
    """
    if state.phase is not Phase.CONSEQUENCE:
        raise RuleError(
            "mist.action.mitigation-answers-consequence-consequence",
            phase=state.phase.value,
            phase_name_key=f"mist.phase.{state.phase.value}",
        )
    pending = next((x for x in state.consequences if x.id == command.consequence.lower()), None)
    if pending is None or pending.delivered:
        raise RuleError("mist.action.pending-consequence-mitigate", consequence=command.consequence)
    if pending.status is None or pending.target is None:
        raise RuleError("mist.action.consequence-gives-status-there", id=pending.id)
    if not roster.is_character(state, pending.target):
        raise RuleError("mist.action.challenge-player-characters-mitigate", target=pending.target)
    actor = roster.character(state, pending.target)
    paid = breakdown(state, actor, command.choice)
    roll = roll_mist(paid.power, rng, state.interpretations.negative_power_subtracts_d4)
    power = max(paid.power, 0)
    extra: str | None = None
    if roll.outcome is Outcome.FAIL:
        reduction = 0
    elif roll.outcome is Outcome.MIXED:
        reduction = power if state.interpretations.mitigate_mixed_reduces_by_power else 1
    else:
        reduction = power
        if command.extra == "reduce":
            reduction += 1
            extra = "reduce"
        elif command.extra == "status":
            extra = "status"
    tier_after = max(pending.tier - reduction, 0)
    events: list[Event] = [
        Mitigated(
            pending.id, actor.name, paid.sources, roll, reduction, pending.tier, tier_after, extra
        )
    ]
    if tier_after >= 1:
        giver = roster.giver(state, pending.source)
        state, taken = limits.take_on(state, pending.target, pending.status, tier_after, giver)
        events.extend(taken)
    events.append(
        ConsequenceDelivered(pending.id, pending.target, pending.status, tier_after, reduction > 0)
    )
    if extra == "status":
        ally = command.extra_target or actor.name
        if not roster.is_character(state, ally):
            raise RuleError("mist.action.tier-status-goes-ally", name=actor.name, ally=ally)
        state, given = limits.take_on(state, ally, command.extra_status or "", 1)
        events.extend(given)
    done = replace(pending, delivered=True, mitigated=True, tier=tier_after)
    state = replace(
        state, consequences=tuple(done if x is pending else x for x in state.consequences)
    )
    state, paid_events = pay_sources(state, actor.name, paid)
    return state, (*events, *paid_events)
