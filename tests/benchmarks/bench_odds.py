"""Exact odds of IH pools: our generating functions against icepool (a script, not a test).

Run: ``.venv/bin/python tests/benchmarks/bench_odds.py`` (needs the ``bench`` extra: icepool).

For DP 1–40 and each system and again rule / explode level, times the full distribution of
rolled successes from a cold cache, and, for the DPs in ``ICEPOOL_DP``, icepool computing the
same distribution (exact fractions), checks both agree to 1e-12, and prints the speed-up.
icepool's level-1 model (a state machine: 6s pair across the check) grows very fast, so it is
run only up to ``LEVEL1_ICEPOOL_MAX``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import icepool
from bench_support import clear_odds_caches

from engine.dice.odds_pool import d6_pool, d10_pool

ICEPOOL_DP = (1, 2, 3, 5, 10, 15, 20, 30, 40)
LEVEL1_ICEPOOL_MAX = 10
TOLERANCE = 1e-12


def _chain(faces: list[int | icepool.AgainExpression], explode: float) -> icepool.Die:
    """One die and its chain of extra dice; the depth leaves < 1e-16 unexplored."""
    depth = math.ceil(math.log(1e-16) / math.log(explode))
    return icepool.Die(faces, again_depth=depth, again_end=1)


def icepool_d10(n: int, again: int) -> icepool.Die:
    faces: list[int | icepool.AgainExpression] = [0] * 7 + [1] * (again - 8)
    faces += [1 + icepool.Again] * (11 - again)
    return n @ _chain(faces, (11 - again) / 10)


def icepool_d6(n: int, level: int) -> icepool.Die:
    if level == 1:
        return _icepool_level1(n)
    faces: list[int | icepool.AgainExpression] = [0] * 4
    if level == 2:
        faces += [1, 1 + icepool.Again]
        return n @ _chain(faces, 1 / 6)
    faces += [1 + icepool.Again] * 2
    return n @ _chain(faces, 2 / 6)


def _icepool_level1(n: int) -> icepool.Die:
    """State (successes, unpaired six, dice pending), stepped one die at a time to the end."""

    def step(successes: int, odd_six: int, pending: int) -> object:
        if pending == 0:
            return (successes, odd_six, pending)

        def face(value: int) -> tuple[int, int, int]:
            if value == 6:
                if odd_six:
                    return (successes + 1, 0, pending)  # the pair grants a die: pending stays
                return (successes + 1, 1, pending - 1)
            return (successes + (value == 5), odd_six, pending - 1)

        return icepool.map(face, icepool.d6)

    start = icepool.Die([(0, 0, n)])
    end = icepool.map(step, start, star=True, repeat="inf")
    return end.map(lambda successes, _odd, _pending: successes)


def _timed(compute: Callable[[], object]) -> tuple[object, float]:
    start = time.perf_counter()
    value = compute()
    return value, time.perf_counter() - start


def _coldest(compute: Callable[[], object]) -> tuple[object, float]:
    """The best of three runs, each from a cold cache (a stray GC pause is not our time)."""
    runs = []
    for _ in range(3):
        clear_odds_caches()
        runs.append(_timed(compute))
    return min(runs, key=lambda run: run[1])


def _difference(die: icepool.Die, ours: tuple[float, ...]) -> float:
    keys = set(die.outcomes()) | set(range(len(ours)))
    return max(abs(float(die.probability(k)) - (ours[k] if k < len(ours) else 0.0)) for k in keys)


VARIANTS: tuple[tuple[str, Callable[[int], tuple[float, ...]], Callable[[int], icepool.Die]], ...]
VARIANTS = (
    ("ih-d10 10-again", lambda n: d10_pool(n, 10), lambda n: icepool_d10(n, 10)),
    ("ih-d10 9-again", lambda n: d10_pool(n, 9), lambda n: icepool_d10(n, 9)),
    ("ih-d10 8-again", lambda n: d10_pool(n, 8), lambda n: icepool_d10(n, 8)),
    ("ih-d6 level 1", lambda n: d6_pool(n, 1), lambda n: icepool_d6(n, 1)),
    ("ih-d6 level 2", lambda n: d6_pool(n, 2), lambda n: icepool_d6(n, 2)),
    ("ih-d6 level 3", lambda n: d6_pool(n, 3), lambda n: icepool_d6(n, 3)),
)


def main() -> None:
    print(
        f"{'variant':<16} {'DP':>3} {'ours ms':>8} {'icepool ms':>11} "
        f"{'speed-up':>9} {'max |Δ|':>9}"
    )
    worst = 0.0
    for name, ours, theirs in VARIANTS:
        for n in range(1, 41):
            distribution, seconds = _coldest(lambda n=n, ours=ours: ours(n))  # type: ignore[misc]
            assert isinstance(distribution, tuple)
            worst = max(worst, seconds)
            icepool_ok = n in ICEPOOL_DP and (name != "ih-d6 level 1" or n <= LEVEL1_ICEPOOL_MAX)
            if not icepool_ok:
                if n in ICEPOOL_DP:
                    print(f"{name:<16} {n:>3} {seconds * 1e3:>8.3f} {'(skipped)':>11}")
                continue
            die, icepool_seconds = _timed(lambda n=n, theirs=theirs: theirs(n))  # type: ignore[misc]
            assert isinstance(die, icepool.Die)
            difference = _difference(die, distribution)
            assert difference < TOLERANCE, (name, n, difference)
            print(
                f"{name:<16} {n:>3} {seconds * 1e3:>8.3f} {icepool_seconds * 1e3:>11.1f} "
                f"{icepool_seconds / seconds:>8.0f}× {difference:>9.1e}"
            )
    print(
        f"\nslowest of our {len(VARIANTS) * 40} distributions (DP 1–40, cold cache, best of 3): "
        f"{worst * 1e3:.3f} ms"
    )


if __name__ == "__main__":
    main()
