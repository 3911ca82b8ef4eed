"""Swap is for two tied player characters (RULES.md §3.3)."""

from __future__ import annotations

import random

import pytest
from ih_support import names, play

from engine.errors import RuleError
from engine.ih import family
from engine.language import tokenize


def refusal(script: str, text: str) -> RuleError:
    state, _ = play(script)
    line = tokenize(text)
    assert line is not None
    with pytest.raises(RuleError) as caught:
        family.apply(state, family.parse(line), random.Random(0))
    return caught.value


def test_two_tied_pcs_may_swap() -> None:
    state, _ = play("add Ann init=12 com=2 pc\nadd Bob init=12 com=2 pc\nswap Ann Bob")
    assert names(state)[:2] in (["Bob", "Ann"], ["Ann", "Bob"])


@pytest.mark.parametrize(("first", "second"), [("pc", "npc"), ("npc", "pc"), ("npc", "npc")])
def test_an_npc_tie_is_settled_by_the_rule_not_a_swap(first: str, second: str) -> None:
    error = refusal(
        f"add Ann init=12 com=3 {first}\nadd Bob init=12 com=2 {second}", "swap Ann Bob"
    )
    assert error.code == "ih.swap.not-pcs"
    assert error.params["npc"] == ("Ann" if first == "npc" else "Bob")
