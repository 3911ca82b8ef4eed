"""An attack resolved end to end: pool, defense, defense bonus, damage, unconsciousness.

RULES.md §3.9 writes the chain; each open point is a setting of ``engine/settings.py``:

1. The attacker's pool: ``dp=N`` (a Storyteller who keeps stats on paper) or the sheet's
   traits, plus dice modifiers, plus willpower's +3 DP (§1.7: 1 willpower of the attacker,
   once per action, on an action that needs a single roll).
2. The target's base defense (0 when flat-footed, [I-13]), +2 with its willpower defense,
   the base alone doubled after a reflex move out of the attacker's reach (§3.7), comes off the
   pool ([I-12]; off: the Storyteller applies it by hand). A pool of 0 or less is a chance roll.
3. The target's declared defense bonus successes (§3.8) cancel rolled successes; all cancelled
   is a miss. They are lost when the target's base defense is 0 (§3.8, last point).
4. Otherwise final = rolled − cancelled − penalty, + attack bonus when still above 0 (§1.1);
   each final success is 1 damage to the target's health (``no-damage``: a grapple, a shove).
5. Several attacks in one action on one target share the attack bonus as split before the
   rolls; one attack on each of several targets gives each the whole bonus (003).
6. Health 0 knocks the target out (``vitals.damage``); an action of the target this attack
   interrupted fails (§3.7).

Every step is an event (:class:`~engine.ih.events.AttackRolled` carries the roll's faces), so
the log, the session report and undo carry it. Steps 1–4 read the attack against the fight
before anything changes (``engine/ih/attack_reading.py``, shared with the exact odds in
``attack_odds.py``); this module pays for the action and rolls each attack.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from engine.dice.ih import WILLPOWER_DICE, CheckSpec, roll_check
from engine.errors import RuleError
from engine.events import Events
from engine.ih import budget, interrupts, vitals
from engine.ih.attack_reading import (
    Pool,
    defense_against,
    find_combatant,
    gained_shares,
    read_attack,
    resolve_successes,
)
from engine.ih.commands import Attack
from engine.ih.encounter import ActionKind, Combatant, Encounter, Phase, put, same
from engine.ih.events import AttackRolled
from engine.ih.rolls import AttackRecord, RollRecord
from engine.records import replace


def attack(state: Encounter, command: Attack, rng: random.Random) -> tuple[Encounter, Events]:
    """Resolve ``command`` (RULES.md §3.9): all of it, or a ``RuleError`` and no change."""
    reading = read_attack(state, command)
    attacker, targets, pool, shares = (
        reading.attacker, reading.targets, reading.pool, reading.shares,
    )  # fmt: skip
    declared, moved = reading.declared, reading.moved

    state, events = _pay(state, attacker, command)
    # §1.7: 1 willpower of the attacker for +3 DP, once per action, refused at 0; a +3 DP
    # bought before with ``willpower NAME +3dp`` goes into this roll (engine/ih/vitals.py).
    state, spent, boost = vitals.willpower_dice_for_roll(state, attacker.name, command.willpower)
    events += spent
    pool_now = pool.dp + command.modifier + (WILLPOWER_DICE if boost else 0)
    plan = _Plan(command, attacker.name, pool, pool_now, boost)
    fired = False  # §3.8 (003:80): a bonus gained mid-action fires once per action
    for target_name in targets:
        key = target_name.casefold()
        gained = gained_shares(command.bonus_on_hit, len(shares[key])) if fired else None
        state, made, fired_here = _attack_target(
            state, plan, rng, target_name, (shares[key], declared[key], gained), key in moved
        )
        fired = fired or fired_here
        events += made
    return state, events


@dataclass(frozen=True, slots=True)
class _Plan:
    """What every roll of one attack action shares."""

    command: Attack
    attacker: str
    pool: Pool
    pool_now: int
    willpower: bool


def _attack_target(
    state: Encounter,
    plan: _Plan,
    rng: random.Random,
    target_name: str,
    per_roll: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...] | None],
    moved: bool,
) -> tuple[Encounter, Events, bool]:
    """Every attack of the action on one target, in order; and whether ``bonus-on-hit=``
    fired on one of them.

    ``per_roll`` holds each roll's attack bonus share, the defense bonus the target declares
    before it (§3.8: it leaves the pool whatever the roll; a ``defend NAME N`` typed before
    meets the first) and, when the mid-action bonus fired on an earlier target, its share of
    that bonus (``None``: not fired yet; it may fire on a hit here, for the later rolls).
    """
    command, attacker, pool = plan.command, plan.attacker, plan.pool_now
    shares, declares, gained = per_roll
    fired = gained is not None
    extras = list(gained or (0,) * len(shares))
    penalty = command.penalty + plan.pool.untrained_penalty
    events: Events = ()
    target = find_combatant(state, target_name, "ih.attack.unknown-target")
    for index, share in enumerate(shares):
        target = find_combatant(state, target.name, "ih.attack.unknown-target")
        defense = defense_against(state, target, moved)  # the defense as it is now
        if declares[index]:
            if defense.bonus_lost and defense.bonus_kept == 0:
                raise RuleError("ih.attack.defense-bonus-lost", name=target.name)
            state, declared_events = vitals.declare_defense(
                state, target.name, declares[index], defense.base_zero
            )
            events += declared_events
            target = find_combatant(state, target.name, "ih.attack.unknown-target")
        declared = defense.usable(target.defense_declared)  # §3.8: legendary lost at base 0
        state = put(state, replace(target, defense_declared=0))
        rolled_pool = pool - defense.subtracted
        spec = CheckSpec(
            system=state.system,
            dp=rolled_pool,
            again=command.again,
            level=command.level,
            interpretations=state.interpretations,
        )
        result = roll_check(spec, rng)
        bonus = share + extras[index]
        counted = resolve_successes(
            result.rolled_successes, declared, penalty, bonus, result.chance
        )
        declared_here = declared
        damage = 0 if command.no_damage else counted.final
        health = max(target.health - damage, 0)
        events += (
            AttackRolled(
                attacker=attacker,
                target=target.name,
                label=plan.pool.label,
                index=index + 1,
                attacks=len(shares),
                pool_before_defense=pool,
                base_defense=defense.base,
                flat_footed=defense.flat_footed,
                willpower_defense=defense.willpower,
                doubled=defense.doubled,
                defense=defense.subtracted,
                defense_total=defense.total,
                defense_bonus=declared_here,
                cancelled=counted.cancelled,
                penalty=penalty,
                attack_bonus=bonus,
                gained=extras[index],
                bonus_applied=counted.bonus_applied,
                final=counted.final,
                hit=counted.hit,
                miss=counted.miss,
                damage=damage,
                no_damage=command.no_damage,
                health=health,
                health_max=target.health_max,
                result=result,
            ),
        )
        state = replace(state, rolls=state.rolls + (_record(plan, events[-1]),))
        if counted.hit and not fired and command.bonus_on_hit:
            fired = True  # the rest of this target's attacks, then the later targets'
            later = gained_shares(command.bonus_on_hit, len(shares) - index - 1)
            extras[index + 1 :] = later
        if damage:
            state, hurt = vitals.damage(state, target.name, damage)
            events += hurt
            state, failed = _interrupted_action_fails(state, attacker, target.name)
            events += failed
    return state, events, fired


def _record(plan: _Plan, event: object) -> RollRecord:
    """The roll in the scene's ``rolls`` with its ``attack`` record (INTERFACE.md §3).

    Its roll keys are the attack's (§3.9): ``penalty`` and ``bonus`` as the chain applied them
    and ``final_successes`` after defense, penalty and bonus (the damage unless ``no-damage``).
    """
    assert isinstance(event, AttackRolled)
    result = replace(
        event.result, penalty=event.penalty, bonus=event.bonus_applied, final_successes=event.final
    )
    return RollRecord(
        by=plan.attacker,
        label=plan.pool.label,
        result=result,
        parts=plan.pool.parts,
        bonus_parts=plan.pool.bonus_parts,
        willpower=plan.willpower,
        attack=AttackRecord(**attack_json(event)),
    )


def _interrupted_action_fails(
    state: Encounter, attacker: str, target: str
) -> tuple[Encounter, Events]:
    """A reflex attack that knocks out the one it interrupted: their action fails (§3.7)."""
    pending = state.interrupt
    if pending is None or not same(pending.reactor, attacker) or not same(pending.target, target):
        return state, ()
    victim = find_combatant(state, target, "ih.attack.unknown-target")
    if not victim.unconscious:
        return state, ()
    return interrupts.resolve(state, interrupts.Outcome.FAILS)


def _pay(state: Encounter, attacker: Combatant, command: Attack) -> tuple[Encounter, Events]:
    """The attacker's action (§3.6): standard unless told; off-turn only as a reflex (§3.7).

    An attack answering a pending interrupt of the attacker's (``interrupt NAME OTHER
    [ready]``) was paid when the interrupt was declared.
    """
    if state.phase is Phase.SETUP:
        raise RuleError("ih.attack.not-in-combat", name=attacker.name)
    if attacker.unconscious:
        raise RuleError("ih.attack.attacker-unconscious", name=attacker.name)
    kind = command.action or ActionKind.STANDARD
    if kind is ActionKind.FREE:
        raise RuleError("ih.attack.free-action", name=attacker.name)
    if same(state.current, attacker.name):
        return budget.spend(state, attacker.name, kind)
    pending = state.interrupt
    if pending is not None and same(pending.reactor, attacker.name) and command.action is None:
        return state, ()
    if kind is ActionKind.REFLEX:
        return budget.spend(state, attacker.name, kind)
    raise RuleError("ih.attack.not-your-turn", name=attacker.name, current=state.current or "—")


def attack_json(event: AttackRolled) -> dict[str, Any]:
    """The ``attack`` record of a roll (INTERFACE.md §3's keys first, more added after)."""
    return {
        "target": event.target,
        "pool_before_defense": event.pool_before_defense,
        "defense": event.defense,
        "defense_bonus": event.defense_bonus,
        "hit": event.hit,
        "attack_bonus": event.attack_bonus,
        "damage": event.damage,
        "cancelled": event.cancelled,
        "bonus_applied": event.bonus_applied,
        "penalty": event.penalty,
        "base_defense": event.base_defense,
        "flat_footed": event.flat_footed,
        "willpower_defense": event.willpower_defense,
        "doubled": event.doubled,
        "miss": event.miss or None,
        "attack": event.index,
        "attacks": event.attacks,
        "no_damage": event.no_damage,
        "gained": event.gained,
    }
