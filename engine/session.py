"""A scene with its command journal: exact, unlimited undo and redo (STYLE.md).

States are immutable, so undo is a replay from the scene's initial state of the journal less
its last entry, each entry with the seed it was first applied with: the dice come out the same.
The console keeps a cache of past states (:class:`History`) so undo does not replay each time.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from engine import commands
from engine.commands import Command, SceneState
from engine.errors import RuleError
from engine.events import Events
from engine.records import replace


@dataclass(frozen=True, slots=True)
class JournalEntry:
    """One applied command: its object, the text it was typed as, its dice seed, its events."""

    command: Command
    text: str
    seed: int
    events: Events
    time: int | None = None
    """The Unix second the command was made (the SealDice log's ``time``, issue 28); ``None``
    for an entry saved before the journal kept times, or made with no clock (the engine's
    own tests). The engine never reads it: replays and undo ignore it."""


@dataclass(frozen=True, slots=True)
class Scene:
    """A named scene of one system: its state and the journal that made it."""

    name: str
    system: str
    initial: SceneState
    state: SceneState
    journal: tuple[JournalEntry, ...] = ()
    undone: tuple[JournalEntry, ...] = ()
    seed_base: int = 0
    draws: int = 0
    checkpoints: tuple[tuple[int, SceneState], ...] = field(default=(), compare=False, repr=False)
    """``(n, state after the first n journal entries)`` for every ``n`` a multiple of
    :data:`CHECKPOINT_EVERY` (undo after loading a long scene replays at most that
    many entries, not the whole journal). Saved with the journal; not part of equality."""
    start: SceneState | None = field(default=None, compare=False, repr=False)
    """The state the scene began in, kept when a campaign later replaces :attr:`initial` (a
    played scene opened sees the campaign's cast as it stands now: ``saves.roster``): a past
    moment is replayed from it, with the cast as it was then (:mod:`engine.past`). ``None``:
    not known (a scene saved before it was kept); :attr:`initial` stands in."""

    @property
    def family(self) -> str:
        return commands.family_of(self.system)


CHECKPOINT_EVERY = 128
"""Journal entries between two checkpoints (a divisor of the saves' chunk size)."""

KEPT_STATES = 16
"""How many past states :class:`History` keeps for undo: beyond them an undo replays at most
:data:`CHECKPOINT_EVERY` entries from a checkpoint (a few milliseconds) and keeps that stretch.
Few: each state kept holds its own copy of the turn order, which the garbage collector walks
while it is young (with 256 kept, a quarter of a ``next`` in a fight of 2,000, issue 30)."""


def _checkpointed(
    checkpoints: tuple[tuple[int, SceneState], ...], length: int, state: SceneState
) -> tuple[tuple[int, SceneState], ...]:
    """The checkpoints of a journal now ``length`` long with ``state`` at its end: those past
    the end dropped (an undo), one added at a multiple of :data:`CHECKPOINT_EVERY`."""
    kept = checkpoints
    if kept and kept[-1][0] >= length:
        kept = tuple(item for item in kept if item[0] < length)
    if length and length % CHECKPOINT_EVERY == 0:
        kept = (*kept, (length, state))
    return kept


def new_scene(name: str, system: str, seed: int | None = None) -> Scene:
    """An empty scene. ``seed`` fixes every die of the scene (``--seed``)."""
    state = commands.new_state(system, name)
    base = seed if seed is not None else random.SystemRandom().getrandbits(48)
    return Scene(name=name, system=system, initial=state, state=state, seed_base=base, start=state)


def _seed_for(scene: Scene) -> int:
    return (scene.seed_base * 1_000_003 + scene.draws) % (2**63)


def execute(
    scene: Scene, command: Command, text: str, time: int | None = None
) -> tuple[Scene, Events]:
    """Apply a command (not ``scene new``) to the scene; the journal records it, with ``time``
    (the Unix second the command was made) when the caller has a clock.

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
    entry = JournalEntry(command=command, text=text, seed=seed, events=tuple(events), time=time)
    journal = scene.journal + (entry,)
    new = replace(
        scene,
        state=state,
        journal=journal,
        undone=(),
        draws=scene.draws + 1,
        checkpoints=_checkpointed(scene.checkpoints, len(journal), state),
    )
    return new, entry.events


def execute_text(scene: Scene, text: str) -> tuple[Scene, Events]:
    """Parse and apply one line of the console language."""
    command = commands.parse(text, scene.system)
    if command is None:
        return scene, ()
    return execute(scene, command, text.strip())


def replay(scene: Scene, entries: tuple[JournalEntry, ...]) -> SceneState:
    """The state after applying ``entries`` to the scene's initial state with their seeds."""
    state = scene.initial
    for entry in entries:
        state, _ = commands.apply(state, scene.system, entry.command, random.Random(entry.seed))
    return state


def nearest_checkpoint(scene: Scene, n: int) -> tuple[int, SceneState]:
    """The latest checkpoint at or before entry ``n`` (``(0, initial)`` when none is)."""
    for index, checkpoint in reversed(scene.checkpoints):
        if index <= n:
            return index, checkpoint
    return 0, scene.initial


def state_after(scene: Scene, n: int) -> SceneState:
    """The state after the first ``n`` journal entries, each with its own seed (the journal's
    dice, never new ones): replayed from the nearest checkpoint, so at most
    :data:`CHECKPOINT_EVERY` entries (issue 26, the timeline); a past moment as shown
    (:func:`engine.commands.as_past`).

    Raises:
        ValueError: ``n`` is not between 0 and the journal's length.
    """
    if not 0 <= n <= len(scene.journal):
        raise ValueError(f"entry {n} is not in a journal of {len(scene.journal)}")
    if n == len(scene.journal):
        return scene.state
    return commands.as_past(replayed_to(scene, n))


def replayed_to(scene: Scene, n: int) -> SceneState:
    """The state after the first ``n`` entries, always replayed from the nearest checkpoint
    (never ``scene.state``: a scene whose journal was read only in part has the present's)."""
    start, state = nearest_checkpoint(scene, n)
    for entry in scene.journal[start:n]:
        state, _ = commands.apply(state, scene.system, entry.command, random.Random(entry.seed))
    return state


def scene_after(scene: Scene, n: int) -> Scene:
    """The scene as it stood after its first ``n`` journal entries: its journal cut there, no
    redo stack, the checkpoints up to ``n`` kept; ``draws`` stays (a fork's new commands roll
    new dice, not the ones the original rolled after ``n``).

    Raises:
        ValueError: as :func:`state_after`.
    """
    if n == len(scene.journal):
        return scene
    return replace(
        scene,
        state=state_after(scene, n),
        journal=scene.journal[:n],
        undone=(),
        checkpoints=tuple(item for item in scene.checkpoints if item[0] <= n),
    )


def _states_from(scene: Scene, start: int, stop: int) -> list[SceneState]:
    """The states after ``start`` … ``stop`` entries (both included), replayed from the nearest
    checkpoint at or before ``start``."""
    at, state = nearest_checkpoint(scene, start)
    found: list[SceneState] = []
    for index in range(at, stop + 1):
        if index >= start:
            found.append(state)
        if index < stop:
            entry = scene.journal[index]
            state, _ = commands.apply(state, scene.system, entry.command, random.Random(entry.seed))
    return found


def previous_change(scene: Scene, at: int, key: Callable[[SceneState], object]) -> int:
    """The latest entry ``j < at`` after which ``key`` of the state changed (a new round, a new
    phase), else 0: the timeline's step back by a round or phase. Replays one checkpoint's
    stretch at a time, back from ``at``."""
    high = at - 1
    while high > 0:
        low = nearest_checkpoint(scene, high - 1)[0]
        states = _states_from(scene, low, high)
        for j in range(high, low, -1):
            if key(states[j - low]) != key(states[j - 1 - low]):
                return j
        high = low
    return 0


def next_change(scene: Scene, at: int, key: Callable[[SceneState], object]) -> int:
    """The first entry ``j > at`` after which ``key`` of the state changed, else the journal's
    end: the timeline's step on by a round or phase."""
    end = len(scene.journal)
    if at >= end:
        return end
    state = state_after(scene, at)
    before = key(state)
    for index in range(at, end):
        entry = scene.journal[index]
        state, _ = commands.apply(state, scene.system, entry.command, random.Random(entry.seed))
        now = key(state)
        if now != before:
            return index + 1
    return end


def rebuilt(scene: Scene) -> Scene:
    """The scene's state and checkpoints replayed from its initial state (after the initial
    state changed, e.g. a campaign's roster seen by the scene)."""
    state = scene.initial
    marks: list[tuple[int, SceneState]] = []
    for index, entry in enumerate(scene.journal, start=1):
        state, _ = commands.apply(state, scene.system, entry.command, random.Random(entry.seed))
        if index % CHECKPOINT_EVERY == 0:
            marks.append((index, state))
    return replace(scene, state=state, checkpoints=tuple(marks))


def undo(scene: Scene) -> Scene:
    """Take back the last command.

    Raises:
        RuleError: nothing to undo.
    """
    if not scene.journal:
        raise RuleError("session.nothing-undo-scene")
    kept, last = scene.journal[:-1], scene.journal[-1]
    start, state = 0, scene.initial
    for index, checkpoint in reversed(scene.checkpoints):
        if index <= len(kept):
            start, state = index, checkpoint
            break
    for entry in kept[start:]:
        state, _ = commands.apply(state, scene.system, entry.command, random.Random(entry.seed))
    return replace(
        scene,
        state=state,
        journal=kept,
        undone=scene.undone + (last,),
        checkpoints=_checkpointed(scene.checkpoints, len(kept), state),
    )


def redo(scene: Scene) -> tuple[Scene, Events]:
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
    journal = scene.journal + (redone,)
    new = replace(
        scene,
        state=state,
        journal=journal,
        undone=scene.undone[:-1],
        checkpoints=_checkpointed(scene.checkpoints, len(journal), state),
    )
    return new, redone.events


class History:
    """Past states of one scene kept in memory, so undo in the console is instant.

    ``_states[i]`` is the state before journal entry ``i``. A scene loaded from disk arrives
    with a journal but no cached states: an undo replays from the nearest checkpoint at or
    before the state it needs (:attr:`Scene.checkpoints`, at most :data:`CHECKPOINT_EVERY`
    entries back) and caches every state of that stretch, so the undos after it are pops.

    Only the states of the last :data:`KEPT_STATES` entries are kept: every state of a long
    fight kept for ever grew the memory by a whole turn order per command (a fight of 2,000
    combatants, 16 KB a ``next``) and the garbage collector's walks with it, so ``next`` cost
    more the longer the order (issue 30). An undo further back replays from a checkpoint.
    """

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self._states: dict[int, SceneState] = {}

    def execute(self, command: Command, text: str, time: int | None = None) -> Events:
        before = self.scene
        if isinstance(command, commands.Undo):
            self.undo()
            return ()
        if isinstance(command, commands.Redo):
            return self.redo()
        self.scene, events = execute(before, command, text, time)
        self._keep(len(before.journal), before.state)
        return events

    def _keep(self, index: int, state: SceneState) -> None:
        """Cache the state before entry ``index``, forgetting those :data:`KEPT_STATES` back."""
        states = self._states
        states[index] = state
        states.pop(index - KEPT_STATES, None)
        if len(states) > 2 * KEPT_STATES:  # left by undos and replays: dropped at once
            self._states = {at: kept for at, kept in states.items() if at > index - KEPT_STATES}

    def _state_before(self, index: int) -> SceneState:
        """The state after the first ``index`` entries of the journal."""
        found = self._states.get(index)
        if found is not None:
            return found
        scene = self.scene
        start, state = 0, scene.initial
        for at, checkpoint in reversed(scene.checkpoints):
            if at <= index:
                start, state = at, checkpoint
                break
        for at in range(start, index):
            self._states.setdefault(at, state)
            entry = scene.journal[at]
            state, _ = commands.apply(state, scene.system, entry.command, random.Random(entry.seed))
        self._states[index] = state
        return state

    def undo(self) -> None:
        if not self.scene.journal:
            raise RuleError("session.nothing-undo-scene")
        kept, last = self.scene.journal[:-1], self.scene.journal[-1]
        state = self._state_before(len(kept))
        self._states.pop(len(kept), None)
        self.scene = replace(
            self.scene,
            state=state,
            journal=kept,
            undone=self.scene.undone + (last,),
            checkpoints=_checkpointed(self.scene.checkpoints, len(kept), state),
        )

    def redo(self) -> Events:
        before = self.scene
        self.scene, events = redo(before)
        self._keep(len(before.journal), before.state)
        return events
