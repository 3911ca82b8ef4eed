"""A crash-safe TinyDB storage: a whole new file or the old one, never half of either.

TinyDB's ``JSONStorage`` writes over the file in place and truncates after, so a crash in the
middle leaves a file that no longer parses. :class:`AtomicJSONStorage` writes the new contents to
a temporary file in the same directory, fsyncs it, ``os.replace``s it over the old file (atomic on
POSIX and Windows) and fsyncs the directory so the rename itself survives a power cut. It also
keeps what it last read or wrote in memory: we hold the campaign lock, so nobody else writes the
file, and TinyDB's read-modify-write of a table does not parse the file again each time.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tinydb import TinyDB
from tinydb.storages import Storage

from saves.errors import BadFile, ReadOnly
from saves.json_text import Memo, dump_json_reusing

MAX_FILE_BYTES = 256 * 1024 * 1024
"""No file of ours is this big; anything larger is refused before it is read."""

CHECKSUM = "checksum"
"""The table that carries a database file's checksum: ``{"1": {"blake2b": …}}``,
written last, over the compact JSON of every other table."""


def fsync_dir(directory: Path) -> None:
    """Make a rename or unlink in ``directory`` durable (a no-op where directories can't open)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


_batch = threading.local()


@contextlib.contextmanager
def synced_once() -> Iterator[None]:
    """Writes in this thread inside the block skip their fsyncs; one ``os.sync`` at the end
    makes them all durable (an import of 3,000 scenes spent most of its time in 6,000 fsyncs).

    Only for files nothing names yet (a batch of new scene files, named by the index after the
    block): a crash before the sync can lose them, never damage what was saved before.
    """
    _batch.active = True
    try:
        yield
    finally:
        _batch.active = False
        if hasattr(os, "sync"):
            os.sync()


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data``: temp file alongside, fsync, replace, fsync the dir."""
    durable = not getattr(_batch, "active", False)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            _hold(fd)  # until replaced: a temporary nobody holds is a killed writer's
            handle.write(data)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
            os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    if durable:
        fsync_dir(path.parent)


def _hold(fd: int) -> None:
    """Lock the temporary open as ``fd`` while it is written (where ``flock`` exists)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: temporaries are cleaned by age only
        return
    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def is_abandoned(temporary: Path) -> bool:
    """Whether no writer holds the temporary ``temporary`` (:func:`write_atomic` locks its own
    until it is renamed): one a killed writer left behind (issue 30 §6)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX
        return False
    try:
        fd = os.open(temporary, os.O_RDONLY)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    finally:
        os.close(fd)
    return True


def read_json(path: Path) -> Any:
    """Parse a JSON file of ours.

    Raises:
        BadFile: unreadable, too large, truncated or not JSON.
        FileNotFoundError: no such file.
    """
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise BadFile.of(path, "saves.file.too-large", size=size, limit=MAX_FILE_BYTES)
        raw = path.read_bytes()
    except FileNotFoundError:
        raise
    except OSError as error:
        raise BadFile.of(path, "saves.file.unreadable", error=error.strerror or error) from None
    return parse_json(path, raw)


def parse_json(path: Path, raw: bytes) -> Any:
    """Parse the bytes of a JSON file of ours; every failure is a :class:`BadFile` naming it.

    Nesting too deep for the parser and numbers too long to convert are bad files too, not
    ``RecursionError`` or ``ValueError`` escaping.
    """
    if not raw.strip():
        raise BadFile.of(path, "saves.file.empty")
    try:
        text = raw.decode("utf-8")  # not json.loads(bytes): it would guess UTF-16 from a 0 byte
    except UnicodeDecodeError:
        raise BadFile.of(path, "saves.file.not-utf8") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise BadFile.of(
            path, "saves.storage.bad-json", line=error.lineno, column=error.colno, problem=error.msg
        ) from None
    except RecursionError:
        raise BadFile.of(path, "saves.file.nested") from None
    except ValueError as error:  # an integer of more than 4,300 digits
        raise BadFile.of(path, "saves.file.odd-value", error=error) from None


def checksum(data: bytes) -> str:
    """The checksum of a database file's tables (the chunks' digest)."""
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def with_checksum(text: bytes) -> bytes:
    """The file contents: ``text`` (a JSON object) with the checksum table appended."""
    table = f'"{CHECKSUM}":{{"1":{{"blake2b":"{checksum(text)}"}}}}'.encode()
    return text[:-1] + (b"," if text != b"{}" else b"") + table + b"}"


def split_checksum(data: Any) -> tuple[Any, bool | None]:
    """The tables without the checksum table, and whether the checksum matched them.

    ``None``: no checksum table (a file from before schema checksums, or one written by hand).
    """
    if not isinstance(data, dict) or CHECKSUM not in data:
        return data, None
    table = data.pop(CHECKSUM)
    try:
        digest = table["1"]["blake2b"]
    except (KeyError, TypeError):
        return data, False
    try:
        text = dump_json(data)
    except (ValueError, TypeError):
        return data, False
    return data, isinstance(digest, str) and checksum(text) == digest


def dump_json(data: Any) -> bytes:
    """Compact UTF-8 JSON (non-ASCII names kept readable)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode(
        "utf-8"
    )


_TREE_ENCODER = json.JSONEncoder(
    ensure_ascii=False, separators=(",", ":"), allow_nan=False, check_circular=False
)


def dump_tree(data: Any) -> bytes:
    """:func:`dump_json` of a document the encoder made (``saves.encoder``: a tree, never a
    cycle, its parts shared at most), the same bytes without the C encoder's watch for
    cycles (a tenth of the time of sealing an import's chunks: issue 30)."""
    return _TREE_ENCODER.encode(data).encode("utf-8")


class AtomicJSONStorage(Storage):
    """A TinyDB storage whose writes are atomic and durable; see the module docstring.

    Args:
        path: the database file.
        read_only: refuse every write (a campaign opened read-only, a backup).
    """

    def __init__(
        self, path: str | os.PathLike[str], read_only: bool = False, reuse_text: bool = False
    ) -> None:
        super().__init__()
        self.path = Path(path)
        self.read_only = read_only
        self._cache: dict[str, Any] | None = None
        self._texts: Memo | None = {} if reuse_text else None
        """With ``reuse_text`` (a scene file, written after every command): the JSON text of
        the last write's unchanged parts, see :mod:`saves.json_text`."""
        self.checksum_ok: bool | None = True
        """Whether the file's checksum matched what was read: ``None`` when it has none (a
        file from before schema checksums), ``True`` for a file not read yet or written by us."""

    def read(self) -> dict[str, dict[str, Any]] | None:
        """The tables of the file; ``None`` when it does not exist yet.

        Raises:
            BadFile: the file is not a TinyDB JSON file (corrupt, truncated, hand-edited).
        """
        if self._cache is not None:
            return self._cache
        try:
            data = read_json(self.path)
        except FileNotFoundError:
            return None
        data, self.checksum_ok = split_checksum(data)
        if not isinstance(data, dict) or not all(
            isinstance(table, dict) and all(isinstance(doc, dict) for doc in table.values())
            for table in data.values()
        ):
            raise BadFile.of(self.path, "saves.storage.not-database")
        self._cache = data
        return data

    def write(self, data: dict[str, dict[str, Any]]) -> None:
        """Replace the file with ``data`` atomically.

        Raises:
            ReadOnly: opened read-only.
        """
        if self.read_only:
            raise ReadOnly.of("saves.storage.read-only", self.path, path=self.path)
        self._cache = None
        if self._texts is None:
            write_atomic(self.path, with_checksum(dump_json(data)))
        else:
            text, texts = dump_json_reusing(data, self._texts)
            write_atomic(self.path, with_checksum(text))
            self._texts = texts
        self._cache = data
        self.checksum_ok = True

    def close(self) -> None:
        self._cache = None
        if self._texts is not None:
            self._texts = {}


def open_db(path: Path, read_only: bool = False, reuse_text: bool = False) -> TinyDB:
    """A TinyDB on ``path`` with :class:`AtomicJSONStorage`."""
    return TinyDB(path, storage=AtomicJSONStorage, read_only=read_only, reuse_text=reuse_text)


def stored_document(db: TinyDB, path: Path, table: str) -> dict[str, Any] | None:
    """The one document of ``table`` in ``db`` (``None``: there is none), refused by name when
    the file's checksum does not match or it is nested too deeply (the index and the cast file
    read theirs so)."""
    try:
        stored = db.table(table).get(doc_id=1)
    except RecursionError:
        raise BadFile.of(path, "saves.file.nested") from None
    if getattr(db.storage, "checksum_ok", None) is False:
        raise BadFile.of(path, "saves.storage.checksum")
    return None if stored is None else dict(stored)
