"""The exact odds agree with 100,000 seeded simulated rolls (20,000 in CI, tests/budget.py) within
4 standard errors."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from budget import rolls

from engine.dice.ih import CheckSpec, Untrained, roll_check
from engine.dice.mist import roll_mist
from engine.dice.odds import check_odds, mist_odds
from engine.settings import Interpretations

ROLLS = rolls(100_000)
SIGMAS = 4.0

GRID = [
    CheckSpec("ih-d10", 4),
    CheckSpec("ih-d10", 3, again=9, bonus=2),
    CheckSpec("ih-d10", 3, again=8, penalty=1),
    CheckSpec("ih-d10", 0),
    CheckSpec("ih-d6", 4),
    CheckSpec("ih-d6", 3, interpretations=Interpretations(d6_sixes_counted_across_check=False)),
    CheckSpec("ih-d6", 3, level=2, untrained=Untrained.PHYSICAL),
    CheckSpec("ih-d6", 2, level=3, willpower=True),
    CheckSpec("ih-d6", -1, level=3),
]


def assert_close(exact: dict[int, float], counts: Counter[int]) -> None:
    """Every value's frequency within SIGMAS standard errors of its exact probability."""
    for value in set(exact) | set(counts):
        p = exact.get(value, 0.0)
        observed = counts.get(value, 0) / ROLLS
        error = math.sqrt(max(p * (1 - p), 1e-12) / ROLLS)
        assert abs(observed - p) <= SIGMAS * error + 1e-9, (value, observed, p)


@pytest.mark.parametrize("spec", GRID, ids=lambda spec: f"{spec.system}-{spec.dp}")
def test_check_odds_match_simulation(spec: CheckSpec) -> None:
    rng = random.Random(20240601)
    counts: Counter[int] = Counter()
    dramatic = 0
    for _ in range(ROLLS):
        result = roll_check(spec, rng)
        counts[result.final_successes] += 1
        dramatic += result.dramatic_failure
    odds = check_odds(spec)
    assert_close(dict(enumerate(odds.distribution)), counts)
    assert_close(
        {1: odds.p_dramatic_failure, 0: 1 - odds.p_dramatic_failure},
        Counter({1: dramatic, 0: ROLLS - dramatic}),
    )


@pytest.mark.parametrize("power", [-2, 0, 3])
def test_mist_odds_match_simulation(power: int) -> None:
    rng = random.Random(7)
    counts = Counter(roll_mist(power, rng).total for _ in range(ROLLS))
    assert_close(dict(mist_odds(power).distribution), counts)
