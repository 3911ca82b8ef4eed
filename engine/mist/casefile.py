"""The case file (RULES.md §4.6–4.7): clues, conclusions, the complexity gate, Deduction and Test.

A conclusion's power is its supporting clues minus its contradicting ones; it can be rolled only
with at least ``complexity`` supporting clues. The outcome rows of §4.7 are applied: a refuting
clue, the conclusion becoming a clue, an opportunity, an extra property of the anomaly.

[I-22]: a refuted conclusion (≤ 5) stays in the case file, marked refuted with what refuted it:
the refuting clue of a Deduction, which joins the clues and counts −1 against the conclusion
(it is written into its ``contradicts``), or the property a Test revealed. It cannot be rolled
again, nor stated again word for word; a changed conclusion can. The setting
``refuted_conclusion_restated`` lets it be rolled (or stated) again, its refuting clue −1.
Any other conclusion may be rolled again (a Test after a Deduction): each roll applies its row.
"""

from __future__ import annotations

import random

from engine.dice.mist import Outcome, roll_mist
from engine.errors import RuleError
from engine.events import Event, Events
from engine.fullwidth import ascii_forms
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
from engine.records import replace

DEDUCE = "deduce"
TEST = "test"


def can_roll(case: CaseFile, conclusion: Conclusion, restated: bool = False) -> bool:
    """The complexity gate (§4.7): supporting clues ≥ the mystery's complexity; and not refuted
    ([I-22]) unless ``restated`` (the setting ``refuted_conclusion_restated``)."""
    if conclusion.refuted and not restated:
        return False
    return len(conclusion.supports) >= case.complexity


def _refuting_clue(case: CaseFile, conclusion: Conclusion) -> str | None:
    """The refuting clue of a refuted conclusion (a Test's property is not a clue)."""
    by = conclusion.refuted_by
    return by if by is not None and any(c.id == by for c in case.clues) else None


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


def id_key(raw: str) -> str:
    """A clue's, conclusion's or question's id as typed, as its key: ``ｃ２`` (an input method's
    full-width letters and digits, kept as typed inside a form's quoted list) is ``c2``."""
    return ascii_forms(raw).strip().lower()


def _ids(case: CaseFile, ids: tuple[str, ...], what: str) -> tuple[str, ...]:
    known = {c.id for c in case.clues}
    out: list[str] = []
    for raw in ids:
        key = id_key(raw)
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
    same = next(
        (k for k in case.conclusions if k.refuted and k.text.casefold() == text.casefold()), None
    )
    if same is not None:
        if not state.interpretations.refuted_conclusion_restated:
            raise RuleError(
                "mist.casefile.refuted-stated-again", id=same.id, by=same.refuted_by or "—"
            )
        refuting = _refuting_clue(case, same)  # [I-22] switched: restated, its clue −1
        if refuting is not None and refuting not in contradicts + supports:
            contradicts += (refuting,)
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
        if found.id == id_key(ident):
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
    """Close the case file after its Test (§4.6: any number of Deductions, then one Test closes
    it; a Test closes it itself, so this is for a case file tested and still open).

    Raises:
        RuleError: none is open, or no Test was rolled in it.
    """
    case = state.case_file
    if not case.open:
        raise RuleError("mist.casefile.case-file-open")
    if not case.tested:
        raise RuleError("mist.casefile.close-needs-test", moment=case.moments)
    return replace(state, case_file=replace(case, open=False)), (
        CaseFileClosed(case.moments, case.tested),
    )


def abandon_moment(state: MistState) -> tuple[MistState, Events]:
    """The mission ends with the case file open: it is left, untested, with a warning (no
    opportunity can come of it). Only ``mission end`` does this (§4.6)."""
    case = state.case_file
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
    if found.refuted and not state.interpretations.refuted_conclusion_restated:
        raise RuleError(
            "mist.casefile.refuted-rolled-again", id=found.id, by=found.refuted_by or "—"
        )
    if not can_roll(case, found, restated=True):
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
    refuted_by: str | None = None
    if command.mode == DEDUCE:
        if outcome is Outcome.FAIL:
            text = command.refuting_clue or f"refutes {found.id}: {found.text}"
            state, added = new_clue(state, text, (), None, refutes=found.id)
            refuting = refuted_by = state.case_file.clues[-1].id
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
            refuted_by = prop if outcome is Outcome.FAIL else None
            case = replace(
                case, properties=case.properties + (Finding(prop, command.property, found.id),)
            )
        state = replace(state, case_file=replace(case, tested=True))
    case = state.case_file
    # [I-22]: a refuted conclusion is kept, shown with what refuted it; its refuting clue
    # counts −1 against it (a right result, rolled again as the setting allows, clears it).
    against = rolled.contradicts
    if refuting is not None and refuting not in against:
        against += (refuting,)
    rolled = replace(rolled, refuted_by=refuted_by, contradicts=against)
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
    closed: Events = ()
    if command.mode == TEST:  # §4.6: the Test closes the case file, whatever its result
        state, closed = close_moment(state)
    return state, (*events, *events_clue, *closed)


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
    key = id_key(command.id)
    if not any(q.id == key for q in case.questions):
        have = ", ".join(q.id for q in case.questions)
        raise RuleError("mist.casefile.question-questions", id=command.id, have=have)
    answer = conclusion(case, command.conclusion).id if command.conclusion else None
    questions = tuple(replace(q, answer=answer) if q.id == key else q for q in case.questions)
    state = replace(state, case_file=replace(case, questions=questions))
    return state, (QuestionAnswered(key, answer),)
