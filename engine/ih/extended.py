"""Extended actions as tracked objects of the scene (RULES.md §1.8, §3.10).

Each roll is one interval; final successes accumulate until they reach the DC (it never drops).
A deadline caps the rolls. With the mishap rule the 1s of every roll are counted: if they reach
the DC before the successes do, the action fails; a roll that brings both to the DC succeeds
([I-16]; ``extended_tie_goes_to_mishap`` gives that tie to the mishap). The ST may take off
accumulated successes when the work is interrupted. Willpower's +3 DP never applies (§1.7).
"""

from __future__ import annotations

import random

from engine.dice.ih import CheckSpec, roll_check, validate_spec
from engine.errors import RuleError
from engine.events import Events
from engine.ih import commands as c
from engine.ih.checks import check_pool, roller_sheet
from engine.ih.encounter import Encounter
from engine.ih.rolls import ExtendedTask, PoolPart, RollRecord
from engine.ih.sheet import find_sheet
from engine.ih.sheet_events import (
    ExtendedDropped,
    ExtendedLost,
    ExtendedRolled,
    ExtendedStarted,
)
from engine.records import replace


def find_task(state: Encounter, task_id: str) -> ExtendedTask:
    """The extended action ``task_id`` (``x1``…).

    Raises:
        RuleError: no such id.
    """
    wanted = task_id.strip().casefold()
    for task in state.extended:
        if task.id == wanted:
            return task
    known = ", ".join(t.id for t in state.extended) or "—"
    raise RuleError("ih.extended.unknown", id=task_id, known=known)


def _put(state: Encounter, task: ExtendedTask) -> Encounter:
    return replace(state, extended=tuple(task if t.id == task.id else t for t in state.extended))


def _going(task: ExtendedTask) -> None:
    if task.state != "going":
        raise RuleError(
            "ih.extended.over",
            id=task.id,
            label=task.label,
            state_key=f"extended.state.{task.state}",
        )


def start(state: Encounter, command: c.StartExtended) -> tuple[Encounter, Events]:
    """A new extended action; its pool is checked now so a bad trait is refused at once."""
    by = command.name.strip()
    combatant = next((x for x in state.order if x.key == by.casefold()), None)
    if command.traits is not None:
        sheet = roller_sheet(state, by)
        check_pool(sheet, command.traits, state.interpretations, state.system)
        by = combatant.name if combatant is not None else sheet.name
    elif combatant is not None:  # names match case-insensitively: dp= keeps the fight's spelling
        by = combatant.name
    elif (named := find_sheet(state.sheets, by)) is not None:
        by = named.name
    task = ExtendedTask(
        id=f"x{len(state.extended) + 1}",
        label=command.label,
        by=by,
        traits=command.traits,
        dp=command.dp,
        dc=command.dc,
        interval=command.interval,
        deadline=command.deadline,
        mishap=command.mishap,
    )
    event = ExtendedStarted(
        task.id, task.by, task.label, task.dc, task.interval, task.deadline, task.mishap
    )
    return replace(state, extended=(*state.extended, task)), (event,)


def roll(state: Encounter, command: c.RollExtended, rng: random.Random) -> tuple[Encounter, Events]:
    """Roll the next interval and settle the action (§1.8)."""
    task = find_task(state, command.id)
    _going(task)
    settings = state.interpretations
    if task.traits is not None:
        pool = check_pool(roller_sheet(state, task.by), task.traits, settings, state.system)
        spec = pool.spec(state.system, settings, bonus=command.bonus, penalty=command.penalty)
        label, parts, bonus_parts = pool.label, pool.parts, pool.bonus_parts
    else:
        dp = task.dp or 0
        spec = CheckSpec(
            system=state.system,
            dp=dp,
            bonus=command.bonus,
            penalty=command.penalty,
            interpretations=settings,
        )
        label, parts, bonus_parts = f"dp={dp}", (PoolPart("modifier", "dp", dp),), ()
    validate_spec(spec)
    result = roll_check(spec, rng)
    rolls = task.rolls + 1
    successes = task.successes + result.final_successes
    ones = task.ones + sum(1 for face in result.faces if face == 1)
    outcome, failure = "going", None
    mishap = task.mishap and ones >= task.dc
    if mishap and settings.extended_tie_goes_to_mishap:  # [I-16] switched: the 1s win a tie
        outcome, failure = "failed", "mishap"
    elif successes >= task.dc:  # [I-16]: both reached on one roll, the successes were first
        outcome = "done"
    elif mishap:
        outcome, failure = "failed", "mishap"
    elif task.deadline is not None and rolls >= task.deadline:
        outcome, failure = "failed", "deadline"
    task = replace(
        task, rolls=rolls, successes=successes, ones=ones, state=outcome, failure=failure
    )
    record = RollRecord(task.by, label, result, parts, bonus_parts, extended=task.id)
    state = replace(_put(state, task), rolls=(*state.rolls, record))
    event = ExtendedRolled(
        task.id,
        task.label,
        record,
        successes,
        ones,
        rolls,
        task.dc,
        outcome,
        failure,
        task.mishap_near,
    )
    return state, (event,)


def lose(state: Encounter, command: c.LoseExtended) -> tuple[Encounter, Events]:
    """Take off accumulated successes (the work was interrupted, §3.10); never below 0."""
    task = find_task(state, command.id)
    _going(task)
    lost = min(command.successes, task.successes)
    task = replace(task, successes=task.successes - lost, lost=task.lost + lost)
    return _put(state, task), (ExtendedLost(task.id, task.label, lost, task.successes),)


def drop(state: Encounter, command: c.DropExtended) -> tuple[Encounter, Events]:
    """Abandon an extended action."""
    task = find_task(state, command.id)
    _going(task)
    task = replace(task, state="dropped")
    return _put(state, task), (ExtendedDropped(task.id, task.label),)


def extended_json(task: ExtendedTask) -> dict[str, object]:
    """One entry of ``extended`` in ``run --json`` (INTERFACE.md)."""
    return {
        "id": task.id,
        "label": task.label,
        "by": task.by,
        "traits": task.traits,
        "dp": task.dp,
        "dc": task.dc,
        "interval": task.interval,
        "successes": task.successes,
        "ones": task.ones,
        "rolls": task.rolls,
        "deadline": task.deadline,
        "mishap": task.mishap,
        "lost": task.lost,
        "state": task.state,
        "failure": task.failure,
        "mishap_near": task.mishap_near,
    }
