"""Who has yet to act, kept per turn order (issue 30, point 13): a combatant taking their turn
leaves the front of the places of ``"!acted"``, skipped rather than the rest copied; the places
must still be exactly those a walk of the order finds."""

from __future__ import annotations

import random
from dataclasses import replace

from ih_support import play

from engine import commands
from engine.ih.encounter import Encounter, flagged, put
from engine.ih.order_places import flagged_from
from engine.session import History, new_scene


def _walked(state: Encounter, start: int) -> list[int]:
    return [i for i, c in enumerate(state.order) if not c.acted and i >= start]


def test_places_skipped_from_the_front_are_those_a_walk_finds() -> None:
    state, _ = play("\n".join(f"add C{i} init={20 - i}" for i in range(12)))
    assert isinstance(state, Encounter)
    rng = random.Random(30)
    for step in range(400):
        waiting = _walked(state, 0)
        # mostly the first yet to act takes their turn; now and then anyone changes
        front = waiting and rng.random() < 0.7
        index = waiting[0] if front else rng.randrange(len(state.order))
        target = state.order[index]
        state = put(state, replace(target, acted=not target.acted))
        start = rng.randrange(len(state.order) + 1)
        assert list(flagged_from(state.order, "!acted", start)) == _walked(state, start), step
        if step % 9 == 0:
            assert flagged(state.order, "!acted") == tuple(_walked(state, 0)), step


def test_rounds_of_next_go_through_the_order_in_turn() -> None:
    """A fight's ``next`` (which skips the places of who just acted) starts every turn in
    order, round after round."""
    history = History(new_scene("Fight", "ih-d10", 7))
    for line in [f"add C{i:02d} init={30 - i}" for i in range(25)] + ["begin"]:
        command = commands.parse(line, "ih-d10")
        assert command is not None
        history.execute(command, line)
    command = commands.parse("next", "ih-d10")
    assert command is not None
    seen = []
    for _ in range(3 * 25 - 1):
        history.execute(command, "next")
        state = history.scene.state
        assert isinstance(state, Encounter)
        seen.append((state.round, state.current))
    expected = [(1, f"C{i:02d}") for i in range(1, 25)]
    for round_ in (2, 3):
        expected += [(round_, f"C{i:02d}") for i in range(25)]
    assert seen == expected


def test_a_tick_that_counts_nothing_down_keeps_the_state() -> None:
    """An effects tick at the start of a turn whose actor created no effect changes nothing,
    so it copies nothing (issue 30: a copy of the whole order at every ``next``); one that
    counts down changes only that effect."""
    from engine.ih import effects
    from engine.ih.encounter import find

    state, _ = play(
        'add Ann init=12\nadd Bob init=9\nadd Cat init=5\neffect Bob "Blessed" rounds=2 by=Ann'
    )
    assert isinstance(state, Encounter)
    same, events = effects.tick(state, "Cat")
    assert same is state and events == ()
    counted, events = effects.tick(state, "ann")
    assert events == ()
    assert find(counted, "Bob").effects[0].rounds_left == 1
    assert [c.name for c in counted.order] == ["Ann", "Bob", "Cat"]
    assert flagged(counted.order, "effects") == (1,)


def test_put_with_the_current_actor_is_put_then_current() -> None:
    state, _ = play("add Ann init=12\nadd Bob init=9\nbegin")
    assert isinstance(state, Encounter)
    bob = replace(state.order[1], started=True)
    both = put(state, bob, current="Bob")
    assert both == replace(put(state, bob), current="Bob")
    assert both.current == "Bob" and both.order[1] is bob
