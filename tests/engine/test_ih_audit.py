"""Regression tests from the independent audit of IH combat against RULES.md §3 and INTERFACE.md.

Each test names the rule it pins; the scenarios are the ones where the engine once disagreed
with a reference model written from the spec alone.
"""

from __future__ import annotations

import random

import pytest

from engine.errors import RuleError
from engine.ih import family
from engine.ih.encounter import Encounter, find
from engine.ih.events import TurnStarted
from engine.language import tokenize


def play(script: str, state: Encounter | None = None) -> tuple[Encounter, list[object]]:
    """Apply console lines to an encounter; return the state and all events."""
    state = state or family.new_state("ih-d10")
    rng = random.Random(11)
    events: list[object] = []
    for text in script.strip().splitlines():
        line = tokenize(text)
        if line is None:
            continue
        state, new = family.apply(state, family.parse(line), rng)
        events.extend(new)
    return state, events


def order(state: Encounter) -> list[tuple[str, int]]:
    return [(c.name, c.initiative) for c in state.order]


def turns(events: list[object]) -> list[str]:
    return [e.name for e in events if isinstance(e, TurnStarted)]


def test_a_released_delayer_keeps_the_score_it_took_when_declaring() -> None:
    """§3.4: the score becomes the other's score *when delaying*; the other's later moves
    (here its own delay after someone who already acted) do not drag the delayer along."""
    state, _ = play(
        "add Bo init=15\nadd Ann init=14\nadd Cy init=12\nadd Dee init=10\n"
        "begin\nnext\ndelay Ann after Cy\ndelay Cy after Dee\nnext\nnext"
    )
    assert order(state) == [("Bo", 15), ("Ann", 12), ("Dee", 10), ("Cy", 10)]
    assert state.current == "Ann"


def test_a_delay_target_changing_initiative_does_not_move_the_delayer() -> None:
    """§3.4 + [I-3]: released after the target acts, the delayer is the highest not yet acted."""
    state, events = play(
        "add Dee init=14\nadd Bo init=11\nadd Ann init=9\nadd Cy init=3\nbegin\n"
        "delay Dee after Bo\ninitiative Bo -6\nnext"
    )
    assert order(state) == [("Dee", 11), ("Ann", 9), ("Bo", 5), ("Cy", 3)]
    assert state.current == "Dee"
    assert turns(events)[-1] == "Dee"


def test_a_holding_delayer_whose_initiative_changes_still_waits_for_the_same_one() -> None:
    """§3.5 on top of §3.4: an initiative change re-sorts but does not turn a delay until
    after Ann into a delay into the next round."""
    state, _ = play(
        "add Cy init=13\nadd Bo init=11\nadd Ann init=10\nbegin\nnext\n"
        "delay Bo after Ann\ninitiative Bo -3\nnext"
    )
    assert state.round == 1
    assert state.current == "Bo"
    assert not find(state, "Bo").delaying


def test_delay_after_goes_right_after_the_target() -> None:
    """§3.4: "ordered right after them" — immediately after, ahead of an earlier delayer."""
    state, _ = play(
        "add A init=20\nadd B init=15\nadd D init=13\nadd C init=12\nbegin\n"
        "delay B after C\ndelay D after C"
    )
    assert [c.name for c in state.order] == ["A", "C", "D", "B"]
    assert [c.initiative for c in state.order] == [20, 12, 12, 12]


@pytest.mark.parametrize("how", ["after C", "next-round"])
def test_the_current_actor_who_delays_has_not_acted_and_stays_flat_footed(how: str) -> None:
    """§3.3 + §3.4: a delay is declared before one's turn, so delaying at the start of one's
    first turn leaves one flat-footed until one really acts."""
    state, _ = play(f"add B init=15\nadd A init=12\nadd C init=8\nbegin\ndelay B {how}")
    view = {row["name"]: row for row in family.to_json(state)["order"]}
    assert view["B"]["flat_footed"] is True
    assert state.current == "A"
    assert view["A"]["flat_footed"] is False


def test_refusals_leave_the_state_alone() -> None:
    state, _ = play("add A init=15\nadd B init=12\nbegin")
    line = tokenize("delay A after A")
    assert line is not None
    with pytest.raises(RuleError):
        family.apply(state, family.parse(line), random.Random(0))


@pytest.mark.parametrize(
    ("options", "willpower"), [("", 4), ("com=3", 5), ("com=1", 3), ("com=3 willpower=2", 2)]
)
def test_default_willpower_is_resolve_plus_composure(options: str, willpower: int) -> None:
    """RULES.md §2.2: Willpower max = Resolve + Composure (Resolve: the human average 2)."""
    state, _ = play(f"add A init=10 {options}")
    row = family.to_json(state)["order"][0]
    assert (row["willpower"], row["willpower_max"], row["health"]) == (willpower, willpower, 7)


@pytest.mark.parametrize("opening", ["", "surprise A\n"])
def test_a_delay_into_the_next_round_before_round_1_acts_first_in_round_1(opening: str) -> None:
    """§3.4: the round after the surprise round (or after setup) is round 1; a combatant who
    delays into the next round then acts first in round 1, not in round 2."""
    state, events = play(f"add A init=15\nadd B init=12\nadd C init=8\n{opening}delay C next-round")
    state, events = play("begin", state=state)
    assert state.round == 1 and state.current == "C"
    assert [(c.name, c.initiative) for c in state.order][0] == ("C", 15)
    state, events = play("next\nnext\nnext", state=state)
    assert turns(events) == ["A", "B", "C"]
    assert state.round == 2


def test_a_quoted_word_is_a_name_even_with_an_equals_sign() -> None:
    """INTERFACE.md §3: a name that needs it is quoted; quoting keeps it a name."""
    state, _ = play(
        'add "a=b" init=5\nadd "Old Wang" init=7\neffect "a=B" "x=y" rounds=2 by="old wang"'
    )
    a = find(state, "a=b")
    assert a.name == "a=b"
    assert [(e.label, e.source) for e in a.effects] == [("x=y", "Old Wang")]


@pytest.mark.parametrize(
    ("text", "verb"),
    [("undo 2", "undo"), ("redo now", "redo")],
)
def test_shared_verbs_misused_say_how_to_use_them(text: str, verb: str) -> None:
    from engine import commands

    with pytest.raises(RuleError) as caught:
        commands.parse(text, "ih-d10")
    assert caught.value.code == "commands.use-takes-arguments"
    assert caught.value.params == {"verb": verb}
