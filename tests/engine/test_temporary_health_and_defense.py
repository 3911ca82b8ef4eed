"""Temporary Stamina/Size health boxes (RULES.md §2.2); base defense 0 loses the legendary
defense bonus (§3.8)."""

from __future__ import annotations

import random

import pytest
from ih_support import play

from engine.errors import RuleError
from engine.ih import family
from engine.ih.encounter import Encounter, find
from engine.language import tokenize

FIGHT = "add Ann init=15 health=7 defense=2 defense-bonus=1\nadd Bob init=12\nbegin"


def refusal(state: Encounter, text: str) -> RuleError:
    line = tokenize(text)
    assert line is not None
    with pytest.raises(RuleError) as caught:
        family.apply(state, family.parse(line), random.Random(0))
    return caught.value


def health(state: Encounter) -> tuple[int, int]:
    ann = find(state, "Ann")
    return ann.health, ann.health_max


def test_temporary_stamina_adds_boxes_and_its_end_takes_the_unharmed_first() -> None:
    state, _ = play(FIGHT + "\ntemporary Ann stamina +2")
    assert health(state) == (9, 9)
    state, _ = play("damage Ann 3\ntemporary Ann stamina end", state=state)
    # 3 damaged boxes stay; the 2 boxes lost are unharmed ones: 9 − 3 = 6 → 4 of 7
    assert health(state) == (4, 7)


def test_the_end_of_temporary_size_can_knock_out() -> None:
    state, _ = play(FIGHT + "\ntemporary Ann size +1\ndamage Ann 7\ntemporary Ann size end")
    assert health(state) == (0, 7)
    assert find(state, "Ann").unconscious


def test_temporary_refusals() -> None:
    state, _ = play(FIGHT)
    assert refusal(state, "temporary Ann stamina end").code == "ih.temporary.none"
    assert refusal(state, "temporary Ann strength +1").code == "ih.temporary.trait"
    assert refusal(state, "temporary Ann size +0").code == "ih.temporary.amount"


def test_base_defense_at_zero_loses_the_legendary_bonus() -> None:
    state, _ = play(FIGHT + "\ndefense Ann 0")
    assert refusal(state, "defend Ann 1").code == "ih.defense.bonus-lost"
    row = family.to_json(state)["order"][0]
    assert row["defense_bonus_left"] == 0 and row["defense_bonus_lost"] is True
    state, _ = play("defense Ann 1\ndefend Ann 1", state=state)
    assert family.to_json(state)["order"][0]["defense_bonus_left"] == 0  # declared, spent
