"""The arithmetic of modifiers on abstract values (RULES.md §1.9).

Several multipliers combine into one: the first in full, each further one less 1; those the
rules call "additional" or "again" (再, 額外) add in full. Divisors ("halve the cost") combine the
same way. Multiplication and division come before additions; fractions round down. Real-world
quantities (money, distance) use ordinary arithmetic and do not come here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

Number = int | Fraction


def combined_factor(factors: Sequence[Number], additional: Sequence[Number] = ()) -> Fraction:
    """One factor from several: ``f1 + Σ(fi − 1) + Σ additional`` (RULES.md §1.9).

    With no factor at all the result is 1; a lone factor (additional or not) applies as is.

    Raises:
        ValueError: a factor that is not positive.
    """
    for factor in (*factors, *additional):
        if factor <= 0:
            raise ValueError(f"a multiplier or divisor must be positive, not {factor}")
    if not factors and not additional:
        return Fraction(1)
    regular = Fraction(0)
    if factors:
        regular = Fraction(factors[0]) + sum((Fraction(f) - 1 for f in factors[1:]), Fraction(0))
    return regular + sum((Fraction(a) for a in additional), Fraction(0))


def modified_value(
    base: Number,
    *,
    multipliers: Sequence[Number] = (),
    additional_multipliers: Sequence[Number] = (),
    divisors: Sequence[Number] = (),
    additional_divisors: Sequence[Number] = (),
    additions: Sequence[Number] = (),
) -> int:
    """``⌊base × M / D + Σ additions⌋`` with M and D combined by :func:`combined_factor`.

    Subtractions are negative additions. Examples (RULES.md §1.9, §5 vector 6): ×2, ×3, ×4
    and +10 on 5 → 5 × 7 + 10 = 45; halved twice, then −1 on 9 → 9 / 3 − 1 = 2.
    """
    multiplier = combined_factor(multipliers, additional_multipliers)
    divisor = combined_factor(divisors, additional_divisors)
    total = Fraction(base) * multiplier / divisor + sum(
        (Fraction(a) for a in additions), Fraction(0)
    )
    return math.floor(total)
