"""A scene's rolls kept in sealed files, so an autosave does not rewrite them (issue 30).

An Infinite Horror state keeps every check of the scene (``Encounter.rolls``, oldest first),
and the scene's header held them all: at 50,000 entries an autosave wrote (and checksummed)
megabytes of old rolls after every command. Rolls are only ever appended, so, as the journal
is, they are sealed :data:`PIECE` at a time into files ``scenes/<id>/r<start>-<hash>.json``
written once and named by their checksum (:func:`saves.journal_chunks.chunk_digest`: backups
check them as they check journal chunks); the header's state keeps the rolls after the last
sealed one, and in place of the list ``{"sealed": [references], "tail": [rolls]}`` — a form a
version without this module refuses by name instead of loading a scene short of its rolls.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from saves.codec import DEFAULT
from saves.errors import BadFile
from saves.journal_chunks import MAX_CHUNK_BYTES, chunk_digest, write_sealed
from saves.migrations import SCHEMA_VERSION
from saves.storage import parse_json
from saves.trusted import TRUSTED
from saves.type_registry import DocumentError

FIELD = "rolls"
"""The state's field kept so."""

PIECE = 64
"""Rolls per sealed file (files sealed 256 at a time, as before issue 30's autosave work, still
load: a file holds up to ``10 * PIECE``). The rolls not sealed yet are in the scene's header,
written at every autosave: a roll is about 500 bytes, so 256 of them made the header of a long
scene three times a short one's."""


@dataclass(frozen=True, slots=True)
class RollsRef:
    """A sealed file of rolls: its name, the index of its first roll, how many it holds."""

    file: str
    start: int
    count: int

    def document(self) -> dict[str, Any]:
        return {"file": self.file, "start": self.start, "count": self.count}


def item_type(state: Any) -> type | None:
    """The class of the items of ``state``'s :data:`FIELD` (``None``: it has none)."""
    cls = type(state)
    if cls not in _ITEM_TYPES:
        _ITEM_TYPES[cls] = _item_type(cls)
    return _ITEM_TYPES[cls]


_ITEM_TYPES: dict[type, type | None] = {}
""":func:`item_type` per class, found once (reading type hints took a tenth of an autosave)."""


def _item_type(cls: type) -> type | None:
    try:
        hint = typing.get_type_hints(cls).get(FIELD)
    except (NameError, TypeError):
        return None
    args = typing.get_args(hint)
    if typing.get_origin(hint) is tuple and len(args) == 2 and args[1] is Ellipsis:
        found = args[0]
        return found if isinstance(found, type) else None
    return None


def seal(directory: Path, documents: list[Any], start: int) -> RollsRef:
    """Write ``documents`` (rolls from index ``start``) as a sealed file in ``directory``
    unless one of the same bytes is there; its reference."""
    body = {"schema_version": SCHEMA_VERSION, "kind": "rolls", "start": start, "items": documents}
    file = write_sealed(directory, "r", start, {"rolls": {"1": body}})
    return RollsRef(file=file, start=start, count=len(documents))


def refs_of(raw: Any, header: Path) -> list[RollsRef]:
    """The references of a header's ``sealed`` list, each well formed and following the last.

    Raises:
        BadFile: a reference that is not.
    """
    if type(raw) is not list:
        raise BadFile.of(header, "saves.sealed.not-list")
    refs: list[RollsRef] = []
    for item in raw:
        try:
            ref = RollsRef(file=item["file"], start=item["start"], count=item["count"])
        except (KeyError, TypeError):
            raise BadFile.of(header, "saves.sealed.bad-ref", ref=repr(item)) from None
        expected = refs[-1].start + refs[-1].count if refs else 0
        if (
            type(ref.file) is not str
            or "/" in ref.file
            or "\\" in ref.file
            or not ref.file.startswith("r")
            or type(ref.start) is not int
            or type(ref.count) is not int
            or ref.start != expected
            or not 0 < ref.count <= 10 * PIECE
        ):
            raise BadFile.of(header, "saves.sealed.bad-ref", ref=repr(item))
        refs.append(ref)
    return refs


def read(directory: Path, refs: list[RollsRef], kind: type, trusted: bool) -> tuple[Any, ...]:
    """The rolls the sealed files ``refs`` hold, in order, each file's checksum verified and
    every roll of class ``kind`` (checked value by value unless ``trusted``).

    Raises:
        BadFile: a file missing, damaged, too large, or not holding what its reference says.
    """
    found: list[Any] = []
    check = DEFAULT.decoder(tuple[kind, ...])  # type: ignore[valid-type]
    for ref in refs:
        path = directory / ref.file
        try:
            if path.stat().st_size > MAX_CHUNK_BYTES:
                raise BadFile.of(path, "saves.sealed.too-large")
            raw = path.read_bytes()
        except FileNotFoundError:
            raise BadFile.of(path, "saves.sealed.missing") from None
        except OSError as error:
            raise BadFile.of(path, "saves.file.unreadable", error=error.strerror or error) from None
        if chunk_digest(raw) != ref.file[:-5].rpartition("-")[2]:
            raise BadFile.of(path, "saves.sealed.checksum")
        try:
            if trusted:
                body = TRUSTED.loads(raw)["rolls"]["1"]
                items = body["items"]
                if type(items) is not list or not all(type(item) is kind for item in items):
                    raise BadFile.of(path, "saves.sealed.no-rolls")
            else:
                body = parse_json(path, raw)["rolls"]["1"]
                items = list(check(body["items"]))
        except (KeyError, TypeError, ValueError, DocumentError, RecursionError) as error:
            raise BadFile.of(
                path, "saves.sealed.no-rolls-because", error=type(error).__name__
            ) from None
        if body.get("start") != ref.start or len(items) != ref.count:
            raise BadFile.of(
                path, "saves.sealed.bad-range", first=ref.start, last=ref.start + ref.count - 1
            )
        found.extend(items)
    return tuple(found)
