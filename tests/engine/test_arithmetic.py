"""Modifier arithmetic (RULES.md §1.9)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.arithmetic import combined_factor, modified_value


@pytest.mark.parametrize(
    ("base", "kwargs", "expected"),
    [
        (5, {"multipliers": (2, 3, 4), "additions": (10,)}, 45),  # §5 vector 6
        (10, {"multipliers": (2, 4), "additions": (50,)}, 10 * 5 + 50),  # speed ×2, ×4, +50
        (9, {"divisors": (2, 2), "additions": (-1,)}, 2),  # halved twice, −1: 9/3 − 1
        (10, {"divisors": (2, 2), "additions": (-1,)}, 2),  # 10/3 = 3.33 → 3, − 1
        (7, {"multipliers": (3,), "additional_multipliers": (2,)}, 35),  # "additional" in full
        (7, {"additional_multipliers": (2,)}, 14),  # a lone multiplier applies as is
        (7, {"multipliers": (Fraction(3, 2),)}, 10),  # fractions round down
        ((5 + 10), {"multipliers": (2,)}, 30),  # base changes first: (base + 10) × 2
        (4, {}, 4),
    ],
)
def test_modified_value(base: int, kwargs: dict[str, tuple[int, ...]], expected: int) -> None:
    assert modified_value(base, **kwargs) == expected  # type: ignore[arg-type]


def test_combined_factor() -> None:
    assert combined_factor((2, 3, 4)) == 7
    assert combined_factor((2, 2)) == 3
    assert combined_factor((), (2, 3)) == 5
    assert combined_factor(()) == 1


def test_factors_must_be_positive() -> None:
    with pytest.raises(ValueError):
        combined_factor((2, 0))
