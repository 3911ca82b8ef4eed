"""RULES.md §1.1–1.4 and [I-1], [I-2], [I-7], re-derived by hand and held against the command line.

A small independent model of an Infinite Horror check, written from RULES.md's words (not from
``engine.dice``): exact probabilities as fractions by recursion over the dice still to roll, and
the successes a list of faces must score. ``st-console odds --json`` must give the model's
distribution of final successes, P(dramatic failure) and P(success); ``st-console roll --json``
must score its own faces as the model does, over many seeds.
"""

from __future__ import annotations

import io
import json
import sys
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from console.cli import main

K = 8
"""The model's distributions are exact for final successes 0…K (the mass above is dropped)."""

Dist = tuple[Fraction, ...]


def _shift(dist: Dist, by: int, size: int) -> Dist:
    return ((Fraction(0),) * by + dist)[:size]


def _add(*dists: Dist) -> Dist:
    size = max(len(d) for d in dists)
    return tuple(sum((d[i] for d in dists if i < len(d)), Fraction(0)) for i in range(size))


def _scale(p: Fraction, dist: Dist) -> Dist:
    return tuple(p * x for x in dist)


@cache
def independent(m: int, budget: int, fail: Fraction, plain: Fraction, boom: Fraction) -> Dist:
    """§1.2: m dice, each a failure, a success, or a success granting one more die."""
    if m == 0:
        return (Fraction(1),)
    out = _scale(fail, independent(m - 1, budget, fail, plain, boom))
    if budget > 0:
        size = budget + 1
        out = _add(
            out,
            _scale(plain, _shift(independent(m - 1, budget - 1, fail, plain, boom), 1, size)),
            _scale(boom, _shift(independent(m, budget - 1, fail, plain, boom), 1, size)),
        )
    return out


@cache
def level1_across(m: int, odd: bool, budget: int) -> Dist:
    """[I-1] on: every second 6 of the whole check grants a die (``odd``: a 6 waits for its
    pair)."""
    if m == 0:
        return (Fraction(1),)
    out = _scale(Fraction(4, 6), level1_across(m - 1, odd, budget))
    if budget > 0:
        size = budget + 1
        five = _shift(level1_across(m - 1, odd, budget - 1), 1, size)
        six = level1_across(m if odd else m - 1, not odd, budget - 1)
        out = _add(out, _scale(Fraction(1, 6), five), _scale(Fraction(1, 6), _shift(six, 1, size)))
    return out


@cache
def level1_waves(m: int, budget: int) -> Dist:
    """[I-1] off: a wave of m dice with s sixes grants a wave of ⌊s/2⌋ (an odd 6 is lost)."""
    if m == 0:
        return (Fraction(1),)
    from math import factorial

    out: Dist = (Fraction(0),)
    for sixes in range(m + 1):
        for fives in range(m - sixes + 1):
            rest = m - sixes - fives
            ways = factorial(m) // (factorial(sixes) * factorial(fives) * factorial(rest))
            p = ways * Fraction(1, 6) ** (sixes + fives) * Fraction(4, 6) ** rest
            got = sixes + fives
            if got > budget:
                continue
            after = level1_waves(sixes // 2, budget - got)
            out = _add(out, _scale(p, _shift(after, got, budget + 1)))
    return out


def pool(system: str, n: int, again: int, level: int, across: bool, top: int) -> Dist:
    """P(rolled successes = k), k ≤ top, of a pool of n (§1.1–1.2)."""
    if system == "ih-d10":
        boom = Fraction(11 - again, 10)
        return independent(n, top, Fraction(7, 10), Fraction(3, 10) - boom, boom)
    if level == 3:
        return independent(n, top, Fraction(4, 6), Fraction(0), Fraction(2, 6))
    if level == 2:
        return independent(n, top, Fraction(4, 6), Fraction(1, 6), Fraction(1, 6))
    return level1_across(n, False, top) if across else level1_waves(n, top)


def model(case: dict[str, Any]) -> tuple[Dist, Fraction]:
    """The distribution of final successes (§1.1) and P(dramatic failure) (§1.3)."""
    system, again, level = case["system"], case.get("again", 10), case.get("level", 1)
    settings = case.get("settings", {})
    across = settings.get("d6_sixes_counted_across_check", True)
    dp = case["dp"] + (3 if case.get("willpower") else 0)  # §1.7, counted before §1.3
    untrained = case.get("untrained")
    if untrained == "mental":  # §1.4: no roll, a failure
        return (Fraction(1),), Fraction(0)
    penalty = case.get("penalty", 0) + (3 if untrained else 0)
    bonus = case.get("bonus", 0)
    dramatic = Fraction(0)
    top = K + penalty  # the rolled successes that can still end at K or below
    if dp > 0:
        rolled = pool(system, dp, again, level, across, top)
    else:  # §1.3: nothing that adds applies; what takes away does
        bonus = 0
        if system == "ih-d10":
            ignores = settings.get("chance_roll_ignores_again_rules", True)  # [I-7]
            extra = pool(system, 1, 10 if ignores else again, 1, across, top)
            hit, dramatic = Fraction(1, 10), Fraction(1, 10)
        else:
            current = settings.get("d6_chance_extra_dice_current_level", False)  # [I-2]
            extra = pool(system, 2, 10, level if current else 1, across, top)
            hit, dramatic = Fraction(1, 36), Fraction(1, 36)
        rolled = _add((1 - hit,), _scale(hit, _shift(extra, 1, top + 1)))
    final = [Fraction(0)] * (K + 1)
    for r, p in enumerate(rolled):
        effective = r - penalty
        k = effective + bonus if effective > 0 else 0
        if k <= K:
            final[k] += p
    return tuple(final), dramatic


CASES: list[dict[str, Any]] = [
    *({"system": "ih-d10", "dp": n} for n in (-2, 0, 1, 2, 3, 5)),
    *({"system": "ih-d10", "dp": 3, "again": a} for a in (9, 8)),
    {"system": "ih-d10", "dp": 0, "again": 8},
    {"system": "ih-d10", "dp": 0, "again": 9,
     "settings": {"chance_roll_ignores_again_rules": False}},
    {"system": "ih-d10", "dp": 4, "penalty": 2, "bonus": 3},
    {"system": "ih-d10", "dp": 2, "untrained": "physical", "bonus": 1},
    {"system": "ih-d10", "dp": 0, "untrained": "social"},
    {"system": "ih-d10", "dp": 3, "untrained": "mental", "bonus": 2},
    {"system": "ih-d10", "dp": -1, "willpower": True},
    {"system": "ih-d10", "dp": -3, "willpower": True, "bonus": 2},
    *({"system": "ih-d6", "dp": n} for n in (-1, 0, 1, 2, 3, 4, 6)),
    *({"system": "ih-d6", "dp": 4, "level": lv} for lv in (2, 3)),
    *({"system": "ih-d6", "dp": n, "settings": {"d6_sixes_counted_across_check": False}}
      for n in (3, 4, 6)),
    {"system": "ih-d6", "dp": 0, "level": 3},
    {"system": "ih-d6", "dp": 0, "level": 3,
     "settings": {"d6_chance_extra_dice_current_level": True}},
    {"system": "ih-d6", "dp": 0, "settings": {"d6_sixes_counted_across_check": False}},
    {"system": "ih-d6", "dp": 3, "penalty": 1, "bonus": 2},
    {"system": "ih-d6", "dp": 0, "penalty": 1},
]  # fmt: skip


def argv(case: dict[str, Any]) -> list[str]:
    words = [case["system"], str(case["dp"])]
    for key in ("again", "level", "penalty", "bonus", "untrained"):
        if key in case:
            words += [f"--{key}", str(case[key])]
    if case.get("willpower"):
        words.append("--willpower")
    for name, value in case.get("settings", {}).items():
        words += ["--interpret", f"{name}={str(value).lower()}"]
    return words


def cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *words: str
) -> dict[str, Any]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status = main(list(words))
    out, err = capsys.readouterr()
    assert status == 0, err
    view: dict[str, Any] = json.loads(out)
    return view


@pytest.mark.parametrize("case", CASES, ids=[" ".join(argv(c)) for c in CASES])
@pytest.mark.parametrize("dc", [None, 0, 2])
def test_odds_are_the_rules_odds(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    case: dict[str, Any],
    dc: int | None,
) -> None:
    final, dramatic = model(case)
    extra = [] if dc is None else ["--dc", str(dc)]
    view = cli(capsys, monkeypatch, "odds", *argv(case), *extra, "--json")
    got = view["distribution"]
    for k, p in enumerate(final):
        assert float(got.get(str(k), 0.0)) == pytest.approx(float(p), abs=1e-12), k
    assert view["p_dramatic_failure"] == pytest.approx(float(dramatic), abs=1e-12)
    if dc is None:
        assert view["p_success"] is None
    else:  # §1.1.5–7: final ≥ DC, and 0 successes is a failure whatever the DC
        below = sum(final[: max(dc, 1)], Fraction(0))
        assert view["p_success"] == pytest.approx(float(1 - below), abs=1e-12)


def score(case: dict[str, Any], faces: list[int]) -> tuple[int, int, bool]:
    """(rolled successes, extra dice, dramatic failure) of the faces, in the order rolled."""
    system, again, level = case["system"], case.get("again", 10), case.get("level", 1)
    settings = case.get("settings", {})
    across = settings.get("d6_sixes_counted_across_check", True)
    win = 8 if system == "ih-d10" else 5
    dp = case["dp"] + (3 if case.get("willpower") else 0)
    if case.get("untrained") == "mental":
        assert faces == []
        return 0, 0, False

    def grants(face: int, sixes: int) -> bool:
        if system == "ih-d10":
            return face >= again
        if level == 3:
            return face >= 5
        return face == 6 and (level == 2 or sixes % 2 == 0)

    def play(dice: list[int], size: int) -> tuple[int, int]:
        pending, sixes, wave, wave_sixes, extra = size, 0, size, 0, 0
        for face in dice:
            assert pending > 0, "a die past the last one granted"
            pending -= 1
            sixes += face == 6
            if not across and system == "ih-d6" and level == 1:
                wave -= 1
                wave_sixes += face == 6
                if wave == 0:
                    pending += wave_sixes // 2
                    extra += wave_sixes // 2
                    wave, wave_sixes = wave_sixes // 2, 0
            elif grants(face, sixes):
                pending += 1
                extra += 1
        assert pending == 0, "a die granted and not rolled"
        return sum(f >= win for f in dice), extra

    if dp > 0:
        rolled, extra = play(faces, dp)
        return rolled, extra, False
    if system == "ih-d10":
        ignores = settings.get("chance_roll_ignores_again_rules", True)
        again = 10 if ignores else again
        hit = faces[0] == 10
        rolled, extra = play(faces[1:], 1 if hit else 0)
        return int(hit) + rolled, extra + hit, faces[0] == 1
    if not settings.get("d6_chance_extra_dice_current_level", False):
        level = 1
    hit = faces[:2] == [6, 6]
    rolled, extra = play(faces[2:], 2 if hit else 0)
    return int(hit) + rolled, extra + 2 * hit, faces[:2] == [1, 1]


@pytest.mark.parametrize("case", CASES, ids=[" ".join(argv(c)) for c in CASES])
def test_a_roll_scores_its_faces_by_the_rules(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, case: dict[str, Any]
) -> None:
    for seed in range(40):
        view = cli(capsys, monkeypatch, "roll", *argv(case), "--seed", str(seed), "--json")
        rolled, extra, dramatic = score(case, view["faces"])
        assert (view["rolled_successes"], view["extra_dice"]) == (rolled, extra), seed
        assert view["dramatic_failure"] is dramatic
        penalty = case.get("penalty", 0) + (3 if case.get("untrained") else 0)
        chance = view["chance"]
        assert chance is (case["dp"] + 3 * bool(case.get("willpower")) <= 0)
        bonus = 0 if chance or case.get("untrained") == "mental" else case.get("bonus", 0)
        effective = rolled - penalty
        final = effective + bonus if effective > 0 and case.get("untrained") != "mental" else 0
        assert view["final_successes"] == final, seed


def mist_model(power: int, subtract: bool) -> dict[int, Fraction]:
    """§4.2, [I-5]: 1d8 + the highest of power d4s; negative power subtracts the highest of
    |power| d4s (or, switched, rolls the d8 alone)."""
    from itertools import product

    count = abs(power) if power >= 0 or subtract else 0
    sign = -1 if power < 0 else 1
    out: dict[int, Fraction] = {}
    for d8 in range(1, 9):
        for d4s in product(range(1, 5), repeat=count):
            total = d8 + sign * max(d4s, default=0)
            out[total] = out.get(total, Fraction(0)) + Fraction(1, 8 * 4**count)
    return out


@pytest.mark.parametrize("subtract", [True, False])
@pytest.mark.parametrize("power", [-3, -1, 0, 1, 2, 4])
def test_mist_odds_are_the_rules_odds(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    power: int,
    subtract: bool,
) -> None:
    setting = f"negative_power_subtracts_d4={str(subtract).lower()}"
    view = cli(capsys, monkeypatch, "odds", "mist", str(power), "--interpret", setting, "--json")
    expected = mist_model(power, subtract)
    got = {int(k): p for k, p in view["distribution"].items() if p > 0}
    assert got.keys() == expected.keys()
    for total, p in expected.items():
        assert got[total] == pytest.approx(float(p), abs=1e-12)
    bands = {  # ≤ 5 fail, 6–8 success with a consequence, ≥ 9 full success
        "p_fail": sum((p for t, p in expected.items() if t <= 5), Fraction(0)),
        "p_mixed": sum((p for t, p in expected.items() if 6 <= t <= 8), Fraction(0)),
        "p_success": sum((p for t, p in expected.items() if t >= 9), Fraction(0)),
    }
    for key, p in bands.items():
        assert view[key] == pytest.approx(float(p), abs=1e-12), key


@pytest.mark.parametrize("power", [-2, 0, 3])
def test_a_mist_roll_adds_its_faces_by_the_rules(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, power: int
) -> None:
    for seed in range(30):
        view = cli(capsys, monkeypatch, "roll", "mist", str(power), "--seed", str(seed), "--json")
        assert 1 <= view["d8"] <= 8 and len(view["d4s"]) == abs(power)
        assert all(1 <= d <= 4 for d in view["d4s"])
        highest = max(view["d4s"], default=0)
        total = view["d8"] + (highest if power >= 0 else -highest)
        assert view["total"] == total
        band = "fail" if total <= 5 else "mixed" if total <= 8 else "success"
        assert view["outcome"] == band
