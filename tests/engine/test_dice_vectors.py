"""RULES.md §5 dice vectors 1–7, with hand-written faces."""

from __future__ import annotations

import pytest

from engine.arithmetic import modified_value
from engine.dice.ih import CheckSpec, evaluate_check
from engine.dice.mist import Outcome, evaluate_mist

# (vector, spec, faces, rolled, extra dice, final, dramatic failure)
CHECK_VECTORS = [
    ("1", CheckSpec("ih-d10", 3), (10, 4, 8, 9), 3, 1, 3, False),
    ("1 with bonus 2", CheckSpec("ih-d10", 3, bonus=2), (10, 4, 8, 9), 3, 1, 5, False),
    ("2", CheckSpec("ih-d10", 2, penalty=3), (8, 3), 1, 0, 0, False),
    ("2 bonus 4 does nothing", CheckSpec("ih-d10", 2, penalty=3, bonus=4), (8, 3), 1, 0, 0, False),
    ("3 chance face 1", CheckSpec("ih-d10", 0), (1,), 0, 0, 0, True),
    ("3 chance face 10, extra 2", CheckSpec("ih-d10", 0), (10, 2), 1, 1, 1, False),
    ("4 before the extra die", CheckSpec("ih-d6", 4), (6, 6, 2, 5, 1), 3, 1, 3, False),
    ("4", CheckSpec("ih-d6", 4, level=1), (6, 6, 2, 5, 6), 4, 1, 4, False),
    ("5", CheckSpec("ih-d6", 0), (6, 6, 5, 1), 2, 2, 2, False),
]


@pytest.mark.parametrize(
    ("spec", "faces", "rolled", "extra", "final", "dramatic"),
    [vector[1:] for vector in CHECK_VECTORS],
    ids=[vector[0] for vector in CHECK_VECTORS],
)
def test_check_vectors(
    spec: CheckSpec,
    faces: tuple[int, ...],
    rolled: int,
    extra: int,
    final: int,
    dramatic: bool,
) -> None:
    result = evaluate_check(spec, faces)
    assert result.faces == faces
    assert result.rolled_successes == rolled
    assert result.extra_dice == extra
    assert result.final_successes == final
    assert result.dramatic_failure is dramatic


def test_vector_2_is_a_failure_against_any_dc() -> None:
    result = evaluate_check(CheckSpec("ih-d10", 2, penalty=3, bonus=4, dc=1), (8, 3))
    assert result.success is False
    assert result.margin == -1


def test_vector_4_no_further_die_after_the_third_six() -> None:
    with pytest.raises(ValueError, match="more faces"):
        evaluate_check(CheckSpec("ih-d6", 4), (6, 6, 2, 5, 6, 3))


def test_vector_5_ones_on_extra_dice_are_not_dramatic() -> None:
    assert not evaluate_check(CheckSpec("ih-d6", 0), (6, 6, 1, 1)).dramatic_failure
    assert evaluate_check(CheckSpec("ih-d6", 0), (1, 1)).dramatic_failure


def test_vector_6_multipliers() -> None:
    assert modified_value(5, multipliers=(2, 3, 4), additions=(10,)) == 45


def test_vector_7_mist() -> None:
    roll = evaluate_mist(3, 4, (1, 3, 2))
    assert roll.total == 7
    assert roll.outcome == Outcome.MIXED
