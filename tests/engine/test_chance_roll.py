"""The ih-d10 chance roll ignores 9-again and 8-again (RULES.md §1.3, [I-7], vector 12)."""

from __future__ import annotations

import math
import random

import pytest
from budget import rolls

from engine.dice.ih import CheckSpec, evaluate_check, roll_check
from engine.dice.odds import check_odds
from engine.settings import Interpretations

LITERAL = Interpretations(chance_roll_ignores_again_rules=False)


@pytest.mark.parametrize("again", [9, 8])
def test_vector_12_the_eight_on_the_extra_die_grants_nothing(again: int) -> None:
    result = evaluate_check(CheckSpec("ih-d10", 0, again=again), (10, 8))
    assert result.chance
    assert result.faces == (10, 8)
    assert result.rolled_successes == 2  # the 10 and the extra die's 8 (extra dice count 8+)
    assert result.extra_dice == 1


def test_vector_12_no_die_for_the_eight() -> None:
    """Vector 12's "no die for the 8": the 8 on the extra die grants no further die.

    (Vector 12 counts "1 success (the 10)"; §1.3 says the extra dice count successes normally,
    8+, so the 8 is a second success: the test follows §1.3's text.)
    """
    result = evaluate_check(CheckSpec("ih-d10", 0, again=8), (10, 8))
    assert len(result.faces) == 2  # no third die: the 8 did not explode
    with pytest.raises(ValueError):
        evaluate_check(CheckSpec("ih-d10", 0, again=8), (10, 8, 3))


@pytest.mark.parametrize("again", [10, 9, 8])
def test_vector_12_a_nine_on_the_chance_die_is_no_success(again: int) -> None:
    result = evaluate_check(CheckSpec("ih-d10", 0, again=again), (9,))
    assert result.final_successes == 0
    assert result.extra_dice == 0


def test_switched_off_the_again_rule_applies_to_the_extra_dice() -> None:
    spec = CheckSpec("ih-d10", 0, again=8, interpretations=LITERAL)
    result = evaluate_check(spec, (10, 8, 3))
    assert result.extra_dice == 2


@pytest.mark.parametrize("again", [9, 8])
def test_odds_of_a_chance_roll_are_those_of_ten_again(again: int) -> None:
    granted = check_odds(CheckSpec("ih-d10", -1, again=again)).distribution
    plain = check_odds(CheckSpec("ih-d10", -1)).distribution
    assert granted == pytest.approx(plain, abs=1e-15)
    # exact: P(0) = 0.9, P(1) = 0.1 × 0.7, P(2) = 0.1 × (0.2 + 0.1 × 0.7)
    assert granted[0] == pytest.approx(0.9, abs=1e-15)
    assert granted[1] == pytest.approx(0.07, abs=1e-15)
    assert granted[2] == pytest.approx(0.027, abs=1e-15)


def test_odds_switched_off_use_the_again_rule() -> None:
    odds = check_odds(CheckSpec("ih-d10", 0, again=8, interpretations=LITERAL))
    assert odds.distribution[2] == pytest.approx(0.1 * 0.3 * 0.7, abs=1e-15)


def test_odds_agree_with_seeded_rolls() -> None:
    spec = CheckSpec("ih-d10", 0, again=8)
    rng = random.Random(12)
    count = rolls(200_000)  # 40,000 in CI (tests/budget.py)
    counts = [0] * 8
    for _ in range(count):
        counts[min(roll_check(spec, rng).final_successes, 7)] += 1
    odds = check_odds(spec).distribution
    for k in range(3):
        # 0.003, or 4 standard errors when fewer rolls make that wider
        tolerance = max(0.003, 4 * math.sqrt(odds[k] * (1 - odds[k]) / count))
        assert counts[k] / count == pytest.approx(odds[k], abs=tolerance)
