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
import random
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tinydb.table import Document

from engine import commands
from engine.errors import RuleError
from engine.session import JournalEntry, Scene
from saves.codec import DEFAULT, DocumentError, Memo
from saves.documents import checked, decode_entries, encode_entry, scene_from_parts
from saves.errors import BadFile, SaveError
from saves.migrations import SCHEMA_VERSION
from saves.storage import dump_json, open_db, parse_json, write_atomic
from saves.trusted import TRUSTED

CHUNK = 256
"""Journal entries per sealed chunk."""

MAX_CHUNK_BYTES = 32 * 1024 * 1024
"""No chunk of ours is this big (256 entries of a 500-combatant fight are ~0.2 MB): a larger
file is refused before it is read."""


@dataclass(frozen=True, slots=True)
class ChunkRef:
    """A sealed chunk the header names: its file, first entry index and entry count."""

    file: str
    start: int
    count: int


def chunk_digest(data: bytes) -> str:
    """The checksum a chunk's file name carries."""
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def read_chunk(path: Path, trusted: bool = True) -> list[JournalEntry]:
    """The entries of a sealed chunk (see :func:`read_chunk_and_checkpoints`)."""
    return read_chunk_and_checkpoints(path, trusted)[0]


def read_chunk_and_checkpoints(path: Path, trusted: bool = True) -> tuple[list[JournalEntry], Any]:
    """The entries of a sealed chunk, its checksum verified first.

    Returns the entries and the chunk's checkpoints (decoded; ``[]`` from the checked path).

    A chunk is written once and named by its checksum, so bytes that do not match were changed
    outside ST Console (or damaged); they are refused. The fast trusted path (no type checks)
    is taken only when ``trusted``: the header that names the chunk passed its own checksum, so
    the name, and with it the bytes, are ours. Otherwise (a header from before checksums, or a
    hand-edited one) every value is checked: a file renamed to match its checksum is not
    thereby ours.

    Raises:
        BadFile, NewerVersion: missing, too large, damaged, hand-edited, from a newer version.
    """
    try:
        size = path.stat().st_size
        if size > MAX_CHUNK_BYTES:
            raise BadFile(
                path, f"is {size} bytes, larger than any journal chunk ({MAX_CHUNK_BYTES})"
            )
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
    if trusted:
        try:
            data = TRUSTED.loads(raw)
            body = data["journal"]["1"]
        except (ValueError, KeyError, TypeError, RecursionError) as error:
            if not isinstance(error, DocumentError):
                raise BadFile(path, f"is not a journal chunk ({type(error).__name__})") from None
            # A value the fast path cannot build, such as an older version's field renamed
            # since (saves/migrations.py): the checked path below migrates it or names it.
        else:
            found = checked(body, path, "journal").get("entries")
            if type(found) is not list or not all(type(e) is JournalEntry for e in found):
                raise BadFile(path, "does not hold journal entries")
            return found, body.get("checkpoints")
    data = parse_json(path, raw)
    try:
        body = data["journal"]["1"]
    except (KeyError, TypeError):
        raise BadFile(path, "is not a journal chunk") from None
    try:
        entries = decode_entries(checked(body, path, "journal").get("entries"), "entries")
        return list(entries), []
    except DocumentError as error:
        raise BadFile(path, f"bad value at {error}") from None
    except RecursionError:
        raise BadFile(path, "is nested too deeply to be a save") from None


def _checkpoint_list(raw: Any, low: int, high: int) -> list[tuple[int, Any]]:
    """Well-formed decoded checkpoints ``[n, state]`` with ``low < n <= high``; others are
    dropped (a checkpoint only saves replay time, it is never needed)."""
    found: list[tuple[int, Any]] = []
    if type(raw) is not list:
        return found
    for item in raw:
        if (
            type(item) is list
            and len(item) == 2
            and type(item[0]) is int
            and low < item[0] <= high
            and (not found or found[-1][0] < item[0])
        ):
            found.append((item[0], item[1]))
    return found


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
        self._checkpoint_docs: dict[int, tuple[Any, Any]] = {}
        self._loaded_checkpoints: list[tuple[int, Any]] = []
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
        try:
            header = self.read_header()
        except RecursionError:
            raise BadFile(self.path, "is nested too deeply to be a save") from None
        status = getattr(self._db.storage, "checksum_ok", None)
        trusted = status is True
        try:
            chunks, sealed = self._read_chunks(header, trusted)
            tail = header.get("tail", header.get("journal", []))
            entries = self._decode_tail(tail, trusted)
            journal = tuple(sealed) + entries
            length = header.get("journal_length", len(journal))
            if length != len(journal):
                raise BadFile(
                    self.path,
                    f"names {length} journal entries but its chunks hold {len(journal)}",
                )
            scene = scene_from_parts(header, journal, self.path)
            if trusted:
                scene = replace(scene, checkpoints=self._checkpoints(header, len(sealed), scene))
            if status is False:
                self._verify_against_journal(scene)
        except RecursionError:
            raise BadFile(self.path, "is nested too deeply to be a save") from None
        start = len(sealed)
        self._journal = scene.journal
        self._docs = {start + index: document for index, document in enumerate(tail)}
        self._chunks = chunks
        self._initial = (scene.initial, None)
        self._known = True
        return scene

    def _checkpoints(
        self, header: dict[str, Any], sealed: int, scene: Scene
    ) -> tuple[tuple[int, Any], ...]:
        """The checkpoints of the chunks and of the header (its tail's), decoded; only from a
        file whose checksum matched: they are not checked against the journal."""
        found = list(self._loaded_checkpoints)
        for index, document in _checkpoint_list(header.get("checkpoints"), sealed, 10**9):
            if index > len(scene.journal):
                break
            try:
                found.append((index, DEFAULT.decode(document)))
            except DocumentError:
                break
        return tuple(found)

    def _verify_against_journal(self, scene: Scene) -> None:
        """A header whose checksum failed loads only if its journal vouches for it.

        The journal's chunks are verified by their own checksums and every value by its type;
        replaying the journal from the initial state must give the saved state and the saved
        events, the redo stack must apply again from there, and every die seed must come from
        the scene's seed base. Then the damage (or the hand edit: a comment in a command's
        text) changed nothing that counts and the file loads; otherwise it is refused before an
        autosave or a backup copies it.
        """

        def refuse(what: str) -> BadFile:
            return BadFile(
                self.path,
                "was changed outside ST Console or damaged: its checksum does not match and "
                f"{what}; restore a backup (st-console keeps them in backups/)",
            )

        modulus = 2**63
        base = scene.seed_base * 1_000_003
        # Each command draws the next seed: the journal's draws increase, the redo stack's
        # decrease from its bottom, all above the journal's; the newest is draws - 1.
        draws = [(entry.seed - base) % modulus for entry in scene.journal]
        draws += [(entry.seed - base) % modulus for entry in reversed(scene.undone)]
        if any(not 0 <= draw < scene.draws for draw in draws) or any(
            later <= earlier for earlier, later in zip(draws, draws[1:], strict=False)
        ):
            raise refuse("its dice seeds do not match its seed base")
        if (max(draws) + 1 if draws else 0) != scene.draws and draws:
            raise refuse("its count of dice draws does not match its journal")
        if not draws and scene.draws:
            raise refuse("its count of dice draws does not match its journal")
        state = scene.initial
        try:
            for entry in scene.journal:
                state, events = commands.apply(
                    state, scene.system, entry.command, random.Random(entry.seed)
                )
                if tuple(events) != entry.events:
                    raise refuse("its journal's dice and outcomes do not replay")
            if state != scene.state:
                raise refuse("its state is not what its journal gives")
            for entry in reversed(scene.undone):
                state, events = commands.apply(
                    state, scene.system, entry.command, random.Random(entry.seed)
                )
                if tuple(events) != entry.events:
                    raise refuse("its undone commands do not apply again")
        except RuleError:
            raise refuse("its journal does not replay") from None

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
            raise BadFile(self.path, f"bad value at {error}") from None

    def _read_chunks(
        self, header: dict[str, Any], trusted: bool
    ) -> tuple[list[ChunkRef], list[JournalEntry]]:
        refs = header.get("chunks", [])
        if type(refs) is not list:
            raise BadFile(self.path, "its chunk list is not a list")
        chunks: list[ChunkRef] = []
        entries: list[JournalEntry] = []
        self._loaded_checkpoints = []
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
            chunk, marks = read_chunk_and_checkpoints(self.chunk_dir / ref.file, trusted)
            if trusted:
                self._loaded_checkpoints.extend(
                    _checkpoint_list(marks, ref.start, ref.start + ref.count)
                )
            if len(chunk) != ref.count:
                raise BadFile(self.chunk_dir / ref.file, f"should hold {ref.count} entries")
            entries.extend(chunk)
            chunks.append(ref)
        return chunks, entries

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
            marks = [
                [index, self._checkpoint_document(index, state)]
                for index, state in scene.checkpoints
                if sealed < index <= sealed + CHUNK
            ]
            chunks.append(self._seal(scene.name, documents[:CHUNK], sealed, marks))
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
            "checkpoints": [
                [index, self._checkpoint_document(index, state)]
                for index, state in scene.checkpoints
                if index > sealed
            ],
        }
        self._checkpoint_docs = {
            index: known
            for index, known in self._checkpoint_docs.items()
            if any(index == at for at, _ in scene.checkpoints)
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

    def _checkpoint_document(self, index: int, state: Any) -> Any:
        """The document of a checkpoint's state, the same dict while the state is the same
        object (an autosave's JSON reuses its text)."""
        known = self._checkpoint_docs.get(index)
        if known is None or known[0] is not state:
            known = (state, DEFAULT.encode(state))
            self._checkpoint_docs[index] = known
        return known[1]

    def _seal(
        self,
        name: str,
        documents: list[dict[str, Any]],
        start: int,
        checkpoints: list[Any] | None = None,
    ) -> ChunkRef:
        body: dict[str, Any] = {
            "schema_version": SCHEMA_VERSION,
            "kind": "journal",
            "scene": name,
            "start": start,
            "entries": documents,
        }
        if checkpoints:
            body["checkpoints"] = checkpoints
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
