"""``next`` ends one turn and starts the next in one copy of the turn order (issue 30, point
13): when the turn's end changes nobody but its actor, that actor is put into the order with the
next turn's start. The result must be exactly what ending the turn first, then starting the next,
gives: the same states and the same events, in random fights with delays, down combatants,
effects, interrupts, kept-conscious combatants, surprise rounds and both turn-order settings."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from engine import commands
from engine.errors import RuleError
from engine.ih import effects, turns
from engine.ih.encounter import Combatant, Encounter, flagged, same
from engine.ih.order_places import effect_sources
from engine.records import replace
from engine.session import History, new_scene

NAMES = ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay"]


def _line(rng: random.Random) -> str:
    who, other = rng.choice(NAMES), rng.choice(NAMES)
    return rng.choice(
        [
            "next",
            "next",
            "next",
            "next down",
            f"delay {who} after {other}",
            f"delay {who} next-round",
            f"damage {who} {rng.randint(1, 6)}",
            f"heal {who} {rng.randint(1, 3)}",
            f"willpower {who} conscious",
            f'effect {who} "Mark{rng.randint(1, 3)}" rounds={rng.randint(1, 3)}',
            f'effect {who} "Hex" rounds=2 by={other}',
            f'effect {who} "Mark{rng.randint(1, 3)}" end',
            f'effect {who} "Hex" end',
            f"interrupt {who} {other}",
            f"resolve {rng.choice(['continues', 'fails', 'avoided'])}",
            f"spend {who} one-round",
            f"initiative {who} {rng.choice(['+3', '-2'])}",
            f"remove {who}" if rng.random() < 0.2 else "next",
            f"add {who}2 init={rng.randint(1, 20)}",
            "undo",
        ]
    )


def _script(seed: int) -> list[str]:
    rng = random.Random(seed)
    lines = [f"add {name} init={rng.randint(1, 20)} health={rng.randint(1, 4)}" for name in NAMES]
    if rng.random() < 0.5:
        lines.append(f"interpret computed_turn_order={rng.choice(['true', 'false'])}")
    if rng.random() < 0.3:
        lines.append("interpret down_turns_skipped=false")
    if rng.random() < 0.3:
        lines.append("interpret stay_conscious_through_next_turn=false")
    lines.append(f"surprise {rng.choice(NAMES)}" if rng.random() < 0.3 else "begin")
    return lines + [_line(rng) for _ in range(160)]


def _played(lines: list[str]) -> list[tuple[object, object]]:
    history = History(new_scene("Fight", "ih-d10", 5))
    seen: list[tuple[object, object]] = []
    for line in lines:
        try:
            command = commands.parse(line, "ih-d10")
            assert command is not None
            events = history.execute(command, line)
        except RuleError as error:
            seen.append(("refused", error.code))
            continue
        seen.append((history.scene.state, events))
    return seen


@pytest.mark.parametrize("seed", range(40))
def test_next_with_one_copy_is_next_with_two(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    lines = _script(seed)
    fast = _played(lines)
    with monkeypatch.context() as patched:
        patched.setattr(turns, "_ended_alone", lambda state: None)
        slow = _played(lines)
    assert len(fast) == len(slow)
    for line, one, two in zip(lines, fast, slow, strict=True):
        assert one == two, line


def test_the_one_copy_path_is_taken_in_a_plain_fight() -> None:
    """Not a test of nothing: in a fight of plain turns the end is put with the next start."""
    taken = []
    original = turns._ended_alone

    def spy(state: object) -> object:
        found = original(state)  # type: ignore[arg-type]
        taken.append(found is not None)
        return found

    lines = [f"add {name} init={10 - i}" for i, name in enumerate(NAMES)] + ["begin"]
    lines += ["next"] * 12
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(turns, "_ended_alone", spy)
        _played(lines)
    assert taken and all(taken)


def _due_walked(order: tuple[Combatant, ...], source: str) -> tuple[object, ...]:
    folded = source.casefold()
    return tuple(
        (c.key, c.effects) for c in order if any(e.source.casefold() == folded for e in c.effects)
    )


def _fight_states(lines: list[str]) -> Iterator[tuple[str, Encounter]]:
    """Each line taken (refused ones skipped) and the fight's state after it."""
    history = History(new_scene("Fight", "ih-d10", 5))
    for line in lines:
        try:
            command = commands.parse(line, "ih-d10")
            assert command is not None
            history.execute(command, line)
        except RuleError:
            continue
        state = history.scene.state
        assert isinstance(state, Encounter)
        yield line, state


@pytest.mark.parametrize("seed", range(12))
def test_a_turn_opening_keeps_the_effects_a_walk_finds(seed: int) -> None:
    """The effects a turn's start keeps (to take it back at a delay) are found in the walk that
    counts them down: the same a walk of every effect before and after finds."""
    checked = 0
    for _, state in _fight_states(_script(seed)):
        for combatant in state.order:
            ticked, _, due, counted = effects.tick_turn(state, combatant.name)
            assert due == _due_walked(state.order, combatant.name)
            keys = {key for key, _ in due}
            assert counted == tuple(
                (c.key, c.effects) for c in ticked.order if c.key in keys and c.effects
            )
            checked += bool(due)
    assert checked > 0


def _sources_walked(order: tuple[Combatant, ...]) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for combatant in order:
        for creator in {e.source.casefold() for e in combatant.effects}:
            found.setdefault(creator, set()).add(combatant.name)
    return found


def _sources_kept(order: tuple[Combatant, ...]) -> dict[str, set[str]]:
    kept = effect_sources(order)
    assert all(len(set(keys)) == len(keys) for keys in kept.values())  # each holder once
    return {creator: set(keys) for creator, keys in kept.items()}


@pytest.mark.parametrize("seed", range(12))
def test_the_effects_sources_kept_per_order_are_those_a_walk_finds(seed: int) -> None:
    """A turn's start counts down only those holding its actor's effects, found by creator and
    handed on from order to order (issue 30): at every step of a random fight, the places kept
    are those a walk of every effect finds, and the count-down is the one a walk makes."""
    checked = 0
    extra = ['effect Ann "Ward" rounds=3 by=Bo', "next", "next"]
    for line, state in _fight_states(_script(seed) + extra):
        assert _sources_kept(state.order) == _sources_walked(state.order), line
        checked += bool(effect_sources(state.order))
        for combatant in state.order:
            ticked, events, _, _ = effects.tick_turn(state, combatant.name)
            walked = replace(
                state, order=tuple(_ticked_walk(c, combatant.name) for c in state.order)
            )
            assert ticked.order == walked.order
            assert [e.label for e in events] == [
                e.label
                for c in state.order
                for e in c.effects
                if same(e.source, combatant.name) and not e.waits_for_turn and e.rounds_left <= 1
            ]
    assert checked > 0


def _ticked_walk(holder: Combatant, source: str) -> Combatant:
    """``holder`` after a count-down of ``source``'s effects, as RULES.md §3.1 reads."""
    kept = []
    for effect in holder.effects:
        if not same(effect.source, source):
            kept.append(effect)
        elif effect.waits_for_turn:
            kept.append(replace(effect, waits_for_turn=False))
        elif effect.rounds_left > 1:
            kept.append(replace(effect, rounds_left=effect.rounds_left - 1))
    return replace(holder, effects=tuple(kept)) if holder.effects else holder


@pytest.mark.parametrize("seed", range(12))
def test_what_an_initiative_change_hands_on_is_what_a_walk_finds(seed: int) -> None:
    """An initiative change moves one combatant: each name's place, and the places of those who
    have not acted, delay or hold effects, are handed on shifted (issue 30), never rebuilt:
    at every step of a random fight they are those a walk of the order finds."""
    from engine.ih.order_places import known

    moved = 0
    extra = ["initiative Ann +9", "next", "initiative Bo -7", "next", "initiative Cy +1"]
    for line, state in _fight_states(_script(seed) + extra):
        order = state.order
        seen = known(order)
        for flag, attribute, wanted in (
            ("!acted", "acted", False),
            ("delaying", "delaying", True),
            ("effects", "effects", True),
        ):
            walked = tuple(i for i, c in enumerate(order) if bool(getattr(c, attribute)) == wanted)
            assert flagged(order, flag) == walked, (line, flag)
        assert seen.by_name == {c.name: i for i, c in enumerate(order)}, line
        moved += line.startswith("initiative")
    assert moved > 0
