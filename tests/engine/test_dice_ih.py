"""The IH check (RULES.md §1.1–1.7): rules by example and invariants by Hypothesis."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from dice_support import check_specs
from hypothesis import given
from hypothesis import strategies as st

from engine.dice.ih import (
    CheckResult,
    CheckSpec,
    Untrained,
    evaluate_check,
    fixed_dc,
    judge,
    opposed_dc,
    roll_check,
    trait_bonus,
)
from engine.dice.odds import check_odds
from engine.errors import RuleError
from engine.settings import Interpretations

PER_WAVE = Interpretations(d6_sixes_counted_across_check=False)


@pytest.mark.parametrize(
    ("again", "faces", "extra"),
    [
        (10, (10, 9, 8, 1), 1),
        (9, (10, 9, 8, 1, 1), 2),
        (8, (10, 9, 8, 1, 1, 1), 3),
    ],
)
def test_again_rules(again: int, faces: tuple[int, ...], extra: int) -> None:
    result = evaluate_check(CheckSpec("ih-d10", 3, again=again), faces)
    assert result.extra_dice == extra
    assert result.rolled_successes == 3


@pytest.mark.parametrize(
    ("level", "interpretations", "faces", "extra", "rolled"),
    [
        (1, Interpretations(), (6, 1, 6, 2), 1, 2),  # one pair → one die
        (1, Interpretations(), (6, 6, 6, 6, 6, 1), 2, 5),  # 4 sixes pair up across waves
        (1, PER_WAVE, (6, 6, 6, 6), 1, 4),  # pool pair → 1 die; the odd 6s are lost per wave
        (1, PER_WAVE, (6, 1, 6, 2), 1, 2),
        (2, Interpretations(), (6, 5, 1, 2), 1, 2),
        (3, Interpretations(), (5, 6, 1, 2, 3), 2, 2),
    ],
)
def test_d6_levels(
    level: int,
    interpretations: Interpretations,
    faces: tuple[int, ...],
    extra: int,
    rolled: int,
) -> None:
    pool = len(faces) - extra
    spec = CheckSpec("ih-d6", pool, level=level, interpretations=interpretations)
    result = evaluate_check(spec, faces)
    assert (result.extra_dice, result.rolled_successes) == (extra, rolled)


def test_d6_chance_extra_dice_follow_i2() -> None:
    three = CheckSpec("ih-d6", 0, interpretations=Interpretations(d6_chance_success_extra_dice=3))
    assert evaluate_check(three, (6, 6, 5, 5, 1)).rolled_successes == 3


def test_d10_chance_nine_is_not_a_success_even_with_nine_again() -> None:
    result = evaluate_check(CheckSpec("ih-d10", -2, again=9), (9,))
    assert result.rolled_successes == 0
    assert result.chance


def test_d10_chance_extra_die_follows_the_again_rule_when_i7_is_off() -> None:
    literal = Interpretations(chance_roll_ignores_again_rules=False)
    result = evaluate_check(CheckSpec("ih-d10", 0, again=9, interpretations=literal), (10, 9, 3))
    assert (result.rolled_successes, result.extra_dice) == (2, 2)


def test_d10_chance_extra_die_is_ten_again_by_default() -> None:
    """[I-7]: the 9 on the extra die grants nothing."""
    result = evaluate_check(CheckSpec("ih-d10", 0, again=9), (10, 9))
    assert (result.rolled_successes, result.extra_dice) == (2, 1)


def test_untrained_physical_loses_three() -> None:
    spec = CheckSpec("ih-d10", 4, untrained=Untrained.SOCIAL)
    result = evaluate_check(spec, (8, 9, 10, 8, 1))
    assert (result.rolled_successes, result.penalty, result.final_successes) == (4, 3, 1)


def test_untrained_mental_fails_without_dice() -> None:
    result = evaluate_check(CheckSpec("ih-d10", 5, untrained=Untrained.MENTAL, dc=1), ())
    assert result.auto_failure and result.faces == () and result.success is False


def test_willpower_adds_three_dice_before_the_chance_decision() -> None:
    result = evaluate_check(CheckSpec("ih-d10", -1, willpower=True), (8, 1))
    assert (result.dp, result.chance, result.rolled_successes) == (2, False, 1)


def test_success_is_final_at_least_dc() -> None:
    assert judge(0, 0) == (False, 0)  # §1.1.5: 0 successes is a failure, DC 0 included
    assert judge(0, 1) == (False, -1)
    assert judge(1, 0) == (True, 1)
    assert judge(3, None) == (None, None)


@pytest.mark.parametrize(("value", "bonus"), [(1, 0), (5, 0), (6, 1), (10, 1), (11, 2), (16, 3)])
def test_trait_bonus(value: int, bonus: int) -> None:
    assert trait_bonus(value) == bonus


def test_dc_kinds() -> None:
    assert fixed_dc() == 1
    assert fixed_dc(4) == 4
    opponent = evaluate_check(CheckSpec("ih-d10", 2), (9, 8))
    assert opposed_dc(opponent) == 2


@pytest.mark.parametrize(
    "spec",
    [
        CheckSpec("ih-d8", 3),
        CheckSpec("ih-d10", 3, again=7),
        CheckSpec("ih-d6", 3, level=4),
        CheckSpec("ih-d10", 3, dc=-1),
        CheckSpec("ih-d10", 3, bonus=-1),
        CheckSpec("ih-d10", 3, penalty=-2),
    ],
)
def test_bad_specs_are_rule_errors(spec: CheckSpec) -> None:
    with pytest.raises(RuleError):
        roll_check(spec, random.Random(1))


@pytest.mark.parametrize(
    ("faces", "message"), [((8,), "not enough"), ((8, 8, 8), "more faces"), ((11, 1), "not on")]
)
def test_evaluate_refuses_wrong_faces(faces: tuple[int, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate_check(CheckSpec("ih-d10", 2), faces)


specs = check_specs(
    max_dp=12,
    untrained=st.sampled_from((None, Untrained.PHYSICAL, Untrained.MENTAL)),
    willpower=st.booleans(),
    interpretations=st.builds(
        Interpretations,
        d6_sixes_counted_across_check=st.booleans(),
        d6_chance_success_extra_dice=st.integers(0, 3),
    ),
)


def granted_over(spec: CheckSpec, faces: tuple[int, ...]) -> int:
    """The extra dice the rules grant over these faces, computed independently (§1.2–1.3)."""

    def pool_grants(dice: tuple[int, ...]) -> int:
        if spec.system == "ih-d10":
            return sum(face >= spec.again for face in dice)
        if spec.level == 3:
            return sum(face >= 5 for face in dice)
        sixes = sum(face == 6 for face in dice)
        if spec.level == 2 or not spec.interpretations.d6_sixes_counted_across_check:
            return sixes if spec.level == 2 else -1  # per wave: checked by the wave walk below
        return sixes // 2

    if not spec.chance:
        grants = pool_grants(faces)
        return grants if grants >= 0 else _per_wave_grants(faces, spec.pool)
    if spec.system == "ih-d10":
        return 1 + pool_grants(faces[1:]) if faces[0] == 10 else 0
    if faces[:2] != (6, 6):
        return 0
    base = spec.interpretations.d6_chance_success_extra_dice
    grants = pool_grants(faces[2:])
    return base + (grants if grants >= 0 else _per_wave_grants(faces[2:], base))


def _per_wave_grants(faces: tuple[int, ...], first_wave: int) -> int:
    total, start, size = 0, 0, first_wave
    while size:
        wave = faces[start : start + size]
        start += size
        size = sum(face == 6 for face in wave) // 2
        total += size
    return total


@given(spec=specs, seed=st.integers(0, 2**32))
def test_result_is_consistent_with_its_faces(spec: CheckSpec, seed: int) -> None:
    result = roll_check(spec, random.Random(seed))
    assert evaluate_check(spec, result.faces) == result
    if result.auto_failure:
        assert result.faces == () and result.final_successes == 0
        return
    first = (1 if spec.system == "ih-d10" else 2) if result.chance else result.dp
    assert len(result.faces) == first + result.extra_dice
    assert result.extra_dice == granted_over(spec, result.faces)


@given(spec=specs, seed=st.integers(0, 2**32))
def test_final_is_zero_whenever_effective_is_not_positive(spec: CheckSpec, seed: int) -> None:
    result = roll_check(spec, random.Random(seed))
    effective = result.rolled_successes - result.penalty
    if effective <= 0:
        assert result.final_successes == 0
        assert result.success in (None, False)  # §1.1.5: failed whatever the DC
    else:
        assert result.final_successes == effective + result.bonus


@given(spec=specs, seed=st.integers(0, 2**32), dp=st.integers(-5, 0), bonus=st.integers(0, 9))
def test_chance_rolls_ignore_bonus_and_dp_changes(
    spec: CheckSpec, seed: int, dp: int, bonus: int
) -> None:
    spec = replace(spec, dp=-3, willpower=False)
    result: CheckResult = roll_check(spec, random.Random(seed))
    other = evaluate_check(replace(spec, dp=dp, bonus=bonus), result.faces)
    assert other.chance and other.final_successes == result.final_successes
    assert other.rolled_successes == result.rolled_successes


@pytest.mark.parametrize("system", ["ih-d10", "ih-d6"])
@pytest.mark.parametrize("dp", [-1, 0, 4])
def test_mental_skill_at_zero_fails_even_against_dc_zero(system: str, dp: int) -> None:
    """§1.4 "the check fails automatically": success False with any DC (was True at DC 0)."""
    spec = CheckSpec(system=system, dp=dp, untrained=Untrained.MENTAL, dc=0)
    result = roll_check(spec, random.Random(1))
    assert (result.auto_failure, result.success, result.margin) == (True, False, 0)
    assert check_odds(spec).p_success == 0.0


def test_dc_zero_is_not_met_by_an_ordinary_failure() -> None:
    """§1.1.5: effective successes ≤ 0 is a failed check whatever the DC, DC 0 included."""
    spec = CheckSpec(system="ih-d10", dp=1, penalty=5, dc=0)
    result = roll_check(spec, random.Random(1))
    assert (result.final_successes, result.success, result.margin) == (0, False, 0)


@pytest.mark.parametrize("system", ["ih-d10", "ih-d6"])
@pytest.mark.parametrize("seed", range(40))
def test_zero_final_successes_never_succeed_against_a_fixed_dc(system: str, seed: int) -> None:
    """§1.1.5–7: success ⇔ final ≥ DC and final > 0, for DC 0 and DC 1 alike."""
    for dc in (0, 1):
        result = roll_check(CheckSpec(system=system, dp=1, dc=dc), random.Random(seed))
        assert result.success is (result.final_successes > 0)
