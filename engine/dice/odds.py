"""Exact odds of an IH check and of a M.I.S.T. action roll (RULES.md §1, §4.2).

No dice are rolled: the distributions come from :mod:`engine.dice.odds_pool` (generating
functions) and are then carried through the check's steps exactly as :mod:`engine.dice.ih`
resolves a roll: chance roll, penalty, bonus only on effective successes > 0, automatic
failure, and the same DC judgement (final ≥ DC; an automatic failure never succeeds).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from engine.dice.ih import CheckSpec, validate_spec
from engine.dice.mist import Outcome, d4_count, outcome_for
from engine.dice.odds_pool import MAX_POOL, d6_pool, d10_pool
from engine.errors import RuleError
from engine.settings import DEFAULT, Interpretations

P_D10_CHANCE_DRAMATIC = 0.1
"""§1.3: a 1 on the single chance d10."""
P_D6_CHANCE_DRAMATIC = 1 / 36
"""§1.3: both chance d6 show 1."""
MAX_BONUS = MAX_POOL
"""The largest bonus the odds are computed for: the distribution lists every final count from
0 up, the impossible 1…bonus included, so a bonus of 10⁸ would be 10⁸ entries."""


@dataclass(frozen=True, slots=True)
class CheckOdds:
    """The exact distribution of an IH check's **final** successes.

    ``distribution[k]`` is P(final = k); terms beyond the last are below 1e-12 together.
    ``dp`` is the pool rolled (willpower included); ``p_success`` is ``None`` without a DC.
    """

    system: str
    dp: int
    chance: bool
    distribution: tuple[float, ...]
    expected: float
    p_dramatic_failure: float
    dc: int | None
    p_success: float | None

    def p_at_least(self, successes: int) -> float:
        """P(final ≥ successes)."""
        return math.fsum(self.distribution[max(successes, 0) :])


@dataclass(frozen=True, slots=True)
class MistOdds:
    """The exact distribution of a M.I.S.T. roll's total and its three bands (§4.2)."""

    power: int
    distribution: tuple[tuple[int, float], ...]
    p_fail: float
    p_mixed: float
    p_success: float


def rolled_distribution(spec: CheckSpec) -> tuple[float, ...]:
    """P(rolled successes = k) for the spec's dice, before penalty and bonus (§1.1–1.3).

    Raises:
        RuleError: the spec breaks a rule, or the pool is beyond :data:`MAX_POOL`.
    """
    validate_spec(spec)
    if spec.pool > MAX_POOL:
        raise RuleError("dice.odds.odds-computed-pools-up", maximum=MAX_POOL, pool=spec.pool)
    interpretations = spec.interpretations
    across = interpretations.d6_sixes_counted_across_check
    if not spec.chance:
        if spec.system == "ih-d10":
            return d10_pool(spec.pool, spec.again)
        return d6_pool(spec.pool, spec.level, across)
    if spec.system == "ih-d10":
        return _chance(0.1, d10_pool(1, spec.chance_again))  # [I-7]
    extra = interpretations.d6_chance_success_extra_dice
    return _chance(1 / 36, d6_pool(extra, spec.chance_level, across))  # [I-2]


def check_odds(spec: CheckSpec) -> CheckOdds:
    """Exact odds of an IH check: distribution, P(≥ DC), expectation, P(dramatic failure).

    Raises:
        RuleError: the spec breaks a rule, the pool is beyond :data:`MAX_POOL` or the bonus
            beyond :data:`MAX_BONUS`.
    """
    validate_spec(spec)
    if spec.bonus > MAX_BONUS and not spec.chance and not spec.auto_failure:
        raise RuleError("dice.odds.odds-computed-bonuses-up", maximum=MAX_BONUS, bonus=spec.bonus)
    if spec.auto_failure:
        final: tuple[float, ...] = (1.0,)
        dramatic = 0.0
    else:
        rolled = rolled_distribution(spec)
        bonus = 0 if spec.chance else spec.bonus
        final = apply_penalty_and_bonus(rolled, spec.total_penalty, bonus)
        if not spec.chance:
            dramatic = 0.0
        elif spec.system == "ih-d10":
            dramatic = P_D10_CHANCE_DRAMATIC
        else:
            dramatic = P_D6_CHANCE_DRAMATIC
    p_success = None
    if spec.dc is not None:
        p_success = 0.0 if spec.auto_failure else math.fsum(final[max(spec.dc, 1) :])  # §1.1.5
    return CheckOdds(
        system=spec.system,
        dp=spec.pool,
        chance=spec.chance,
        distribution=final,
        expected=math.fsum(k * p for k, p in enumerate(final)),
        p_dramatic_failure=dramatic,
        dc=spec.dc,
        p_success=p_success,
    )


@lru_cache(maxsize=4096)
def apply_penalty_and_bonus(
    rolled: tuple[float, ...], penalty: int, bonus: int
) -> tuple[float, ...]:
    """Carry P(rolled = r) to P(final = k) by §1.1.4–6.

    Effective = r − penalty; final = effective + bonus when effective > 0, else 0.
    """
    failed = math.fsum(rolled[: penalty + 1])
    kept = rolled[penalty + 1 :]
    if not kept:
        return (failed,)
    return (failed,) + (0.0,) * bonus + kept


def mist_odds(power: int, interpretations: Interpretations = DEFAULT) -> MistOdds:
    """Exact odds of 1d8 ± the highest of |power| d4s (RULES.md §4.2, [I-5])."""
    count = d4_count(power, interpretations.negative_power_subtracts_d4)
    highest = _highest_d4(count)
    sign = -1 if power < 0 else 1
    totals: dict[int, float] = {}
    for d8 in range(1, 9):
        for value, p in highest:
            total = d8 + sign * value
            totals[total] = totals.get(total, 0.0) + p / 8
    distribution = tuple(sorted(totals.items()))
    bands = {band: 0.0 for band in Outcome}
    for total, p in distribution:
        bands[outcome_for(total)] += p
    return MistOdds(
        power=power,
        distribution=distribution,
        p_fail=bands[Outcome.FAIL],
        p_mixed=bands[Outcome.MIXED],
        p_success=bands[Outcome.SUCCESS],
    )


def _highest_d4(count: int) -> tuple[tuple[int, float], ...]:
    """P(the highest of ``count`` d4s = m): (m/4)ⁿ − ((m−1)/4)ⁿ; 0 with no d4."""
    if count == 0:
        return ((0, 1.0),)
    return tuple((m, (m / 4) ** count - ((m - 1) / 4) ** count) for m in range(1, 5))


def _chance(p_hit: float, extra: tuple[float, ...]) -> tuple[float, ...]:
    """A chance roll: one success plus the extra dice's successes with probability p_hit."""
    return (1.0 - p_hit,) + tuple(p_hit * p for p in extra)
