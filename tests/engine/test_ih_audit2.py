"""Regression tests from the second independent audit of IH combat (RULES.md §3, INTERFACE.md).

Each row is a scenario where the engine disagreed with a reference model written from the
spec alone, or a reading the audit checked and pinned.
"""

from __future__ import annotations

import random

import pytest

from engine.errors import RuleError
from engine.ih import family
from engine.ih.encounter import Encounter
from engine.language import parse_int, tokenize


def play(script: str) -> Encounter:
    """Apply console lines to a fresh ih-d10 encounter."""
    state = family.new_state("ih-d10")
    rng = random.Random(5)
    for text in script.strip().splitlines():
        line = tokenize(text)
        if line is not None:
            state, _ = family.apply(state, family.parse(line), rng)
    return state


SETUP = "add Ann init=10 com=1 dex=4\nadd Bob init=16 com=1 dex=2\nsurprise Ann"


@pytest.mark.parametrize("kind", ["free", "reflex", "swift", "move", "standard"])
def test_a_combatant_outside_the_surprise_round_cannot_act_in_it(kind: str) -> None:
    """§3.2: only combatants aware of the fight take part in the surprise round; the others
    are flat-footed and cannot act, not even a free action (it was once accepted)."""
    state = play(SETUP)
    line = tokenize(f"spend Bob {kind}")
    assert line is not None
    with pytest.raises(RuleError) as caught:
        family.apply(state, family.parse(line), random.Random(0))
    assert caught.value.code == "ih.act.unaware"
    assert caught.value.params == {"name": "Bob"}


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
    state = play(script)
    row = {r["name"]: r for r in family.to_json(state)["order"]}["B"]
    assert row["owed_swift"] == owed
    assert (row["budget"]["swift"], row["budget"]["move"], row["budget"]["standard"]) == budget


def test_the_free_action_of_a_surprise_participant_is_still_allowed() -> None:
    """§3.2: those in the surprise round keep their unlimited free actions."""
    state = play(SETUP + "\nspend Ann move\nspend Ann free\nspend Ann free")
    row = family.to_json(state)["order"][1]
    assert row["name"] == "Ann"
    assert row["budget"] == {"swift": 0, "move": 0, "standard": 0}


@pytest.mark.parametrize("text", ["1_0", "３", "1.5", "", "+", "0x10", "1e3"])
def test_a_number_is_ascii_digits_with_an_optional_sign(text: str) -> None:
    """INTERFACE.md §3: a bad argument is a rule error (Python's int() would take 1_0 and ３)."""
    with pytest.raises(RuleError) as caught:
        parse_int(text, "init")
    assert caught.value.code == "language.must-whole-number"
    assert caught.value.params["what"] == "init"


@pytest.mark.parametrize(("text", "value"), [("15", 15), ("+3", 3), ("-2", -2), (" 07 ", 7)])
def test_whole_numbers_still_read(text: str, value: int) -> None:
    assert parse_int(text, "init") == value


DELAYING_CREATOR = """
add A init=15
add B init=10
add C init=5
begin
effect B "Blessed" rounds=1 by=A
next
next
next
"""
"""Round 2 has just begun with A's turn: A's 1-round effect on B ran out at its start."""


def effects_of(state: Encounter, name: str) -> list[tuple[str, int]]:
    holder = next(c for c in state.order if c.name == name)
    return [(e.label, e.rounds_left) for e in holder.effects]


def test_an_effect_counts_down_when_its_creator_acts_not_when_they_delay() -> None:
    """RULES.md §3.1: "1 round" runs from the start of one's action; §3.4: a delay is declared
    before one's turn starts. A delaying creator's effects count down when they do act."""
    assert effects_of(play(DELAYING_CREATOR), "B") == []
    delayed = play(DELAYING_CREATOR + "delay A after B")
    assert delayed.current == "B"
    assert effects_of(delayed, "B") == [("Blessed", 1)], "A's turn has not started"
    acted = play(DELAYING_CREATOR + "delay A after B\nnext")
    assert acted.current == "A"
    assert effects_of(acted, "B") == [], "it runs out at the start of A's action"


def test_a_delay_into_the_next_round_gives_the_rounds_back_too() -> None:
    script = DELAYING_CREATOR.replace("rounds=1", "rounds=3")
    assert effects_of(play(script), "B") == [("Blessed", 2)]
    assert effects_of(play(script + "delay A next-round"), "B") == [("Blessed", 3)]
    next_round = play(script + "delay A next-round\nnext\nnext")
    assert (next_round.round, next_round.current) == (3, "A")
    assert effects_of(next_round, "B") == [("Blessed", 2)], "one count for one started turn"


def test_an_owed_swift_is_taken_from_the_turn_the_delayer_does_take() -> None:
    """§3.7: an off-turn reflex is owed from the next turn's swift; a delayed turn is that turn."""
    script = "add A init=15\nadd B init=10\nbegin\nnext\nspend A reflex\nnext\n"
    started = play(script)
    a = next(c for c in started.order if c.name == "A")
    assert started.current == "A" and a.budget.swift == 0 and a.owed_swift == 0
    delayed = play(script + "delay A after B")
    a = next(c for c in delayed.order if c.name == "A")
    assert delayed.current == "B" and a.owed_swift == 1, "still owed: A's turn has not started"
    acted = play(script + "delay A after B\nnext")
    a = next(c for c in acted.order if c.name == "A")
    assert acted.current == "A" and a.budget.swift == 0 and a.owed_swift == 0


def test_a_delay_leaves_an_effect_the_storyteller_ended_or_set_again() -> None:
    """Only the countdown is taken back, not the Storyteller's edits since the turn's start."""
    script = DELAYING_CREATOR.replace("rounds=1", "rounds=3")
    ended = play(script + 'effect B "Blessed" end\ndelay A after B')
    assert effects_of(ended, "B") == []
    again = play(script + 'effect B "Blessed" end\neffect B "Blessed" rounds=5\ndelay A after B')
    assert effects_of(again, "B") == [("Blessed", 5)]


def test_an_effect_made_before_a_delay_counts_from_the_turn_taken() -> None:
    """§3.1/§3.4: made before A's action started, it lasts until the start of A's next one."""
    script = "add A init=15\nadd B init=10\nadd C init=5\nbegin\n"
    made = script + 'effect C "Haste" rounds=1\ndelay A after B\nnext\n'
    acted = play(made)
    assert acted.current == "A" and effects_of(acted, "C") == [("Haste", 1)]
    before = play(made + "next\nnext\n")  # C's turn, then round 2: B first (A delayed for good)
    assert (before.round, before.current) == (2, "B")
    assert effects_of(before, "C") == [("Haste", 1)]
    next_round = play(made + "next\nnext\nnext\n")
    assert (next_round.round, next_round.current) == (2, "A")
    assert effects_of(next_round, "C") == [], "it ran out at the start of A's next action"


def test_defense_declared_before_a_delay_stays_spent() -> None:
    """§3.8: spent until one's next turn; a delayed turn has not started, so nothing came back."""
    script = (
        "add A init=15 defense-bonus=3\nadd B init=10\nadd C init=5\nbegin\n"
        "defend A 1\nnext\nnext\nnext\ndefend A 2\ndelay A after C\n"
    )
    a = next(c for c in play(script).order if c.name == "A")
    assert a.defense_spent == 3


def test_no_delay_while_ones_action_is_being_interrupted() -> None:
    """§3.7 + §3.4: an interrupt answers an action already begun; a delay comes before."""
    script = "add A init=15\nadd B init=10\nbegin\nnext\nnext\ninterrupt B A\n"
    with pytest.raises(RuleError) as caught:
        play(script + "delay A after B")
    assert caught.value.code == "ih.delay.interrupted"
