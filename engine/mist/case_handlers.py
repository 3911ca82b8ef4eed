"""The handlers of the case file's and the mission's commands (RULES.md §4.6 structure of play,
§4.7 writing the case file), joined into ``HANDLERS`` by ``engine/mist/handlers.py``; each hands
the command's fields to ``casefile.py`` or ``mission.py``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from engine.dispatch import Handler
from engine.events import Events
from engine.mist import casefile, mission
from engine.mist import commands as c
from engine.mist.state import MistState

Result = tuple[MistState, Events]


def case_file_moment(state: MistState, command: c.CaseFileMoment, rng: random.Random) -> Result:
    return casefile.open_moment(state) if command.open else casefile.close_moment(state)


def add_clue(state: MistState, command: c.AddClue, rng: random.Random) -> Result:
    """§4.7: a clue in the case file."""
    return casefile.new_clue(state, command.text, command.found_by, command.scene)


def add_conclusion(state: MistState, command: c.AddConclusion, rng: random.Random) -> Result:
    """§4.7: a conclusion drawn from clues."""
    return casefile.add_conclusion(state, command)


def set_complexity(state: MistState, command: c.SetComplexity, rng: random.Random) -> Result:
    """§4.7: the case's complexity."""
    return casefile.set_complexity(state, command.complexity)


def case_roll(state: MistState, command: c.CaseRoll, rng: random.Random) -> Result:
    """§4.7: a conclusion tested by a roll."""
    return casefile.case_roll(state, command, rng)


def add_question(state: MistState, command: c.AddQuestion, rng: random.Random) -> Result:
    """§4.7: a question on the checklist."""
    return casefile.add_question(state, command.text)


def answer_question(state: MistState, command: c.AnswerQuestion, rng: random.Random) -> Result:
    """§4.7: a question answered."""
    return casefile.answer_question(state, command)


def start_season(state: MistState, command: c.StartSeason, rng: random.Random) -> Result:
    """§4.6: a season starts."""
    return mission.start_season(state, command.name)


def start_mission(state: MistState, command: c.StartMission, rng: random.Random) -> Result:
    """§4.6: a mission starts."""
    return mission.start_mission(state, command)


def cut_in(state: MistState, command: c.CutInSummary, rng: random.Random) -> Result:
    """§4.6: the mission's cut-in summary."""
    return mission.cut_in(state, command)


def suppress(state: MistState, command: c.Suppress, rng: random.Random) -> Result:
    """§4.6: the anomaly suppressed through an opportunity."""
    return mission.suppress(state, command.opportunity)


def end_mission(state: MistState, command: c.EndMission, rng: random.Random) -> Result:
    """§4.6: the mission ends."""
    return mission.end_mission(state)


CASE_HANDLERS: Mapping[type, Handler[MistState]] = {
    c.AddClue: add_clue,
    c.AddConclusion: add_conclusion,
    c.SetComplexity: set_complexity,
    c.CaseRoll: case_roll,
    c.CaseFileMoment: case_file_moment,
    c.AddQuestion: add_question,
    c.AnswerQuestion: answer_question,
    c.StartSeason: start_season,
    c.StartMission: start_mission,
    c.CutInSummary: cut_in,
    c.Suppress: suppress,
    c.EndMission: end_mission,
}
"""The one handler of each case-file and mission command type."""
