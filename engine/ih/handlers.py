"""Every Infinite Horror command and the rule that applies it (RULES.md §2–§3).

``HANDLERS`` maps each type of :data:`engine.ih.commands.Command` to one named handler
``(state, command, rng) -> (state, events)`` (``engine/dispatch.py``); each handler hands the
command's fields to the module of its rule.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from engine.dispatch import Handler
from engine.errors import RuleError
from engine.events import Events
from engine.ih import (
    attack,
    attack_reading,
    boundaries,
    budget,
    cast,
    check_command,
    effects,
    extended,
    initiative,
    interrupts,
    postpone,
    roster,
    sheet_rules,
    turns,
    visibility,
    vitals,
)
from engine.ih import commands as c
from engine.ih.encounter import Encounter, Phase, find, index_of, put, same
from engine.ih.events import AbilityNoted, NoteAdded
from engine.records import replace

Result = tuple[Encounter, Events]


def add(state: Encounter, command: c.Add, rng: random.Random) -> Result:
    """§3.3: a combatant joins the order (initiative rolled or given)."""
    return roster.add(state, command.entry, rng, command.join)


def surprise(state: Encounter, command: c.Surprise, rng: random.Random) -> Result:
    """§3.2: the fight opens with a surprise round."""
    return turns.surprise(state, command.names)


def begin(state: Encounter, command: c.Begin, rng: random.Random) -> Result:
    """§3.3: the first round starts."""
    return turns.begin(state, command.down)


def next_turn(state: Encounter, command: c.Next, rng: random.Random) -> Result:
    """§3.3: the current actor's turn ends; the next starts."""
    return turns.next_turn(state, command.down)


def spend(state: Encounter, command: c.Spend, rng: random.Random) -> Result:
    """§3.6–§3.7: an action of the turn's budget, or a reflex."""
    return budget.spend(state, command.name, command.kind, command.label)


def delay(state: Encounter, command: c.Delay, rng: random.Random) -> Result:
    """§3.4: a delay; when the current actor delays, the next turn starts at once."""
    mover = find(state, command.name)
    was_current = same(state.current, mover.name)
    position = index_of(state, mover.name)
    if command.after is None:
        state, events = initiative.delay_next_round(state, mover.name)
        if state.phase is not Phase.SETUP:  # who waited on them acts this round after all
            state, released = turns.release_waiting_on(state, mover.name, left=True)
            events = (*events, *released)
    else:
        state, events = initiative.delay_after(state, mover.name, command.after)
    if not was_current:
        return state, events
    moved = find(state, mover.name)
    if turns.can_act_now(state, moved) and _first_to_act(state) == moved.key:
        return state, events
    state = postpone.postpone_turn(replace(state, current=None), mover.name)
    state, started = turns.advance(state, position - 1)
    return state, (*events, *started)


def _first_to_act(state: Encounter) -> str | None:
    for combatant in state.order:
        if turns.can_act_now(state, combatant):
            return combatant.key
    return None


def change_initiative(state: Encounter, command: c.ChangeInitiative, rng: random.Random) -> Result:
    """§3.5: an initiative score changed mid-fight."""
    return initiative.change(state, command.name, command.amount, rng)


def swap(state: Encounter, command: c.Swap, rng: random.Random) -> Result:
    """§3.3: two combatants trade places in the order."""
    return initiative.swap(state, command.first, command.second)


def remove(state: Encounter, command: c.Remove, rng: random.Random) -> Result:
    """A combatant leaves the fight; a character of the cast keeps the condition they leave
    it in (issue 25)."""
    return turns.remove(cast.left_the_fight(state, command.name), command.name)


def hide(state: Encounter, command: c.Hide, rng: random.Random) -> Result:
    """A combatant is left out of the players' view."""
    return visibility.hide(state, command.name)


def reveal(state: Encounter, command: c.Reveal, rng: random.Random) -> Result:
    """A hidden combatant is shown in the players' view."""
    return visibility.reveal(state, command.name)


def faint(state: Encounter, command: c.Faint, rng: random.Random) -> Result:
    """§3.9 [I-20]: the ST knocks a combatant out."""
    return vitals.faint(state, command.name)


def damage(state: Encounter, command: c.Damage, rng: random.Random) -> Result:
    """§2.2: health boxes lost (derived Health)."""
    return vitals.damage(state, command.name, command.amount)


def heal(state: Encounter, command: c.Heal, rng: random.Random) -> Result:
    """§2.2: health boxes back."""
    return vitals.heal(state, command.name, command.amount)


def adjust_willpower(state: Encounter, command: c.AdjustWillpower, rng: random.Random) -> Result:
    """§1.7: willpower points gained or lost."""
    return vitals.adjust_willpower(state, command.name, command.amount)


def use_willpower(state: Encounter, command: c.UseWillpower, rng: random.Random) -> Result:
    """§1.7: willpower spent for dice, defense or staying conscious."""
    return vitals.use_willpower(state, command.name, command.use)


def defend(state: Encounter, command: c.Defend, rng: random.Random) -> Result:
    """§3.8: defense bonus successes declared before an attack roll.

    Refused while the defender is flat-footed under [I-13] and its whole pool is a legendary
    Dexterity's or Wits's: with no base defense that bonus is lost (§3.8), so a declaration
    would spend the pool for nothing; what gear or powers give may still be declared.
    """
    defender = find(state, command.name)
    defense = attack_reading.defense_against(state, defender, moved=False)
    flat = defense.flat_footed and not defender.defense_dropped
    if flat and defense.bonus_lost and defense.bonus_kept == 0:
        raise RuleError("ih.defense.flat-footed", name=defender.name)
    return vitals.declare_defense(state, command.name, command.successes, defense.base_zero)


def attack_(state: Encounter, command: c.Attack, rng: random.Random) -> Result:
    """§3.9: an attack rolled against its targets."""
    return attack.attack(state, command, rng)


def add_effect(state: Encounter, command: c.AddEffect, rng: random.Random) -> Result:
    """§3.1: a lasting effect counted in rounds."""
    return effects.add(state, command.name, command.label, command.rounds, command.source)


def end_effect(state: Encounter, command: c.EndEffect, rng: random.Random) -> Result:
    """§3.1: an effect ended early."""
    return effects.end(state, command.name, command.label)


def declare_interrupt(state: Encounter, command: c.DeclareInterrupt, rng: random.Random) -> Result:
    """§3.7: an interrupt declared against the current actor."""
    return interrupts.declare(state, command.reactor, command.target, command.prepaid)


def resolve_interrupt(state: Encounter, command: c.ResolveInterrupt, rng: random.Random) -> Result:
    """§3.7: the interrupt's outcome."""
    return interrupts.resolve(state, command.outcome)


def extra(state: Encounter, command: c.Extra, rng: random.Random) -> Result:
    """§3.6: extra actions granted."""
    return budget.set_extra(state, command.name, command.kind, command.count, command.this_turn)


def cap_free(state: Encounter, command: c.CapFree, rng: random.Random) -> Result:
    """§3.6: the cap on free actions per turn."""
    return budget.set_free_cap(state, command.cap)


def note(state: Encounter, command: c.Note, rng: random.Random) -> Result:
    """A note kept on a combatant."""
    combatant = find(state, command.name)
    noted = replace(combatant, notes=combatant.notes + (command.text,))
    return put(state, noted), (NoteAdded(combatant.name, command.text),)


def ability(state: Encounter, command: c.Ability, rng: random.Random) -> Result:
    """An ability noted on a combatant."""
    combatant = find(state, command.name)
    noted = replace(combatant, abilities=combatant.abilities + (command.text,))
    return put(state, noted), (AbilityNoted(combatant.name, command.text),)


def temporary(state: Encounter, command: c.Temporary, rng: random.Random) -> Result:
    """§2.2: temporary health boxes from a trait."""
    return vitals.temporary_health(state, command.name, command.trait, command.amount)


def set_defense(state: Encounter, command: c.SetDefense, rng: random.Random) -> Result:
    """§2.2, §3.9: a combatant's base defense."""
    return vitals.set_defense(state, command.name, command.value)


def end_scene(state: Encounter, command: c.EndScene, rng: random.Random) -> Result:
    """§3.1: the scene ends (effects and per-scene uses reset)."""
    return boundaries.end_scene(state)


def end_movie(state: Encounter, command: c.EndMovie, rng: random.Random) -> Result:
    """§3.1: the movie ends."""
    return boundaries.end_movie(state)


def set_sheet(state: Encounter, command: c.SetSheet, rng: random.Random) -> Result:
    """§2: a character sheet created or changed."""
    return sheet_rules.set_sheet(state, command)


def delete_sheet(state: Encounter, command: c.DeleteSheet, rng: random.Random) -> Result:
    """§2: a sheet leaves the roster."""
    return sheet_rules.delete_sheet(state, command.name)


def set_specialty(state: Encounter, command: c.SetSpecialty, rng: random.Random) -> Result:
    """§2.1: a skill specialty."""
    return sheet_rules.set_specialty(state, command)


def set_feat(state: Encounter, command: c.SetFeat, rng: random.Random) -> Result:
    """§2.3: a feat and its level."""
    return sheet_rules.set_feat(state, command)


def set_language(state: Encounter, command: c.SetLanguage, rng: random.Random) -> Result:
    """§2.1: a language a sheet speaks."""
    return sheet_rules.set_language(state, command)


def add_from_sheet(state: Encounter, command: c.AddFromSheet, rng: random.Random) -> Result:
    """§3.3: a sheet's character joins the fight."""
    return sheet_rules.add_from_sheet(state, command, rng)


def check(state: Encounter, command: c.Check, rng: random.Random) -> Result:
    """§3.10: a check from a sheet's traits."""
    return check_command.check(state, command, rng)


def start_extended(state: Encounter, command: c.StartExtended, rng: random.Random) -> Result:
    """§1.8: an extended action starts."""
    return extended.start(state, command)


def roll_extended(state: Encounter, command: c.RollExtended, rng: random.Random) -> Result:
    """§1.8: one roll of an extended action."""
    return extended.roll(state, command, rng)


def lose_extended(state: Encounter, command: c.LoseExtended, rng: random.Random) -> Result:
    """§1.8: an extended action's progress lost."""
    return extended.lose(state, command)


def drop_extended(state: Encounter, command: c.DropExtended, rng: random.Random) -> Result:
    """§1.8: an extended action abandoned."""
    return extended.drop(state, command)


HANDLERS: Mapping[type, Handler[Encounter]] = {
    c.Add: add,
    c.Surprise: surprise,
    c.Begin: begin,
    c.Next: next_turn,
    c.Spend: spend,
    c.Delay: delay,
    c.ChangeInitiative: change_initiative,
    c.Swap: swap,
    c.Remove: remove,
    c.Hide: hide,
    c.Reveal: reveal,
    c.Faint: faint,
    c.Damage: damage,
    c.Heal: heal,
    c.AdjustWillpower: adjust_willpower,
    c.UseWillpower: use_willpower,
    c.Defend: defend,
    c.Attack: attack_,
    c.AddEffect: add_effect,
    c.EndEffect: end_effect,
    c.DeclareInterrupt: declare_interrupt,
    c.ResolveInterrupt: resolve_interrupt,
    c.Extra: extra,
    c.CapFree: cap_free,
    c.Note: note,
    c.Ability: ability,
    c.Temporary: temporary,
    c.SetDefense: set_defense,
    c.EndScene: end_scene,
    c.EndMovie: end_movie,
    c.SetSheet: set_sheet,
    c.DeleteSheet: delete_sheet,
    c.SetSpecialty: set_specialty,
    c.SetFeat: set_feat,
    c.SetLanguage: set_language,
    c.AddFromSheet: add_from_sheet,
    c.Check: check,
    c.StartExtended: start_extended,
    c.RollExtended: roll_extended,
    c.LoseExtended: lose_extended,
    c.DropExtended: drop_extended,
}
"""The one handler of each Infinite Horror command type."""
