"""Exact distributions of the successes a pool rolls, extra dice included (RULES.md §1.2).

Every function returns a tuple ``p`` with ``p[k]`` = P(k successes), computed by generating
functions, never by simulation. Tails beyond the last kept term are below 1e-15.

- **Independent explosions** (ih-d10 any again rule; ih-d6 levels 2 and 3): one die with its
  chain of extra dice has the generating function ``(f + q·x) / (1 − e·x)``, where ``e`` is the
  chance of a success face that explodes, ``q`` of one that does not and ``f`` of a failure.
  A pool of n is its n-th power: a binomial ``(f + q·x)ⁿ`` times a negative binomial
  ``(1 − e·x)⁻ⁿ``, one convolution.
- **ih-d6 level 1, [I-1] on** (6s paired across the whole check): not a sum of independent dice.
  Call a die *granting* when it is the second 6 of a pair. Rolling stops at the n-th
  non-granting die, so with s sixes in all, T = n + ⌊s/2⌋ dice were rolled and the last one is
  not granting: C(T−1, s) arrangements for even s, C(T, s) for odd s, each of probability
  (1/6)ˢ(5/6)ᵀ⁻ˢ. The non-6 dice are 5s (a success) with probability 1/5 each. Since
  T ≥ s, s ≤ 2n: the support is finite and the result exact.
- **ih-d6 level 1, [I-1] off** (pairs counted per wave, an odd 6 lost): a wave of m dice with
  s sixes grants a new wave of ⌊s/2⌋; a recursion on the wave size.
"""

from __future__ import annotations

import math
from functools import lru_cache

TAIL = 1e-15
"""Probability mass allowed beyond the last term of an infinite distribution."""
MAX_POOL = 1000
"""The largest pool the odds are computed for (the work grows with the square of the pool)."""


def convolve(left: tuple[float, ...], right: tuple[float, ...]) -> tuple[float, ...]:
    """The distribution of the sum of two independent counts."""
    if not left or not right:
        return ()
    out = [0.0] * (len(left) + len(right) - 1)
    for i, a in enumerate(left):
        if a == 0.0:
            continue
        for j, b in enumerate(right):
            out[i + j] += a * b
    return tuple(out)


@lru_cache(maxsize=4096)
def binomial(n: int, p: float) -> tuple[float, ...]:
    """P(k of n independent events of probability p), k = 0…n."""
    if p == 0.0:
        return (1.0,) + (0.0,) * n
    if n <= 400:
        return tuple(math.comb(n, k) * p**k * (1.0 - p) ** (n - k) for k in range(n + 1))
    log_p, log_q = math.log(p), math.log1p(-p)
    lg = math.lgamma(n + 1)
    return tuple(
        math.exp(lg - math.lgamma(k + 1) - math.lgamma(n - k + 1) + k * log_p + (n - k) * log_q)
        for k in range(n + 1)
    )


def _negative_binomial(n: int, e: float) -> tuple[float, ...]:
    """Coefficients of (1 − e·x)⁻ⁿ = Σ C(n+k−1, k) eᵏ xᵏ, cut once the tail is below TAIL."""
    terms = [1.0]
    k = 0
    while True:
        ratio = e * (n + k) / (k + 1)
        term = terms[-1] * ratio
        terms.append(term)
        k += 1
        next_ratio = e * (n + k) / (k + 1)
        if next_ratio < 1.0 and term * next_ratio / (1.0 - next_ratio) < TAIL:
            return tuple(terms)


@lru_cache(maxsize=4096)
def exploding_pool(n: int, failure: float, plain: float, explode: float) -> tuple[float, ...]:
    """Successes of n dice whose exploding faces are all successes (d10; d6 levels 2–3).

    Args:
        n: the pool.
        failure: P(a face that is not a success).
        plain: P(a success face that does not explode).
        explode: P(a success face that grants an extra die).
    """
    if n <= 0:
        return (1.0,)
    share = plain / (failure + plain)
    head = tuple(
        c * (failure + plain) ** n for c in binomial(n, share)
    )  # (f + q·x)ⁿ, exactly as C(n,j) fⁿ⁻ʲ qʲ
    return convolve(head, _negative_binomial(n, explode))


@lru_cache(maxsize=4096)
def level1_across_pool(n: int) -> tuple[float, ...]:
    """Successes of an ih-d6 level-1 pool of n with 6s paired across the check ([I-1])."""
    if n <= 0:
        return (1.0,)
    out = [0.0] * (2 * n + n + 1)
    log6, log56 = math.log(1 / 6), math.log(5 / 6)
    for sixes in range(2 * n + 1):
        total = n + sixes // 2
        others = total - sixes
        arrangements = math.comb(total - 1, sixes) if sixes % 2 == 0 else math.comb(total, sixes)
        if arrangements == 0 or others < 0:
            continue
        p_sixes = math.exp(
            math.log(arrangements) + sixes * log6 + others * log56
        )  # logs: the counts outgrow floats for big pools
        for fives, p_fives in enumerate(binomial(others, 0.2)):
            out[sixes + fives] += p_sixes * p_fives
    return _trim(tuple(out))


@lru_cache(maxsize=4096)
def level1_wave_pool(n: int) -> tuple[float, ...]:
    """Successes of an ih-d6 level-1 pool of n with 6s paired per wave ([I-1] off)."""
    if n <= 0:
        return (1.0,)
    out: tuple[float, ...] = ()
    for sixes, p_sixes in enumerate(binomial(n, 1 / 6)):
        fives = binomial(n - sixes, 0.2)
        rest = convolve(fives, level1_wave_pool(sixes // 2))
        part = tuple(0.0 for _ in range(sixes)) + tuple(p * p_sixes for p in rest)
        out = _add(out, part)
    return _trim(out)


def d10_pool(n: int, again: int) -> tuple[float, ...]:
    """ih-d10: successes on 8–10, each face ≥ ``again`` grants an extra die (§1.2)."""
    explode = (11 - again) / 10
    return exploding_pool(n, 0.7, 0.3 - explode, explode)


def d6_pool(n: int, level: int, across: bool = True) -> tuple[float, ...]:
    """ih-d6: successes on 5–6, extra dice by explode level (§1.2, [I-1] = ``across``)."""
    if level == 3:
        return exploding_pool(n, 4 / 6, 0.0, 2 / 6)
    if level == 2:
        return exploding_pool(n, 4 / 6, 1 / 6, 1 / 6)
    return level1_across_pool(n) if across else level1_wave_pool(n)


def _add(left: tuple[float, ...], right: tuple[float, ...]) -> tuple[float, ...]:
    size = max(len(left), len(right))
    return tuple(
        (left[i] if i < len(left) else 0.0) + (right[i] if i < len(right) else 0.0)
        for i in range(size)
    )


def _trim(values: tuple[float, ...]) -> tuple[float, ...]:
    """Drop trailing zeros (keep at least one value)."""
    end = len(values)
    while end > 1 and values[end - 1] == 0.0:
        end -= 1
    return values[:end]
