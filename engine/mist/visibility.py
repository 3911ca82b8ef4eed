"""What the players' view shows (INTERFACE.md "Players' view"): a challenge hidden or revealed,
its limits shown or not, and a clue or a question on the players' clue board (issue 29).
"""

from __future__ import annotations

import re

from engine.errors import RuleError
from engine.events import Events
from engine.mist import commands as c
from engine.mist import roster
from engine.mist.events import (
    ChallengeHidden,
    ChallengeRevealed,
    LimitsHidden,
    LimitsRevealed,
)
from engine.mist.state import MistState
from engine.records import replace

Result = tuple[MistState, Events]


def _case_visibility(state: MistState, command: c.SetVisibility) -> Result | None:
    """``hide c1`` · ``reveal q2``: a clue or a question on the players' clue board (issue 29);
    ``None`` when the name is a challenge's or no clue's or question's id."""
    key = command.challenge.strip().lower()
    if command.limits or roster.is_challenge(state, command.challenge):
        return None
    case = state.case_file
    clue = next((x for x in case.clues if x.id == key), None)
    question = next((x for x in case.questions if x.id == key), None)
    found = clue or question
    if found is None and re.fullmatch(r"[cq]\d+", key):  # an id no clue or question has
        if key[0] == "c":
            have = ", ".join(x.id for x in case.clues) or "none yet"
            raise RuleError("mist.casefile.clue-clues", id=key, have=have)
        have = ", ".join(x.id for x in case.questions) or "none yet"
        raise RuleError("mist.casefile.question-questions", id=key, have=have)
    if found is None:
        return None
    if command.shown and not found.hidden:
        raise RuleError("visibility.not-hidden", name=found.id)
    if not command.shown and found.hidden:
        raise RuleError("visibility.already-hidden", name=found.id)
    event = ChallengeRevealed(found.id) if command.shown else ChallengeHidden(found.id)
    if clue is not None:
        clues = tuple(replace(x, hidden=not command.shown) if x is clue else x for x in case.clues)
        case = replace(case, clues=clues)
    else:
        questions = tuple(
            replace(x, hidden=not command.shown) if x is question else x for x in case.questions
        )
        case = replace(case, questions=questions)
    return replace(state, case_file=case), (event,)


def set_visibility(state: MistState, command: c.SetVisibility) -> Result:
    """What the players' view shows of a challenge (INTERFACE.md "Players' view"), or of a
    clue or a question on the clue board (``hide c1``, issue 29)."""
    on_board = _case_visibility(state, command)
    if on_board is not None:
        return on_board
    found = roster.challenge(state, command.challenge)
    event: object
    if command.limits and command.shown:
        if found.limits_shown:
            raise RuleError("visibility.limits-already-shown", name=found.name)
        found, event = replace(found, limits_shown=True), LimitsRevealed(found.name)
    elif command.limits:
        if not found.limits_shown:
            raise RuleError("visibility.limits-already-hidden", name=found.name)
        found, event = replace(found, limits_shown=False), LimitsHidden(found.name)
    elif command.shown:
        if not found.hidden:
            raise RuleError("visibility.not-hidden", name=found.name)
        found, event = replace(found, hidden=False), ChallengeRevealed(found.name)
    else:
        if found.hidden:
            raise RuleError("visibility.already-hidden", name=found.name)
        found, event = replace(found, hidden=True), ChallengeHidden(found.name)
    return roster.put_challenge(state, found), (event,)
