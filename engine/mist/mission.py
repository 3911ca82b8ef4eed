"""Season → missions → scenes (RULES.md §4.6): the cut-in, suppressing the anomaly, the end.

A case file closes only with its Test (only a Test yields an opportunity): ``casefile close``
without one is refused, but ending the mission leaves an open, untested case file behind with a
warning event (the story may end before the anomaly is understood).
"""

from __future__ import annotations

from engine.errors import RuleError
from engine.events import Event, Events
from engine.mist.casefile import abandon_moment, id_key
from engine.mist.commands import CutInSummary, StartMission
from engine.mist.events import (
    AnomalySuppressed,
    CaseFileClosed,
    CaseFileWarning,
    CutIn,
    MissionEnded,
    MissionStarted,
    SeasonStarted,
)
from engine.mist.state import CaseFile, Mission, MistState
from engine.records import replace


def start_season(state: MistState, name: str) -> tuple[MistState, Events]:
    """Name the season the missions belong to."""
    if not name.strip():
        raise RuleError("mist.mission.season-needs-name-season")
    return replace(state, mission=replace(state.mission, season=name.strip())), (
        SeasonStarted(name.strip()),
    )


def start_mission(state: MistState, command: StartMission) -> tuple[MistState, Events]:
    """A new mission with a fresh case file.

    Raises:
        RuleError: an empty name, or the current mission is not ended yet.
    """
    if not command.name.strip():
        raise RuleError("mist.mission.mission-needs-name-mission")
    current = state.mission
    if current.name and not current.ended:
        raise RuleError("mist.mission.mission-still-running-end", current=current.name)
    mission = Mission(
        season=current.season,
        name=command.name.strip(),
        number=current.number + 1,
        anomaly=command.anomaly,
    )
    state = replace(state, mission=mission, case_file=CaseFile(), owed=())
    return state, (MissionStarted(mission.name, mission.number, mission.anomaly),)


def cut_in(state: MistState, command: CutInSummary) -> tuple[MistState, Events]:
    """The cut-in: the MC's summary and the anomaly; the players learn the clues found so far."""
    mission = replace(
        state.mission, cut_in=command.summary, anomaly=command.anomaly or state.mission.anomaly
    )
    clues = tuple(c.id for c in state.case_file.clues)
    return replace(state, mission=mission), (CutIn(command.summary, mission.anomaly, clues),)


def suppress(state: MistState, ident: str) -> tuple[MistState, Events]:
    """The anomaly suppressed through an opportunity a Test gave; the case file closes.

    Raises:
        RuleError: no such opportunity.
    """
    key = id_key(ident)
    case = state.case_file
    if not case.opportunities:
        raise RuleError("mist.mission.opportunity-none-yet", ident=ident)
    if not any(o.id == key for o in case.opportunities):
        have = ", ".join(o.id for o in case.opportunities)
        raise RuleError("mist.mission.opportunity-opportunities", ident=ident, have=have)
    events: list[Event] = [AnomalySuppressed(key)]
    if case.open:
        events.append(CaseFileClosed(case.moments, case.tested))
        case = replace(case, open=False)
    state = replace(state, case_file=case, mission=replace(state.mission, suppressed=True))
    return state, tuple(events)


def end_mission(state: MistState) -> tuple[MistState, Events]:
    """End the mission; warn when its case file ends without a Test (§4.6).

    Raises:
        RuleError: no mission running.
    """
    if state.mission.ended:
        raise RuleError("mist.mission.mission-already-ended")
    events: list[Event] = []
    if state.case_file.open:
        state, closed = abandon_moment(state)
        events.extend(closed)
    elif (
        not state.mission.suppressed
        and not state.case_file.opportunities
        and (state.case_file.conclusions)
    ):
        events.append(CaseFileWarning("the mission ends without a Test: no opportunity"))
    name = state.mission.name
    state = replace(state, mission=replace(state.mission, ended=True))
    events.append(MissionEnded(name, state.mission.suppressed))
    return state, tuple(events)
