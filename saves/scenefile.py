"""One scene on disk: a small header file and sealed journal chunks, so autosave stays fast.

An autosave after every command must not rewrite a long journal. The scene's file
``scenes/<id>.json`` (TinyDB, table ``scene``) holds the states, the redo stack, the last
journal entries (the *tail*, fewer than :data:`CHUNK` of them) and the list of sealed chunks.
Every :data:`CHUNK` entries the tail is sealed into ``scenes/<id>/j<start>-<hash>.json``, a file
that is never written again: its name is its start and a hash of its contents.

Crash safety: a new chunk is written (atomically) before the header that names it, and the
header replaces the old one atomically, so a crash at any moment leaves either the old header
with the chunks it names or the new one with its chunks. Chunks no header names any more are
removed later (:meth:`SceneFile.collect_garbage`).
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tinydb.table import Document

from engine.session import JournalEntry, Scene
from saves.codec import DEFAULT, DocumentError, Memo
from saves.documents import checked, decode_entries, encode_entry, scene_from_parts
from saves.errors import BadFile
from saves.migrations import SCHEMA_VERSION
from saves.storage import dump_json, open_db, write_atomic
from saves.trusted import TRUSTED

CHUNK = 256
"""Journal entries per sealed chunk."""


@dataclass(frozen=True, slots=True)
class ChunkRef:
    """A sealed chunk the header names: its file, first entry index and entry count."""

    file: str
    start: int
    count: int


def chunk_digest(data: bytes) -> str:
    """The checksum a chunk's file name carries."""
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def read_chunk(path: Path) -> list[JournalEntry]:
    """The entries of a sealed chunk, its checksum verified first.

    A chunk is written once and named by its checksum, so bytes that do not match were changed
    outside ST Console (or damaged); they are refused. Bytes that match are ours, written from
    checked values, and are decoded by the fast trusted path.

    Raises:
        BadFile, NewerVersion: missing, damaged, hand-edited, or from a newer version.
    """
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise BadFile(path, "is missing: a journal chunk the scene needs") from None
    except OSError as error:
        raise BadFile(path, f"cannot be read ({error.strerror or error})") from None
    expected = path.stem.rpartition("-")[2]
    if chunk_digest(raw) != expected:
        raise BadFile(
            path, "was changed outside ST Console or damaged (its checksum does not match)"
        )
    try:
        data = TRUSTED.loads(raw)
        body = data["journal"]["1"]
    except (ValueError, KeyError, TypeError) as error:
        raise BadFile(path, f"is not a journal chunk ({error})") from None
    entries = checked(body, path, "journal").get("entries")
    if type(entries) is not list or not all(type(e) is JournalEntry for e in entries):
        raise BadFile(path, "does not hold journal entries")
    return entries


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
        self._initial: tuple[Any, Any] = (None, None)
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
            raise BadFile(self.path, "holds no scene")
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
        header = self.read_header()
        chunks, sealed = self._read_chunks(header)
        tail = header.get("tail", header.get("journal", []))
        entries = self._decode_tail(tail, header.get("tail_digest"))
        journal = tuple(sealed) + entries
        length = header.get("journal_length", len(journal))
        if length != len(journal):
            raise BadFile(
                self.path, f"names {length} journal entries but its chunks hold {len(journal)}"
            )
        scene = scene_from_parts(header, journal, self.path)
        start = len(sealed)
        self._journal = scene.journal
        self._docs = {start + index: document for index, document in enumerate(tail)}
        self._chunks = chunks
        self._initial = (scene.initial, None)
        self._known = True
        return scene

    def _decode_tail(self, tail: Any, digest: Any) -> tuple[JournalEntry, ...]:
        """The tail entries: by the fast trusted path when its checksum matches (we wrote it),
        else checked value by value (a hand-edited file gets a message naming the bad value)."""
        if type(tail) is list and isinstance(digest, str):
            raw = dump_json(tail)
            if chunk_digest(raw) == digest:
                entries = TRUSTED.loads(raw)
                if all(type(entry) is JournalEntry for entry in entries):
                    return tuple(entries)
        try:
            return decode_entries(tail, "tail")
        except DocumentError as error:
            raise BadFile(self.path, f"bad value at {error}") from None

    def _read_chunks(self, header: dict[str, Any]) -> tuple[list[ChunkRef], list[JournalEntry]]:
        refs = header.get("chunks", [])
        if type(refs) is not list:
            raise BadFile(self.path, "its chunk list is not a list")
        chunks: list[ChunkRef] = []
        entries: list[JournalEntry] = []
        for raw in refs:
            try:
                ref = ChunkRef(file=raw["file"], start=raw["start"], count=raw["count"])
            except (KeyError, TypeError):
                raise BadFile(self.path, f"bad chunk reference {raw!r}") from None
            if not isinstance(ref.file, str) or "/" in ref.file or "\\" in ref.file:
                raise BadFile(self.path, f"bad chunk file name {ref.file!r}")
            if ref.start != len(entries):
                raise BadFile(
                    self.path, f"chunk {ref.file} starts at {ref.start}, not {len(entries)}"
                )
            chunk = read_chunk(self.chunk_dir / ref.file)
            if len(chunk) != ref.count:
                raise BadFile(self.chunk_dir / ref.file, f"should hold {ref.count} entries")
            entries.extend(chunk)
            chunks.append(ref)
        return chunks, entries

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
        old = self._journal
        shared = 0
        for mine, theirs in zip(old, journal, strict=False):
            if mine is not theirs:
                break
            shared += 1
        chunks = [ref for ref in self._chunks if ref.start + ref.count <= shared]
        sealed = sum(ref.count for ref in chunks)
        cache = self._docs
        documents: list[dict[str, Any]] = []
        for index in range(sealed, len(journal)):
            document = cache.get(index) if index < shared else None
            documents.append(document if document is not None else encode_entry(journal[index]))
        while len(documents) >= CHUNK:
            chunks.append(self._seal(scene.name, documents[:CHUNK], sealed))
            documents = documents[CHUNK:]
            sealed += CHUNK
        initial_object, initial_document = self._initial
        if initial_object is not scene.initial or initial_document is None:
            initial_document = DEFAULT.encode(scene.initial)
        header = {
            "schema_version": SCHEMA_VERSION,
            "kind": "scene",
            "name": scene.name,
            "system": scene.system,
            "seed_base": scene.seed_base,
            "draws": scene.draws,
            "initial": initial_document,
            "state": DEFAULT.encode_reusing(scene.state, self._state_memo),
            "undone": [encode_entry(entry) for entry in scene.undone],
            "journal_length": len(journal),
            "chunks": [{"file": r.file, "start": r.start, "count": r.count} for r in chunks],
            "tail": documents,
            "tail_digest": chunk_digest(self._tail_json(sealed, documents)),
        }
        self._db.table("scene").upsert(Document(header, doc_id=1))
        self._journal = journal
        self._docs = {sealed + index: document for index, document in enumerate(documents)}
        self._chunks = chunks
        self._initial = (scene.initial, initial_document)
        self._known = True

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

    def _seal(self, name: str, documents: list[dict[str, Any]], start: int) -> ChunkRef:
        body = {
            "schema_version": SCHEMA_VERSION,
            "kind": "journal",
            "scene": name,
            "start": start,
            "entries": documents,
        }
        data = dump_json({"journal": {"1": body}})
        digest = chunk_digest(data)
        file = f"j{start:07d}-{digest}.json"
        path = self.chunk_dir / file
        if not path.exists():
            self.chunk_dir.mkdir(parents=True, exist_ok=True)
            write_atomic(path, data)
        return ChunkRef(file=file, start=start, count=len(documents))

    def chunk_files(self) -> list[str]:
        """The chunk files the last loaded or saved header names."""
        return [ref.file for ref in self._chunks]

    def collect_garbage(self) -> None:
        """Remove chunk files the current header no longer names (after undo, say)."""
        if self.read_only or not self._known or not self.chunk_dir.is_dir():
            return
        keep = set(self.chunk_files())
        for path in self.chunk_dir.iterdir():
            if path.name not in keep and path.suffix in (".json", ".tmp"):
                with contextlib.suppress(OSError):
                    os.unlink(path)

    def close(self) -> None:
        self._db.close()
