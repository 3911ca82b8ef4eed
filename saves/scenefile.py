"""One scene on disk: a small header file and sealed journal chunks, so autosave stays fast.

An autosave after every command must not rewrite a long journal. The scene's file
``scenes/<id>.json`` (TinyDB, table ``scene``) holds the states, the redo stack, the last
journal entries (the *tail*, fewer than :data:`CHUNK` of them) and the list of sealed chunks.
Every :data:`CHUNK` entries the tail is sealed into ``scenes/<id>/j<start>-<hash>.json``, a file
that is never written again: its name is its start and a hash of its contents
(:mod:`saves.journal_chunks`). A header whose own checksum fails loads only if its journal
vouches for it (:mod:`saves.journal_vouching`).

Crash safety: a new chunk is written (atomically) before the header that names it, and the
header replaces the old one atomically, so a crash at any moment leaves either the old header
with the chunks it names or the new one with its chunks. Chunks no header names any more are
removed later (:meth:`SceneFile.collect_garbage`).
"""

from __future__ import annotations

import contextlib
import dataclasses
import gc
import operator
import os
from dataclasses import replace
from itertools import compress, count
from pathlib import Path
from typing import Any

from tinydb.table import Document

from engine.session import JournalEntry, Scene, replayed_to
from saves import sealed_rolls
from saves.codec import DEFAULT
from saves.documents import (
    checked,
    decode_entries,
    encode_entry,
    scene_from_parts,
    scene_header,
)
from saves.encoder import Memo
from saves.errors import BadFile, PastEnd, SaveError
from saves.journal_chunks import ChunkRef, checkpoint_list, chunk_digest, read_chunks, seal_chunk
from saves.journal_vouching import check_journal_vouches
from saves.storage import dump_json, open_db
from saves.trusted import TRUSTED
from saves.type_registry import DocumentError

CHUNK = 256
"""Journal entries per sealed chunk."""


class SceneFile:
    """Reads and writes one scene's header and chunks; remembers what it last wrote.

    Args:
        header: the scene's header file ``scenes/<id>.json``.
        read_only: refuse writes.
    """

    def __init__(self, header: Path, read_only: bool = False) -> None:
        self.path = header
        self.chunk_dir = header.with_suffix("")
        self.read_only = read_only
        self._db = open_db(header, read_only=read_only, reuse_text=True)
        self._journal: tuple[JournalEntry, ...] = ()
        self._docs: dict[int, dict[str, Any]] = {}
        self._texts: dict[int, tuple[dict[str, Any], bytes]] = {}
        """The JSON of each tail document, for the tail digest (each entry dumped once)."""
        self._chunks: list[ChunkRef] = []
        self._chunk_docs: dict[str, tuple[ChunkRef, dict[str, Any]]] = {}
        self._initial: tuple[Any, Any] = (None, None)
        self._checkpoint_docs: dict[int, tuple[Any, list[Any], dict[str, int]]] = {}
        self._loaded_checkpoints: list[tuple[int, Any, dict[str, int]]] = []
        self._roll_refs: list[sealed_rolls.RollsRef] = []
        self._sealed_rolls: tuple[Any, ...] = ()
        """The rolls in sealed files (:mod:`saves.sealed_rolls`), as last loaded or saved."""
        self._rolls_tail: tuple[Any, tuple[Any, ...]] = (None, ())
        self._state_memo = Memo()
        """Documents of the last saved state's parts: an autosave encodes only what changed."""
        self._known = False

    # -- reading -------------------------------------------------------------------------------

    def read_header(self) -> dict[str, Any]:
        """The header document, checked and migrated.

        Raises:
            BadFile, NewerVersion: the file is bad; FileNotFoundError: there is none.
        """
        document = self._db.table("scene").get(doc_id=1)
        if document is None:
            if not self.path.exists():
                raise FileNotFoundError(self.path)
            raise BadFile.of(self.path, "saves.scenefile.no-scene")
        return checked(dict(document), self.path, "scene")

    def load(self) -> Scene:
        """The scene: header, chunks and tail decoded and checked.

        Raises:
            BadFile, NewerVersion: the header or a chunk is bad or missing (named).
        """
        enabled = gc.isenabled()
        gc.disable()  # thousands of new objects, none of them garbage: skip collections
        try:
            return self._load()
        finally:
            if enabled:
                gc.enable()

    def _load(self) -> Scene:
        try:
            header = self.read_header()
        except RecursionError:
            raise BadFile.of(self.path, "saves.file.nested") from None
        status = getattr(self._db.storage, "checksum_ok", None)
        trusted = status is True
        try:
            chunks, sealed, self._loaded_checkpoints = read_chunks(
                self.path, header.get("chunks", []), trusted
            )
            tail = header.get("tail", header.get("journal", []))
            entries = self._decode_tail(tail, trusted)
            journal = tuple(sealed) + entries
            length = header.get("journal_length", len(journal))
            if length != len(journal):
                raise BadFile.of(
                    self.path, "saves.scenefile.length-differs", length=length, held=len(journal)
                )
            header, refs = self._split_rolls(header)
            scene = scene_from_parts(header, journal, self.path)
            scene = self._with_sealed_rolls(scene, refs, trusted)
            if trusted:
                scene = replace(scene, checkpoints=self._checkpoints(header, len(sealed), scene))
            if status is False:
                check_journal_vouches(self.path, scene)
        except RecursionError:
            raise BadFile.of(self.path, "saves.file.nested") from None
        start = len(sealed)
        self._journal = scene.journal
        self._docs = {start + index: document for index, document in enumerate(tail)}
        self._chunks = chunks
        self._initial = (scene.initial, None)
        self._known = True
        return scene

    def _split_rolls(
        self, header: dict[str, Any]
    ) -> tuple[dict[str, Any], list[sealed_rolls.RollsRef] | None]:
        """The header with its state's rolls as a plain list (the tail), and the references
        of the sealed ones (``None``: the header holds them all, as before issue 30)."""
        state = header.get("state")
        if type(state) is not dict or type(state.get(sealed_rolls.FIELD)) is not dict:
            return header, None
        kept = state[sealed_rolls.FIELD]
        refs = sealed_rolls.refs_of(kept.get("sealed"), self.path)
        return {**header, "state": {**state, sealed_rolls.FIELD: kept.get("tail")}}, refs

    def _with_sealed_rolls(
        self, scene: Scene, refs: list[sealed_rolls.RollsRef] | None, trusted: bool
    ) -> Scene:
        """``scene`` with the rolls of the sealed files before its header's."""
        self._roll_refs, self._sealed_rolls, self._rolls_tail = [], (), (None, ())
        if refs is None:
            return scene
        kind = sealed_rolls.item_type(scene.state)
        if kind is None:
            raise BadFile.of(self.path, "saves.scenefile.sealed-unkept")
        sealed = sealed_rolls.read(self.chunk_dir, refs, kind, trusted)
        tail = getattr(scene.state, sealed_rolls.FIELD)
        state = replace(scene.state, **{sealed_rolls.FIELD: sealed + tail})
        self._roll_refs, self._sealed_rolls = refs, sealed
        return replace(scene, state=state)

    def _seal_rolls(self, state: Any) -> tuple[Any, list[sealed_rolls.RollsRef]]:
        """Seal the state's rolls :data:`saves.sealed_rolls.PIECE` at a time, each sealed file
        written once (before the header naming it); the state with the rolls not sealed yet
        and the references, or ``state`` and ``[]`` when nothing is sealed."""
        rolls = getattr(state, sealed_rolls.FIELD, None)
        if type(rolls) is not tuple or sealed_rolls.item_type(state) is None:
            return state, []
        refs, sealed = self._roll_refs, self._sealed_rolls
        if sealed and rolls[: len(sealed)] != sealed:  # an undo took back sealed rolls
            kept: list[sealed_rolls.RollsRef] = []
            for ref in refs:
                end = ref.start + ref.count
                if len(rolls) < end or rolls[:end] != sealed[:end]:
                    break
                kept.append(ref)
            refs = kept
            sealed = sealed[: kept[-1].start + kept[-1].count] if kept else ()
        refs = list(refs)
        while len(rolls) - len(sealed) >= sealed_rolls.PIECE:
            start = len(sealed)
            piece = rolls[start : start + sealed_rolls.PIECE]
            documents = [DEFAULT.encode(item) for item in piece]
            refs.append(sealed_rolls.seal(self.chunk_dir, documents, start))
            sealed = rolls[: start + sealed_rolls.PIECE]
        self._roll_refs, self._sealed_rolls = refs, sealed
        if not refs:
            return state, []
        known_rolls, tail = self._rolls_tail
        if known_rolls is not rolls:
            tail = rolls[len(sealed) :]
            self._rolls_tail = (rolls, tail)
        return replace(state, **{sealed_rolls.FIELD: tail}), refs

    def load_prefix(self, at: int) -> tuple[Scene, int]:
        """The scene as it stood after its first ``at`` journal entries, and its whole journal's
        length, for a scene whose journal does not load whole (issue 26: a damaged entry after
        ``at`` does not stop the timeline there): chunk by chunk, then the tail entry by entry,
        only as far as ``at``; every value checked, the state replayed from the initial one.

        Raises:
            BadFile, NewerVersion: the header, or an entry up to ``at``, is bad (named).
            PastEnd: ``at`` is past the end of the journal.
        """
        header = self.read_header()
        length = header.get("journal_length")
        refs = header.get("chunks", [])
        tail = header.get("tail", header.get("journal", []))
        if type(length) is not int or type(refs) is not list or type(tail) is not list:
            raise BadFile.of(self.path, "saves.scenefile.bad-journal")
        if at > length:
            raise PastEnd(self.path, length)
        entries: list[JournalEntry] = []
        for raw in refs:
            if len(entries) >= at:
                break
            entries.extend(read_chunks(self.path, [raw], trusted=False, start=len(entries))[1])
        if len(entries) < at:
            try:
                entries.extend(decode_entries(tail[: at - len(entries)], "tail"))
            except DocumentError as error:
                raise BadFile.of(self.path, "saves.file.bad-value", error=error) from None
        if len(entries) < at:
            raise PastEnd(self.path, len(entries))
        scene = scene_from_parts(header, tuple(entries[:at]), self.path)
        return replace(scene, state=replayed_to(scene, at), undone=()), length

    def _checkpoints(
        self, header: dict[str, Any], sealed: int, scene: Scene
    ) -> tuple[tuple[int, Any], ...]:
        """The checkpoints of the chunks and of the header (its tail's), decoded; only from a
        file whose checksum matched: they are not checked against the journal."""
        marks = list(self._loaded_checkpoints)
        for index, document, prefixes in checkpoint_list(header.get("checkpoints"), sealed, 10**9):
            if index > len(scene.journal):
                break
            try:
                marks.append((index, DEFAULT.decode(document), prefixes))
            except DocumentError:
                break
        found = []
        for index, state, prefixes in marks:
            whole = _whole(state, prefixes, scene.state)
            if whole is None:
                break  # a prefix the scene's state does not have: replay from the one before
            found.append((index, whole))
        return tuple(found)

    def _decode_tail(self, tail: Any, trusted: bool) -> tuple[JournalEntry, ...]:
        """The tail entries: by the fast trusted path when the header's checksum matched (we
        wrote it), else checked value by value (a hand-edited file gets a message naming the
        bad value)."""
        if trusted and type(tail) is list:
            entries = TRUSTED.loads(dump_json(tail))
            if all(type(entry) is JournalEntry for entry in entries):
                return tuple(entries)
        try:
            return decode_entries(tail, "tail")
        except DocumentError as error:
            raise BadFile.of(self.path, "saves.file.bad-value", error=error) from None

    def verify(self) -> bool:
        """Whether the file is good: its checksum matches, or (one that does not match) it
        loads with every value checked and its journal vouching for its state. A file from
        before checksums only has to parse (as backups always asked): checking it in
        full at every backup would load every old scene of a big campaign each time."""
        if self._known:
            return True
        try:
            self.read_header()
            if getattr(self._db.storage, "checksum_ok", None) is not False:
                return True  # ours, or from before checksums (then parsing is all we ask)
            self.load()
        except (SaveError, FileNotFoundError):
            return False
        return True

    # -- writing -------------------------------------------------------------------------------

    def verify_writable(self) -> None:
        """Refuse to overwrite a scene file that exists but does not load (it is kept as it is).

        Raises:
            BadFile, NewerVersion: the existing file is bad (it is left as it is).
        """
        if self._known:
            return
        try:
            self.load()
        except FileNotFoundError:
            self._known = True

    def save(self, scene: Scene) -> None:
        """Write the scene: new sealed chunks first, then the header, atomically each.

        Only entries not written before are encoded: entries are immutable and shared between
        successive scenes, so the common prefix with the last saved journal is found by identity.
        """
        self.verify_writable()
        journal = scene.journal
        shared = _shared_prefix(self._journal, journal)
        chunks = [ref for ref in self._chunks if ref.start + ref.count <= shared]
        sealed = sum(ref.count for ref in chunks)
        cache = self._docs

        def document(index: int) -> dict[str, Any]:
            found = cache.get(index) if index < shared else None
            return found if found is not None else encode_entry(journal[index])

        # Chunk by chunk, so that a long new journal (an import) is never encoded whole at once.
        while len(journal) - sealed >= CHUNK:
            marks = [
                [index, *self._sealed_checkpoint_document(index, state, scene.state)]
                for index, state in scene.checkpoints
                if sealed < index <= sealed + CHUNK
            ]
            piece = [document(index) for index in range(sealed, sealed + CHUNK)]
            chunks.append(seal_chunk(self.chunk_dir, scene.name, piece, sealed, marks))
            sealed += CHUNK
        documents = [document(index) for index in range(sealed, len(journal))]
        initial_object, initial_document = self._initial
        if initial_object is not scene.initial or initial_document is None:
            initial_document = DEFAULT.encode(scene.initial)
        kept_state, roll_refs = self._seal_rolls(scene.state)
        state_document = DEFAULT.encode_reusing(kept_state, self._state_memo)
        if roll_refs:  # issue 30: the rolls sealed before are named, not written again
            tail_rolls = state_document[sealed_rolls.FIELD]
            sealed_doc = [ref.document() for ref in roll_refs]
            state_document = {
                **state_document,
                sealed_rolls.FIELD: {"sealed": sealed_doc, "tail": tail_rolls},
            }
        header = scene_header(scene, initial_document, state_document)
        header["journal_length"] = len(journal)
        header["chunks"] = self._chunk_documents(chunks)
        header["tail"] = documents
        header["tail_digest"] = chunk_digest(self._tail_json(sealed, documents))
        header["checkpoints"] = [
            [index, *self._checkpoint_document(index, state, scene.state)]
            for index, state in scene.checkpoints
            if index > sealed
        ]
        self._checkpoint_docs = {
            index: known
            for index, known in self._checkpoint_docs.items()
            if index > sealed and any(index == at for at, _ in scene.checkpoints)
        }
        self._db.table("scene").upsert(Document(header, doc_id=1))
        self._journal = journal
        self._docs = {sealed + index: document for index, document in enumerate(documents)}
        self._chunks = chunks
        self._initial = (scene.initial, initial_document)
        self._known = True

    def _chunk_documents(self, chunks: list[ChunkRef]) -> list[dict[str, Any]]:
        """The header's chunk list, the same dict for a chunk as at the last save (its JSON
        text is then reused: a 50,000-entry scene names 195 chunks at every autosave)."""
        known = self._chunk_docs
        fresh = {}
        for ref in chunks:
            found = known.get(ref.file)
            if found is None or found[0] != ref:
                found = (ref, {"file": ref.file, "start": ref.start, "count": ref.count})
            fresh[ref.file] = found
        self._chunk_docs = fresh
        return [found[1] for found in fresh.values()]

    def _tail_json(self, start: int, documents: list[dict[str, Any]]) -> bytes:
        """``dump_json(documents)``, reusing the JSON of documents dumped by the last save."""
        texts = self._texts
        fresh: dict[int, tuple[dict[str, Any], bytes]] = {}
        parts: list[bytes] = []
        for index, document in enumerate(documents, start):
            known = texts.get(index)
            if known is None or known[0] is not document:
                known = (document, dump_json(document))
            fresh[index] = known
            parts.append(known[1])
        self._texts = fresh
        return b"[" + b",".join(parts) + b"]"

    def _sealed_checkpoint_document(self, index: int, state: Any, current: Any) -> list[Any]:
        """The document of a checkpoint going into a sealed chunk (and its prefixes, see
        :func:`_prefix_form`): the one kept while it was in the tail if the state is the same,
        else encoded now; not kept (a sealed chunk is not written again, and an import's
        hundreds of checkpoints, each a whole state, took gigabytes when all were kept)."""
        known = self._checkpoint_docs.pop(index, None)
        if known is not None and known[0] is state and _prefixes_hold(known[2], state, current):
            return known[1]
        return _checkpoint_mark(state, current)

    def _checkpoint_document(self, index: int, state: Any, current: Any) -> list[Any]:
        """The document of a checkpoint's state (and its prefixes), the same while the state is
        the same object (an autosave's JSON reuses its text)."""
        known = self._checkpoint_docs.get(index)
        if known is None or known[0] is not state or not _prefixes_hold(known[2], state, current):
            mark = _checkpoint_mark(state, current)
            known = (state, mark, mark[1] if len(mark) == 2 else {})
            self._checkpoint_docs[index] = known
        return known[1]

    def chunk_files(self) -> list[str]:
        """The chunk files the last loaded or saved header names."""
        return [ref.file for ref in self._chunks]

    def collect_garbage(self) -> None:
        """Remove chunk files the current header no longer names (after undo, say)."""
        if self.read_only or not self._known or not self.chunk_dir.is_dir():
            return
        keep = set(self.chunk_files()) | {ref.file for ref in self._roll_refs}
        for path in self.chunk_dir.iterdir():
            if path.name not in keep and path.suffix in (".json", ".tmp"):
                with contextlib.suppress(OSError):
                    os.unlink(path)

    def close(self) -> None:
        self._db.close()


def _shared_prefix(old: tuple[Any, ...], new: tuple[Any, ...]) -> int:
    """How many first entries ``new`` shares with ``old``, by identity. The usual case (one
    entry more, or a few undone) is decided by comparing tuples at C speed: a Python walk of a
    50,000-entry journal took most of an autosave's time (issue 30)."""
    length = min(len(old), len(new))
    if length and old[length - 1] is new[length - 1] and old[:length] == new[:length]:
        return length  # equal entries (``==`` takes ``is`` first) encode alike
    return next(compress(count(), map(operator.is_not, old, new)), length)


PREFIX_FROM = 16
"""A checkpoint's tuple field this long or longer that begins the scene's state's same field is
saved as its length (issue 30: an IH state keeps every roll of the scene, so each checkpoint,
one per 128 commands, held the whole history of rolls: a 52,000-entry scene took 777 MB)."""


def _prefix_form(state: Any, current: Any) -> tuple[Any, dict[str, int]]:
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


def _prefixes_hold(prefixes: dict[str, int], state: Any, current: Any) -> bool:
    """Whether ``prefixes`` (of ``state``) still begin ``current``'s fields."""
    for name, length in prefixes.items():
        later = getattr(current, name, None)
        if type(later) is not tuple or later[:length] != getattr(state, name):
            return False
    return True


def _checkpoint_mark(state: Any, current: Any) -> list[Any]:
    """``[document]`` or ``[document, prefixes]``: what follows the index in a checkpoint."""
    short, prefixes = _prefix_form(state, current)
    document = DEFAULT.encode(short)
    return [document, prefixes] if prefixes else [document]


def _whole(state: Any, prefixes: dict[str, int], current: Any) -> Any:
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
