"""The IH dice against an independent reference model of RULES.md §1.1–1.4 and INTERFACE.md §2.

The reference below is written from the rules text alone (a face-by-face replay of §1.1–1.3
and a Markov chain over "dice still to roll, sixes so far odd or even"), not from the engine:
every count of a roll is recomputed from its faces, and the exact odds from the chain.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from dataclasses import replace

import pytest
from budget import examples
from dice_support import check_specs
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.dice.ih import CheckSpec, Untrained, roll_check
from engine.dice.odds import check_odds

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
        # [I-7]: a chance roll ignores 9/8-again; [I-2]: and a raised explode level
        plain = replace(spec, again=10, level=1)
        assert _replay_pool(plain, granted, faces, head) == len(faces)
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
        plain = replace(spec, again=10, level=1)  # [I-7], [I-2]
        extra = reference_pool(plain, 1 if spec.system == "ih-d10" else 2)
        rolled, bonus = [1 - hit] + [hit * p for p in extra], 0
    final: dict[int, float] = defaultdict(float)
    for r, p in enumerate(rolled):
        effective = r - penalty
        final[effective + bonus if effective > 0 else 0] += p
    return dict(final)


specs = check_specs(max_dp=8, untrained=st.sampled_from((None, None, None, *Untrained)))


@settings(max_examples=examples(300), deadline=None)
@given(spec=specs, seed=st.integers(0, 2**32))
def test_every_count_recomputed_from_the_faces_agrees(spec: CheckSpec, seed: int) -> None:
    result = roll_check(spec, random.Random(seed))
    for key, value in reference(spec, result.faces).items():
        assert getattr(result, key) == value, key


@settings(max_examples=examples(40), deadline=None)
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
