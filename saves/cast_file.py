"""The campaign's cast on disk, ``cast.json`` (issue 25): the Infinite Horror roster with its
characters' condition, the movie, and what the M.I.S.T. scenes carry (:mod:`saves.roster`).

A file of its own, not the index: the cast changes with most commands (a wound, a status), and
the index grows with the number of scenes, so an autosave that writes the cast stays a few
kilobytes however long the campaign. TinyDB with the crash-safe, checksummed storage of every
save file (table ``cast``, one document). A campaign saved before this file existed kept its
roster in the index document: it is read from there until the first write here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from tinydb.table import Document

from saves import backups
from saves.documents import checked
from saves.migrations import SCHEMA_VERSION
from saves.storage import open_db, stored_document

KEYS = ("roster", "movie", "mist", "between")
"""What the cast document holds (the index document held ``roster`` before); ``between``: the
commands applied to the cast between scenes, newest last, each with what it changed, for undo
(issue 25; a file without it has none)."""


class CastFile:
    """The open ``cast.json`` of one campaign directory, read and checked at opening.

    Args:
        directory: the campaign's directory.
        read_only: open the file read-only.
        check_writable: called before every write (raises ``ReadOnly``).
        legacy: the index document, where a campaign saved before kept its roster.

    Raises:
        BadFile, NewerVersion: the file is damaged, hand-edited or from a newer version.
    """

    def __init__(
        self,
        directory: Path,
        read_only: bool,
        check_writable: Callable[[], None],
        legacy: dict[str, Any],
    ) -> None:
        self.path = directory / backups.CAST
        self._check_writable = check_writable
        self._read_only = read_only
        self._db = open_db(self.path, read_only=read_only)
        self._seen = self._signature()
        stored = self._read()
        self.document: dict[str, Any] = (
            {key: legacy[key] for key in KEYS if key in legacy} if stored is None else stored
        )
        """The cast's values by :data:`KEYS`; change it, then :meth:`write`."""

    def _signature(self) -> tuple[int, int, int] | None:
        """The file as last read or written (inode, size, time): every write replaces it."""
        try:
            stat = self.path.stat()
        except OSError:
            return None
        return (stat.st_ino, stat.st_size, stat.st_mtime_ns)

    def refresh(self) -> bool:
        """Read the file again when it changed on disk since this one last read or wrote it
        (issue 25: ``cast.json`` is the one source of truth; another open campaign, e.g. a
        console's read-only view beside the one writing, sees each change). Whether it did.

        Raises:
            BadFile, NewerVersion: the file now on disk is bad.
        """
        now = self._signature()
        if now is None or now == self._seen:
            return False
        self._db.close()
        self._db = open_db(self.path, read_only=self._read_only)
        self._seen = now
        stored = self._read()
        if stored is not None:
            self.document = stored
        return True

    def _read(self) -> dict[str, Any] | None:
        path = self.path
        stored = stored_document(self._db, path, "cast")
        if stored is None:
            return None
        document = checked(stored, path, "cast")
        return {key: document[key] for key in KEYS if key in document}

    def write(self) -> None:
        """Write the cast (after a change to :attr:`document`), atomically."""
        self._check_writable()
        record = {"schema_version": SCHEMA_VERSION, "kind": "cast", **self.document}
        self._db.table("cast").upsert(Document(record, doc_id=1))
        self._seen = self._signature()

    def close(self) -> None:
        self._db.close()
