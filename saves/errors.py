"""The errors of saving and loading: each names the file and what is wrong with it."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Self

from saves.error_words import WORDS


class SaveError(Exception):
    """Something on disk could not be read or written; the message is for the Storyteller."""

    def __init__(
        self,
        message: str,
        path: Path | None = None,
        code: str = "",
        params: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.code = code
        """A dotted code the console words per language (``error.<code>``); ``""``: none,
        ``message`` is all there is (English)."""
        self.params: Mapping[str, object] = params or {}

    def __str__(self) -> str:
        return self.message

    @classmethod
    def of(cls, code: str, path: Path | None = None, /, **params: object) -> Self:
        """The refusal of ``code``: its English words (:data:`saves.error_words.WORDS`) filled
        from ``params``, which the console fills into ``error.<code>`` in other languages."""
        return cls(WORDS[code].format(**params), path, code, params)


class BadFile(SaveError):
    """A file is corrupt, truncated, hand-edited into a wrong shape, or not ours.

    The file is never overwritten: saving to it is refused until it is repaired or replaced
    by a backup (:meth:`saves.store.Store.restore_backup`).
    """

    def __init__(
        self, path: Path, problem: str, code: str = "", params: Mapping[str, object] | None = None
    ) -> None:
        message = f"{path}: {problem}. The file was left as it is."
        super().__init__(message, path, code, {"path": path, **(params or {})})
        self.problem = problem

    @classmethod
    def of(cls, path: Path, code: str, /, **params: object) -> Self:  # type: ignore[override]
        """The bad file ``path``: the problem of ``code`` filled from ``params``."""
        return cls(path, WORDS[code].format(**params), code, params)


class NewerVersion(BadFile):
    """A file written by a newer ST Console (a higher ``schema_version``)."""

    def __init__(self, path: Path, version: int, supported: int) -> None:
        super().__init__(
            path,
            f"written by a newer ST Console (schema version {version}; this one reads up to "
            f"{supported}); update ST Console to open it",
            code="saves.documents.newer",
            params={"version": version, "supported": supported},
        )
        self.version = version


class LockHeld(SaveError):
    """Another live console or ``run`` has the campaign open for writing."""

    def __init__(self, path: Path, holder: str) -> None:
        super().__init__(
            f"The campaign is open in another program: {holder} (lock {path}). "
            "Open it read-only, or close the other one first.",
            path,
            code="saves.lock.held",
            params={"holder": holder, "path": path},
        )
        self.holder = holder


class ReadOnly(SaveError):
    """A write to a campaign opened read-only (or a backup)."""


class NotFound(SaveError):
    """No campaign, scene or backup of that name."""


class PastEnd(SaveError):
    """A moment past the end of a scene's journal (``show``/``fork --at N``, issue 26)."""

    def __init__(self, path: Path, length: int) -> None:
        super().__init__(
            f"{path}: the journal has {length} entries.",
            path,
            code="saves.scenefile.past-end",
            params={"path": path, "length": length},
        )
        self.length = length


class BadName(SaveError):
    """A campaign or scene name that cannot be saved: too long, or with a control character."""


class NameTaken(SaveError):
    """A campaign or scene of that name already exists."""


class ImportRefused(SaveError):
    """An import file was refused: too large, not JSON, or not an ST Console export."""
