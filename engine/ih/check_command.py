"""``check NAME TRAITS …``: a check rolled from the sheet and logged (RULES.md §3.10, §1.7).

Willpower's +3 DP spends 1 willpower of the combatant who rolls, through the same function as
``roll … --willpower by=NAME`` (``vitals.willpower_dice_for_roll``: once per action, a +3 DP
already bought with ``willpower NAME +3dp`` is used instead of a second spend, and goes into the
check even without ``--willpower``), and is refused
at 0 willpower and on extended actions (``engine/ih/extended.py``). A sheet not in the fight
spends its own willpower, tracked for the scene.
An opposed check (``vs=OTHER:TRAITS``) rolls both sides; the opponent's final successes are the
DC and [I-15] settles a tie.
"""

from __future__ import annotations

import random

from engine.dice.ih import CheckResult, Untrained, judge, roll_check, validate_spec
from engine.errors import RuleError
from engine.events import Event, Events
from engine.ih import commands as c
from engine.ih import derived, vitals
from engine.ih.checks import (
    CheckPool,
    check_pool,
    opposed_success,
    refuse_other_system_options,
    roller_sheet,
)
from engine.ih.encounter import Combatant, Encounter
from engine.ih.events import WillpowerChanged
from engine.ih.rolls import RollRecord
from engine.ih.sheet import Sheet
from engine.ih.sheet_events import CheckMade
from engine.ih.traits import SKILL_CATEGORY, Category
from engine.ih.vitals import WillpowerUse
from engine.records import replace


def roller(state: Encounter, name: str) -> Combatant | None:
    """The combatant called ``name``, or ``None`` (a sheet not in the fight)."""
    wanted = name.strip().casefold()
    return next((x for x in state.order if x.key == wanted), None)


def willpower_for_check(state: Encounter, name: str, asked: bool) -> tuple[Encounter, Events, bool]:
    """Willpower's +3 DP for one check by ``name`` (§1.7, §3.10), and whether the check gets it.

    A combatant's is the rules' one spend tied to a roll (``vitals.willpower_dice_for_roll``,
    as ``attack`` and ``roll … by=`` use it): with ``--willpower`` 1 willpower or the +3 DP
    already bought for this action; without it, a +3 DP bought with ``willpower NAME +3dp``
    and waiting.

    A sheet not in the fight (§3.11) spends its own willpower, tracked for the scene
    (``Encounter.sheet_willpower_spent``); a waiting +3 DP is a combatant's only.

    Raises:
        RuleError: unconscious, no willpower left, or this action's +3 DP has already been
            rolled.
    """
    combatant = roller(state, name)
    if combatant is None:
        return _spend_sheet_willpower(state, name) if asked else (state, (), False)
    if asked and combatant.unconscious:
        raise RuleError("ih.willpower.unconscious", name=combatant.name)
    return vitals.willpower_dice_for_roll(state, combatant.name, asked)


def sheet_willpower_left(state: Encounter, sheet: Sheet) -> int:
    """The willpower a sheet not in the fight has left in this scene: what its character
    started the scene with (the campaign's, issue 25; else the maximum, §2.2) less what it spent."""
    spent = dict(state.sheet_willpower_spent).get(sheet.key, 0)
    start = sheet.condition.willpower if sheet.condition is not None and sheet.carries else None
    return (derived.willpower_max(sheet.character) if start is None else start) - spent


def _spend_sheet_willpower(state: Encounter, name: str) -> tuple[Encounter, Events, bool]:
    """+3 DP for a check by a sheet not in the fight (§3.11): 1 of the sheet's willpower.

    Raises:
        RuleError: no willpower left in this scene.
    """
    sheet = roller_sheet(state, name)
    left = sheet_willpower_left(state, sheet)
    if left < 1:
        raise RuleError("ih.willpower.none-left", name=sheet.name)
    spent = dict(state.sheet_willpower_spent)
    spent[sheet.key] = spent.get(sheet.key, 0) + 1
    state = replace(state, sheet_willpower_spent=tuple(sorted(spent.items())))
    return state, (WillpowerChanged(sheet.name, -1, left - 1, WillpowerUse.DICE.value),), True


def _fails_at_zero(pool: CheckPool, by: str) -> CheckPool:
    """``fails-at-0`` (RULES.md §1.4): the ST rules a particular social use of a skill at 0
    (Expression: playing piano) a failure, as a mental skill at 0 is; a trained skill rolls as
    usual.

    Raises:
        RuleError: the check names no social skill.
    """
    if pool.skill is None or SKILL_CATEGORY[pool.skill] is not Category.SOCIAL:
        raise RuleError("ih.check.fails-at-0-social", name=by, traits=pool.label)
    if pool.untrained is None:
        return pool
    return replace(pool, untrained=Untrained.MENTAL)


def _record(
    by: str,
    pool: CheckPool,
    result: CheckResult,
    command: c.Check,
    willpower: bool,
    opponent: str | None = None,
) -> RollRecord:
    """The check in the scene's ``rolls`` (INTERFACE.md: every roll), its pool's parts kept."""
    return RollRecord(
        by,
        pool.label,
        result,
        pool.parts,
        pool.bonus_parts,
        willpower,
        opponent=opponent,
        hidden=command.hidden,
        doubled=command.reflex_move,
    )


def _doubled(result: CheckResult, command: c.Check) -> CheckResult:
    """``reflex-move`` (RULES.md §3.7): a save against an area attack, made after a reflex
    move out of the attack's reach, counts its final successes twice (judged again against
    its DC; a failure, 0 successes, stays one)."""
    if not command.reflex_move:
        return result
    final = 2 * result.final_successes
    success, margin = judge(final, result.dc)
    if result.auto_failure and success:
        success = False
    return replace(result, final_successes=final, success=success, margin=margin)


def _roll(
    state: Encounter,
    pool: CheckPool,
    command: c.Check,
    rng: random.Random,
    dc: int | None,
    willpower: bool,
) -> CheckResult:
    spec = pool.spec(
        state.system,
        state.interpretations,
        willpower=willpower,
        dc=dc,
        again=command.again,
        level=command.level,
        bonus=command.bonus,
        penalty=command.penalty,
    )
    validate_spec(spec)
    return roll_check(spec, rng)


def check(state: Encounter, command: c.Check, rng: random.Random) -> tuple[Encounter, Events]:
    """Roll a check from NAME's sheet; opposed when ``vs=`` names the other side."""
    sheet = roller_sheet(state, command.name)
    settings = state.interpretations
    refuse_other_system_options(state.system, command.again, command.level, "--again", "--level")
    # §1.6: a save is the passive side of an opposition, never made actively: alone against a
    # DC (an area attack's, a poison's) or as the other side (vs=NAME:will-save), not the actor.
    save = command.opponent is None
    pool = check_pool(sheet, command.traits, settings, state.system, save=save)
    by = (roller(state, command.name) or sheet).name
    if command.fails_at_zero:
        pool = _fails_at_zero(pool, by)
    if pool.untrained is Untrained.MENTAL:
        # §1.4: a mental skill at 0 fails with no roll, so nothing is spent (issue 23 point 3):
        # --willpower is refused, and a +3 DP bought before stays for a roll that is made.
        if command.willpower:
            skill = pool.skill.value if pool.skill else ""
            raise RuleError("ih.check.willpower-auto-failure", name=by, skill_key=f"trait.{skill}")
        spent: Events = ()
        willpower = False
    else:
        state, spent, willpower = willpower_for_check(state, command.name, command.willpower)
    events: list[Event] = list(spent)
    if command.opponent is None:
        result = _doubled(_roll(state, pool, command, rng, command.dc, willpower), command)
        record = _record(by, pool, result, command, willpower)
        state = replace(state, rolls=(*state.rolls, record))
        return state, (*events, CheckMade(record, result.dc, result.success))
    other_sheet = roller_sheet(state, command.opponent)
    other_pool = check_pool(
        other_sheet, command.opponent_traits or "", settings, state.system, save=True
    )
    other_by = (roller(state, command.opponent) or other_sheet).name
    if other_by.casefold() == by.casefold():
        raise RuleError("ih.check.opposed-self", name=by)
    result = _doubled(_roll(state, pool, command, rng, None, willpower), command)
    other_command = c.Check(name=other_by, traits=other_pool.label)
    other = _roll(state, other_pool, other_command, rng, None, False)
    dc = other.final_successes
    success = opposed_success(result.final_successes, dc, settings)
    result = replace(result, dc=dc, success=success, margin=result.final_successes - dc)
    record = _record(by, pool, result, command, willpower, opponent=other_by)
    other_record = RollRecord(
        other_by,
        other_pool.label,
        other,
        other_pool.parts,
        other_pool.bonus_parts,
        opponent=by,
        hidden=command.hidden,
    )
    state = replace(state, rolls=(*state.rolls, record, other_record))
    return state, (*events, CheckMade(record, dc, success, other_record))
