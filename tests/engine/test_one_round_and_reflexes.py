"""The "1 round" action and named reflexes (RULES.md §3.6–§3.7)."""

from __future__ import annotations

import random

import pytest
from ih_support import play, state_after

from engine.errors import RuleError
from engine.ih import family
from engine.ih.encounter import Encounter, find
from engine.ih.events import ActionSpent, OneRoundLanded, UnusualReflex
from engine.language import tokenize

FIGHT = "add Ann init=15\nadd Bob init=12\nbegin"


def refusal(state: Encounter, text: str) -> RuleError:
    line = tokenize(text)
    assert line is not None
    with pytest.raises(RuleError) as caught:
        family.apply(state, family.parse(line), random.Random(0))
    return caught.value


def test_one_round_spends_the_whole_turn_and_lands_at_the_next() -> None:
    state, events = play(FIGHT + '\nspend Ann one-round "Ritual of warding"')
    ann = find(state, "Ann")
    assert (ann.budget.swift, ann.budget.move, ann.budget.standard) == (0, 0, 0)
    spent = [e for e in events if isinstance(e, ActionSpent)][-1]
    assert (spent.kind, spent.label) == ("one-round", "Ritual of warding")
    state, events = play("next\nnext", state=state)  # Bob's turn, then Ann's again
    assert state.current == "Ann" and state.round == 2
    assert [e for e in events if isinstance(e, OneRoundLanded)] == [
        OneRoundLanded("Ann", "Ritual of warding", 2)
    ]
    assert find(state, "Ann").one_round is None


def test_one_round_needs_the_whole_turn() -> None:
    state, _ = play(FIGHT + "\nspend Ann move")
    assert refusal(state, "spend Ann one-round").code == "ih.one-round.turn-used"


def test_one_round_is_not_a_surprise_round_action() -> None:
    state, _ = play("add Ann init=15\nadd Bob init=12\nsurprise Ann")
    assert refusal(state, "spend Ann one-round").code == "ih.one-round.surprise"


@pytest.mark.parametrize("reflex", ["drop-prone", "ready", '"drop prone"'])
def test_the_basic_reflexes_are_named_without_warning(reflex: str) -> None:
    state, events = play(FIGHT + f"\nspend Bob reflex {reflex}")
    spent = [e for e in events if isinstance(e, ActionSpent)][-1]
    assert spent.label in ("drop-prone", "ready") and spent.off_turn
    assert not [e for e in events if isinstance(e, UnusualReflex)]


def test_another_reflex_without_an_ability_is_warned_not_refused() -> None:
    state, events = play(FIGHT + '\nspend Bob reflex "Shadow step"')
    assert [e for e in events if isinstance(e, UnusualReflex)] == [
        UnusualReflex("Bob", "Shadow step")
    ]
    assert find(state, "Bob").owed_swift == 1  # taken all the same


def test_with_an_ability_noted_no_warning() -> None:
    state, events = play(
        FIGHT + '\nability Bob "Shadow step (reflex)"\nspend Bob reflex "Shadow step"'
    )
    assert not [e for e in events if isinstance(e, UnusualReflex)]
    assert family.to_json(state)["order"][1]["abilities"] == ["Shadow step (reflex)"]


@pytest.mark.parametrize(
    ("script", "owed", "budget"),
    [
        # §3.7: an off-turn reflex before one's turn this round is owed from that turn...
        ("add A init=15\nadd B init=12\nbegin\nspend B reflex", 1, (1, 1, 1)),
        # ...and the turn then starts with its swift already spent.
        ("add A init=15\nadd B init=12\nbegin\nspend B reflex\nnext", 0, (0, 1, 1)),
        # In the surprise round the budget is exactly one action (§3.2, §3.6): owing the
        # swift spends it.
        ("add A init=15\nadd B init=12\nsurprise A B\nspend B reflex\nnext", 0, (0, 0, 0)),
    ],
)
def test_off_turn_reflexes_are_owed_from_the_next_turn(
    script: str, owed: int, budget: tuple[int, int, int]
) -> None:
    state = state_after(script)
    row = {r["name"]: r for r in family.to_json(state)["order"]}["B"]
    assert row["owed_swift"] == owed
    assert (row["budget"]["swift"], row["budget"]["move"], row["budget"]["standard"]) == budget
