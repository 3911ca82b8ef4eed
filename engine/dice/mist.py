"""The M.I.S.T. action roll: 1d8 plus the highest of POWER d4s (RULES.md §4.2)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from enum import StrEnum

from engine.errors import RuleError

MAX_D4S = 1000
"""The most d4s one roll takes: ``st-console roll``'s bound, so no script line can hang."""


class Outcome(StrEnum):
    """The three bands of a Mist roll; values are INTERFACE.md §2's ``outcome``."""

    FAIL = "fail"  # ≤ 5: failure, a consequence follows
    MIXED = "mixed"  # 6–8: success with a consequence
    SUCCESS = "success"  # ≥ 9: full success


@dataclass(frozen=True, slots=True)
class MistRoll:
    """One action roll: the d8, every d4 in the order rolled, the total and its band."""

    power: int
    d8: int
    d4s: tuple[int, ...]
    total: int
    outcome: Outcome


def outcome_for(total: int) -> Outcome:
    """The band of a total: ≤ 5 fail, 6–8 mixed, ≥ 9 success."""
    if total <= 5:
        return Outcome.FAIL
    if total <= 8:
        return Outcome.MIXED
    return Outcome.SUCCESS


def total_for(power: int, d8: int, d4s: tuple[int, ...]) -> int:
    """1d8 + the highest d4; with negative power the highest d4 is subtracted ([I-5])."""
    highest = max(d4s, default=0)
    return d8 + highest if power >= 0 else d8 - highest


def d4_count(power: int, negative_subtracts: bool = True) -> int:
    """How many d4s a power rolls: ``|power|``, or none for negative power when [I-5] is off."""
    if power < 0 and not negative_subtracts:
        return 0
    return abs(power)


def evaluate_mist(
    power: int, d8: int, d4s: tuple[int, ...], negative_subtracts: bool = True
) -> MistRoll:
    """A roll from given faces (for tests and replays).

    ``negative_subtracts`` is [I-5] (``Interpretations.negative_power_subtracts_d4``): when
    False, negative power rolls the d8 alone, like power 0.
    """
    expected = d4_count(power, negative_subtracts)
    if len(d4s) != expected:
        raise ValueError(f"power {power} rolls {expected} d4s, got {len(d4s)}")
    total = total_for(power, d8, d4s)
    return MistRoll(power=power, d8=d8, d4s=d4s, total=total, outcome=outcome_for(total))


def roll_mist(power: int, rng: random.Random, negative_subtracts: bool = True) -> MistRoll:
    """Roll 1d8 and |power| d4s. Power 0 is the d8 alone ([I-5]).

    Raises:
        RuleError: more than ``MAX_D4S`` d4s (``roll mist 100000000`` in a script).
    """
    count = d4_count(power, negative_subtracts)
    if count > MAX_D4S:
        raise RuleError("dice.mist.roll-takes-most", maximum=MAX_D4S, count=count)
    d8 = rng.randint(1, 8)
    d4s = tuple(rng.randint(1, 4) for _ in range(count))
    return evaluate_mist(power, d8, d4s, negative_subtracts)
