"""Audit of the dice against an independent reading of RULES.md §1, §4.2 and INTERFACE.md §2.

The reference below is written from the rules text alone (a face-by-face replay of §1.1–1.3
and a Markov chain over "dice still to roll, sixes so far odd or even"), not from the engine,
and the engine is compared with it; then one regression test per discrepancy the audit found.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import commands
from engine.dice.command import CheckRolled, MistRolled, apply
from engine.dice.ih import MAX_DICE, CheckSpec, Untrained, roll_check, validate_spec
from engine.dice.mist import roll_mist
from engine.dice.odds import MAX_BONUS, check_odds
from engine.errors import RuleError

# ---------------------------------------------------------------- the reference (RULES.md §1)


def _success(system: str, face: int) -> bool:
    return face >= 8 if system == "ih-d10" else face >= 5


def _grants(spec: CheckSpec, face: int, sixes: int) -> int:
    """Extra dice one face grants (§1.2); ``sixes`` counts the 6s so far, this one included."""
    if spec.system == "ih-d10":
        return int(face >= spec.again)
    if spec.level == 3:
        return int(face >= 5)
    if spec.level == 2:
        return int(face == 6)
    return int(face == 6 and sixes % 2 == 0)  # [I-1]: ⌊sixes / 2⌋ granted so far


def _replay_pool(spec: CheckSpec, size: int, faces: tuple[int, ...], start: int) -> int:
    """Consume a normal pool of ``size`` from ``faces[start:]``; the index after its last die."""
    pending, sixes, index = size, 0, start
    while pending:
        face = faces[index]
        sixes += face == 6
        pending += _grants(spec, face, sixes) - 1
        index += 1
    return index


def reference(spec: CheckSpec, faces: tuple[int, ...]) -> dict[str, object]:
    """INTERFACE.md §2 ``roll`` keys recomputed from the faces by RULES.md §1.1–1.4."""
    penalty = spec.penalty + (3 if spec.untrained in (Untrained.PHYSICAL, Untrained.SOCIAL) else 0)
    if spec.untrained == Untrained.MENTAL:
        assert faces == ()
        return {"final_successes": 0, "success": None if spec.dc is None else False}
    if spec.pool > 0:
        assert _replay_pool(spec, spec.pool, faces, 0) == len(faces)
        rolled = sum(_success(spec.system, f) for f in faces)
        bonus, extra, dramatic = spec.bonus, len(faces) - spec.pool, False
    else:
        head = 1 if spec.system == "ih-d10" else 2
        chance = faces[:head]
        top = 10 if spec.system == "ih-d10" else 6
        hit = all(face == top for face in chance)
        dramatic = all(face == 1 for face in chance)
        granted = (1 if spec.system == "ih-d10" else 2) if hit else 0
        ten_again = replace(spec, again=10)  # [I-7]: a chance roll ignores 9/8-again
        assert _replay_pool(ten_again, granted, faces, head) == len(faces)
        rolled = int(hit) + sum(_success(spec.system, f) for f in faces[head:])
        bonus, extra = 0, len(faces) - head
    effective = rolled - penalty
    final = effective + bonus if effective > 0 else 0
    return {
        "extra_dice": extra,
        "rolled_successes": rolled,
        "penalty": penalty,
        "final_successes": final,
        "dramatic_failure": dramatic,
        "success": None if spec.dc is None else final > 0 and final >= spec.dc,  # §1.1.5
        "margin": None if spec.dc is None else final - spec.dc,
    }


def reference_pool(spec: CheckSpec, size: int) -> list[float]:
    """P(successes of a normal pool = k) by a Markov chain on (dice left, sixes odd)."""
    sides = 10 if spec.system == "ih-d10" else 6
    states: dict[tuple[int, int], dict[int, float]] = {(size, 0): {0: 1.0}}
    done: dict[int, float] = defaultdict(float)
    while states:
        following: dict[tuple[int, int], dict[int, float]] = defaultdict(lambda: defaultdict(float))
        for (left, odd), counts in states.items():
            if left == 0:
                for k, p in counts.items():
                    done[k] += p
                continue
            for face in range(1, sides + 1):
                sixes = odd + (face == 6)
                step = (left - 1 + _grants(spec, face, sixes), sixes % 2)
                for k, p in counts.items():
                    following[step][k + _success(spec.system, face)] += p / sides
        states = {
            key: kept
            for key, counts in following.items()
            if (kept := {k: p for k, p in counts.items() if p > 1e-17})
        }
    return [done.get(k, 0.0) for k in range(max(done) + 1)]


def reference_final(spec: CheckSpec) -> dict[int, float]:
    """P(final successes = k) by §1.1.4–6 and §1.3."""
    if spec.untrained == Untrained.MENTAL:
        return {0: 1.0}
    penalty = spec.penalty + (3 if spec.untrained in (Untrained.PHYSICAL, Untrained.SOCIAL) else 0)
    if spec.pool > 0:
        rolled, bonus = reference_pool(spec, spec.pool), spec.bonus
    else:
        hit = 0.1 if spec.system == "ih-d10" else 1 / 36
        extra = reference_pool(replace(spec, again=10), 1 if spec.system == "ih-d10" else 2)
        rolled, bonus = [1 - hit] + [hit * p for p in extra], 0
    final: dict[int, float] = defaultdict(float)
    for r, p in enumerate(rolled):
        effective = r - penalty
        final[effective + bonus if effective > 0 else 0] += p
    return dict(final)


specs = st.builds(
    CheckSpec,
    system=st.sampled_from(("ih-d10", "ih-d6")),
    dp=st.integers(-3, 8),
    again=st.sampled_from((10, 9, 8)),
    level=st.sampled_from((1, 2, 3)),
    bonus=st.integers(0, 4),
    penalty=st.integers(0, 4),
    untrained=st.sampled_from((None, None, None, *Untrained)),
    dc=st.one_of(st.none(), st.integers(0, 6)),
)


@settings(max_examples=300, deadline=None)
@given(spec=specs, seed=st.integers(0, 2**32))
def test_every_count_recomputed_from_the_faces_agrees(spec: CheckSpec, seed: int) -> None:
    result = roll_check(spec, random.Random(seed))
    for key, value in reference(spec, result.faces).items():
        assert getattr(result, key) == value, key


@settings(max_examples=40, deadline=None)
@given(spec=specs.filter(lambda s: s.pool <= 5))
def test_exact_odds_agree_with_a_markov_chain(spec: CheckSpec) -> None:
    odds = check_odds(spec)
    expected = reference_final(spec)
    for k in set(expected) | set(range(len(odds.distribution))):
        ours = odds.distribution[k] if k < len(odds.distribution) else 0.0
        assert math.isclose(ours, expected.get(k, 0.0), abs_tol=1e-12), k
    if spec.dc is not None:
        wanted = (
            0.0
            if spec.auto_failure
            else sum(p for k, p in expected.items() if k >= max(spec.dc, 1))
        )
        assert odds.p_success == pytest.approx(wanted, abs=1e-12)


# ---------------------------------------------------------------- regressions


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


@pytest.mark.parametrize(
    "text",
    ["roll ih-d10 99999999999", "roll ih-d6 1001", "roll ih-d10 998 --willpower"],
)
def test_a_huge_pool_is_a_rule_error_not_a_hang(text: str) -> None:
    """A script line asking for 10¹¹ dice used to roll for hours; now at most MAX_DICE."""
    with pytest.raises(RuleError, match="at most"):
        commands.parse(text, "ih-d10")


def test_the_largest_pool_still_rolls() -> None:
    validate_spec(CheckSpec(system="ih-d10", dp=MAX_DICE))
    with pytest.raises(RuleError):
        validate_spec(CheckSpec(system="ih-d10", dp=MAX_DICE - 2, willpower=True))


@pytest.mark.parametrize("text", ["roll mist 99999999999", "roll mist -1001"])
def test_a_huge_mist_power_is_a_rule_error(text: str) -> None:
    with pytest.raises(RuleError, match="at most"):
        commands.parse(text, "mist")


def test_odds_refuse_a_huge_bonus_instead_of_filling_memory() -> None:
    """The distribution lists 0…final; a bonus of 10⁸ would be 10⁸ entries."""
    with pytest.raises(RuleError, match="bonus"):
        check_odds(CheckSpec(system="ih-d10", dp=3, bonus=MAX_BONUS + 1))
    chance = check_odds(CheckSpec(system="ih-d10", dp=0, bonus=10**8))
    assert math.isclose(math.fsum(chance.distribution), 1.0)


@pytest.mark.parametrize(
    ("text", "system"),
    [("roll ih-d10 5 --again 9 --dc 2 --seed 7", "ih-d10"), ("roll mist -2 --seed=7", "mist")],
)
def test_console_roll_takes_seed_and_json_like_the_cli(text: str, system: str) -> None:
    """INTERFACE.md §3: ``roll …`` has the same arguments as ``st-console roll``."""
    command = commands.parse(text + " --json", system)
    assert command.seed == 7
    (event,) = apply(command, random.Random(999))
    if isinstance(event, CheckRolled):
        assert command.check is not None
        assert event.result == roll_check(command.check, random.Random(7))
    else:
        assert isinstance(event, MistRolled)
        assert event.result == roll_mist(-2, random.Random(7))
