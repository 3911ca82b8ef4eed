"""The Infinite Horror family as ``engine/commands.py`` uses it (RULES.md §2–§3).

``apply`` either returns a new state with its events or raises ``RuleError``; the state passed
in is immutable, so a refusal leaves it exactly as it was and undo is a replay.
"""

from __future__ import annotations

import random
from typing import Any

from engine.dice.command import CheckRolled, MistRolled
from engine.dispatch import dispatch
from engine.errors import RuleError
from engine.events import Events
from engine.ih import commands as c
from engine.ih import extended, turns, vitals
from engine.ih.cast import condition_json
from engine.ih.encounter import Combatant, Encounter, Phase, find
from engine.ih.handlers import HANDLERS
from engine.ih.language import VERBS
from engine.ih.language import parse as parse_line
from engine.ih.rolls import RollRecord
from engine.ih.sheet_view import roll_json, sheet_json
from engine.language import Line
from engine.records import replace

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


def apply(state: Encounter, command: object, rng: random.Random) -> tuple[Encounter, Events]:
    """Apply one command by its handler (``engine/ih/handlers.py``): all of it, or a
    ``RuleError`` and no change."""
    return dispatch(HANDLERS, state, command, rng, _not_ours)


def _not_ours(command: object) -> RuleError:
    return RuleError("ih.family.infinite-horror-command", command=type(command).__name__)


def record_rolls(state: Encounter, events: Events) -> Encounter:
    """Keep the rolls of ``roll`` lines in the scene's ``rolls`` (INTERFACE.md: every roll of
    the scene): the checks, and a ``roll mist POWER`` made in the fight (label ``power=N``)."""
    records: list[RollRecord] = []
    for event in events:
        if isinstance(event, CheckRolled) and event.command.check is not None:
            check = event.command.check
            by = _named(state, event.command.by)
            records.append(
                RollRecord(
                    by,
                    f"dp={check.dp}",
                    event.result,
                    willpower=check.willpower,
                    hidden=event.command.hidden,
                )
            )
        elif isinstance(event, MistRolled) and event.command.mist is not None:
            by = _named(state, event.command.by)
            label = f"power={event.command.mist.power}"
            records.append(RollRecord(by, label, event.result, hidden=event.command.hidden))
    return replace(state, rolls=state.rolls + tuple(records)) if records else state


def _named(state: Encounter, by: str | None) -> str | None:
    """``by=``'s name as the fight spells it (names match case-insensitively, INTERFACE.md
    §3): ``by=bob`` is Bob's roll; a name nobody in the fight has is kept as typed."""
    found = find_combatant(state, by) if by is not None else None
    return found.name if found is not None else by


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
        "sheets": [
            {**sheet_json(s, state.interpretations), **condition_json(state, s)}
            for s in state.sheets
        ],
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
        "damage_past_zero": x.damage_past_zero,
        "defense": x.defense,
        "defense_bonus": x.defense_bonus,
        "defense_bonus_left": vitals.defense_bonus_left(x),
        "defense_bonus_lost": x.defense_dropped and vitals.legendary_defense_bonus(x) > 0,
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
