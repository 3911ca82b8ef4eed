"""The Infinite Horror family as ``engine/commands.py`` uses it (RULES.md §2–§3).

``apply`` either returns a new state with its events or raises ``RuleError``; the state passed
in is immutable, so a refusal leaves it exactly as it was and undo is a replay.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from engine.dice.command import CheckRolled
from engine.errors import RuleError
from engine.events import Events
from engine.ih import (
    attack,
    boundaries,
    budget,
    check_command,
    effects,
    extended,
    initiative,
    interrupts,
    roster,
    sheet_rules,
    turns,
    visibility,
    vitals,
)
from engine.ih import commands as c
from engine.ih.encounter import Combatant, Encounter, Phase, find, put, same
from engine.ih.events import AbilityNoted, NoteAdded
from engine.ih.language import VERBS
from engine.ih.language import parse as parse_line
from engine.ih.rolls import RollRecord
from engine.ih.sheet_view import roll_json, sheet_json
from engine.language import Line

__all__ = ["VERBS", "apply", "find_combatant", "new_state", "parse", "to_json", "vitals"]


def new_state(system: str) -> Encounter:
    """An empty encounter of ``ih-d10`` or ``ih-d6``."""
    if system not in ("ih-d10", "ih-d6"):
        raise RuleError("ih.family.infinite-horror-system", system=system)
    return Encounter(system=system)


def find_combatant(state: Encounter, name: str) -> Combatant | None:
    """The combatant called ``name`` (case-insensitive), or ``None``."""
    try:
        return find(state, name)
    except RuleError:
        return None


def parse(line: Line) -> c.Command | None:
    """The IH command of a tokenised line, or ``None`` when the verb is not an IH one."""
    return parse_line(line)


def apply(state: Encounter, command: Any, rng: random.Random) -> tuple[Encounter, Events]:
    """Apply one command: all of it, or a ``RuleError`` and no change."""
    match command:
        case c.Add(entry=entry, join=join):
            return roster.add(state, entry, rng, join)
        case c.Surprise(names=names):
            return turns.surprise(state, names)
        case c.Begin():
            return turns.begin(state)
        case c.Next():
            return turns.next_turn(state)
        case c.Spend(name=name, kind=kind, label=label):
            return budget.spend(state, name, kind, label)
        case c.Delay(name=name, after=after):
            return _delay(state, name, after, rng)
        case c.ChangeInitiative(name=name, amount=amount):
            return initiative.change(state, name, amount, rng)
        case c.Swap(first=first, second=second):
            return initiative.swap(state, first, second)
        case c.Remove(name=name):
            return turns.remove(state, name)
        case c.Hide(name=name):
            return visibility.hide(state, name)
        case c.Reveal(name=name):
            return visibility.reveal(state, name)
        case c.Damage(name=name, amount=amount):
            return vitals.damage(state, name, amount)
        case c.Heal(name=name, amount=amount):
            return vitals.heal(state, name, amount)
        case c.AdjustWillpower(name=name, amount=amount):
            return vitals.adjust_willpower(state, name, amount)
        case c.UseWillpower(name=name, use=use):
            return vitals.use_willpower(state, name, use)
        case c.Defend(name=name, successes=successes):
            return vitals.declare_defense(state, name, successes)
        case c.Attack():
            return attack.attack(state, command, rng)
        case c.AddEffect(name=name, label=label, rounds=rounds, source=source):
            return effects.add(state, name, label, rounds, source)
        case c.EndEffect(name=name, label=label):
            return effects.end(state, name, label)
        case c.DeclareInterrupt(reactor=reactor, target=target, prepaid=prepaid):
            return interrupts.declare(state, reactor, target, prepaid)
        case c.ResolveInterrupt(outcome=outcome):
            return interrupts.resolve(state, outcome)
        case c.Extra(name=name, kind=kind, count=count, this_turn=this_turn):
            return budget.set_extra(state, name, kind, count, this_turn)
        case c.CapFree(cap=cap):
            return budget.set_free_cap(state, cap)
        case c.Note(name=name, text=text):
            combatant = find(state, name)
            noted = replace(combatant, notes=combatant.notes + (text,))
            return put(state, noted), (NoteAdded(combatant.name, text),)
        case c.Temporary(name=name, trait=trait, amount=amount):
            return vitals.temporary_health(state, name, trait, amount)
        case c.SetDefense(name=name, value=value):
            return vitals.set_defense(state, name, value)
        case c.Ability(name=name, text=text):
            combatant = find(state, name)
            noted = replace(combatant, abilities=combatant.abilities + (text,))
            return put(state, noted), (AbilityNoted(combatant.name, text),)
        case c.EndScene():
            return boundaries.end_scene(state)
        case c.EndMovie():
            return boundaries.end_movie(state)
        case c.SetSheet():
            return sheet_rules.set_sheet(state, command)
        case c.DeleteSheet(name=name):
            return sheet_rules.delete_sheet(state, name)
        case c.SetSpecialty():
            return sheet_rules.set_specialty(state, command)
        case c.SetFeat():
            return sheet_rules.set_feat(state, command)
        case c.SetLanguage():
            return sheet_rules.set_language(state, command)
        case c.AddFromSheet():
            return sheet_rules.add_from_sheet(state, command, rng)
        case c.Check():
            return check_command.check(state, command, rng)
        case c.StartExtended():
            return extended.start(state, command)
        case c.RollExtended():
            return extended.roll(state, command, rng)
        case c.LoseExtended():
            return extended.lose(state, command)
        case c.DropExtended():
            return extended.drop(state, command)
    raise RuleError("ih.family.infinite-horror-command", command=type(command).__name__)


def _delay(
    state: Encounter, name: str, after: str | None, rng: random.Random
) -> tuple[Encounter, Events]:
    """A delay (§3.4); when the current actor delays, the next turn starts at once."""
    mover = find(state, name)
    was_current = same(state.current, mover.name)
    position = [x.key for x in state.order].index(mover.key)
    if after is None:
        state, events = initiative.delay_next_round(state, mover.name)
    else:
        state, events = initiative.delay_after(state, mover.name, after)
    if not was_current:
        return state, events
    moved = find(state, mover.name)
    if turns.can_act_now(state, moved) and _first_to_act(state) == moved.key:
        return state, events
    state = turns.postpone_turn(replace(state, current=None), mover.name)
    state, started = turns.advance(state, position - 1)
    return state, (*events, *started)


def _first_to_act(state: Encounter) -> str | None:
    for combatant in state.order:
        if turns.can_act_now(state, combatant):
            return combatant.key
    return None


def record_rolls(state: Encounter, events: Events) -> Encounter:
    """Keep the checks of ``roll`` lines in the scene's ``rolls`` (INTERFACE.md: every roll)."""
    records = tuple(
        RollRecord(
            event.command.by,
            f"dp={event.command.check.dp}",
            event.result,
            willpower=event.command.check.willpower,
            hidden=event.command.hidden,
        )
        for event in events
        if isinstance(event, CheckRolled) and event.command.check is not None
    )
    return replace(state, rolls=state.rolls + records) if records else state


def to_json(state: Encounter) -> dict[str, Any]:
    """The ``run --json`` view of INTERFACE.md §2 (extra keys added, none renamed)."""
    return {
        "family": "ih",
        "system": state.system,
        "round": state.round,
        "phase": state.phase.value,
        "current": state.current,
        "order": [combatant_json(state, x) for x in state.order],
        "elapsed_seconds": state.elapsed_seconds,
        "free_cap": state.free_cap,
        "interrupt": None
        if state.interrupt is None
        else {"reactor": state.interrupt.reactor, "target": state.interrupt.target},
        "surprise": [x.name for x in state.order if x.aware]
        if state.phase is Phase.SURPRISE
        else [],
        "scene": state.scene,
        "movie": state.movie,
        "sheets": [sheet_json(s, state.interpretations) for s in state.sheets],
        "rolls": [roll_json(r) for r in state.rolls],
        "extended": [extended.extended_json(t) for t in state.extended],
    }


def combatant_json(state: Encounter, x: Combatant) -> dict[str, Any]:
    """One row of ``order`` in the ``run --json`` view; it depends on the record and on whether
    the combatant is flat-footed (the console rebuilds only the rows whose inputs changed)."""
    return {
        "name": x.name,
        "initiative": x.initiative,
        "acted": x.acted,
        "delaying": x.delaying,
        "flat_footed": turns.flat_footed(state, x),
        "budget": {"swift": x.budget.swift, "move": x.budget.move, "standard": x.budget.standard},
        "owed_swift": x.owed_swift,
        "health": x.health,
        "willpower": x.willpower,
        "effects": [
            {"label": e.label, "rounds_left": e.rounds_left, "by": e.source} for e in x.effects
        ],
        "kind": x.kind.value,
        "original_initiative": x.original,
        "delay_after": x.delay_after,
        "dexterity": x.dexterity,
        "composure": x.composure,
        "health_max": x.health_max,
        "willpower_max": x.willpower_max,
        "unconscious": x.unconscious,
        "defense": x.defense,
        "defense_bonus": x.defense_bonus,
        "defense_bonus_left": vitals.defense_bonus_left(x),
        "defense_bonus_lost": x.defense_dropped and x.defense_bonus > 0,
        "temporary_health": dict(x.temporary_boxes),
        "willpower_defense": x.willpower_defense,
        "free_used": x.free_used,
        "first_round": x.joins_round,
        "notes": list(x.notes),
        "hidden": x.hidden,
        "abilities": list(x.abilities),
        "one_round": x.one_round,
        "sheet": x.sheet,
    }
