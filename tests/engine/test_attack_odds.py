"""The exact attack odds (engine/ih/attack_odds.py) against independent computations.

1. Vector 13 (RULES.md §5) worked by hand from the binomial of 5 dice.
2. Seeded simulation of the very attack command (``engine.ih.attack.attack``, the engine's
   own resolver) over many seeds: every damage value within 4 standard errors.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest
from budget import examples, rolls
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import commands
from engine.errors import RuleError
from engine.ih import family
from engine.ih.attack_odds import attack_odds, preview
from engine.ih.commands import Attack
from engine.ih.encounter import Encounter
from engine.ih.events import AttackRolled
from engine.language import tokenize

SIGMAS = 4.0
ROLLS = rolls(8_000)  # 1,600 in CI (tests/budget.py)

SETUP = """
add Ghoul init=15 defense=2 defense-bonus=2 health=30 willpower=3
add Ann init=12 health=7 willpower=5 pc
begin
next
"""


def fight(extra: str = "", system: str = "ih-d10") -> Encounter:
    state = family.new_state(system)
    rng = random.Random(3)
    for text in (SETUP + extra).strip().splitlines():
        command = commands.parse(text, system)
        if command is not None:
            state, _ = commands.apply(state, system, command, rng)
    return state


def test_vector_13_by_hand() -> None:
    """DP 7 − defense 2 = 5 d10 at 10-again, 1 declared, +2: P(miss) = P(rolled ≤ 1)."""
    odds = attack_odds("ih-d10", 5, declared=1, shares=(2,))
    # without 10-again, P(0 or 1 success in 5 dice at 0.3) would be an upper bound; with it a
    # lone success that is a 10 rerolls, so P(rolled ≤ 1) = P(0) + P(exactly 1 and it stops).
    p0 = 0.7**5
    # exactly one success overall: one die 8/9 (0.2) or a 10 (0.1) whose chain adds nothing.
    # the chain of a 10 adds nothing with probability 0.7 (its extra die fails).
    p1 = 5 * 0.7**4 * (0.2 + 0.1 * 0.7)
    assert odds.p_hit == pytest.approx(1 - p0 - p1, abs=1e-12)
    assert odds.distribution[0] == pytest.approx(p0 + p1, abs=1e-12)
    assert odds.distribution[1] == 0.0 and odds.distribution[2] == 0.0  # +2 on a hit
    assert math.fsum(odds.distribution) == pytest.approx(1.0, abs=1e-12)


def test_no_bonus_on_a_chance_roll() -> None:
    odds = attack_odds("ih-d10", -2, shares=(5,))
    assert odds.chance
    assert odds.p_hit == pytest.approx(0.1, abs=1e-12)
    assert odds.p_dramatic_failure == pytest.approx(0.1)
    assert odds.distribution[1] == pytest.approx(0.1 * 0.7)  # the 10, its extra die fails
    assert odds.distribution[2] == pytest.approx(0.1 * (0.2 + 0.1 * 0.7))  # no +5 bonus


CASES = [
    ("attack Ann Ghoul dp=7 bonus=2 defend=1", "ih-d10", ""),
    ("attack Ann Ghoul dp=5 bonus=3 attacks=2 split=1,2 defend=2 penalty=1", "ih-d10", ""),
    ("attack Ann Ghoul dp=3 bonus=2 reflex-move", "ih-d10", ""),  # defense 4: a chance roll
    ("attack Ann Ghoul dp=6 bonus=1 again=8", "ih-d10", "willpower Ghoul defense"),
    ("attack Ann Ghoul dp=7 bonus=2 defend=1", "ih-d6", ""),
    ("attack Ann Ghoul dp=4 bonus=2 level=3 willpower", "ih-d6", ""),
]


@pytest.mark.parametrize(("line", "system", "extra"), CASES)
def test_odds_agree_with_the_engines_own_attacks(line: str, system: str, extra: str) -> None:
    state = fight(extra, system)
    parsed = tokenize(line)
    assert parsed is not None
    command = family.parse(parsed)
    (planned,) = preview(state, command)
    counts: Counter[int] = Counter()
    hits = 0
    for seed in range(ROLLS):
        _, events = family.apply(state, command, random.Random(seed))
        rolls = [e for e in events if isinstance(e, AttackRolled)]
        counts[sum(e.final for e in rolls)] += 1
        hits += any(e.hit for e in rolls)
    exact = dict(enumerate(planned.odds.distribution))
    for value in set(exact) | set(counts):
        p = exact.get(value, 0.0)
        observed = counts.get(value, 0) / ROLLS
        error = math.sqrt(max(p * (1 - p), 1e-12) / ROLLS)
        assert abs(observed - p) <= SIGMAS * error + 1e-9, (value, observed, p)
    p_hit = planned.odds.p_hit
    assert abs(hits / ROLLS - p_hit) <= SIGMAS * math.sqrt(p_hit * (1 - p_hit) / ROLLS) + 1e-9


def test_preview_reads_the_defense_as_the_attack_does() -> None:
    state = fight()
    parsed = tokenize("attack Ann Ghoul dp=7 bonus=2 defend=1")
    assert parsed is not None
    (planned,) = preview(state, family.parse(parsed))
    assert (planned.defense.total, planned.declared, planned.odds.pool) == (2, 1, 5)
    assert planned.p_down == pytest.approx(planned.odds.p_at_least(30))


@settings(max_examples=examples(120), deadline=None)
@given(
    dp=st.integers(-3, 60),
    modifier=st.integers(-20, 20),
    bonus=st.integers(-1, 40),
    penalty=st.integers(-1, 10),
    attacks=st.integers(-1, 25),
    split=st.lists(st.integers(-1, 10), max_size=4),
    defend=st.integers(-1, 3),
    flags=st.tuples(st.booleans(), st.booleans(), st.booleans()),
)
def test_the_odds_of_any_attack_are_odds_or_a_rule_error(
    dp: int,
    modifier: int,
    bonus: int,
    penalty: int,
    attacks: int,
    split: list[int],
    defend: int,
    flags: tuple[bool, bool, bool],
) -> None:
    """What the dialog may ask (any field typed): exact odds summing to 1, or a refusal."""
    moved, willpower, no_damage = flags
    command = Attack(
        attacker="Ann",
        targets=("Ghoul",),
        dp=dp,
        modifier=modifier,
        bonus=bonus,
        penalty=penalty,
        attacks=attacks,
        split=tuple(split),
        defend=(("", defend),) if defend else (),
        reflex_move=("*",) if moved else (),
        willpower=willpower,
        no_damage=no_damage,
    )
    try:
        (planned,) = preview(fight(), command)
    except RuleError:
        return
    assert math.fsum(planned.odds.distribution) == pytest.approx(1.0, abs=1e-9)
    assert 0.0 <= planned.odds.p_hit <= 1.0 + 1e-12
