"""The exact odds of an opposed check (RULES.md §3.10, [I-15]) against a brute-force
enumeration of every pair of dice faces and against seeded simulated opposed rolls."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from budget import rolls

from engine.dice.ih import CheckSpec, roll_check
from engine.dice.odds import check_odds
from engine.ih.checks import opposed_success
from engine.ih.opposed_odds import opposed_odds
from engine.settings import Interpretations

TIES_TO_DEFENDER = Interpretations(opposed_tie_goes_to_defender=True)
ROLLS = rolls(40_000)
SIGMAS = 4.0


def d10_successes_without_again(dice: int) -> dict[int, float]:
    """P(k successes on 8–10) over every face of ``dice`` d10, no extra dice."""
    counts: dict[int, float] = {}
    for faces in itertools.product(range(1, 11), repeat=dice):
        hits = sum(face >= 8 for face in faces)
        counts[hits] = counts.get(hits, 0.0) + 0.1**dice
    return counts


@pytest.mark.parametrize("settings", [Interpretations(), TIES_TO_DEFENDER])
def test_opposed_odds_equal_a_brute_force_enumeration_of_both_pools(
    settings: Interpretations,
) -> None:
    mine_map = d10_successes_without_again(3)
    theirs_map = d10_successes_without_again(2)
    mine = tuple(mine_map.get(k, 0.0) for k in range(4))
    theirs = tuple(theirs_map.get(k, 0.0) for k in range(3))
    win = tie = fewer = 0.0
    for faces in itertools.product(range(1, 11), repeat=5):
        k = sum(face >= 8 for face in faces[:3])
        j = sum(face >= 8 for face in faces[3:])
        p = 0.1**5
        win += p if opposed_success(k, j, settings) else 0.0
        tie += p if k == j else 0.0
        fewer += p if k < j else 0.0
    odds = opposed_odds(mine, theirs, settings)
    assert math.isclose(odds.p_win, win, abs_tol=1e-12)
    assert math.isclose(odds.p_tie, tie, abs_tol=1e-12)
    assert math.isclose(odds.p_fewer, fewer, abs_tol=1e-12)
    assert math.isclose(odds.p_win + odds.p_lose, 1.0, abs_tol=1e-12)
    assert math.isclose(odds.p_more + odds.p_tie + odds.p_fewer, 1.0, abs_tol=1e-12)
    assert math.isclose(odds.p_tie_zero, 0.7**5, abs_tol=1e-12)
    assert odds.ties_to_defender is settings.opposed_tie_goes_to_defender


def test_ties_count_for_the_roller_unless_the_defender_gets_them() -> None:
    mine = theirs = (0.25, 0.5, 0.25)
    acting = opposed_odds(mine, theirs)
    defending = opposed_odds(mine, theirs, TIES_TO_DEFENDER)
    nonzero_ties = 0.5 * 0.5 + 0.25 * 0.25
    assert math.isclose(acting.p_win - defending.p_win, nonzero_ties, abs_tol=1e-12)
    assert math.isclose(acting.p_tie_zero, 0.0625, abs_tol=1e-12)


@pytest.mark.parametrize(
    ("mine", "theirs", "settings"),
    [
        (CheckSpec("ih-d10", 5, bonus=1), CheckSpec("ih-d10", 4), Interpretations()),
        (CheckSpec("ih-d10", 3), CheckSpec("ih-d10", 3, penalty=1), TIES_TO_DEFENDER),
        (CheckSpec("ih-d6", 4), CheckSpec("ih-d6", 3), Interpretations()),
    ],
)
def test_opposed_odds_agree_with_seeded_simulated_opposed_rolls(
    mine: CheckSpec, theirs: CheckSpec, settings: Interpretations
) -> None:
    odds = opposed_odds(check_odds(mine).distribution, check_odds(theirs).distribution, settings)
    rng = random.Random(20261123)
    wins = ties = 0
    for _ in range(ROLLS):
        k = roll_check(mine, rng).final_successes
        j = roll_check(theirs, rng).final_successes
        wins += opposed_success(k, j, settings)
        ties += k == j
    for p, count in ((odds.p_win, wins), (odds.p_tie, ties)):
        error = math.sqrt(max(p * (1 - p), 1e-12) / ROLLS)
        assert abs(count / ROLLS - p) <= SIGMAS * error, (count / ROLLS, p)
