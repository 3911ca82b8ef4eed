"""Extended actions (RULES.md §1.8)."""

from __future__ import annotations

import random

import pytest

from engine.dice.extended import (
    ExtendedStatus,
    add_roll,
    refuse_willpower,
    roll_extended,
    start_extended,
)
from engine.dice.ih import CheckSpec, evaluate_check
from engine.errors import RuleError

SPEC = CheckSpec("ih-d10", 3)


def rolled(*faces: int) -> object:
    return evaluate_check(CheckSpec("ih-d10", len(faces)), faces)


@pytest.mark.parametrize(
    ("deadline", "mishap", "rolls", "status", "successes", "ones"),
    [
        (None, False, [(8, 9, 1), (10, 2, 3, 1)], ExtendedStatus.SUCCEEDED, 3, 2),
        (None, False, [(8, 2, 1), (1, 1, 1)], ExtendedStatus.IN_PROGRESS, 1, 4),
        (2, False, [(8, 2, 1), (2, 2, 2)], ExtendedStatus.FAILED, 1, 1),
        (None, True, [(1, 1, 8), (1, 2, 2)], ExtendedStatus.MISHAP, 1, 3),
        (None, True, [(1, 1, 8), (1, 9, 8)], ExtendedStatus.SUCCEEDED, 3, 3),  # 1s don't matter
    ],
)
def test_extended_tally(
    deadline: int | None,
    mishap: bool,
    rolls: list[tuple[int, ...]],
    status: ExtendedStatus,
    successes: int,
    ones: int,
) -> None:
    action = start_extended(3, "hour", deadline=deadline, mishap_rule=mishap)
    for faces in rolls:
        action = add_roll(action, evaluate_check(CheckSpec("ih-d10", 3), faces))
    assert (action.status, action.successes, action.ones) == (status, successes, ones)
    assert action.rolls == len(rolls)


def test_a_finished_action_takes_no_more_rolls() -> None:
    action = add_roll(start_extended(1, "turn"), evaluate_check(SPEC, (8, 1, 1)))
    with pytest.raises(RuleError) as caught:
        add_roll(action, evaluate_check(SPEC, (8, 1, 1)))
    assert caught.value.code == "dice.extended.extended-action-over-start"


def test_willpower_is_refused() -> None:
    with pytest.raises(RuleError) as caught:
        refuse_willpower(CheckSpec("ih-d10", 3, willpower=True))
    assert caught.value.code == "dice.extended.willpowers-dp-does-apply"
    with pytest.raises(RuleError) as caught:
        roll_extended(
            start_extended(3, "day"), CheckSpec("ih-d10", 3, willpower=True), random.Random(1)
        )
    assert caught.value.code == "dice.extended.willpowers-dp-does-apply"


def test_roll_extended_adds_the_roll() -> None:
    action, result = roll_extended(start_extended(30, "minute", deadline=5), SPEC, random.Random(3))
    assert action.rolls == 1 and action.successes == result.final_successes
    assert action.rolls_left == 4


@pytest.mark.parametrize(
    ("dc", "interval", "deadline"), [(0, "hour", None), (3, " ", None), (3, "day", 0)]
)
def test_bad_extended_actions(dc: int, interval: str, deadline: int | None) -> None:
    with pytest.raises(RuleError):
        start_extended(dc, interval, deadline)
