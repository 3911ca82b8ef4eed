"""Swap is for two tied player characters (RULES.md §3.3)."""

from __future__ import annotations

import pytest
from ih_support import names, play, refused

from engine.errors import RuleError


def refusal_after(script: str, text: str) -> RuleError:
    """The RuleError ``text`` gets after ``script``."""
    return refused(play(script)[0], text)


def test_two_tied_pcs_may_swap() -> None:
    state, _ = play("add Ann init=12 com=2 pc\nadd Bob init=12 com=2 pc\nswap Ann Bob")
    assert names(state)[:2] in (["Bob", "Ann"], ["Ann", "Bob"])


@pytest.mark.parametrize(("first", "second"), [("pc", "npc"), ("npc", "pc"), ("npc", "npc")])
def test_an_npc_tie_is_settled_by_the_rule_not_a_swap(first: str, second: str) -> None:
    error = refusal_after(
        f"add Ann init=12 com=3 {first}\nadd Bob init=12 com=2 {second}", "swap Ann Bob"
    )
    assert error.code == "ih.swap.not-pcs"
    assert error.params["npc"] == ("Ann" if first == "npc" else "Bob")
