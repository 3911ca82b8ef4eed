"""One scene on disk: a small header file and sealed journal chunks, so autosave stays fast.

An autosave after every command must not rewrite a long journal (issue 5). The scene's file
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
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tinydb.table import Document

from engine.session import JournalEntry, Scene
from saves.codec import DEFAULT, DocumentError
from saves.documents import checked, decode_entries, encode_entry, scene_from_parts
from saves.errors import BadFile
from saves.migrations import SCHEMA_VERSION
from saves.storage import dump_json, open_db, write_atomic

CHUNK = 256
"""Journal entries per sealed chunk."""


@dataclass(frozen=True, slots=True)
class ChunkRef:
    """A sealed chunk the header names: its file, first entry index and entry count."""

    file: str
    start: int
    count: int


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
        self._db = open_db(header, read_only=read_only)
        self._journal: tuple[JournalEntry, ...] = ()
        self._documents: list[dict[str, Any]] = []
        self._chunks: list[ChunkRef] = []
        self._initial: tuple[Any, Any] = (None, None)
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
        header = self.read_header()
        chunks, documents = self._read_chunks(header)
        tail = header.get("tail", header.get("journal", []))
        if type(tail) is not list:
            raise BadFile(self.path, "the journal tail is not a list")
        documents.extend(tail)
        length = header.get("journal_length", len(documents))
        if length != len(documents):
            raise BadFile(
                self.path, f"names {length} journal entries but its chunks hold {len(documents)}"
            )
        try:
            journal = decode_entries(documents, "journal")
        except DocumentError as error:
            raise BadFile(self.path, f"bad value at {error}") from None
        scene = scene_from_parts(header, journal, self.path)
        self._remember(scene, documents, chunks)
        return scene

    def _read_chunks(self, header: dict[str, Any]) -> tuple[list[ChunkRef], list[Any]]:
        refs = header.get("chunks", [])
        if type(refs) is not list:
            raise BadFile(self.path, "its chunk list is not a list")
        chunks: list[ChunkRef] = []
        documents: list[Any] = []
        for raw in refs:
            try:
                ref = ChunkRef(file=raw["file"], start=raw["start"], count=raw["count"])
            except (KeyError, TypeError):
                raise BadFile(self.path, f"bad chunk reference {raw!r}") from None
            if not isinstance(ref.file, str) or "/" in ref.file or "\\" in ref.file:
                raise BadFile(self.path, f"bad chunk file name {ref.file!r}")
            if ref.start != len(documents):
                raise BadFile(
                    self.path, f"chunk {ref.file} starts at {ref.start}, not {len(documents)}"
                )
            path = self.chunk_dir / ref.file
            try:
                chunk = open_db(path, read_only=True).table("journal").get(doc_id=1)
            except FileNotFoundError:
                chunk = None
            if chunk is None:
                raise BadFile(path, "is missing: a journal chunk the scene needs")
            entries = checked(dict(chunk), path, "journal").get("entries")
            if type(entries) is not list or len(entries) != ref.count:
                raise BadFile(path, f"should hold {ref.count} journal entries")
            documents.extend(entries)
            chunks.append(ref)
        return chunks, documents

    def _remember(self, scene: Scene, documents: list[Any], chunks: list[ChunkRef]) -> None:
        self._journal = scene.journal
        self._documents = list(documents)
        self._chunks = chunks
        self._initial = (scene.initial, None)
        self._known = True

    # -- writing -------------------------------------------------------------------------------

    def verify_writable(self) -> None:
        """Refuse to overwrite a scene file that exists but was never read as good.

        Raises:
            BadFile, NewerVersion: the existing file is bad (it is left as it is).
        """
        if self._known:
            return
        with contextlib.suppress(FileNotFoundError):
            self.read_header()
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
        documents = self._documents[:shared]
        documents.extend(encode_entry(entry) for entry in journal[shared:])
        chunks = [ref for ref in self._chunks if ref.start + ref.count <= shared]
        sealed = sum(ref.count for ref in chunks)
        while len(journal) - sealed >= CHUNK:
            chunks.append(self._seal(scene.name, documents[sealed : sealed + CHUNK], sealed))
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
            "state": DEFAULT.encode(scene.state),
            "undone": [encode_entry(entry) for entry in scene.undone],
            "journal_length": len(journal),
            "chunks": [{"file": r.file, "start": r.start, "count": r.count} for r in chunks],
            "tail": documents[sealed:],
        }
        self._db.table("scene").upsert(Document(header, doc_id=1))
        self._journal = journal
        self._documents = documents
        self._chunks = chunks
        self._initial = (scene.initial, initial_document)
        self._known = True

    def _seal(self, name: str, documents: list[dict[str, Any]], start: int) -> ChunkRef:
        body = {
            "schema_version": SCHEMA_VERSION,
            "kind": "journal",
            "scene": name,
            "start": start,
            "entries": documents,
        }
        data = dump_json({"journal": {"1": body}})
        digest = hashlib.blake2b(data, digest_size=8).hexdigest()
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
