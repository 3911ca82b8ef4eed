"""An imported scene's journal replayed to check it, on two processors when the export says
where to cut it (issue 30, point 9: an import of a 50,000-entry scene is mostly this replay).

An export (:mod:`saves.exports`) names a few states of each long journal (``"checkpoints"``).
They are never trusted: the second part of the journal is replayed in a forked process from the
named state while this one replays the first part, and the second part's result is used only
when the first part ends in that very state (every field, the rolls too). Otherwise, or when the
other process fails in any way (a refusal too: it is found again here, with its own words), this
process replays the rest itself: the result is always the one replaying the whole journal in
order gives.
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
import pickle
import random
import select
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from engine import commands
from engine.session import CHECKPOINT_EVERY, Scene
from saves import journal_chunks
from saves.checkpoint_forms import prefix_form, whole_state
from saves.documents import encode_entry
from saves.journal_chunks import dumped_entries
from saves.replayed_events import same_history
from saves.scenefile import IMPORTED

FIRST_SHARE = 0.5
"""The share of the journal this process replays when it cuts it in two (at the named state
nearest it): the other process also dumps its part's chunks for the save and pickles what it
sends back, and this one then reads it."""

SENT_PER_PART = 8
"""About how many checkpoints of each part are kept when the journal is replayed in two processes
(and every one near the journal's end, kept in the scene file's header): the other process's
cost as much to pickle as to replay, and the save encodes each one it keeps. An undo after the
import replays at most the entries between two (about 3,000 in a scene of 50,000: a tenth of a
second at 50 combatants, a quarter at 500); later autosaves keep them as always."""

PATIENCE = 10.0
"""Seconds the other process may take beyond four times this one's part (which it about
equals) before it is stopped and its part replayed here."""

SENT_ALL_LAST = 512
"""The entries at the journal's end whose checkpoints the other process all sends back."""

Checkpoints = tuple[tuple[int, Any], ...]


def replay(
    scene: Scene,
    marks: list[tuple[int, Callable[[], Any]]],
    check: Callable[[int, int], None],
    meanwhile: Callable[[], bool] | None = None,
    dumped: dict[int, tuple[bytes, int]] | None = None,
) -> tuple[Any, Checkpoints]:
    """The state ``scene``'s journal makes from its initial state, and the checkpoints met on
    the way (one every :data:`engine.session.CHECKPOINT_EVERY` entries). ``marks``: states the
    file names, ``(n, state after n entries)``, in order, untrusted (see the module).
    ``check(start, end)`` checks the commands of entries ``start`` to ``end`` (from 0) before
    they are replayed: a bad command is named before any replay fails, as in order.
    ``meanwhile()``, some work done while the other process has not answered, a little at a
    call (it says whether there is more): the journal's documents for the save. ``dumped``
    takes the chunks of its part the other process dumped for the save (by start).

    Raises:
        ForgedEvents: an entry's events are not what its command makes.
        RuleError, Exception: a command the engine refuses, or fails on; what ``check`` raises.
    """
    length = len(scene.journal)
    cut = _cut(marks, length)
    other = None
    if cut is not None:
        at, named = cut
        other = _start(lambda: _checked_part(scene, named, at, length, check))
    if cut is None or other is None:
        check(0, length)
        return _replay_part(scene, scene.initial, 0, length)
    started = time.monotonic()
    try:
        check(0, at)
    except BaseException:
        other.cancel()
        raise
    try:
        state, checkpoints = _replay_part(scene, scene.initial, 0, at)
    except BaseException as failure:
        other.cancel()
        if isinstance(failure, Exception):  # not an interrupt: a bad command later comes first
            check(at, length)
        raise
    if same_exactly(state, named):
        try:
            while meanwhile is not None and not other.ready() and meanwhile():
                pass
            answer = other.answer(PATIENCE + 4 * (time.monotonic() - started))
        except BaseException:  # an interrupt, or no memory left to encode: no fork left behind
            other.cancel()
            raise
        if answer is not None:
            final, rest, chunks = answer
            if dumped is not None:
                dumped.update(chunks)
            final = _sharing(final, state)  # equal rolls, the very same objects (see below)
            rest = tuple((at, whole_state(short, kept, final)) for at, short, kept in rest)
            return final, _kept(checkpoints, 0, at, length) + rest
    else:
        other.cancel()
    check(at, length)
    final, rest = _replay_part(scene, state, at, length)
    return final, checkpoints + rest


def _checked_part(
    scene: Scene, state: Any, start: int, end: int, check: Callable[[int, int], None]
) -> tuple[Any, tuple[tuple[int, Any, dict[str, int]], ...], dict[int, tuple[bytes, int]]]:
    """The other process's part: checked, replayed; the checkpoints it sends back, their rolls
    as a count of the final state's (:func:`saves.checkpoint_forms.prefix_form`); and its
    part's whole chunks dumped as the save writes them (by start)."""
    check(start, end)
    final, checkpoints = _replay_part(scene, state, start, end)
    sent = tuple(
        (at, *prefix_form(state, final)) for at, state in _kept(checkpoints, start, end, end)
    )
    size = IMPORTED[0]  # as the import's save seals them
    first = -(-start // size) * size
    chunks = {
        at: dumped_entries(list(map(encode_entry, scene.journal[at : at + size])))
        for at in range(first, end - size + 1, size)
    }
    return final, sent, chunks


def _kept(checkpoints: Checkpoints, start: int, end: int, length: int) -> Checkpoints:
    """Of a part's checkpoints (entries ``start`` to ``end`` of ``length``), about
    :data:`SENT_PER_PART`, and every one of the journal's last :data:`SENT_ALL_LAST` entries:
    both halves alike, when the journal is replayed in two processes (the save encodes fewer
    states, and this process holds fewer)."""
    every = max(1, (end - start) // SENT_PER_PART // CHECKPOINT_EVERY) * CHECKPOINT_EVERY
    last = length - SENT_ALL_LAST
    return tuple((at, state) for at, state in checkpoints if at % every == 0 or at > last)


def _sharing(final: Any, earlier: Any) -> Any:
    """``final`` with each long tuple field that begins with ``earlier``'s same field (the
    rolls) beginning with its very items: the save compares each checkpoint's rolls with the
    final state's, at C speed when they are the same objects (issue 30)."""
    short, prefixes = prefix_form(earlier, final)
    if not prefixes:
        return final
    fields = {}
    for name in prefixes:
        mine = getattr(earlier, name)
        fields[name] = mine + getattr(final, name)[len(mine) :]
    return dataclasses.replace(final, **fields)


def _cut(marks: list[tuple[int, Callable[[], Any]]], length: int) -> tuple[int, Any] | None:
    """The named state nearest :data:`FIRST_SHARE` of the journal, decoded, when the journal
    is long enough and this process may fork."""
    if length < journal_chunks.PARALLEL_FROM or not marks or not may_fork():
        return None
    aim = length * FIRST_SHARE
    at, decode = min(marks, key=lambda mark: abs(mark[0] - aim))
    if not 0 < at < length or abs(at - aim) > length / 4:
        return None
    state = decode()
    return None if state is None else (at, state)


def may_fork() -> bool:
    """Whether a forked process may replay a part: ``fork`` exists, no other thread runs (a
    thread holding a lock at the fork would leave the copy waiting on it for ever), and this
    process may run on two processors or more (on one, the two parts would take turns)."""
    return hasattr(os, "fork") and threading.active_count() == 1 and processors() >= 2


def processors() -> int:
    """The processors this process may run on (a container or ``taskset`` may allow fewer
    than the machine has)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not Linux
        return os.cpu_count() or 1


def _replay_part(scene: Scene, state: Any, start: int, end: int) -> tuple[Any, Checkpoints]:
    """Entries ``start`` (from 0) to ``end`` replayed from ``state``, the state after the first
    ``start``; the checkpoints met on the way."""
    checkpoints = []
    rng = SeededOnUse()
    system = scene.system
    apply = commands.apply
    journal = scene.journal
    for index in range(start, end):
        entry = journal[index]
        rng.pending = entry.seed  # as random.Random(entry.seed), seeded only if it is used
        state, events = apply(state, system, entry.command, rng)
        if events != entry.events and not same_history(scene.initial, entry.events, events):
            raise ForgedEvents(index + 1)
        if (index + 1) % CHECKPOINT_EVERY == 0:
            checkpoints.append((index + 1, state))
    return state, tuple(checkpoints)


def same_exactly(one: Any, other: Any) -> bool:
    """``one == other``, and their fields left out of ``==`` equal too (``Encounter.rolls``,
    its ``opening``): a part replayed from ``other`` is then the part replayed from ``one``."""
    if type(one) is not type(other) or one != other:
        return False
    if dataclasses.is_dataclass(one) and not isinstance(one, type):
        for field in dataclasses.fields(one):
            if not field.compare and getattr(one, field.name) != getattr(other, field.name):
                return False
    return True


class _Other:
    """A forked process computing one result, sent back pickled through a pipe."""

    def __init__(self, pid: int, pipe: int) -> None:
        self.pid = pid
        self.pipe = pipe
        self.waited = False
        """Whether it has been waited for: its id may then be another process's."""

    def ready(self) -> bool:
        """Whether it has answered (or ended): its pipe has something to read."""
        try:
            return bool(select.select([self.pipe], [], [], 0)[0])
        except (OSError, ValueError):
            return True

    def answer(self, patience: float) -> Any:
        """Its result; ``None`` when it failed in any way, was killed, or has not answered
        within ``patience`` seconds (it is then stopped: a copy stuck on a lock some library
        held at the fork must not hang the import)."""
        deadline = time.monotonic() + patience
        parts = []
        try:
            while True:
                left = deadline - time.monotonic()
                if left <= 0 or not select.select([self.pipe], [], [], left)[0]:
                    self.cancel()
                    return None
                part = os.read(self.pipe, 1 << 20)
                if not part:
                    break
                parts.append(part)
            os.close(self.pipe)
            self.pipe = -1
            _, status = os.waitpid(self.pid, 0)
            self.waited = True
        except ChildProcessError:  # waited for already (SIGCHLD ignored): its id is not its own
            self.waited = True
            return None
        except (OSError, ValueError):
            self.cancel()
            return None
        if not parts or not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
            return None
        try:
            return pickle.loads(b"".join(parts))
        except Exception:
            return None

    def cancel(self) -> None:
        """Stop it and wait for it (its result is not wanted); nothing once waited for."""
        if self.pipe >= 0:
            with contextlib.suppress(OSError):
                os.close(self.pipe)
            self.pipe = -1
        if self.waited:
            return
        with contextlib.suppress(OSError):
            os.kill(self.pid, signal.SIGKILL)
        self.waited = True
        with contextlib.suppress(OSError):
            os.waitpid(self.pid, 0)


def _start(work: Callable[[], Any]) -> _Other | None:
    """``work()`` in a forked process; ``None`` when no process can be forked. The fork runs
    nothing but ``work`` and the pickling of its result: it leaves by ``os._exit``, never by
    this process's exit handlers (its save folder's lock, temporary folders)."""
    try:
        reading, writing = os.pipe()
    except OSError:
        return None
    parent = os.getpid()
    try:
        pid = os.fork()
    except OSError:
        os.close(reading)
        os.close(writing)
        return None
    if pid == 0:  # the fork
        code = 1
        try:
            os.close(reading)
            _ends_with(parent)
            data = pickle.dumps(work(), protocol=pickle.HIGHEST_PROTOCOL)
            view = memoryview(data)
            while view:
                view = view[os.write(writing, view) :]
            code = 0
        except BaseException:  # any failure: this process replays the part itself
            pass
        finally:
            os._exit(code)
    os.close(writing)
    return _Other(pid, reading)


def _ends_with(parent: int) -> None:
    """Have the system stop this fork when ``parent`` ends (Linux): an import killed midway
    leaves no copy replaying for nothing; elsewhere it ends at its first write."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(Exception):
        import ctypes

        set_death_signal = 1  # PR_SET_PDEATHSIG, prctl(2)
        ctypes.CDLL(None, use_errno=True).prctl(set_death_signal, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != parent:  # it ended before the death signal was asked for
        os._exit(1)


class ForgedEvents(Exception):
    """Journal entry ``entry`` (from 1) holds events its command does not make."""

    def __init__(self, entry: int) -> None:
        super().__init__(entry)
        self.entry = entry


class SeededOnUse(random.Random):
    """A ``random.Random(pending)`` seeded when first drawn from: most commands of a journal
    (``next``, ``damage``, ``heal``…) draw nothing, and seeding costs more than many of them
    (issue 30). Every draw goes through ``random`` or ``getrandbits``, both overridden (so
    ``Random`` keeps drawing integers with ``getrandbits``): the same numbers as
    ``random.Random(pending)`` gives."""

    pending: Any = None

    def _seeded(self) -> None:
        seed, self.pending = self.pending, None
        super().seed(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:
        self.pending = None
        super().seed(a, version)

    def random(self) -> float:
        if self.pending is not None:
            self._seeded()
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        if self.pending is not None:
            self._seeded()
        return super().getrandbits(k)

    def getstate(self) -> Any:
        if self.pending is not None:
            self._seeded()
        return super().getstate()
