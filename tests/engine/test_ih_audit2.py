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
    with pytest.raises(RuleError, match="flat-footed"):
        family.apply(state, family.parse(line), random.Random(0))


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
    with pytest.raises(RuleError, match="whole number"):
        parse_int(text, "init")


@pytest.mark.parametrize(("text", "value"), [("15", 15), ("+3", 3), ("-2", -2), (" 07 ", 7)])
def test_whole_numbers_still_read(text: str, value: int) -> None:
    assert parse_int(text, "init") == value
