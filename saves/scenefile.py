"""One scene on disk: a small header file and sealed journal chunks, so autosave stays fast.

An autosave after every command must not rewrite a long journal. The scene's file
``scenes/<id>.json`` (TinyDB, table ``scene``) holds the states, the redo stack, the last
journal entries (the *tail*, fewer than :data:`CHUNK` of them) and the list of sealed chunks.
Every :data:`CHUNK` entries the tail is sealed into ``scenes/<id>/j<start>-<hash>.json``, a file
that is never written again: its name is its start and a hash of its contents
(:mod:`saves.journal_chunks`). A header whose own checksum fails loads only if its journal
vouches for it (:mod:`saves.journal_vouching`).

Crash safety: a new chunk is written (atomically) before the header that names it, which
replaces the old one atomically: a crash leaves the old header or the new, each with its chunks.
Chunks no header names are removed later (:meth:`SceneFile.collect_garbage`).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from tinydb.table import Document

from engine.session import JournalEntry, Scene, replayed_to
from saves import sealed_rolls
from saves.checkpoint_forms import Checkpoints, checkpoints_after
from saves.codec import DEFAULT
from saves.documents import (
    START_IS_INITIAL,
    checked,
    decode_entries,
    encode_entry,
    scene_from_parts,
    scene_header,
    start_document,
)
from saves.encoder import Memo
from saves.errors import BadFile, PastEnd, SaveError
from saves.journal_chunks import (
    ChunkRef,
    ExportMarks,
    chunk_digest,
    chunk_documents,
    read_chunks,
    seal_chunk,
)
from saves.journal_prefix import shared_prefix
from saves.journal_vouching import check_journal_vouches
from saves.json_text import reusing
from saves.no_gc import collections_paused
from saves.scene_rolls import SceneRolls
from saves.sealed_rolls import PIECE
from saves.storage import dump_json, open_db
from saves.trusted import TRUSTED
from saves.type_registry import DocumentError

CHUNK = 256
"""Journal entries per sealed chunk."""

IMPORTED = (4 * CHUNK, 10 * PIECE)
"""Journal entries and rolls per sealed file at an import's save (a file holds any count; the
longest loaded: ``10 * PIECE`` rolls): the fewer files, the fewer to create and to back up (on
this machine a file's creation costs about half a millisecond)."""


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
        self._dumped: dict[int, tuple[bytes, int]] = {}
        self._sizes = (CHUNK, 0)
        """Journal entries and rolls (0: as always) per sealed file at the next save (an
        import's: bigger)."""
        self._texts: dict[int, tuple[dict[str, Any], bytes]] = {}
        """The JSON of each tail document, for the tail digest (each entry dumped once)."""
        self._chunks: list[ChunkRef] = []
        self._chunk_refs: list[ChunkRef] = []
        self._chunk_list: list[dict[str, Any]] = []
        """The header's chunk list as last written (:func:`saves.json_text.reusing`)."""
        self._tail_list: list[dict[str, Any]] = []
        """The header's tail as last written."""
        self._chunk_docs: dict[str, tuple[ChunkRef, dict[str, Any]]] = {}
        self._initial: tuple[Any, Any] = (None, None)
        self._start: tuple[Any, Any] = (None, None)
        self._checkpoints = Checkpoints()
        self._rolls = SceneRolls(header, self.chunk_dir)
        """The rolls in sealed files (:mod:`saves.scene_rolls`), as last loaded or saved."""
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
        """The scene: header, chunks and tail decoded and checked (BadFile, NewerVersion: the
        header or a chunk is bad or missing, named)."""
        with collections_paused():  # thousands of new objects, none of them garbage
            return self._load()

    def _load(self) -> Scene:
        try:
            header = self.read_header()
        except RecursionError:
            raise BadFile.of(self.path, "saves.file.nested") from None
        status = getattr(self._db.storage, "checksum_ok", None)
        trusted = status is True
        try:
            chunks, sealed, self._checkpoints.loaded = read_chunks(
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
            header, refs = self._rolls.split(header)
            scene = scene_from_parts(header, journal, self.path)
            scene = self._rolls.with_sealed(scene, refs, trusted)
            if trusted:
                scene = replace(
                    scene, checkpoints=self._checkpoints.decoded(header, len(sealed), scene)
                )
            if status is False:  # the journal vouches for the state, nothing for the start
                check_journal_vouches(self.path, scene)
                scene = replace(scene, start=None)
        except RecursionError:
            raise BadFile.of(self.path, "saves.file.nested") from None
        start = len(sealed)
        self._journal = scene.journal
        self._docs = {start + index: document for index, document in enumerate(tail)}
        self._chunks = chunks
        self._initial = (scene.initial, None)
        self._known = True
        return scene

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
        # The present state's rolls are not needed (the state at ``at`` is replayed): the
        # sealed ones are left unread, only those in the header decoded with the state.
        header, _ = self._rolls.split(header)
        scene = scene_from_parts(header, tuple(entries[:at]), self.path)
        return replace(scene, state=replayed_to(scene, at), undone=()), length

    def export_parts(self) -> tuple[Scene, Iterator[list[Any]], ExportMarks] | None:
        """For an export: the scene without its journal, its journal's documents as saved a
        chunk at a time (their JSON copied, never built into engine objects: issue 30), and the
        checkpoints it names (filled as they are read), when the header's checksum matched (the
        chunks are ours, named by their checksums); else ``None``: the caller loads it whole.

        Raises:
            BadFile, NewerVersion: the header, a chunk or its sealed rolls are bad (named).
        """
        try:
            header = self.read_header()
        except RecursionError:
            raise BadFile.of(self.path, "saves.file.nested") from None
        if getattr(self._db.storage, "checksum_ok", None) is not True:
            return None
        refs, tail = header.get("chunks", []), header.get("tail", header.get("journal", []))
        counted = (
            sum(r.get("count", 0) for r in refs if type(r) is dict) if type(refs) is list else 0
        )
        if type(tail) is not list or header.get("journal_length") != counted + len(tail):
            return None  # not what this version writes: the whole load names the problem
        header, roll_refs = self._rolls.split(header)
        scene = self._rolls.with_sealed(scene_from_parts(header, (), self.path), roll_refs, True)
        marks = ExportMarks(counted + len(tail))

        def documents() -> Iterator[list[Any]]:
            yield from chunk_documents(self.path, refs, marks)
            marks.take(header.get("checkpoints"))
            yield tail

        return scene, documents(), marks

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

    def encoded(self, journal: tuple[JournalEntry, ...], documents: Any, dumped: Any) -> None:
        """Its first entries' documents and some chunks dumped, by an import: the save uses them."""
        self._journal, self._docs, self._dumped = journal, dict(enumerate(documents)), dumped
        self._sizes = IMPORTED

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
        """Write the scene: new sealed chunks first, then the header, atomically each. Only
        entries not written before are encoded: entries are immutable and shared between
        successive scenes, so the common prefix with the last saved journal is found by identity.
        """
        self.verify_writable()
        journal = scene.journal
        shared = shared_prefix(self._journal, journal, CHUNK)
        kept = self._chunks
        if kept and kept[-1].start + kept[-1].count > shared:  # undone into a sealed chunk
            kept = [ref for ref in kept if ref.start + ref.count <= shared]
        chunks = list(kept)
        sealed = chunks[-1].start + chunks[-1].count if chunks else 0
        cache = self._docs

        def document(index: int) -> dict[str, Any]:
            found = cache.get(index) if index < shared else None
            return found if found is not None else encode_entry(journal[index])

        size, pieces = self._sizes
        while len(journal) - sealed >= CHUNK:  # chunk by chunk: an import's never encoded whole
            size = size if len(journal) - sealed >= size else CHUNK
            marks = self._checkpoints.sealed_marks(scene.checkpoints, sealed, size, scene.state)
            given = self._dumped.pop(sealed, None)
            span = range(sealed, sealed + size)
            piece = given if given and given[1] == size else list(map(document, span))
            chunks.append(seal_chunk(self.chunk_dir, scene.name, piece, sealed, marks))
            sealed += size
        documents = [document(index) for index in range(sealed, len(journal))]
        initial_object, initial_document = self._initial
        if initial_object is not scene.initial or initial_document is None:
            initial_document = DEFAULT.encode(scene.initial)
        kept_state, roll_refs = self._rolls.seal(scene.state, pieces)
        state_document = DEFAULT.encode_reusing(kept_state, self._state_memo)
        if roll_refs:  # issue 30: the rolls sealed before are named, not written again
            tail_rolls = state_document[sealed_rolls.FIELD]
            sealed_doc = self._rolls.refs_document(roll_refs)
            state_document = {
                **state_document,
                sealed_rolls.FIELD: {"sealed": sealed_doc, "tail": tail_rolls},
            }
        if self._start[0] is not scene.start or self._start[1] in (None, START_IS_INITIAL):
            self._start = (scene.start, start_document(scene))
        header = scene_header(scene, initial_document, state_document, self._start[1])
        header["journal_length"] = len(journal)
        # The same lists as at the last save, or noted as grown from them: their text is then
        # reused, not made again item by item (issue 30: an autosave flat in the journal's length)
        header["chunks"] = self._chunk_list = reusing(
            self._chunk_documents(chunks), self._chunk_list
        )
        header["tail"] = documents = self._tail_list = reusing(documents, self._tail_list)
        header["tail_digest"] = chunk_digest(self._tail_json(sealed, documents))
        unsealed = checkpoints_after(scene.checkpoints, sealed)  # not all 390 of 50,000 entries
        header["checkpoints"] = [
            [index, *self._checkpoints.document(index, state, scene.state)]
            for index, state in unsealed
        ]
        self._checkpoints.keep_after(sealed, unsealed)
        self._db.table("scene").upsert(Document(header, doc_id=1))
        self._journal, self._dumped, self._sizes = journal, {}, (CHUNK, 0)  # (once)
        self._docs = {sealed + index: document for index, document in enumerate(documents)}
        self._chunks = chunks
        self._initial = (scene.initial, initial_document)
        self._known = True

    def _chunk_documents(self, chunks: list[ChunkRef]) -> list[dict[str, Any]]:
        """The header's chunk list, the same dict for a chunk as at the last save (its JSON
        text is then reused: a 50,000-entry scene names 195 chunks at every autosave); the
        very list of the last save while the chunks are the same."""
        if chunks == self._chunk_refs:  # the same ChunkRef objects: compared by identity
            return self._chunk_list
        self._chunk_refs = list(chunks)
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

    def chunk_files(self) -> list[str]:
        """The chunk files the last loaded or saved header names."""
        return [ref.file for ref in self._chunks]

    def collect_garbage(self) -> None:
        """Remove chunk files the current header no longer names (after undo, say)."""
        if self.read_only or not self._known or not self.chunk_dir.is_dir():
            return
        keep = set(self.chunk_files()) | {ref.file for ref in self._rolls.refs}
        for path in self.chunk_dir.iterdir():
            if path.name not in keep and path.suffix in (".json", ".tmp"):
                with contextlib.suppress(OSError):
                    os.unlink(path)

    def close(self) -> None:
        self._db.close()
