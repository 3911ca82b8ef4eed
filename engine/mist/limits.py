"""Statuses on characters and challenges, and what reaching a limit does (RULES.md §4.1).

A player character's limit is 6 (transformed). A challenge's limits are tied to status kinds by
name, explicitly: ``limits=harmed:4`` is reached by the status named ``harmed``; a limit of
``None`` is immunity to that kind. Reaching any limit overcomes the challenge.
"""

from __future__ import annotations

from engine.errors import RuleError
from engine.events import Event, Events
from engine.mist import roster, tags
from engine.mist.events import (
    ChallengeOvercome,
    CharacterTransformed,
    StatusReduced,
    StatusTaken,
    ThreatResolved,
)
from engine.mist.state import Challenge, Limit, MistState, Status
from engine.mist.status import (
    MAX_TIER,
    find_status,
    highest_of_kind,
    reduce_status,
    separate_name,
    take_status,
)
from engine.records import replace

PC_LIMIT = MAX_TIER


def limit_for(found: Challenge, kind: str) -> Limit | None:
    """The challenge's limit tied to status ``kind``, if it has one."""
    key = roster.name_key(kind)
    for limit in found.limits:
        if roster.name_key(limit.kind) == key:
            return limit
    return None


def _taken(
    owner: str, statuses: tuple[Status, ...], name: str, tier: int, given_by: str | None
) -> tuple[tuple[Status, ...], Status, StatusTaken]:
    """``owner``'s statuses with ``name`` taken at ``tier`` (stacking, §4.1), the status as it
    now stands, and the event that says so."""
    statuses, status, result = take_status(statuses, name, tier)
    event = StatusTaken(
        owner,
        status.name,
        tier,
        result.marked,
        status.boxes,
        status.tier,
        result.capped,
        given_by,
    )
    return statuses, status, event


def take_on(
    state: MistState, target: str, name: str, tier: int, given_by: str | None = None
) -> tuple[MistState, Events]:
    """``target`` takes a status (stacking, §4.1); limit events follow. ``given_by``: who gave
    it, for the log and the report (issue 29 §4).

    Raises:
        RuleError: no such target, a bad tier, or a challenge immune to that kind.
    """
    if roster.is_character(state, target):
        person = roster.character(state, target)
        if not state.interpretations.stack_same_name_statuses:
            name = separate_name(person.statuses, name)
        before = find_status(person.statuses, name)
        statuses, status, taken = _taken(person.name, person.statuses, name, tier, given_by)
        events: list[Event] = [taken]
        reached = status.tier >= PC_LIMIT and (before is None or before.tier < PC_LIMIT)
        if reached:
            events.append(CharacterTransformed(person.name, status.name))
        person = replace(person, statuses=statuses, transformed=person.transformed or reached)
        return roster.put_character(state, person), tuple(events)
    found = roster.challenge(state, roster.check_target(state, target))
    limit = limit_for(found, name)
    if limit is not None and limit.tier is None:
        raise RuleError("mist.limits.immune-status-given", found=found.name, kind=limit.kind)
    if not state.interpretations.stack_same_name_statuses:
        name = separate_name(found.statuses, name)
    statuses, _, taken = _taken(found.name, found.statuses, name, tier, given_by)
    events = [taken]
    found = replace(found, statuses=statuses)
    state = roster.put_challenge(state, found)
    if limit is not None:
        state, overcome_events = check_limit(state, found.name, limit)
        events.extend(overcome_events)
    return state, tuple(events)


def check_limit(state: MistState, name: str, limit: Limit) -> tuple[MistState, Events]:
    """Overcome the challenge when its status of ``limit``'s kind is at or past the limit."""
    found = roster.challenge(state, name)
    status = highest_of_kind(
        found.statuses, limit.kind, state.interpretations.stack_same_name_statuses
    )
    if limit.tier is None or status is None or status.tier < limit.tier or found.overcome:
        return state, ()
    events: list[Event] = [ChallengeOvercome(found.name, limit.kind, status.tier, limit.tier)]
    state, resolved = overcome(state, found.name, limit.kind)
    return state, (*events, *resolved)


def overcome(state: MistState, name: str, kind: str) -> tuple[MistState, Events]:
    """Mark a challenge overcome; its open threats are resolved with it (§4.6), and the story
    tags scoped to it go with it (issue 29 §4)."""
    found = roster.challenge(state, name)
    state = roster.put_challenge(state, replace(found, overcome=True, overcome_by=kind))
    state, gone = tags.gone_with(state, found.name)
    events: list[Event] = list(gone)
    threats = []
    for threat in state.threats:
        if (
            not threat.resolved
            and threat.challenge is not None
            and threat.challenge.casefold() == name.casefold()
        ):
            threat = replace(threat, resolved=True)
            events.append(ThreatResolved(threat.id))
        threats.append(threat)
    return replace(state, threats=tuple(threats)), tuple(events)


def reduce_on(
    state: MistState, target: str, name: str, by: int, countered_by: str | None = None
) -> tuple[MistState, Events]:
    """Reduce ``target``'s status by ``by`` tiers (§4.1); limits reached stay reached.

    Raises:
        RuleError: no such target, ``by`` < 1, or the target does not have the status.
    """
    exact = roster.check_target(state, target)
    erase = state.interpretations.reduce_erases_highest_marks  # [I-11]
    try:
        if roster.is_character(state, exact):
            person = roster.character(state, exact)
            statuses, status = reduce_status(person.statuses, name, by, erase)
            state = roster.put_character(state, replace(person, statuses=statuses))
        else:
            found = roster.challenge(state, exact)
            statuses, status = reduce_status(found.statuses, name, by, erase)
            state = roster.put_challenge(state, replace(found, statuses=statuses))
    except RuleError as error:
        if error.code != "mist.status.not-held":
            raise
        raise RuleError("mist.status.not-held", target=exact, **error.params) from None
    absent = False
    event = StatusReduced(
        exact, status.name, by, status.boxes, status.tier, not status.boxes, countered_by, absent
    )
    return state, (event,)
