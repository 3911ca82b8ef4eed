"""A checkpoint's state as a scene file keeps it (issue 30): a long tuple field that begins the
scene's present state's same field is saved as its length, and filled back from that state on
load. Checkpoints are saved in sealed chunks and in the header (:mod:`saves.scenefile`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from engine.session import Scene
from saves.codec import DEFAULT
from saves.journal_chunks import checkpoint_list
from saves.storage import dump_tree
from saves.type_registry import DocumentError

PREFIX_FROM = 16
"""A checkpoint's tuple field this long or longer that begins the scene's state's same field is
saved as its length (issue 30: an IH state keeps every roll of the scene, so each checkpoint,
one per 128 commands, held the whole history of rolls: a 52,000-entry scene took 777 MB)."""


def prefix_form(state: Any, current: Any) -> tuple[Any, dict[str, int]]:
    """``state`` with each long tuple field that is the start of ``current``'s same field
    emptied, and those fields' lengths (``{}``: saved whole). Fields only grow by appending
    (``Encounter.rolls``), so a checkpoint's are the start of every later state's."""
    if (
        type(state) is not type(current)
        or not dataclasses.is_dataclass(state)
        or isinstance(state, type)
    ):
        return state, {}
    prefixes: dict[str, int] = {}
    for field in dataclasses.fields(state):
        value = getattr(state, field.name)
        if type(value) is not tuple or len(value) < PREFIX_FROM:
            continue
        later = getattr(current, field.name)
        if type(later) is tuple and later[: len(value)] == value:
            prefixes[field.name] = len(value)
    if not prefixes:
        return state, {}
    return dataclasses.replace(state, **{name: () for name in prefixes}), prefixes


def prefixes_hold(prefixes: dict[str, int], state: Any, current: Any) -> bool:
    """Whether ``prefixes`` (of ``state``) still begin ``current``'s fields."""
    for name, length in prefixes.items():
        later = getattr(current, name, None)
        if type(later) is not tuple or later[:length] != getattr(state, name):
            return False
    return True


def checkpoint_mark(state: Any, current: Any) -> list[Any]:
    """``[document]`` or ``[document, prefixes]``: what follows the index in a checkpoint."""
    short, prefixes = prefix_form(state, current)
    document = DEFAULT.encode(short)
    return [document, prefixes] if prefixes else [document]


def whole_state(state: Any, prefixes: dict[str, int], current: Any) -> Any:
    """A loaded checkpoint's state with its prefix fields filled from ``current`` (the scene's
    state, which every checkpoint of its journal precedes); ``None`` when one cannot be."""
    if not prefixes:
        return state
    filled: dict[str, Any] = {}
    for name, length in prefixes.items():
        later = getattr(current, name, None)
        if type(later) is not tuple or len(later) < length or getattr(state, name, None) != ():
            return None
        filled[name] = later[:length]
    try:
        return dataclasses.replace(state, **filled)
    except (TypeError, ValueError):
        return None


SEALED_SHARE = 0.5
"""The sealed checkpoints' bytes kept at most about this share of the entries' bytes between
them (issue 30, point 12: a checkpoint is a whole state, so in a fight of 500 combatants one
every 128 entries took five times the entries' bytes, and ``scenes/`` and ``backups/`` twelve
times the export). A sealed checkpoint is kept once the entries since the last one kept are
``1 / SEALED_SHARE`` times its bytes: every one in a small scene, one in thirteen in a fight of
500. An undo after loading replays from the checkpoint before: at most that many entries."""


class Checkpoints:
    """A scene file's checkpoints: those read from its sealed chunks, and the documents of
    those written to its header while the state is the same object (an autosave's JSON then
    reuses their text)."""

    def __init__(self) -> None:
        self.loaded: list[tuple[int, Any, dict[str, int]]] = []
        """The checkpoints of the sealed chunks last read (index, state, prefixes)."""
        self._docs: dict[int, tuple[Any, list[Any], dict[str, int]]] = {}
        self._sealed_bytes = 0.0
        """Bytes of the entries sealed by this file (since it was opened)."""
        self._last_mark: tuple[float, int] | None = None
        """Where (in :attr:`_sealed_bytes`) the last sealed checkpoint was, and its bytes."""

    def sealed_marks(
        self, checkpoints: tuple[tuple[int, Any], ...], start: int, count: int, current: Any
    ) -> Callable[[int], list[bytes]]:
        """What :func:`saves.journal_chunks.seal_chunk` asks for a chunk of ``count`` entries
        from ``start``: given the chunk's bytes, the JSON text of the checkpoints it keeps
        (:data:`SEALED_SHARE`); those it leaves are not even encoded."""
        candidates = [(at, state) for at, state in checkpoints if start < at <= start + count]

        def choose(entry_bytes: int) -> list[bytes]:
            kept: list[bytes] = []
            for at, state in candidates:
                where = self._sealed_bytes + entry_bytes * (at - start) / count
                last = self._last_mark
                if last is None or (where - last[0]) * SEALED_SHARE >= last[1]:
                    mark = self.sealed_document(at, state, current)
                    kept.append(dump_tree([at, *mark]))
                    self._last_mark = (where, len(kept[-1]))
                else:
                    self._docs.pop(at, None)  # left out: its tail document is not kept either
            self._sealed_bytes += entry_bytes
            return kept

        return choose

    def decoded(
        self, header: dict[str, Any], sealed: int, scene: Scene
    ) -> tuple[tuple[int, Any], ...]:
        """The checkpoints of the chunks and of the header (its tail's), decoded; only from a
        file whose checksum matched: they are not checked against the journal."""
        marks = list(self.loaded)
        for index, document, prefixes in checkpoint_list(header.get("checkpoints"), sealed, 10**9):
            if index > len(scene.journal):
                break
            try:
                marks.append((index, DEFAULT.decode(document), prefixes))
            except DocumentError:
                break
        found = []
        for index, state, prefixes in marks:
            whole = whole_state(state, prefixes, scene.state)
            if whole is None:
                break  # a prefix the scene's state does not have: replay from the one before
            found.append((index, whole))
        return tuple(found)

    def sealed_document(self, index: int, state: Any, current: Any) -> list[Any]:
        """The document of a checkpoint going into a sealed chunk (and its prefixes, see
        :func:`prefix_form`): the one kept while it was in the tail if
        the state is the same, else encoded now; not kept (a sealed chunk is not written again,
        and an import's hundreds of checkpoints, each a whole state, took gigabytes)."""
        known = self._docs.pop(index, None)
        if known is not None and known[0] is state and prefixes_hold(known[2], state, current):
            return known[1]
        return checkpoint_mark(state, current)

    def document(self, index: int, state: Any, current: Any) -> list[Any]:
        """The document of a checkpoint's state (and its prefixes), the same while the state is
        the same object (an autosave's JSON reuses its text)."""
        known = self._docs.get(index)
        if known is None or known[0] is not state or not prefixes_hold(known[2], state, current):
            mark = checkpoint_mark(state, current)
            known = (state, mark, mark[1] if len(mark) == 2 else {})
            self._docs[index] = known
        return known[1]

    def kept(self) -> list[int]:
        """The indexes of the checkpoints whose documents are kept, in order."""
        return sorted(self._docs)

    def keep_after(self, sealed: int, checkpoints: tuple[tuple[int, Any], ...]) -> None:
        """Forget the documents of checkpoints sealed now (index up to ``sealed``) or gone
        (``checkpoints`` need hold only those past ``sealed``)."""
        present = {at for at, _ in checkpoints if at > sealed}
        self._docs = {index: known for index, known in self._docs.items() if index in present}


def checkpoints_after(
    checkpoints: tuple[tuple[int, Any], ...], sealed: int
) -> tuple[tuple[int, Any], ...]:
    """The checkpoints past entry ``sealed``: the last few of ``checkpoints`` (in order of their
    indexes, :func:`engine.session._checkpointed`), found by walking back from the end: an
    autosave of a 50,000-entry scene walked all its 390 (issue 30 point 11)."""
    first = len(checkpoints)
    while first and checkpoints[first - 1][0] > sealed:
        first -= 1
    return checkpoints[first:]
