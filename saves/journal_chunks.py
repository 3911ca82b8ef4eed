"""A scene's sealed journal chunks: ``scenes/<id>/j<start>-<hash>.json``, written once, named
by their checksum, read back verified.

Every :data:`saves.scenefile.CHUNK` entries a scene's tail is sealed into a chunk, a file that is
never written again: its name is its first entry's index and a hash of its bytes. A chunk is
written (atomically) before the header that names it, so a crash leaves either the old header
with its chunks or the new one with its own. Bytes that do not match the name's checksum were
changed outside ST Console (or damaged) and are refused.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.session import JournalEntry
from saves.documents import checked, decode_entries
from saves.errors import BadFile
from saves.migrations import SCHEMA_VERSION
from saves.storage import dump_tree, parse_json, write_atomic
from saves.trusted import TRUSTED
from saves.type_registry import DocumentError

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


def chunk_bytes(path: Path) -> bytes:
    """A sealed chunk's bytes, its size and checksum (its name's) verified.

    Raises:
        BadFile: missing, unreadable, too large, or not what its name's checksum says.
    """
    try:
        size = path.stat().st_size
        if size > MAX_CHUNK_BYTES:
            raise BadFile.of(path, "saves.chunks.too-large", size=size, limit=MAX_CHUNK_BYTES)
        raw = path.read_bytes()
    except FileNotFoundError:
        raise BadFile.of(path, "saves.chunks.missing") from None
    except OSError as error:
        raise BadFile.of(path, "saves.file.unreadable", error=error.strerror or error) from None
    if chunk_digest(raw) != path.stem.rpartition("-")[2]:
        raise BadFile.of(path, "saves.file.checksum")
    return raw


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
    raw = chunk_bytes(path)
    if trusted:
        try:
            data = TRUSTED.loads(raw)
            body = data["journal"]["1"]
        except (ValueError, KeyError, TypeError, RecursionError) as error:
            if not isinstance(error, DocumentError):
                raise BadFile.of(
                    path, "saves.chunks.not-chunk-because", error=type(error).__name__
                ) from None
            # A value the fast path cannot build, such as an older version's field or class
            # renamed since (saves/migrations.py): the checked path below migrates it or names it.
        else:
            found = checked(body, path, "journal").get("entries")
            if type(found) is not list or not all(type(e) is JournalEntry for e in found):
                raise BadFile.of(path, "saves.chunks.no-entries")
            return found, body.get("checkpoints")
    data = parse_json(path, raw)
    try:
        body = data["journal"]["1"]
    except (KeyError, TypeError):
        raise BadFile.of(path, "saves.chunks.not-chunk") from None
    try:
        entries = decode_entries(checked(body, path, "journal").get("entries"), "entries")
        return list(entries), []
    except DocumentError as error:
        raise BadFile.of(path, "saves.file.bad-value", error=error) from None
    except RecursionError:
        raise BadFile.of(path, "saves.file.nested") from None


def checkpoint_list(raw: Any, low: int, high: int) -> list[tuple[int, Any, dict[str, int]]]:
    """Well-formed checkpoints ``[n, state]`` or ``[n, state, prefixes]`` with
    ``low < n <= high``; others are dropped (a checkpoint only saves replay time, it is never
    needed). ``prefixes`` (``{"rolls": 812}``) names fields of the state saved empty: each is
    that many first items of the same field of the scene's state (:mod:`saves.scenefile`)."""
    found: list[tuple[int, Any, dict[str, int]]] = []
    if type(raw) is not list:
        return found
    for item in raw:
        if (
            type(item) is list
            and len(item) in (2, 3)
            and type(item[0]) is int
            and low < item[0] <= high
            and (not found or found[-1][0] < item[0])
        ):
            prefixes = item[2] if len(item) == 3 else {}
            if type(prefixes) is not dict or not all(
                type(k) is str and type(v) is int and v >= 0 for k, v in prefixes.items()
            ):
                continue
            found.append((item[0], item[1], prefixes))
    return found


def _chunk_ref(header_path: Path, raw: Any, expected: int) -> ChunkRef:
    """One reference of a header's chunk list, checked: its keys, a plain file name (no
    folder), and the journal index ``expected`` it starts at.

    Raises:
        BadFile: the reference is malformed or out of place (named).
    """
    try:
        ref = ChunkRef(file=raw["file"], start=raw["start"], count=raw["count"])
    except (KeyError, TypeError):
        raise BadFile.of(header_path, "saves.chunks.bad-ref", ref=repr(raw)) from None
    if not isinstance(ref.file, str) or "/" in ref.file or "\\" in ref.file:
        raise BadFile.of(header_path, "saves.chunks.bad-file-name", name=repr(ref.file))
    if ref.start != expected:
        raise BadFile.of(
            header_path,
            "saves.chunks.bad-start",
            chunk=ref.file,
            start=ref.start,
            expected=expected,
        )
    return ref


def read_chunks(
    header_path: Path, refs: Any, trusted: bool, start: int = 0
) -> tuple[list[ChunkRef], list[JournalEntry], list[tuple[int, Any, dict[str, int]]]]:
    """The chunks a header names (``refs``, its ``chunks`` list), in order, each verified;
    the first starting at entry ``start`` (0 unless a caller reads them one at a time).

    Returns the references, the entries of all the chunks, and their checkpoints (only when
    ``trusted``: they are not checked against the journal).

    Raises:
        BadFile, NewerVersion: a reference or a chunk is bad or missing (named).
    """
    if type(refs) is not list:
        raise BadFile.of(header_path, "saves.chunks.list-not-list")
    chunk_dir = header_path.with_suffix("")
    chunks: list[ChunkRef] = []
    entries: list[JournalEntry] = []
    checkpoints: list[tuple[int, Any, dict[str, int]]] = []
    for raw in refs:
        ref = _chunk_ref(header_path, raw, start + len(entries))
        chunk, marks = read_chunk_and_checkpoints(chunk_dir / ref.file, trusted)
        if trusted:
            checkpoints.extend(checkpoint_list(marks, ref.start, ref.start + ref.count))
        if len(chunk) != ref.count:
            raise BadFile.of(chunk_dir / ref.file, "saves.chunks.bad-count", count=ref.count)
        entries.extend(chunk)
        chunks.append(ref)
    return chunks, entries, checkpoints


def seal_chunk(
    chunk_dir: Path,
    name: str,
    documents: list[dict[str, Any]] | tuple[bytes, int],
    start: int,
    checkpoints: Callable[[int], list[bytes]] | None = None,
) -> ChunkRef:
    """Write ``documents`` (journal entries from index ``start`` of scene ``name``) as a sealed
    chunk in ``chunk_dir``, unless a chunk of the same bytes is there; its reference. They may
    be given dumped already (:func:`dumped_entries`), with their count.

    ``checkpoints(entry_bytes)``, given the bytes the chunk takes without them, gives the JSON
    text of the checkpoints the chunk keeps (see :class:`saves.checkpoint_forms.Checkpoints`):
    they are written after the entries, the very bytes one dump of the whole chunk makes.
    """
    entries, count = documents if type(documents) is tuple else (None, len(documents))
    body: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "kind": "journal",
        "scene": name,
        "start": start,
        "entries": documents if entries is None else [],
    }
    data = dump_tree({"journal": {"1": body}})
    if entries is not None:  # ``[]}}}`` ends it: the entries' own dump goes in its place
        data = b"".join((data[:-5], entries, b"}}}"))
    marks = checkpoints(len(data)) if checkpoints is not None else []
    if marks:  # the text of ``"checkpoints": [...]`` as the last member of the body
        data = b"".join((data[:-3], b',"checkpoints":[', b",".join(marks), b"]}}}"))
    file = write_sealed_bytes(chunk_dir, "j", start, data)
    return ChunkRef(file=file, start=start, count=count)


def dumped_entries(documents: list[dict[str, Any]]) -> tuple[bytes, int]:
    """Journal entries' documents dumped as :func:`seal_chunk` writes them, and their count
    (an import's other process dumps its part's chunks: :mod:`saves.import_replay`)."""
    return dump_tree(documents), len(documents)


def write_sealed(directory: Path, letter: str, start: int, document: Any) -> str:
    """Write ``document`` as a sealed file of ``directory`` named by its kind's ``letter``,
    the index it starts at and its checksum, unless one of the same bytes is there (a file
    once written never changes); its file name."""
    return write_sealed_bytes(directory, letter, start, dump_tree(document))


def write_sealed_bytes(directory: Path, letter: str, start: int, data: bytes) -> str:
    """:func:`write_sealed` of a document already dumped."""
    file = f"{letter}{start:07d}-{chunk_digest(data)}.json"
    path = directory / file
    if not path.exists():
        directory.mkdir(parents=True, exist_ok=True)
        write_atomic(path, data)
    return file


def chunk_documents(
    header_path: Path, refs: Any, marks: ExportMarks | None = None
) -> Iterator[list[Any]]:
    """The journal entries' documents of the chunks a header names, chunk by chunk, as saved:
    each chunk's checksum verified and its JSON parsed, never built into engine objects (an
    export copies them: issue 30). Only for a header whose own checksum matched, so the chunks'
    names, and with them their bytes, are ours. ``marks``, given, takes the checkpoints an
    export names from the chunks holding one it wants.

    Raises:
        BadFile, NewerVersion: a reference or a chunk is bad or missing (named).
    """
    if type(refs) is not list:
        raise BadFile.of(header_path, "saves.chunks.list-not-list")
    chunk_dir = header_path.with_suffix("")
    start = 0
    for raw in refs:
        ref = _chunk_ref(header_path, raw, start)
        path = chunk_dir / ref.file
        data = chunk_bytes(path)
        found = _entries_and_rest(data)
        entries = None if found is None else found[0]
        if found is not None and marks is not None and marks.wants(start + ref.count):
            marks.take(_checkpoints_text(found[1]))
        if entries is None:  # not as this version writes it: parsed whole, and checked
            try:
                body = parse_json(path, data)["journal"]["1"]
            except (KeyError, TypeError):
                raise BadFile.of(path, "saves.chunks.not-chunk") from None
            entries = checked(body, path, "journal").get("entries")
        if type(entries) is not list or len(entries) != ref.count:
            raise BadFile.of(path, "saves.chunks.bad-count", count=ref.count)
        yield entries
        start += ref.count


_ENTRIES = '"entries":'
_DECODER = json.JSONDecoder()


def _entries_alone(data: bytes) -> list[Any] | None:
    found = _entries_and_rest(data)
    return None if found is None else found[0]


def _entries_and_rest(data: bytes) -> tuple[list[Any], str] | None:
    """The entries of a chunk as this version writes it (``{"journal":{"1":{"schema_version",
    "kind","scene","start","entries":[...],"checkpoints":[...]}}}``, compact), parsed alone:
    its checkpoints, some 40 % of its bytes, are not read (an export needs only the entries).
    ``None`` for any other chunk (an older schema is migrated, a strange one refused by name,
    by the whole parse). The first ``"entries":`` is the body's: a ``"`` inside a string is
    always escaped, and what comes before it must parse as the body's head."""
    try:
        text = data.decode("utf-8")
        at = text.find(_ENTRIES)
        if at < 0:
            return None
        head = json.loads(text[:at] + _ENTRIES + "[]}}}")
        body = head["journal"]["1"]
        if (
            list(head) != ["journal"]
            or list(head["journal"]) != ["1"]
            or body.get("schema_version") != SCHEMA_VERSION
            or body.get("kind") != "journal"
            or body.get("entries") != []
        ):
            return None
        entries, end = _DECODER.raw_decode(text, at + len(_ENTRIES))
    except (ValueError, RecursionError, KeyError, TypeError, AttributeError):
        return None
    rest = text[end:]
    if type(entries) is not list or not (
        rest == "}}}" or (rest.startswith(',"checkpoints":') and rest.endswith("}}}"))
    ):
        return None
    return entries, rest


_MARKS = ',"checkpoints":'

PARALLEL_FROM = 4096
"""The fewest journal entries an export names states for, and an import replays in two
processes (:mod:`saves.import_replay`): a fork and its answer cost some tens of milliseconds,
the replay of 4,096 entries some hundreds."""


def _checkpoints_text(rest: str) -> Any:
    """The checkpoints of a chunk of ours, from what follows its entries; ``None``: none."""
    if not rest.startswith(_MARKS):
        return None
    try:
        return json.loads(rest[len(_MARKS) : -3])
    except (ValueError, RecursionError):
        return None


NAMED_AT = (0.4, 0.45, 0.5, 0.55, 0.6)
"""Where in a long journal an export names states: near its middle, a twentieth apart (a state of
a fight of 500 is some 650 KB: seven an eighth apart made its export an eighth larger)."""


class ExportMarks:
    """The checkpoints an export names for a journal of ``length`` entries (issue 30): the
    first kept at or after each of :data:`NAMED_AT` of it, so an import can replay its two
    halves side by side, cut where its processes take about as long (:mod:`saves.import_replay`).
    Filled as the chunks are read: only those holding one wanted are parsed for them."""

    def __init__(self, length: int) -> None:
        self.length = length
        self.last = length - 1
        long = length >= PARALLEL_FROM
        self.aims = [int(length * share) for share in NAMED_AT] if long else []
        self.found: list[str] = []
        """The checkpoints taken, each as one line of JSON (only their text is kept: a state
        of a fight of 500 is some 650 KB of it)."""

    def wants(self, upto: int) -> bool:
        """Whether entries up to ``upto`` may hold one wanted."""
        return bool(self.aims) and self.aims[0] <= upto

    def take(self, raw: Any) -> None:
        """Take what is wanted of a checkpoint list ``[[n, state, prefixes?], ...]``."""
        for item in raw if type(raw) is list else ():
            if not self.aims:
                return
            if (
                type(item) is list
                and len(item) in (2, 3)
                and type(item[0]) is int
                and self.aims[0] <= item[0] <= self.last
            ):
                self.found.append(json.dumps(item, ensure_ascii=False))
                while self.aims and self.aims[0] <= item[0]:
                    self.aims.pop(0)
