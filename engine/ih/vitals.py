"""Health, willpower and defense in the fight (RULES.md §1.7, §2.2, §3.8).

Health 0 means unconscious. The willpower spends of §1.7 keep their limits here: +3 DP once per
action; +2 defense as a reflex until the spender's next turn; staying conscious as a reflex
once per scene (then fainting until the scene is over); the origin's impulse (once a movie,
willpower to max) and trait (once a scene, +1). Declared defense bonus successes are spent
until the defender's next action (§3.8).
"""

from __future__ import annotations

from enum import StrEnum

from engine.errors import RuleError
from engine.events import Event, Events
from engine.ih.budget import charge_reflex
from engine.ih.encounter import Combatant, Encounter, Phase, find, put, same
from engine.ih.events import (
    Damaged,
    DamagePastZero,
    DefenseDeclared,
    DefenseSet,
    Healed,
    Revived,
    TemporaryHealth,
    Unconscious,
    WillpowerChanged,
)
from engine.records import replace


class WillpowerUse(StrEnum):
    """The willpower spends and regains of RULES.md §1.7."""

    DICE = "+3dp"
    DEFENSE = "defense"
    CONSCIOUS = "conscious"
    IMPULSE = "impulse"
    TRAIT = "trait"


def damage(state: Encounter, name: str, amount: int) -> tuple[Encounter, Events]:
    """Take damage; health stops at 0, and 0 knocks the combatant out (RULES.md §3.9, [I-20]).

    Damage beyond 0 is recorded (``damage_past_zero``, a :class:`DamagePastZero` event): death
    has no rule in the sources and is the ST's call. With ``health_zero_knocks_out`` off the
    engine leaves fainting to the ST (``faint NAME``).
    """
    combatant = find(state, name)
    if amount < 0:
        raise RuleError("ih.vitals.damage-negative-use-heal")
    health = max(combatant.health - amount, 0)
    past = max(amount - combatant.health, 0)
    updated = replace(combatant, health=health, damage_past_zero=combatant.damage_past_zero + past)
    events: list[Event] = [Damaged(combatant.name, amount, health)]
    if past:
        events.append(DamagePastZero(combatant.name, past, updated.damage_past_zero))
    if not state.interpretations.health_zero_knocks_out:
        return put(state, updated), tuple(events)
    newly_out = health == 0 and amount > 0 and not combatant.unconscious
    retriggered = health == 0 and combatant.kept_conscious and amount > 0
    if newly_out or retriggered:
        if retriggered:
            updated = replace(updated, kept_conscious=False, asleep_until_scene_end=True)
        updated = replace(updated, unconscious=True)
        events.append(Unconscious(combatant.name, "health"))
    return put(state, updated), tuple(events)


def faint(state: Encounter, name: str) -> tuple[Encounter, Events]:
    """``faint NAME``: the ST knocks a combatant out (RULES.md §3.9; with [I-20]'s
    ``health_zero_knocks_out`` off, health 0 leaves this call to the ST).

    Raises:
        RuleError: already unconscious.
    """
    combatant = find(state, name)
    if combatant.unconscious:
        raise RuleError("ih.vitals.already-unconscious", name=combatant.name)
    updated = replace(combatant, unconscious=True, kept_conscious=False)
    return put(state, updated), (Unconscious(combatant.name, "st"),)


def heal(state: Encounter, name: str, amount: int) -> tuple[Encounter, Events]:
    """Restore health up to the maximum; above 0 the combatant comes round (unless fainted)."""
    combatant = find(state, name)
    if amount < 0:
        raise RuleError("ih.vitals.healing-negative-use-damage")
    health = min(combatant.health + amount, combatant.health_max)
    past = combatant.damage_past_zero if health == 0 else 0  # back above 0: the record ends
    updated = replace(combatant, health=health, damage_past_zero=past)
    events: list[Event] = [Healed(combatant.name, health - combatant.health, health)]
    if combatant.unconscious and health > 0 and not combatant.asleep_until_scene_end:
        updated = replace(updated, unconscious=False)
        events.append(Revived(combatant.name))
    return put(state, updated), tuple(events)


def adjust_willpower(state: Encounter, name: str, change: int) -> tuple[Encounter, Events]:
    """Change the willpower pool by hand, between 0 and the maximum."""
    combatant = find(state, name)
    if change == 0:
        raise RuleError("ih.vitals.willpower-change-needs-non")
    if combatant.willpower + change < 0:
        raise RuleError(
            "ih.vitals.willpower-lose",
            name=combatant.name,
            willpower=combatant.willpower,
            amount=-change,
        )
    value = min(combatant.willpower + change, combatant.willpower_max)
    updated = replace(combatant, willpower=value)
    event = WillpowerChanged(combatant.name, value - combatant.willpower, value, "adjust")
    return put(state, updated), (event,)


def use_willpower(state: Encounter, name: str, use: WillpowerUse) -> tuple[Encounter, Events]:
    """One of the §1.7 uses of willpower, with its limit and action cost."""
    combatant = find(state, name)
    if use is WillpowerUse.IMPULSE:
        if combatant.impulse_used_movie:
            raise RuleError("ih.vitals.already-acted-impulse-movie", name=combatant.name)
        value = combatant.willpower_max
        updated = replace(combatant, willpower=value, impulse_used_movie=True)
        return put(state, updated), (
            WillpowerChanged(combatant.name, value - combatant.willpower, value, use.value),
        )
    if use is WillpowerUse.TRAIT:
        if combatant.trait_used_scene:
            raise RuleError("ih.vitals.already-acted-trait-scene", name=combatant.name)
        value = min(combatant.willpower + 1, combatant.willpower_max)
        updated = replace(combatant, willpower=value, trait_used_scene=True)
        return put(state, updated), (
            WillpowerChanged(combatant.name, value - combatant.willpower, value, use.value),
        )
    if combatant.willpower < 1:  # each use says what it could not buy
        if use is WillpowerUse.DICE:
            raise RuleError("ih.willpower.none-left", name=combatant.name)
        if use is WillpowerUse.DEFENSE:
            raise RuleError("ih.willpower.none-left-defense", name=combatant.name)
        raise RuleError("ih.willpower.none-left-conscious", name=combatant.name)
    if use is WillpowerUse.DICE:
        return _spend_for_dice(state, combatant)
    if use is WillpowerUse.DEFENSE:
        return _spend_for_defense(state, combatant)
    return _spend_to_stay_conscious(state, combatant)


TEMPORARY_TRAITS: tuple[str, ...] = ("stamina", "size")
"""The traits whose temporary points add health boxes (Health = Stamina + Size, §2.2)."""


def temporary_health(
    state: Encounter, name: str, trait: str, amount: int | None
) -> tuple[Encounter, Events]:
    """Temporary Stamina or Size: ``amount`` more health boxes, or (``None``) the end of it.

    RULES.md §2.2: temporary Stamina or Size adds health boxes; when it ends, the boxes closest
    to unharmed go first: the unharmed boxes are lost before the damaged ones, so the damage
    taken stays and health drops by the boxes lost (at 0 the combatant falls unconscious).

    Raises:
        RuleError: an unknown trait, an amount below 1, or ending what is not there.
    """
    combatant = find(state, name)
    trait = trait.lower()
    if trait not in TEMPORARY_TRAITS:
        raise RuleError("ih.temporary.trait", name=combatant.name, trait=trait)
    held = dict(combatant.temporary_boxes)
    if amount is None:
        boxes = held.pop(trait, 0)
        if boxes == 0:
            raise RuleError("ih.temporary.none", name=combatant.name, trait=trait)
        health_max = combatant.health_max - boxes
        health = max(min(combatant.health - boxes, health_max), 0)
        updated = replace(
            combatant, health=health, health_max=health_max, temporary_boxes=tuple(held.items())
        )
        events: list[Event] = [TemporaryHealth(combatant.name, trait, -boxes, health, health_max)]
        if health == 0 and not combatant.unconscious:
            updated = replace(updated, unconscious=True)
            events.append(Unconscious(combatant.name, "health"))
        return put(state, updated), tuple(events)
    if amount < 1:
        raise RuleError("ih.temporary.amount", name=combatant.name, trait=trait, amount=amount)
    held[trait] = held.get(trait, 0) + amount
    updated = replace(
        combatant,
        health=combatant.health + amount,
        health_max=combatant.health_max + amount,
        temporary_boxes=tuple(held.items()),
    )
    event = TemporaryHealth(combatant.name, trait, amount, updated.health, updated.health_max)
    return put(state, updated), (event,)


def set_defense(state: Encounter, name: str, value: int) -> tuple[Encounter, Events]:
    """The base defense now (RULES.md §3.8): brought down to 0 (charging, multi-attack
    penalties, high speed), it loses the defense bonus from legendary Dexterity/Wits."""
    combatant = find(state, name)
    if value < 0:
        raise RuleError("ih.defense.negative", name=combatant.name, value=value)
    dropped = value == 0 and (combatant.defense > 0 or combatant.defense_dropped)
    updated = replace(combatant, defense=value, defense_dropped=dropped)
    lost = dropped and legendary_defense_bonus(combatant) > 0
    return put(state, updated), (DefenseSet(combatant.name, value, lost),)


def legendary_defense_bonus(combatant: Combatant) -> int:
    """The defense bonus successes of a legendary Dexterity or Wits: those base defense at 0
    loses (§3.8); the rest (gear, powers: ``defense_bonus_kept``) stays."""
    return combatant.defense_bonus - kept_defense_bonus(combatant)


def kept_defense_bonus(combatant: Combatant) -> int:
    """The defense bonus successes that base defense at 0 does not take away (§3.8)."""
    return max(min(combatant.defense_bonus_kept, combatant.defense_bonus), 0)


def usable_defense_bonus(combatant: Combatant, base_zero: bool | None = None) -> int:
    """The defense bonus pool the combatant may declare from now (§3.8): all of it, or with
    base defense at 0 (``base_zero``; by default: brought to 0 with ``defense NAME 0``) only
    what is not a legendary Dexterity's or Wits's."""
    zero = combatant.defense_dropped if base_zero is None else base_zero
    return kept_defense_bonus(combatant) if zero else combatant.defense_bonus


def defense_bonus_left(combatant: Combatant, base_zero: bool | None = None) -> int:
    """Defense bonus successes still available until the next turn (§3.8): while base defense
    is 0 the legendary Dexterity/Wits bonus is lost, the rest may still be declared."""
    return max(usable_defense_bonus(combatant, base_zero) - combatant.defense_spent, 0)


def declare_defense(
    state: Encounter, name: str, successes: int, base_zero: bool | None = None
) -> tuple[Encounter, Events]:
    """Declare defense bonus successes before an attack roll (RULES.md §3.8).

    They are spent whatever the roll (excess is wasted) and return at the defender's next turn;
    the next ``attack`` on the defender meets them (``engine/ih/attack.py``). ``base_zero``:
    base defense is 0 against this attack (see :func:`usable_defense_bonus`).
    """
    combatant = find(state, name)
    if successes < 1:
        raise RuleError("ih.vitals.declare-least-defense-bonus")
    zero = combatant.defense_dropped if base_zero is None else base_zero
    if zero and combatant.defense_bonus > 0 and kept_defense_bonus(combatant) == 0:
        raise RuleError("ih.defense.bonus-lost", name=combatant.name)
    require_defense_bonus_left(combatant, successes, zero)
    updated = replace(
        combatant,
        defense_spent=combatant.defense_spent + successes,
        defense_declared=combatant.defense_declared + successes,
    )
    left = combatant.defense_bonus - updated.defense_spent
    event = DefenseDeclared(combatant.name, successes, left)
    return put(state, updated), (event,)


def end_kept_conscious(state: Encounter, combatant: Combatant) -> tuple[Encounter, Events]:
    """The kept-conscious round is over: faint at once, until the scene ends (§1.7)."""
    updated = replace(
        combatant, kept_conscious=False, unconscious=True, asleep_until_scene_end=True
    )
    return put(state, updated), (Unconscious(combatant.name, "kept-conscious-ended"),)


def _spend_for_dice(state: Encounter, combatant: Combatant) -> tuple[Encounter, Events]:
    """``willpower NAME +3dp``: spent now, its dice go into NAME's next roll (§1.7)."""
    if combatant.unconscious:
        raise RuleError("ih.willpower.unconscious", name=combatant.name)
    if combatant.boost_pending:
        raise RuleError("ih.willpower.once-per-action", name=combatant.name)
    value = combatant.willpower - 1
    updated = replace(combatant, willpower=value, boost_pending=True, boost_rolled=False)
    return put(state, updated), (
        WillpowerChanged(combatant.name, -1, value, WillpowerUse.DICE.value),
    )


def willpower_dice_for_roll(
    state: Encounter, name: str, asked: bool
) -> tuple[Encounter, Events, bool]:
    """Tie willpower's +3 DP to one roll by ``name`` (RULES.md §1.7); whether the roll gets it.

    §1.7: "spend 1 willpower for +3 DP on one action that is not extended and needs a single
    roll; once per action". One spend is one roll's dice, whichever way it is asked for:

    - ``asked`` (``roll … --willpower by=NAME``, the roll dialog's box, a sheet check with
      willpower) spends 1 willpower now, or uses the +3 DP already spent with
      ``willpower NAME +3dp`` and not yet rolled; refused at 0 willpower and refused when this
      action's +3 DP has already gone into a roll (once per action);
    - not ``asked``: a +3 DP spent with ``willpower NAME +3dp`` and waiting goes into this roll;
      otherwise nothing changes.

    A new action begins when the combatant spends an action after the boosted roll, or at the
    start of their turn; outside a fight (setup) every roll is its own action. The caller
    (``engine/commands.py`` for ``roll``; a sheet ``check``) rolls with ``willpower=True``
    exactly when the third value is True, and must not call this for an extended action
    (§1.8).

    Raises:
        RuleError: unconscious, no willpower left, or +3 DP already rolled on this action.
    """
    combatant = find(state, name)
    waiting = combatant.boost_pending and not combatant.boost_rolled
    if not asked and not waiting:
        return state, (), False
    events: Events = ()
    if not waiting:
        if combatant.boost_pending:
            raise RuleError("ih.willpower.once-per-action", name=combatant.name)
        if combatant.willpower < 1:
            raise RuleError("ih.willpower.none-left", name=combatant.name)
        state, events = _spend_for_dice(state, combatant)
        combatant = find(state, name)
    used = replace(combatant, boost_rolled=True)
    if state.phase is Phase.SETUP:  # no actions are tracked before the fight
        used = replace(used, boost_pending=False, boost_rolled=False)
    return put(state, used), events, True


def _spend_for_defense(state: Encounter, combatant: Combatant) -> tuple[Encounter, Events]:
    if combatant.unconscious:
        raise RuleError("ih.act.unconscious", name=combatant.name)
    if combatant.willpower_defense:
        raise RuleError("ih.willpower.defense-held", name=combatant.name)
    state, charged = charge_reflex(state, combatant.name)
    combatant = find(state, combatant.name)
    value = combatant.willpower - 1
    updated = replace(combatant, willpower=value, willpower_defense=True)
    event = WillpowerChanged(combatant.name, -1, value, WillpowerUse.DEFENSE.value)
    return put(state, updated), (*charged, event)


def _spend_to_stay_conscious(state: Encounter, combatant: Combatant) -> tuple[Encounter, Events]:
    if not combatant.unconscious or combatant.health > 0:
        raise RuleError("ih.vitals.falling-unconscious-injury", name=combatant.name)
    if combatant.asleep_until_scene_end:
        raise RuleError("ih.vitals.fainted-sleeps-until-scene", name=combatant.name)
    if combatant.conscious_used_scene:
        raise RuleError("ih.vitals.already-stayed-conscious-once", name=combatant.name)
    awake = replace(combatant, unconscious=False)
    state = put(state, awake)
    state, charged = charge_reflex(state, combatant.name)
    combatant = find(state, combatant.name)
    value = combatant.willpower - 1
    since = combatant.turns_taken + (1 if same(state.current, combatant.name) else 0)
    updated = replace(
        combatant,
        willpower=value,
        kept_conscious=True,
        kept_since=since,
        conscious_used_scene=True,
    )
    event = WillpowerChanged(combatant.name, -1, value, WillpowerUse.CONSCIOUS.value)
    return put(state, updated), (*charged, event)


def require_defense_bonus_left(
    combatant: Combatant, successes: int, base_zero: bool | None = None
) -> None:
    """Refuse declaring ``successes`` of defense bonus beyond what is left of the combatant's
    pool this round (RULES.md §3.8: ``defend``, and ``attack … defend=``); with base defense
    at 0, beyond what is left without the legendary Dexterity/Wits bonus."""
    left = defense_bonus_left(combatant, base_zero)
    if successes > left:
        raise RuleError(
            "ih.vitals.defense-bonus-success-es",
            name=combatant.name,
            left=left,
            defense_bonus=usable_defense_bonus(combatant, base_zero),
            successes=successes,
        )
