"""Issue 27 §3: a down (unconscious) combatant's turn is skipped by ``next`` unless the
Storyteller says otherwise: the setting ``down_turns_skipped`` (on; RULES.md is silent) and
``next down`` / ``begin down`` to take the turn anyway."""

from __future__ import annotations

import pytest
from ih_support import play, turns

from engine import commands
from engine.errors import RuleError
from engine.ih.commands import Next
from engine.ih.events import DelayReleased, EffectExpired, RoundStarted, TurnSkipped
from engine.settings import Interpretations

FIGHT = """
add Ann init=15 health=3 pc
add Bob init=12 pc
add Ghoul init=10 npc
begin
"""


def skipped(events: list) -> list[tuple[str, int]]:
    return [(e.name, e.round) for e in events if isinstance(e, TurnSkipped)]


def test_skipping_is_the_default() -> None:
    assert Interpretations().down_turns_skipped is True


@pytest.mark.parametrize(
    ("after", "current", "turns_started", "skips"),
    [
        # Ann falls in her own turn: Bob, Ghoul, then round 2 passes over Ann to Bob.
        ("damage Ann 3\nnext\nnext\nnext", "Bob", ["Ann", "Bob", "Ghoul", "Bob"], [("Ann", 2)]),
        # `next down` takes the down combatant's turn anyway.
        ("damage Ann 3\nnext\nnext\nnext down", "Ann", ["Ann", "Bob", "Ghoul", "Ann"], []),
        # Two down in a row: both passed over, in order.
        (
            "damage Ann 3\ndamage Bob 7\nnext",
            "Ghoul",
            ["Ann", "Ghoul"],
            [("Bob", 1)],
        ),
        # Healed before the turn comes: the turn is taken.
        ("damage Ann 3\nnext\nheal Ann 1\nnext\nnext", "Ann", ["Ann", "Bob", "Ghoul", "Ann"], []),
        # The Storyteller switches the setting off: down or not, the turn starts.
        (
            "interpret down_turns_skipped=false\ndamage Ann 3\nnext\nnext\nnext",
            "Ann",
            ["Ann", "Bob", "Ghoul", "Ann"],
            [],
        ),
    ],
)
def test_next_passes_over_a_down_combatant(
    after: str, current: str, turns_started: list[str], skips: list[tuple[str, int]]
) -> None:
    lines = (FIGHT + after).replace("interpret down_turns_skipped=false\n", "")
    settings = "interpret down_turns_skipped=false" in after
    state, events = play_with(lines, off=settings)
    assert state.current == current
    assert turns(events) == turns_started
    assert skipped(events) == skips


def play_with(script: str, off: bool) -> tuple:
    from dataclasses import replace

    from engine.ih import family

    state = family.new_state("ih-d10")
    if off:
        state = replace(state, interpretations=Interpretations(down_turns_skipped=False))
    return play(script, state=state)


def test_begin_skips_a_combatant_down_before_the_fight_and_begin_down_does_not() -> None:
    setup = "add Ann init=15 health=3 pc\nadd Bob init=12 pc\ndamage Ann 3\n"
    state, events = play(setup + "begin")
    assert (state.current, skipped(events)) == ("Bob", [("Ann", 1)])
    state, events = play(setup + "begin down")
    assert (state.current, skipped(events)) == ("Ann", [])


def test_a_skipped_turn_counts_down_the_effects_on_it_and_releases_who_waits_on_it() -> None:
    script = FIGHT + (
        'effect Ghoul "Blessed" rounds=1 by=Bob\n'  # timed on Bob's turns
        "damage Bob 7\n"
        "delay Ann after Bob\n"  # Bob's turn comes up: skipped, Ann released, Ann acts
    )
    state, events = play(script)
    assert skipped(events) == [("Bob", 1)]
    assert any(isinstance(e, EffectExpired) and e.label == "Blessed" for e in events)
    released = [(e.name, e.target_left) for e in events if isinstance(e, DelayReleased)]
    assert released == [("Ann", True)]
    assert state.current == "Ann"
    bob = next(c for c in state.order if c.name == "Bob")
    assert bob.acted and bob.turns_taken == 0  # passed over: no turn taken


def test_when_everyone_is_down_each_next_is_one_round() -> None:
    script = "add Ann init=15 health=1 pc\nadd Bob init=12 health=1 pc\nbegin\n"
    script += "damage Ann 1\ndamage Bob 1\nnext\n"
    state, events = play(script)
    assert state.current is None
    assert [e.round for e in events if isinstance(e, RoundStarted)] == [1, 2]
    assert skipped(events) == [("Bob", 1)]
    state, more = play("next", state=state)
    assert skipped(more) == [("Ann", 2), ("Bob", 2)]
    assert [e.round for e in more if isinstance(e, RoundStarted)] == [3]


@pytest.mark.parametrize(
    ("line", "down"),
    [("next", False), ("next down", True), ("next 倒地", True), ("NEXT Down", True)],
)
def test_next_down_reads_and_writes_back(line: str, down: bool) -> None:
    command = commands.parse(line, "ih-d10")
    assert isinstance(command, Next)
    assert command.down is down
    assert commands.parse(commands.format_command(command), "ih-d10") == command


@pytest.mark.parametrize("line", ["next up", "next down now", "begin Ann"])
def test_other_words_after_next_are_refused(line: str) -> None:
    with pytest.raises(RuleError):
        commands.parse(line, "ih-d10")
