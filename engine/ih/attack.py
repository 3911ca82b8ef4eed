"""An attack resolved end to end: pool, defense, defense bonus, damage, unconsciousness.

RULES.md §3.9 writes the chain; each open point is a setting of ``engine/settings.py``:

1. The attacker's pool: ``dp=N`` (a Storyteller who keeps stats on paper) or the sheet's
   traits, plus dice modifiers, plus willpower's +3 DP (§1.7: 1 willpower of the attacker,
   once per action, on an action that needs a single roll).
2. The target's base defense (0 when flat-footed, [I-13]), +2 with its willpower defense,
   the whole doubled after a reflex move that left the attacker's reach (§3.7), comes off the
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
the log, the session report and undo carry it. The pure arithmetic of steps 3–4 is
:func:`resolve_successes`, shared with the exact odds (``attack_odds.py``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from engine.dice.ih import UNTRAINED_PENALTY, CheckSpec, Untrained, roll_check
from engine.errors import RuleError
from engine.ih import budget, checks, interrupts, turns, vitals
from engine.ih.commands import Attack
from engine.ih.encounter import ActionKind, Combatant, Encounter, Phase, index_of, put, same
from engine.ih.events import AttackRolled
from engine.ih.rolls import AttackRecord, PoolPart, RollRecord

Events = tuple[object, ...]

WILLPOWER_DICE = 3
"""§1.7: 1 willpower buys +3 DP for one action."""
WILLPOWER_DEFENSE = 2
"""§1.7: 1 willpower as a reflex buys +2 defense for one round."""
REFLEX_MOVE_FACTOR = 2
"""§3.7: a reflex move out of the attacker's reach doubles the mover's defense."""
MAX_ATTACKS = 20
"""The most attacks one action makes here (the rules set none; each is a roll, and the odds
add them up, so a typo of ``attacks=9999`` is refused rather than computed for minutes)."""


@dataclass(frozen=True, slots=True)
class Successes:
    """Steps 3–4 of §3.9 for one roll: what the declared defense bonus and penalty left."""

    cancelled: int
    effective: int
    bonus_applied: int
    final: int
    miss: str
    """Why it missed: ``"cancelled"`` (defense bonus cancelled every rolled success),
    ``"no-successes"`` (none rolled), ``"penalty"`` (the penalty left none); ``""`` on a hit."""

    @property
    def hit(self) -> bool:
        return self.final > 0


def resolve_successes(
    rolled: int, declared: int, penalty: int, bonus: int, chance: bool
) -> Successes:
    """Rolled successes to final ones (RULES.md §3.9 steps 3–4, §1.1.4–6, §1.3).

    The declared defense bonus cancels rolled successes first; cancelling all of them is a
    miss (no attack bonus). The penalty then comes off, and the attack bonus is added only to a
    count still above 0. A chance roll takes no attack bonus (§1.3: nothing adds successes).
    """
    cancelled = min(declared, rolled)
    left = rolled - cancelled
    effective = left - penalty
    if rolled == 0:
        return Successes(cancelled, effective, 0, 0, "no-successes")
    if left == 0:
        return Successes(cancelled, effective, 0, 0, "cancelled")
    if effective <= 0:
        return Successes(cancelled, effective, 0, 0, "penalty")
    applied = 0 if chance else bonus
    return Successes(cancelled, effective, applied, effective + applied, "")


@dataclass(frozen=True, slots=True)
class Defense:
    """What a target's defense takes off an attacker's pool (§3.9 step 2)."""

    base: int
    """The base defense counted: the record's, or 0 when flat-footed ([I-13])."""
    flat_footed: bool
    willpower: bool
    doubled: bool
    total: int
    """(base + willpower's 2) × 2 after a reflex move out of reach."""
    subtracted: int
    """``total`` with [I-12] on, else 0 (the Storyteller applies it by hand)."""
    bonus_lost: bool = False
    """Base defense brought down to 0 (flat-footed under [I-13], or ``defense NAME 0``): the
    defense bonus successes of legendary Dexterity/Wits are lost (§3.8)."""


def defense_against(state: Encounter, target: Combatant, moved: bool) -> Defense:
    """The target's defense against one attack now (RULES.md §3.9 step 2, [I-12], [I-13])."""
    settings = state.interpretations
    flat = turns.flat_footed(state, target)
    caught = flat and settings.flat_footed_loses_base_defense
    base = 0 if caught else target.defense
    willpower = target.willpower_defense
    total = (base + (WILLPOWER_DEFENSE if willpower else 0)) * (REFLEX_MOVE_FACTOR if moved else 1)
    subtracted = total if settings.defense_subtracts_from_pool else 0
    lost = target.defense_dropped or (caught and target.defense > 0)
    return Defense(base, flat, willpower, moved, total, subtracted, lost)


def bonus_shares(bonus: int, attacks: int, split: tuple[int, ...]) -> tuple[int, ...]:
    """The attack bonus of each attack of one action (§3.8: split before rolling).

    With no split declared the bonus is shared evenly, the first attacks taking the remainder.

    Raises:
        RuleError: a split of the wrong length or one that does not add up to the bonus.
    """
    if not split:
        return tuple(bonus // attacks + (1 if k < bonus % attacks else 0) for k in range(attacks))
    if len(split) != attacks:
        raise RuleError(
            "ih.attack.split-count", count=len(split), attacks=attacks, split=_csv(split)
        )
    if any(share < 0 for share in split):
        raise RuleError("ih.attack.split-negative", split=_csv(split))
    if sum(split) != bonus:
        raise RuleError("ih.attack.split-sum", split=_csv(split), total=sum(split), bonus=bonus)
    return split


@dataclass(frozen=True, slots=True)
class Pool:
    """The attacker's pool before modifiers and willpower (§3.9 step 1), and what the sheet adds.

    From ``dp=N`` only ``dp`` is set. From a sheet (``TRAIT+TRAIT``, ``engine/ih/checks.py``):
    the traits' bonus successes (§1.5, added to every roll of the action like attack bonus
    successes from traits, §3.8) and an untrained skill's lost successes (§1.4).
    """

    dp: int
    label: str
    trait_bonus: int = 0
    untrained_penalty: int = 0
    parts: tuple[PoolPart, ...] = ()
    bonus_parts: tuple[PoolPart, ...] = ()


def pool_of(state: Encounter, command: Attack) -> Pool:
    """The pool ``command`` rolls: ``dp=N``, or its traits on the attacker's sheet.

    Raises:
        RuleError: traits for an attacker without a sheet; traits the sheet
            refuses (``check_pool``); a mental skill at 0, which fails with no roll (§1.4).
    """
    if command.dp is not None:  # any integer (§1.1.1): 0 or less after modifiers is a chance roll
        return Pool(dp=command.dp, label=command.pool_label)
    traits = command.traits or ""
    sheet = None
    if index_of(state, command.attacker) >= 0:
        sheet = checks.sheet_of(state, command.attacker)
    if sheet is None:
        raise RuleError("ih.attack.no-sheet", name=command.attacker, traits=traits)
    found = checks.check_pool(sheet, traits, state.interpretations, state.system)
    if found.untrained is Untrained.MENTAL:
        raise RuleError("ih.attack.untrained-mental", name=command.attacker, traits=found.label)
    untrained = UNTRAINED_PENALTY if found.untrained is not None else 0
    return Pool(
        dp=found.dp,
        label=found.label,
        trait_bonus=found.bonus,
        untrained_penalty=untrained,
        parts=found.parts,
        bonus_parts=found.bonus_parts,
    )


@dataclass(frozen=True, slots=True)
class Reading:
    """What an attack command says once checked against the fight (shared with the odds)."""

    attacker: Combatant
    targets: tuple[str, ...]
    pool: Pool
    shares: tuple[int, ...]
    declared: dict[str, int]
    moved: set[str]


def read_attack(state: Encounter, command: Attack) -> Reading:
    """Check ``command`` against ``state`` before anything changes (the attack and its odds).

    Raises:
        RuleError: an unknown attacker or target, a bad count, split or option, a pool the
            sheet refuses, willpower on an action of several rolls.
    """
    attacker = find_combatant(state, command.attacker, "ih.attack.unknown-attacker")
    targets = target_names(state, command, attacker)
    if not 1 <= command.attacks <= MAX_ATTACKS:
        raise RuleError("ih.attack.attacks-count", attacks=command.attacks, most=MAX_ATTACKS)
    if len(targets) > 1 and command.attacks > 1:
        raise RuleError("ih.attack.multi-target-split", count=len(targets))
    for what, value in (("bonus", command.bonus), ("penalty", command.penalty)):
        if value < 0:
            raise RuleError("ih.attack.negative", option=what, value=value)
    pool = pool_of(state, command)
    # §3.8: one pool of attack bonus successes (``bonus=`` and the sheet's trait bonus, §1.5),
    # split among the attacks of one action on one target; each of several targets gets it all.
    shares = bonus_shares(command.bonus + pool.trait_bonus, command.attacks, command.split)
    rolls = command.attacks * len(targets)
    waiting = attacker.boost_pending and not attacker.boost_rolled
    if (command.willpower or waiting) and rolls > 1:
        raise RuleError("ih.attack.willpower-one-roll", name=attacker.name, rolls=rolls)
    declared = declared_now(command, targets)
    moved = moved_targets(command, targets)
    return Reading(attacker, targets, pool, shares, declared, moved)


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
    plan = _Plan(command, attacker.name, pool, pool_now, shares, boost)
    for target_name in targets:
        state, made = _attack_target(
            state, plan, rng, target_name,
            declared.get(target_name.casefold(), 0), target_name.casefold() in moved,
        )  # fmt: skip
        events += made
    return state, events


@dataclass(frozen=True, slots=True)
class _Plan:
    """What every roll of one attack action shares."""

    command: Attack
    attacker: str
    pool: Pool
    pool_now: int
    shares: tuple[int, ...]
    willpower: bool


def _attack_target(
    state: Encounter, plan: _Plan, rng: random.Random, target_name: str, declare: int, moved: bool
) -> tuple[Encounter, Events]:
    """Every attack of the action on one target, in order."""
    command, attacker, pool, shares = plan.command, plan.attacker, plan.pool_now, plan.shares
    penalty = command.penalty + plan.pool.untrained_penalty
    events: Events = ()
    target = find_combatant(state, target_name, "ih.attack.unknown-target")
    defense = defense_against(state, target, moved)
    if declare:
        if defense.bonus_lost:
            raise RuleError("ih.attack.defense-bonus-lost", name=target.name)
        state, declared_events = vitals.declare_defense(state, target.name, declare)
        events += declared_events
        target = find_combatant(state, target.name, "ih.attack.unknown-target")
    declared = 0 if defense.bonus_lost else target.defense_declared
    state = put(state, replace(target, defense_declared=0))
    for index, share in enumerate(shares):
        target = find_combatant(state, target.name, "ih.attack.unknown-target")
        if index:  # a later attack of the action meets the defense as it is now
            defense = defense_against(state, target, moved)
        rolled_pool = pool - defense.subtracted
        spec = CheckSpec(
            system=state.system,
            dp=rolled_pool,
            again=command.again,
            level=command.level,
            interpretations=state.interpretations,
        )
        result = roll_check(spec, rng)
        bonus = share
        counted = resolve_successes(
            result.rolled_successes, declared, penalty, bonus, result.chance
        )
        declared_here, declared = declared, 0  # declared before the first roll (§3.8)
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
        if damage:
            state, hurt = vitals.damage(state, target.name, damage)
            events += hurt
            state, failed = _interrupted_action_fails(state, attacker, target.name)
            events += failed
    return state, events


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


def find_combatant(state: Encounter, name: str, code: str) -> Combatant:
    index = index_of(state, name.strip())
    if index < 0:
        known = ", ".join(c.name for c in state.order) or "—"
        if code == "ih.attack.unknown-attacker":
            raise RuleError("ih.attack.unknown-attacker", name=name, known=known)
        raise RuleError("ih.attack.unknown-target", name=name, known=known)
    return state.order[index]


def target_names(state: Encounter, command: Attack, attacker: Combatant) -> tuple[str, ...]:
    """The targets' names as the order spells them; a name with a comma in it is one name."""
    wanted = command.targets
    if len(wanted) > 1 and index_of(state, ",".join(wanted)) >= 0:
        wanted = (",".join(wanted),)
    if not wanted:
        raise RuleError("ih.attack.no-target", name=attacker.name)
    names: list[str] = []
    for name in wanted:
        target = find_combatant(state, name, "ih.attack.unknown-target")
        if target.key == attacker.key:
            raise RuleError("ih.attack.self", name=attacker.name)
        if any(same(target.name, other) for other in names):
            raise RuleError("ih.attack.target-twice", name=target.name)
        names.append(target.name)
    return tuple(names)


def declared_now(command: Attack, targets: tuple[str, ...]) -> dict[str, int]:
    """``defend=N`` (one target) or ``defend=NAME:N,…``: defense bonus declared now (§3.8)."""
    declared: dict[str, int] = {}
    for who, count in command.defend:
        if count < 1:
            raise RuleError("ih.attack.defend-count", count=count)
        if who == "":
            if len(targets) != 1:
                raise RuleError("ih.attack.defend-whom", count=len(targets))
            who = targets[0]
        if not any(same(who, name) for name in targets):
            raise RuleError("ih.attack.defend-not-target", name=who)
        declared[who.casefold()] = declared.get(who.casefold(), 0) + count
    return declared


def moved_targets(command: Attack, targets: tuple[str, ...]) -> set[str]:
    """The targets whose reflex move left the attacker's reach (§3.7); ``*`` = every target."""
    moved: set[str] = set()
    for who in command.reflex_move:
        if who == "*":
            return {name.casefold() for name in targets}
        if not any(same(who, name) for name in targets):
            raise RuleError("ih.attack.moved-not-target", name=who)
        moved.add(who.casefold())
    return moved


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


def _csv(values: tuple[int, ...]) -> str:
    return ",".join(str(v) for v in values)


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
    }
