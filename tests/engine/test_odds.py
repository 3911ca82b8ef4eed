"""Exact odds (engine/dice/odds.py) against exhaustive enumeration and closed forms."""

from __future__ import annotations

import math

import pytest
from budget import examples
from dice_support import AGAINS, LEVELS, SYSTEMS
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice.ih import CheckSpec, Untrained, evaluate_check
from engine.dice.mist import evaluate_mist
from engine.dice.odds import check_odds, mist_odds, rolled_distribution
from engine.dice.odds_pool import d6_pool, d10_pool, level1_across_pool, level1_wave_pool
from engine.settings import Interpretations

PRUNE = 1e-7
PER_WAVE = Interpretations(d6_sixes_counted_across_check=False)


def enumerate_final(spec: CheckSpec) -> tuple[dict[int, float], float, float]:
    """P(final = k) over every face sequence the resolver accepts, by brute force.

    Sequences less likely than PRUNE are cut; returns the distribution, the mass cut and
    P(dramatic failure).
    """
    sides = spec.sides
    found: dict[int, float] = {}
    dramatic = 0.0
    cut = 0.0
    stack: list[tuple[int, ...]] = [()]
    while stack:
        faces = stack.pop()
        p = (1 / sides) ** len(faces)
        try:
            result = evaluate_check(spec, faces)
        except ValueError:  # not enough faces yet
            if p / sides < PRUNE:
                cut += p
                continue
            stack.extend(faces + (face,) for face in range(1, sides + 1))
            continue
        found[result.final_successes] = found.get(result.final_successes, 0.0) + p
        dramatic += p if result.dramatic_failure else 0.0
    return found, cut, dramatic


ENUMERATED = [
    CheckSpec("ih-d10", 1),
    CheckSpec("ih-d10", 2, again=9, bonus=1),
    CheckSpec("ih-d10", 2, again=8, penalty=1),
    CheckSpec("ih-d10", 0, again=9),
    CheckSpec("ih-d10", -1, willpower=True, untrained=Untrained.PHYSICAL, bonus=2),
    CheckSpec("ih-d6", 1),
    CheckSpec("ih-d6", 3),
    CheckSpec("ih-d6", 4, interpretations=PER_WAVE),
    CheckSpec("ih-d6", 3, level=2, bonus=2),
    CheckSpec("ih-d6", 2, level=3, penalty=1),
    CheckSpec("ih-d6", 0),
    CheckSpec("ih-d6", 0, level=3, penalty=1),
    CheckSpec("ih-d6", -2, interpretations=Interpretations(d6_chance_success_extra_dice=3)),
]


def short(spec: CheckSpec) -> str:
    """A readable test id."""
    return (
        f"{spec.system} dp{spec.dp} again{spec.again} level{spec.level} +{spec.bonus} "
        f"-{spec.penalty} {spec.untrained} wp{int(spec.willpower)}"
    )


@pytest.mark.parametrize("spec", ENUMERATED, ids=short)
def test_odds_equal_exhaustive_enumeration(spec: CheckSpec) -> None:
    found, cut, dramatic = enumerate_final(spec)
    odds = check_odds(spec)
    for k in range(max(len(odds.distribution), max(found) + 1)):
        exact = odds.distribution[k] if k < len(odds.distribution) else 0.0
        assert exact == pytest.approx(found.get(k, 0.0), abs=cut + 1e-12)
    assert odds.p_dramatic_failure == pytest.approx(dramatic, abs=1e-12)


@pytest.mark.parametrize("n", range(0, 9))
def test_level1_across_sums_to_one_with_finite_support(n: int) -> None:
    pool = level1_across_pool(n)
    assert math.fsum(pool) == pytest.approx(1.0, abs=1e-13)
    assert len(pool) <= 2 * n + 1  # at most 2n − 1 dice, all successes


def test_level1_readings_differ_from_three_dice_on() -> None:
    assert level1_across_pool(2) == pytest.approx(level1_wave_pool(2), abs=1e-15)
    assert level1_across_pool(3) != pytest.approx(level1_wave_pool(3), abs=1e-6)


@pytest.mark.parametrize(
    ("pool", "expected"),
    [
        (d10_pool(7, 10), 7 * 0.3 / 0.9),
        (d10_pool(7, 9), 7 * 0.3 / 0.8),
        (d10_pool(7, 8), 7 * 0.3 / 0.7),
        (d6_pool(5, 2), 5 * (1 / 3) / (5 / 6)),
        (d6_pool(5, 3), 5 * (1 / 3) / (2 / 3)),
    ],
)
def test_exploding_means_are_geometric(pool: tuple[float, ...], expected: float) -> None:
    """Each die starts a chain of 1/(1 − e) dice, a third (d6) or 0.3 (d10) of them successes."""
    assert math.fsum(k * p for k, p in enumerate(pool)) == pytest.approx(expected, rel=1e-12)


def test_cli_example_exact_chance() -> None:
    odds = check_odds(CheckSpec("ih-d10", 7, again=9, dc=3))
    assert odds.p_success == pytest.approx(odds.p_at_least(3), abs=1e-15)
    assert odds.expected == pytest.approx(2.625, rel=1e-12)


def test_auto_failure_odds() -> None:
    odds = check_odds(CheckSpec("ih-d6", 4, untrained=Untrained.MENTAL, dc=1))
    assert odds.distribution == (1.0,) and odds.p_success == 0.0


def test_dc_zero_needs_a_success_like_dc_one() -> None:
    """§1.1.5: 0 final successes fail against DC 0 too, so DC 0 has DC 1's odds."""
    odds = check_odds(CheckSpec("ih-d10", 2, dc=0))
    assert odds.p_success == check_odds(CheckSpec("ih-d10", 2, dc=1)).p_success
    assert odds.p_success == pytest.approx(1 - odds.distribution[0])


@given(
    system=SYSTEMS,
    dp=st.integers(-3, 40),
    again=AGAINS,
    level=LEVELS,
    bonus=st.integers(0, 5),
    penalty=st.integers(0, 5),
    willpower=st.booleans(),
    across=st.booleans(),
)
@settings(max_examples=examples(60), deadline=None)
def test_odds_sum_to_one(
    system: str,
    dp: int,
    again: int,
    level: int,
    bonus: int,
    penalty: int,
    willpower: bool,
    across: bool,
) -> None:
    spec = CheckSpec(
        system,
        dp,
        again=again,
        level=level,
        bonus=bonus,
        penalty=penalty,
        willpower=willpower,
        interpretations=Interpretations(d6_sixes_counted_across_check=across),
    )
    assert math.fsum(rolled_distribution(spec)) == pytest.approx(1.0, abs=1e-12)
    odds = check_odds(spec)
    assert math.fsum(odds.distribution) == pytest.approx(1.0, abs=1e-12)
    assert all(p >= 0.0 for p in odds.distribution)


@pytest.mark.parametrize("power", [-3, -1, 0, 1, 2, 4])
@pytest.mark.parametrize("subtracts", [True, False])
def test_mist_odds_equal_enumeration(power: int, subtracts: bool) -> None:
    interpretations = Interpretations(negative_power_subtracts_d4=subtracts)
    count = abs(power) if power >= 0 or subtracts else 0
    totals: dict[int, float] = {}
    for d8 in range(1, 9):
        for index in range(4**count):
            d4s = tuple(1 + (index // 4**i) % 4 for i in range(count))
            roll = evaluate_mist(power, d8, d4s, subtracts)
            totals[roll.total] = totals.get(roll.total, 0.0) + 1 / (8 * 4**count)
    odds = mist_odds(power, interpretations)
    assert dict(odds.distribution) == pytest.approx(totals, abs=1e-15)
    assert odds.p_fail + odds.p_mixed + odds.p_success == pytest.approx(1.0, abs=1e-15)
    assert odds.p_success == pytest.approx(sum(p for t, p in totals.items() if t >= 9))
