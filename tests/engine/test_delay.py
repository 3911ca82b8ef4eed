"""Delay (RULES.md §3.4, vector 11): a delay never raises a score, the delayer keeps the score it
took and goes right after its target, a delay into the next round acts first there, and a
delayed turn has not started (effects' countdown §3.1, owed swifts §3.7, spent defense §3.8)."""

from __future__ import annotations

import random

import pytest
from ih_support import play, refused, state_after, turns

from engine.errors import RuleError
from engine.ih import family
from engine.ih.encounter import Encounter, find
from engine.ih.events import DelayReleased
from engine.language import tokenize


def test_vector_11_delay_after_someone_who_acted_and_is_ahead_is_refused() -> None:
    state, _ = play("add A init=15\nadd B init=12\nadd C init=10\nbegin\nnext\nnext")
    assert state.current == "C"
    error = refused(state, "delay C after A")
    assert error.code == "ih.delay.raises-score"
    assert dict(error.params) == {"name": "C", "other": "A", "score": 10, "other_score": 15}
    assert find(state, "C").initiative == 10


def test_delay_after_someone_ahead_who_has_not_acted_is_refused() -> None:
    state, _ = play("add A init=15\nadd B init=12\nadd C init=10\nbegin")
    assert refused(state, "delay C after B").code == "ih.delay.raises-score"


def test_delay_after_someone_later_who_has_acted_is_refused() -> None:
    """D acted, then fell below C by an initiative change: later in the order, but acted."""
    state, _ = play("add A init=15\nadd D init=12\nadd C init=10\nbegin\nnext\nnext")
    state, _ = play("initiative D -5", state=state)
    assert [c.name for c in state.order] == ["A", "C", "D"]
    error = refused(state, "delay C after D")
    assert error.code == "ih.delay.after-acted"
    assert dict(error.params) == {"name": "C", "other": "D", "round": 1}


def test_delaying_into_the_next_round_is_still_allowed() -> None:
    state, _ = play("add A init=15\nadd B init=12\nadd C init=10\nbegin\nnext\nnext")
    state, _ = play("delay C next-round", state=state)
    assert state.round == 2
    assert state.current == "C"


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
def test_the_refusal_is_worded_in_each_language(lang: str) -> None:
    import console.i18n  # noqa: F401  installs the renderer

    state, _ = play("add A init=15\nadd B init=12\nadd C init=10\nbegin\nnext\nnext")
    text = refused(state, "delay C after A").render(lang)
    assert "C" in text and "A" in text and "next-round" in text
    assert "error." not in text


def order(state: Encounter) -> list[tuple[str, int]]:
    return [(c.name, c.initiative) for c in state.order]


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
    assert effects_of(state_after(DELAYING_CREATOR), "B") == []
    delayed = state_after(DELAYING_CREATOR + "delay A after B")
    assert delayed.current == "B"
    assert effects_of(delayed, "B") == [("Blessed", 1)], "A's turn has not started"
    acted = state_after(DELAYING_CREATOR + "delay A after B\nnext")
    assert acted.current == "A"
    assert effects_of(acted, "B") == [], "it runs out at the start of A's action"


def test_a_delay_into_the_next_round_gives_the_rounds_back_too() -> None:
    script = DELAYING_CREATOR.replace("rounds=1", "rounds=3")
    assert effects_of(state_after(script), "B") == [("Blessed", 2)]
    assert effects_of(state_after(script + "delay A next-round"), "B") == [("Blessed", 3)]
    next_round = state_after(script + "delay A next-round\nnext\nnext")
    assert (next_round.round, next_round.current) == (3, "A")
    assert effects_of(next_round, "B") == [("Blessed", 2)], "one count for one started turn"


def test_an_owed_swift_is_taken_from_the_turn_the_delayer_does_take() -> None:
    """§3.7: an off-turn reflex is owed from the next turn's swift; a delayed turn is that turn."""
    script = "add A init=15\nadd B init=10\nbegin\nnext\nspend A reflex\nnext\n"
    started = state_after(script)
    a = next(c for c in started.order if c.name == "A")
    assert started.current == "A" and a.budget.swift == 0 and a.owed_swift == 0
    delayed = state_after(script + "delay A after B")
    a = next(c for c in delayed.order if c.name == "A")
    assert delayed.current == "B" and a.owed_swift == 1, "still owed: A's turn has not started"
    acted = state_after(script + "delay A after B\nnext")
    a = next(c for c in acted.order if c.name == "A")
    assert acted.current == "A" and a.budget.swift == 0 and a.owed_swift == 0


def test_a_delay_leaves_an_effect_the_storyteller_ended_or_set_again() -> None:
    """Only the countdown is taken back, not the Storyteller's edits since the turn's start."""
    script = DELAYING_CREATOR.replace("rounds=1", "rounds=3")
    ended = state_after(script + 'effect B "Blessed" end\ndelay A after B')
    assert effects_of(ended, "B") == []
    again = state_after(
        script + 'effect B "Blessed" end\neffect B "Blessed" rounds=5\ndelay A after B'
    )
    assert effects_of(again, "B") == [("Blessed", 5)]


def test_an_effect_made_before_a_delay_counts_from_the_turn_taken() -> None:
    """§3.1/§3.4: made before A's action started, it lasts until the start of A's next one."""
    script = "add A init=15\nadd B init=10\nadd C init=5\nbegin\n"
    made = script + 'effect C "Haste" rounds=1\ndelay A after B\nnext\n'
    acted = state_after(made)
    assert acted.current == "A" and effects_of(acted, "C") == [("Haste", 1)]
    before = state_after(
        made + "next\nnext\n"
    )  # C's turn, then round 2: B first (A delayed for good)
    assert (before.round, before.current) == (2, "B")
    assert effects_of(before, "C") == [("Haste", 1)]
    next_round = state_after(made + "next\nnext\nnext\n")
    assert (next_round.round, next_round.current) == (2, "A")
    assert effects_of(next_round, "C") == [], "it ran out at the start of A's next action"


def test_defense_declared_before_a_delay_stays_spent() -> None:
    """§3.8: spent until one's next turn; a delayed turn has not started, so nothing came back."""
    script = (
        "add A init=15 defense-bonus=3\nadd B init=10\nadd C init=5\nbegin\n"
        "defend A 1\nnext\nnext\nnext\ndefend A 2\ndelay A after C\n"
    )
    a = next(c for c in state_after(script).order if c.name == "A")
    assert a.defense_spent == 3


def test_no_delay_while_ones_action_is_being_interrupted() -> None:
    """§3.7 + §3.4: an interrupt answers an action already begun; a delay comes before."""
    script = "add A init=15\nadd B init=10\nbegin\nnext\nnext\ninterrupt B A\n"
    with pytest.raises(RuleError) as caught:
        state_after(script + "delay A after B")
    assert caught.value.code == "ih.delay.interrupted"


def test_delay_after_a_newcomer_who_acts_next_round_is_refused() -> None:
    """§3.4 "until after another combatant who has not yet acted this round … they act then"
    with §3.5: a newcomer's first turn is next round, so waiting on them would lose the turn."""
    state = state_after("add A init=15\nadd B init=12\nbegin\nnext\njoin J init=5")
    error = refused(state, "delay B after J")
    assert (error.code, dict(error.params)) == (
        "ih.delay.target-joined",
        {"name": "B", "other": "J", "first_round": 2},
    )


def test_delay_after_one_who_delays_into_the_next_round_is_refused() -> None:
    state = state_after("add A init=10\nadd B init=16\nadd C init=15\nbegin\ndelay C next-round")
    assert refused(state, "delay B after C").code == "ih.delay.raises-score"  # C is first now


def test_the_hold_ends_when_the_one_waited_on_delays_into_the_next_round() -> None:
    """§3.4: B waits on C; C then delays into the next round: B acts this round after all."""
    state, events = play(
        "add A init=10\nadd B init=16\nadd C init=15\nbegin\n"
        "delay B after C\ndelay C next-round\nnext\nnext"
    )
    released = [e for e in events if isinstance(e, DelayReleased)]
    assert released == [DelayReleased("B", "C", target_left=True)]
    assert turns(events)[-3:] == ["B", "A", "C"]  # round 1: B, A; round 2: C first


def test_the_hold_ends_when_the_one_waited_on_is_removed() -> None:
    state, events = play(
        "add A init=15\nadd B init=12\nadd C init=10\nbegin\ndelay A after C\nremove C"
    )
    assert [e for e in events if isinstance(e, DelayReleased)] == [
        DelayReleased("A", "C", target_left=True)
    ]
    assert state.current == "B" and not find(state, "A").delaying


@pytest.mark.parametrize("seed", range(150))
def test_no_delayer_silently_loses_a_turn(seed: int) -> None:
    """Random fights (next, delay after, delay next-round, join, remove): everyone present at a
    round's start takes a turn in it, unless they delayed into the next round or were removed
    during it (§3.3–§3.5). A refused delay changes nothing."""
    pick = random.Random(seed)
    names = ["A", "B", "C", "D", "E"][: pick.randint(3, 5)]
    lines = [f"add {n} init={pick.randint(8, 16)} com={pick.randint(1, 3)}" for n in names]
    state, _ = play("\n".join([*lines, "begin"]), seed=seed)
    dice = random.Random(seed + 1)
    present = {x.name for x in state.order}
    took: set[str] = set()
    excused: set[str] = set()
    joins = 0
    for _ in range(60):
        here = [x.name for x in state.order]
        roll = pick.random()
        if roll < 0.55:
            line = "next"
        elif roll < 0.75 and len(here) > 1:
            line = "delay {} after {}".format(*pick.sample(here, 2))
        elif roll < 0.83:
            line = f"delay {pick.choice(here)} next-round"
        elif roll < 0.92 and joins < 3:
            joins += 1
            line = f"join J{joins} init={pick.randint(5, 20)}"
        elif len(here) > 2:
            line = f"remove {pick.choice(here)}"
        else:
            line = "next"
        words = tokenize(line)
        assert words is not None
        before, current, round_ = state, state.current, state.round
        try:
            state, _ = family.apply(state, family.parse(words), dice)
        except RuleError:
            assert state == before
            continue
        if line == "next" and current is not None:
            took.add(current)
        if line.endswith("next-round") or line.startswith("remove"):
            excused.add(line.split()[1])
        if state.round != round_:
            missed = present - took - excused
            assert not missed, (seed, round_, missed)
            present, took, excused = {x.name for x in state.order}, set(), set()
