"""The case file (RULES.md §4.6–4.7): the complexity gate, Deduction and Test rows, warnings."""

from __future__ import annotations

from typing import Any

import pytest
from mist_support import CASE, Dice, run

from engine.dice.mist import Outcome
from engine.errors import RuleError
from engine.mist import family
from engine.mist.events import CaseFileWarning, CaseRolled, CutIn
from engine.mist.state import MistState

SETUP = [
    'clue "Claw marks on the door"',
    'clue "Silver bullet casings"',
    'clue "Full moon that night"',
    'conclusion "A werewolf did it" supports=c1,c2 contradicts=c3',
    "complexity 2",
]
LOW, MIXED, HIGH = (1, 1), (5, 1), (8, 1)  # power 2 − 1 = 1: 1d8 + 1d4


def test_ids_power_and_json() -> None:
    state, _ = run(SETUP)
    case = family.to_json(state)["case_file"]
    assert [c["id"] for c in case["clues"]] == ["c1", "c2", "c3"]
    k1 = case["conclusions"][0]
    assert (k1["id"], k1["supports"], k1["contradicts"]) == ("k1", ["c1", "c2"], ["c3"])
    assert (k1["power"], k1["can_roll"], k1["result"]) == (1, True, None)
    assert case["complexity"] == 2


def test_complexity_gate_says_why() -> None:
    state, _ = run(SETUP + ["complexity 3"])
    assert family.to_json(state)["case_file"]["conclusions"][0]["can_roll"] is False
    with pytest.raises(RuleError) as caught:
        run(["deduce k1"], state, Dice(*HIGH))
    assert caught.value.code == "mist.casefile.needs-supporting-clues-mysterys"
    assert (caught.value.params["complexity"], caught.value.params["supports_count"]) == (3, 2)
    with pytest.raises(RuleError) as caught:
        run(["test k1"], state, Dice(*HIGH))
    assert caught.value.code == "mist.casefile.needs-supporting-clues-mysterys"
    assert (caught.value.params["complexity"], caught.value.params["supports_count"]) == (3, 2)


@pytest.mark.parametrize(
    ("faces", "right", "clue_text", "refutes", "owed"),
    [
        (LOW, False, "The casings are old", "k1", True),
        (MIXED, True, "A werewolf did it", None, True),
        (HIGH, True, "A werewolf did it", None, False),
    ],
)
def test_deduction_rows(
    faces: tuple[int, int], right: bool, clue_text: str, refutes: str | None, owed: bool
) -> None:
    state, _ = run(SETUP)
    state, events = run(['deduce k1 clue="The casings are old"'], state, Dice(*faces))
    rolled = next(e for e in events if isinstance(e, CaseRolled))
    assert rolled.right is right and rolled.consequence is owed
    clue = state.case_file.clues[-1]
    assert (clue.id, clue.text, clue.refutes) == ("c4", clue_text, refutes)
    if not right:
        # [I-22]: the refuting clue is a clue of its own and counts −1 against the conclusion,
        # which stays, refuted by it.
        k1 = state.case_file.conclusions[0]
        assert (k1.contradicts, k1.refuted, k1.refuted_by) == (("c3", "c4"), True, "c4")
    else:
        assert clue.from_conclusion == "k1"
    assert ("k1" in state.owed) is owed


@pytest.mark.parametrize(
    ("faces", "opportunity", "prop"),
    [(LOW, False, True), (MIXED, True, True), (HIGH, True, False)],
)
def test_test_rows(faces: tuple[int, int], opportunity: bool, prop: bool) -> None:
    state, _ = run(SETUP)
    state, events = run(['test k1 property="fears no silver"'], state, Dice(*faces))
    rolled = next(e for e in events if isinstance(e, CaseRolled))
    assert (rolled.opportunity is not None) is opportunity
    assert (rolled.property is not None) is prop
    case = state.case_file
    assert len(case.opportunities) == int(opportunity) and len(case.properties) == int(prop)
    assert case.tested


def test_a_case_file_closes_only_with_its_test() -> None:
    """§4.6: any number of Deductions, then one Test closes the case file, whatever its
    result; closing it without a Test is refused (vector 24)."""
    state, _ = run(SETUP + ["casefile open", 'conclusion "It fears silver" supports=c1,c2'])
    state, _ = run(["deduce k1", "deduce k2"], state, Dice(8, 1, 8, 1, 1))  # 9+, 9+
    with pytest.raises(RuleError) as caught:
        run(["casefile close"], state)
    assert (caught.value.code, dict(caught.value.params)) == (
        "mist.casefile.close-needs-test",
        {"moment": 1},
    )
    state, events = run(["test k2"], state, Dice(1, 1, 1))  # ≤ 5
    assert [type(e).__name__ for e in events] == ["CaseRolled", "CaseFileClosed"]
    assert not state.case_file.open and state.case_file.tested
    assert not any(isinstance(e, CaseFileWarning) for e in events)
    with pytest.raises(RuleError) as caught:
        run(["casefile close"], state)
    assert caught.value.code == "mist.casefile.case-file-open"
    state, events = run(["deduce k1"], state, Dice(8, 1))  # the next case file opens
    assert state.case_file.open and not state.case_file.tested and state.case_file.moments == 2


def test_mission_cut_in_suppress_and_end() -> None:
    state, _ = run(['season "Autumn"', 'mission "Harbour" anomaly="the drowned bell"'])
    state, events = run(SETUP + ['cutin "Three sailors vanished"'], state)
    cut = next(e for e in events if isinstance(e, CutIn))
    assert cut.clues == ("c1", "c2", "c3") and cut.anomaly == "the drowned bell"
    state, _ = run(["test k1"], state, Dice(*HIGH))
    state, _ = run(["suppress o1", "mission end"], state)
    assert state.mission.suppressed and state.mission.ended
    with pytest.raises(RuleError) as caught:
        run(["mission end"], state)
    assert caught.value.code == "mist.mission.mission-already-ended"


def test_mission_end_with_untested_case_file_warns() -> None:
    state, _ = run(['mission "Harbour"', *SETUP, "casefile open"])
    state, events = run(["mission end"], state)
    assert any(isinstance(e, CaseFileWarning) for e in events)


@pytest.mark.parametrize(
    "text",
    [
        'conclusion "x" supports=c9',
        'conclusion "x" supports=c1 contradicts=c1',
        "deduce k7",
        "complexity -1",
        "answer q9 k1",
        "suppress o1",
    ],
)
def test_bad_case_file_commands(text: str) -> None:
    state, _ = run(SETUP)
    with pytest.raises(RuleError):
        run([text], state, Dice(*HIGH))


def test_questions_checklist() -> None:
    state, _ = run(SETUP + ['question "Who rang the bell?"', "answer q6 k1", "answer q1 k1"])
    answers = {q.id: q.answer for q in state.case_file.questions}
    assert answers["q1"] == "k1" and answers["q6"] == "k1" and answers["q2"] is None


FAIL, HIGH = (1, 1, 1), (8, 4, 4)  # power 2: 1d8 + 2d4


def conclusion_json(state: MistState) -> dict[str, Any]:
    return dict(family.to_json(state)["case_file"]["conclusions"][0])


def test_refuted_conclusion_stays_refuted_by_its_clue_and_cannot_roll() -> None:
    """[I-22]: a failed Deduction keeps the conclusion, refuted by the clue it found, which
    counts −1 (power 2 − 1); it cannot be rolled again, nor stated again word for word."""
    state, _ = run(CASE + ["deduce k1"], family.new_state("mist"), Dice(*FAIL))
    k1 = conclusion_json(state)
    assert (k1["supports"], k1["contradicts"], k1["power"]) == (["c1", "c2"], ["c3"], 1)
    assert (k1["can_roll"], k1["result"], k1["refuted"], k1["refuted_by"]) == (
        False,
        "fail",
        True,
        "c3",
    )
    clues = family.to_json(state)["case_file"]["clues"]
    assert clues[-1]["id"] == "c3" and clues[-1]["refutes"] == "k1"
    for line in ("deduce k1", "test k1"):
        with pytest.raises(RuleError) as caught:
            run([line], state, Dice(*HIGH))
        assert caught.value.code == "mist.casefile.refuted-rolled-again"
        assert dict(caught.value.params) == {"id": "k1", "by": "c3"}
    with pytest.raises(RuleError) as caught:
        run(['conclusion "a WEREWOLF" supports=c1,c2'], state)
    assert caught.value.code == "mist.casefile.refuted-stated-again"
    state, _ = run(['conclusion "A werewolf, silver-proof" supports=c1,c2 contradicts=c3'], state)
    state, _ = run(["deduce k2"], state, Dice(*HIGH))  # a changed conclusion can be rolled
    assert state.case_file.conclusions[1].result is not None


def test_a_failed_test_refutes_by_the_property_it_reveals() -> None:
    state, _ = run(
        CASE + ['test k1 property="silver-proof"'], family.new_state("mist"), Dice(*FAIL)
    )
    k1 = state.case_file.conclusions[0]
    assert (k1.refuted, k1.refuted_by, k1.contradicts) == (True, "p1", ())
    with pytest.raises(RuleError) as caught:
        run(["test k1"], state, Dice(*HIGH))
    assert caught.value.code == "mist.casefile.refuted-rolled-again"


def test_switched_i22_restates_a_refuted_conclusion_with_its_clue_against() -> None:
    lines = ["interpret refuted_conclusion_restated=true", *CASE, "deduce k1"]
    state, _ = run(lines, family.new_state("mist"), Dice(*FAIL))
    assert conclusion_json(state)["can_roll"] is True
    state, _ = run(['conclusion "A werewolf" supports=c1,c2'], state)
    assert state.case_file.conclusions[1].contradicts == ("c3",)  # the refuting clue −1
    state, _ = run(["deduce k1"], state, Dice(8, 4))  # power 1: 1d8 + 1d4
    k1 = state.case_file.conclusions[0]
    assert (k1.result, k1.refuted_by, k1.contradicts) == (Outcome.SUCCESS, None, ("c3",))


def test_other_conclusions_may_be_rolled_again_in_either_mode() -> None:
    """A right conclusion may be rolled again (a Test after a Deduction): each applies its row;
    the latest result shows."""
    state, _ = run(CASE + ["deduce k1"], family.new_state("mist"), Dice(*HIGH))
    assert conclusion_json(state)["result"] == "success"
    assert [c.id for c in state.case_file.clues] == ["c1", "c2", "c3"]
    assert state.case_file.clues[-1].text == "A werewolf"
    state, _ = run(["test K1"], state, Dice(*HIGH))
    assert conclusion_json(state)["result"] == "success"
    assert [o.id for o in state.case_file.opportunities] == ["o1"]
