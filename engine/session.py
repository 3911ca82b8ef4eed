"""A scene with its command journal: exact, unlimited undo and redo (STYLE.md).

States are immutable, so undo is a replay from the scene's initial state of the journal less
its last entry, each entry with the seed it was first applied with: the dice come out the same.
The console keeps a cache of past states (:class:`History`) so undo does not replay each time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from engine import commands
from engine.errors import RuleError


@dataclass(frozen=True, slots=True)
class JournalEntry:
    """One applied command: its object, the text it was typed as, its dice seed, its events."""

    command: Any
    text: str
    seed: int
    events: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class Scene:
    """A named scene of one system: its state and the journal that made it."""

    name: str
    system: str
    initial: Any
    state: Any
    journal: tuple[JournalEntry, ...] = ()
    undone: tuple[JournalEntry, ...] = ()
    seed_base: int = 0
    draws: int = 0

    @property
    def family(self) -> str:
        return commands.family_of(self.system)


def new_scene(name: str, system: str, seed: int | None = None) -> Scene:
    """An empty scene. ``seed`` fixes every die of the scene (``--seed``)."""
    state = commands.new_state(system)
    base = seed if seed is not None else random.SystemRandom().getrandbits(48)
    return Scene(name=name, system=system, initial=state, state=state, seed_base=base)


def _seed_for(scene: Scene) -> int:
    return (scene.seed_base * 1_000_003 + scene.draws) % (2**63)


def execute(scene: Scene, command: Any, text: str) -> tuple[Scene, tuple[Any, ...]]:
    """Apply a command (not ``scene new``) to the scene; the journal records it.

    Raises:
        RuleError: the scene is returned unchanged by the caller's keeping the old value.
    """
    if isinstance(command, commands.Undo):
        return undo(scene), ()
    if isinstance(command, commands.Redo):
        return redo(scene)
    if isinstance(command, commands.NewScene):
        raise RuleError("session.scene-new-starts-new")
    seed = _seed_for(scene)
    state, events = commands.apply(scene.state, scene.system, command, random.Random(seed))
    entry = JournalEntry(command=command, text=text, seed=seed, events=tuple(events))
    new = replace(
        scene, state=state, journal=scene.journal + (entry,), undone=(), draws=scene.draws + 1
    )
    return new, entry.events


def execute_text(scene: Scene, text: str) -> tuple[Scene, tuple[Any, ...]]:
    """Parse and apply one line of the console language."""
    command = commands.parse(text, scene.system)
    if command is None:
        return scene, ()
    return execute(scene, command, text.strip())


def replay(scene: Scene, entries: tuple[JournalEntry, ...]) -> Any:
    """The state after applying ``entries`` to the scene's initial state with their seeds."""
    state = scene.initial
    for entry in entries:
        state, _ = commands.apply(state, scene.system, entry.command, random.Random(entry.seed))
    return state


def undo(scene: Scene) -> Scene:
    """Take back the last command.

    Raises:
        RuleError: nothing to undo.
    """
    if not scene.journal:
        raise RuleError("session.nothing-undo-scene")
    kept, last = scene.journal[:-1], scene.journal[-1]
    return replace(scene, state=replay(scene, kept), journal=kept, undone=scene.undone + (last,))


def redo(scene: Scene) -> tuple[Scene, tuple[Any, ...]]:
    """Apply again the last command taken back, with the same dice.

    Raises:
        RuleError: nothing to redo.
    """
    if not scene.undone:
        raise RuleError("session.nothing-redo-scene")
    entry = scene.undone[-1]
    state, events = commands.apply(
        scene.state, scene.system, entry.command, random.Random(entry.seed)
    )
    redone = replace(entry, events=tuple(events))
    new = replace(scene, state=state, journal=scene.journal + (redone,), undone=scene.undone[:-1])
    return new, redone.events


class History:
    """Past states of one scene kept in memory, so undo in the console is instant.

    ``_states[i]`` is the state before journal entry ``i``. A scene loaded from disk arrives
    with a journal but no cached states: the first undo replays the journal once and fills the
    cache, so every later undo is a list pop rather than another replay.
    """

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self._states: list[Any] = []

    def execute(self, command: Any, text: str) -> tuple[Any, ...]:
        before = self.scene
        if isinstance(command, commands.Undo):
            self.undo()
            return ()
        if isinstance(command, commands.Redo):
            return self.redo()
        self.scene, events = execute(before, command, text)
        self._states.append(before.state)
        return events

    def _fill_cache(self) -> None:
        missing = len(self.scene.journal) - len(self._states)
        if missing <= 0:
            return
        state = self.scene.initial
        older: list[Any] = []
        for entry in self.scene.journal[:missing]:
            older.append(state)
            state, _ = commands.apply(
                state, self.scene.system, entry.command, random.Random(entry.seed)
            )
        self._states[:0] = older

    def undo(self) -> None:
        if not self.scene.journal:
            raise RuleError("session.nothing-undo-scene")
        self._fill_cache()
        state = self._states.pop()
        kept, last = self.scene.journal[:-1], self.scene.journal[-1]
        self.scene = replace(
            self.scene, state=state, journal=kept, undone=self.scene.undone + (last,)
        )

    def redo(self) -> tuple[Any, ...]:
        before = self.scene
        self.scene, events = redo(before)
        self._states.append(before.state)
        return events
