"""Statuses as six boxes (RULES.md §4.1, §5 vector 8), limits and counters."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mist_support import run

from engine.errors import RuleError
from engine.mist import family
from engine.mist.events import (
    ChallengeOvercome,
    CharacterTransformed,
    StatusTaken,
)
from engine.mist.family import to_json
from engine.mist.state import MistState
from engine.mist.status import reduce_boxes, take_boxes, take_status


def boxes_of(state: MistState, who: str, name: str) -> tuple[int, ...]:
    for holder in (*state.characters, *state.challenges):
        if holder.name == who:
            for status in holder.statuses:
                if status.name == name:
                    return status.boxes
    return ()


VECTOR_8 = [
    ("take", 2, (2,), 2),
    ("take", 2, (2, 3), 3),
    ("take", 1, (1, 2, 3), 3),
    ("reduce", 2, (1,), 1),
]


def test_vector_8_sequence_through_commands() -> None:
    state, _ = run(["pc Mei"])
    for verb, n, boxes, tier in VECTOR_8:
        word = "status" if verb == "take" else "reduce"
        state, _ = run([f"{word} Mei hurt {n}"], state)
        assert boxes_of(state, "Mei", "hurt") == boxes
        assert family.to_json(state)["characters"][0]["statuses"]["hurt"] == {
            "tier": tier,
            "boxes": list(boxes),
        }


@pytest.mark.parametrize(
    ("boxes", "by", "after"),
    [((2, 4), 1, (1, 3)), ((4,), 1, (3,)), ((1, 2, 3), 2, (1,)), ((1,), 1, ()), ((6,), 5, (1,))],
)
def test_reduce_shifts_every_box_down(
    boxes: tuple[int, ...], by: int, after: tuple[int, ...]
) -> None:
    assert reduce_boxes(boxes, by) == after


def test_vector_8_cap_at_six_is_reported() -> None:
    result = take_boxes((6,), 6)
    assert result.boxes == (6,) and result.capped and result.marked is None
    state, _ = run(["pc Mei", "status Mei hurt 6"])
    state, events = run(["status Mei hurt 6"], state)
    taken = [e for e in events if isinstance(e, StatusTaken)]
    assert taken[0].capped and taken[0].boxes == (6,) and taken[0].tier == 6
    assert not any(isinstance(e, CharacterTransformed) for e in events)


def test_reduce_whole_status_away_removes_it() -> None:
    state, _ = run(["pc Mei", "status Mei hurt 2", "reduce Mei hurt 3"])
    assert family.to_json(state)["characters"][0]["statuses"] == {}
    with pytest.raises(RuleError) as caught:  # §4.1: gone, so a further reduction is refused
        run(["reduce Mei hurt 1"], state)
    assert caught.value.code == "mist.status.not-held"


def test_pc_reaching_six_is_transformed() -> None:
    state, events = run(["pc Mei", "status Mei hurt 5", "status Mei hurt 5"])
    assert any(isinstance(e, CharacterTransformed) for e in events)
    assert state.characters[0].transformed


def test_challenge_limit_overcomes_by_status_kind_only() -> None:
    state, events = run(["challenge Hound limits=harmed:4,convinced:3", "status Hound scared 5"])
    assert not state.challenges[0].overcome
    state, events = run(["status Hound harmed 3", "status Hound harmed 3"], state)
    assert state.challenges[0].overcome
    overcome = [e for e in events if isinstance(e, ChallengeOvercome)]
    assert overcome == [ChallengeOvercome("Hound", "harmed", 4, 4)]
    assert family.to_json(state)["challenges"][0]["overcome"] is True


def test_immune_limit_refuses_that_status() -> None:
    state, _ = run(["challenge Wall limits=harmed:immune,solved:2"])
    with pytest.raises(RuleError) as caught:
        run(["status Wall harmed 1"], state)
    assert caught.value.code == "mist.limits.immune-status-given"
    assert caught.value.params == {"found": "Wall", "kind": "harmed"}
    assert family.to_json(state)["challenges"][0]["limits"] == {"harmed": "immune", "solved": 2}


def test_limit_lowered_under_a_status_overcomes() -> None:
    state, events = run(
        ["challenge Hound limits=harmed:5", "status Hound harmed 3", "limit Hound harmed 3"]
    )
    assert state.challenges[0].overcome


def test_counters_reduces_the_opposing_status() -> None:
    state, _ = run(["pc Mei", "status Mei hurt 3", "status Mei healed 2 counters=hurt"])
    assert boxes_of(state, "Mei", "hurt") == (1,)
    assert boxes_of(state, "Mei", "healed") == ()
    state, _ = run(["reduce Mei bandaged 1 counters=hurt"], state)
    assert boxes_of(state, "Mei", "hurt") == ()


def test_separate_statuses_when_stacking_is_off() -> None:
    state, _ = run(
        [
            "pc Mei",
            "interpret stack_same_name_statuses=false",
            "status Mei hurt 2",
            "status Mei hurt 2",
        ]
    )
    assert boxes_of(state, "Mei", "hurt") == (2,)
    assert boxes_of(state, "Mei", "hurt (2)") == (2,)


@pytest.mark.parametrize(
    "text",
    [
        "status Mei hurt 0",
        "status Mei hurt 7",
        "reduce Mei hurt 0",
        "status Ann hurt 1",
    ],
)
def test_bad_status_commands_are_rule_errors(text: str) -> None:
    state, _ = run(["pc Mei"])
    with pytest.raises(RuleError):
        run([text], state)


operations = st.lists(
    st.tuples(st.sampled_from(["take", "reduce"]), st.integers(min_value=1, max_value=6)),
    max_size=30,
)


@given(operations)
def test_boxes_stay_sorted_in_range_and_tier_is_the_highest(ops: list[tuple[str, int]]) -> None:
    boxes: tuple[int, ...] = ()
    for verb, n in ops:
        before = max(boxes, default=0)
        if verb == "take":
            result = take_boxes(boxes, n)
            boxes = result.boxes
            assert max(boxes) >= max(before, n) or result.capped
        else:
            boxes = reduce_boxes(boxes, n)
            assert max(boxes, default=0) == max(before - n, 0)
        assert list(boxes) == sorted(set(boxes))
        assert all(1 <= box <= 6 for box in boxes)


def _statuses(json: dict[str, object], index: int = 0, key: str = "characters") -> object:
    rows = json[key]
    assert isinstance(rows, list)
    return rows[index]["statuses"]


def test_blanks_around_a_status_name_do_not_make_a_second_status() -> None:
    """§4.1 stacking is by name; ``"hurt "`` is hurt (INTERFACE §3: names match by case)."""
    state, _ = run(["pc Mei", 'status Mei "hurt " 2', 'status mei " HURT" 2', "status Mei hurt 1"])
    assert _statuses(to_json(state)) == {"hurt": {"tier": 3, "boxes": [1, 2, 3]}}
    state, _ = run(['reduce Mei " hurt " 2'], state)
    assert _statuses(to_json(state)) == {"hurt": {"tier": 1, "boxes": [1]}}


def test_blanks_around_a_target_name_find_the_character() -> None:
    """``pc " Mei "`` stores Mei; ``status " Mei " …`` must find her, not refuse."""
    state, _ = run(['pc " Mei "', 'status " Mei " hurt 2', 'status "MEI " hurt 2'])
    assert to_json(state)["characters"][0]["name"] == "Mei"
    assert _statuses(to_json(state)) == {"hurt": {"tier": 3, "boxes": [2, 3]}}


def test_a_blank_padded_status_reaches_its_limit() -> None:
    """§4.1: reaching a limit overcomes the challenge, whatever blanks surround the kind."""
    state, _ = run(["challenge Hound limits=harmed:3", 'status Hound " harmed " 3'])
    hound = to_json(state)["challenges"][0]
    assert hound["overcome"] is True
    assert hound["statuses"] == {"harmed": {"tier": 3, "boxes": [3]}}


def test_a_status_needs_a_name_at_the_engine_too() -> None:
    """A dialog passing a blank name gets a RuleError, not a status called ''."""
    with pytest.raises(RuleError) as caught:
        take_status((), "  ", 2)
    assert caught.value.code == "mist.status.status-needs-name"


@pytest.mark.parametrize(
    ("lines", "overcome"),
    [
        (["status Hound harmed 2", "status Hound harmed 2", "status Hound harmed 3"], True),
        (["status Hound harmed 2", "status Hound harmed 2", "status Hound harmed 2"], False),
        (["status Hound harmed 1", 'status Hound " Harmed " 4'], True),
        (['status Hound "harmed (x)" 4', "status Hound harmless 4"], False),
    ],
)
def test_separate_takes_still_reach_their_kinds_limit(lines: list[str], overcome: bool) -> None:
    """[I-4] off: each take is its own status ("harmed (2)"), but it is still a *harmed*
    status, so §4.1's "reaching any limit overcomes the challenge" counts it."""
    setup = ["interpret stack_same_name_statuses=false", "challenge Hound limits=harmed:3"]
    state, _ = run(setup + lines)
    assert to_json(state)["challenges"][0]["overcome"] is overcome
