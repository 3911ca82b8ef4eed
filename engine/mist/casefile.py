"""The case file (RULES.md §4.6–4.7): clues, conclusions, the complexity gate, Deduction and Test.

A conclusion's power is its supporting clues minus its contradicting ones; it can be rolled only
with at least ``complexity`` supporting clues. The outcome rows of §4.7 are applied: a refuting
clue, the conclusion becoming a clue, an opportunity, an extra property of the anomaly.

Read literally, §4.7 has one gate and one gate only: the complexity. A conclusion's ``supports``
and ``contradicts`` are the clues the player listed ("the player states a conclusion and lists
clues"), so a refuting clue found by a failed Deduction is a new clue (``refutes`` names the
conclusion) but is not written into the conclusion's list, and its power stays as stated.
Nothing in §4.7 forbids rolling a conclusion again (a second Deduction, a Test after a
refutation): each roll is a new roll whose row is applied, and the latest result is shown.
"""

from __future__ import annotations

import random
from dataclasses import replace

from engine.dice.mist import Outcome, roll_mist
from engine.errors import RuleError
from engine.events import Event, Events
from engine.mist.commands import AddConclusion, AnswerQuestion, CaseRoll
from engine.mist.events import (
    CaseFileClosed,
    CaseFileOpened,
    CaseFileWarning,
    CaseRolled,
    ClueAdded,
    ComplexitySet,
    ConclusionAdded,
    QuestionAdded,
    QuestionAnswered,
)
from engine.mist.state import CaseFile, Clue, Conclusion, Finding, MistState, Question

DEDUCE = "deduce"
TEST = "test"


def can_roll(case: CaseFile, conclusion: Conclusion) -> bool:
    """The complexity gate (§4.7): supporting clues ≥ the mystery's complexity, nothing more."""
    return len(conclusion.supports) >= case.complexity


def new_clue(
    state: MistState,
    text: str,
    found_by: tuple[str, ...],
    scene: str | None,
    from_conclusion: str | None = None,
    refutes: str | None = None,
) -> tuple[MistState, Events]:
    """Add a clue (``c1``, ``c2``… in order) with the scene it came from.

    Raises:
        RuleError: an empty text.
    """
    text = text.strip()
    if not text:
        raise RuleError("mist.casefile.clue-needs-text-clue")
    case = state.case_file
    clue = Clue(
        f"c{len(case.clues) + 1}",
        text,
        scene or state.scene.name,
        found_by,
        from_conclusion,
        refutes,
    )
    state = replace(state, case_file=replace(case, clues=case.clues + (clue,)))
    return state, (ClueAdded(clue.id, clue.text, clue.scene, clue.found_by),)


def _ids(case: CaseFile, ids: tuple[str, ...], what: str) -> tuple[str, ...]:
    known = {c.id for c in case.clues}
    out: list[str] = []
    for raw in ids:
        key = raw.strip().lower()
        if key not in known:
            have = ", ".join(c.id for c in case.clues) or "none yet"
            raise RuleError("mist.casefile.clue-among-clues-clues", raw=raw, what=what, have=have)
        if key in out:
            raise RuleError("mist.casefile.clue-listed-twice", key=key)
        out.append(key)
    return tuple(out)


def add_conclusion(state: MistState, command: AddConclusion) -> tuple[MistState, Events]:
    """A conclusion (``k1``…) with its supporting and contradicting clues (§4.7).

    Raises:
        RuleError: an empty text, an unknown clue, or a clue both supporting and contradicting.
    """
    text = command.text.strip()
    if not text:
        raise RuleError("mist.casefile.conclusion-needs-text-conclusion")
    case = state.case_file
    supports = _ids(case, command.supports, "supporting")
    contradicts = _ids(case, command.contradicts, "contradicting")
    both = sorted(set(supports) & set(contradicts))
    if both:
        raise RuleError("mist.casefile.clue-both-support-contradict", both=both[0])
    found = Conclusion(f"k{len(case.conclusions) + 1}", text, supports, contradicts)
    case = replace(case, conclusions=case.conclusions + (found,))
    event = ConclusionAdded(found.id, found.power, can_roll(case, found))
    return replace(state, case_file=case), (event,)


def set_complexity(state: MistState, complexity: int) -> tuple[MistState, Events]:
    """The mystery's complexity: the supporting clues a conclusion needs (§4.7).

    Raises:
        RuleError: a negative complexity.
    """
    if complexity < 0:
        raise RuleError("mist.casefile.complexity-more", complexity=complexity)
    case = replace(state.case_file, complexity=complexity)
    return replace(state, case_file=case), (ComplexitySet(complexity),)


def conclusion(case: CaseFile, ident: str) -> Conclusion:
    """The conclusion with id ``ident``.

    Raises:
        RuleError: no such conclusion.
    """
    for found in case.conclusions:
        if found.id == ident.strip().lower():
            return found
    have = ", ".join(c.id for c in case.conclusions) or "none yet"
    raise RuleError("mist.casefile.conclusion-conclusions", ident=ident, have=have)


def open_moment(state: MistState) -> tuple[MistState, Events]:
    """Open a case-file moment (§4.6).

    Raises:
        RuleError: one is already open.
    """
    case = state.case_file
    if case.open:
        raise RuleError("mist.casefile.case-file-already-open")
    case = replace(case, open=True, tested=False, moments=case.moments + 1)
    return replace(state, case_file=case), (CaseFileOpened(case.moments),)


def close_moment(state: MistState) -> tuple[MistState, Events]:
    """Close the case-file moment; a warning when it ends without a Test (§4.6).

    Raises:
        RuleError: none is open.
    """
    case = state.case_file
    if not case.open:
        raise RuleError("mist.casefile.case-file-open")
    events: list[Event] = []
    if not case.tested:
        events.append(CaseFileWarning("the case file ends without a Test: no opportunity"))
    events.append(CaseFileClosed(case.moments, case.tested))
    return replace(state, case_file=replace(case, open=False)), tuple(events)


def case_roll(state: MistState, command: CaseRoll, rng: random.Random) -> tuple[MistState, Events]:
    """Roll a Deduction or a Test for a conclusion and apply its outcome row (§4.7).

    Raises:
        RuleError: no such conclusion, or the complexity gate.
    """
    found = conclusion(state.case_file, command.conclusion)
    case = state.case_file
    if not can_roll(case, found):
        raise RuleError(
            "mist.casefile.needs-supporting-clues-mysterys",
            id=found.id,
            complexity=case.complexity,
            supports_count=len(found.supports),
        )
    events: list[Event] = []
    if not case.open:
        state, opened = open_moment(state)
        events.extend(opened)
    roll = roll_mist(found.power, rng, state.interpretations.negative_power_subtracts_d4)
    outcome = roll.outcome
    new_clue_id = refuting = opportunity = prop = None
    rolled = replace(found, mode=command.mode, result=outcome, total=roll.total)
    if command.mode == DEDUCE:
        if outcome is Outcome.FAIL:
            text = command.refuting_clue or f"refutes {found.id}: {found.text}"
            state, added = new_clue(state, text, (), None, refutes=found.id)
            refuting = state.case_file.clues[-1].id
        else:
            state, added = new_clue(state, found.text, (), None, from_conclusion=found.id)
            new_clue_id = state.case_file.clues[-1].id
        events_clue = added
    else:
        events_clue = ()
        case = state.case_file
        if outcome is not Outcome.FAIL:
            opportunity = f"o{len(case.opportunities) + 1}"
            case = replace(
                case,
                opportunities=case.opportunities + (Finding(opportunity, found.text, found.id),),
            )
        if outcome is not Outcome.SUCCESS:
            prop = f"p{len(case.properties) + 1}"
            case = replace(
                case, properties=case.properties + (Finding(prop, command.property, found.id),)
            )
        state = replace(state, case_file=replace(case, tested=True))
    case = state.case_file
    conclusions = tuple(rolled if c.id == found.id else c for c in case.conclusions)
    owed = outcome is not Outcome.SUCCESS
    state = replace(
        state,
        case_file=replace(case, conclusions=conclusions),
        owed=state.owed + ((found.id,) if owed and found.id not in state.owed else ()),
    )
    right = outcome is not Outcome.FAIL
    events.append(
        CaseRolled(
            found.id, command.mode, roll, right, new_clue_id, refuting, opportunity, prop, owed
        )
    )
    return state, (*events, *events_clue)


def add_question(state: MistState, text: str) -> tuple[MistState, Events]:
    """Add a question to the checklist (§4.7: "(more)")."""
    text = text.strip()
    if not text:
        raise RuleError("mist.casefile.question-needs-text-question")
    case = state.case_file
    question = Question(f"q{len(case.questions) + 1}", text)
    state = replace(state, case_file=replace(case, questions=case.questions + (question,)))
    return state, (QuestionAdded(question.id, text),)


def answer_question(state: MistState, command: AnswerQuestion) -> tuple[MistState, Events]:
    """Tick a question as answered by a conclusion (or clear it with ``none``).

    Raises:
        RuleError: no such question or conclusion.
    """
    case = state.case_file
    key = command.id.strip().lower()
    if not any(q.id == key for q in case.questions):
        have = ", ".join(q.id for q in case.questions)
        raise RuleError("mist.casefile.question-questions", id=command.id, have=have)
    answer = conclusion(case, command.conclusion).id if command.conclusion else None
    questions = tuple(replace(q, answer=answer) if q.id == key else q for q in case.questions)
    state = replace(state, case_file=replace(case, questions=questions))
    return state, (QuestionAnswered(key, answer),)
