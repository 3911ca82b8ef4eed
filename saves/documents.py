"""Scenes as versioned documents: the portable form used by exports, and version checks.

A scene document (``"kind": "scene"``) holds the name, system, seeds, the initial and current
state, the whole journal and the redo stack, each encoded by :mod:`saves.codec`. On disk the
journal is split into sealed chunks (:mod:`saves.scenefile`); an export keeps it inline.

``start`` (optional) is the state the scene began in (``engine.session.Scene.start``), or
``"initial"`` when that is its initial state: the timeline replays a past moment from it. A
document without it (written before it was kept) is read as not knowing it; the field is
only added, so no migration is needed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.session import JournalEntry, Scene
from saves.codec import DEFAULT
from saves.errors import BadFile, NewerVersion
from saves.migrations import SCHEMA_VERSION, upgrade
from saves.ranges import check_scene_ranges
from saves.type_registry import DocumentError

encode_entry = DEFAULT.encoder(JournalEntry)
"""One journal entry as a document (``engine.session.JournalEntry``-tagged)."""

_decode_entry = DEFAULT.decoder(JournalEntry)


def decode_entries(documents: Any, what: str) -> tuple[JournalEntry, ...]:
    """Journal entries from their documents.

    Raises:
        DocumentError: not a list of well-formed entries.
    """
    if type(documents) is not list:
        raise DocumentError(f"{what} must be a list")
    try:
        return tuple([_decode_entry(document) for document in documents])
    except DocumentError as error:
        for index, document in enumerate(documents):
            try:
                _decode_entry(document)
            except DocumentError:
                raise error.at(f"{what}[{index}]") from None
        raise


def checked(document: Any, path: Path, kind: str) -> dict[str, Any]:
    """A document of ``kind`` at the current schema version (older ones migrated in memory).

    Raises:
        NewerVersion: written by a newer ST Console.
        BadFile: no schema_version, the wrong kind, or a migration that cannot apply.
    """
    if not isinstance(document, dict):
        raise BadFile.of(path, "saves.documents.wrong-document", kind=kind)
    version = document.get("schema_version")
    if type(version) is not int or version < 1:
        raise BadFile(
            path,
            "has no valid schema_version (not an ST Console file?)",
            code="saves.documents.no-schema-version",
        )
    if version > SCHEMA_VERSION:
        raise NewerVersion(path, version, SCHEMA_VERSION)
    try:
        document = upgrade(document, kind)
    except DocumentError as error:
        raise BadFile.of(path, "saves.documents.no-upgrade", error=error) from None
    if document.get("kind") != kind:
        raise BadFile.of(
            path, "saves.documents.other-kind", found=repr(document.get("kind")), kind=kind
        )
    result: dict[str, Any] = document
    return result


START_IS_INITIAL = "initial"
"""A header's ``start`` when the scene began in its initial state (not written twice)."""


def start_document(scene: Scene) -> Any:
    """The header's ``start`` of ``scene``: ``None`` when its start is not known."""
    if scene.start is None:
        return None
    return START_IS_INITIAL if scene.start is scene.initial else DEFAULT.encode(scene.start)


def scene_header(
    scene: Scene, initial: Any = None, state: Any = None, start: Any = None
) -> dict[str, Any]:
    """Everything of a scene but its journal. ``initial``, ``state`` and ``start``: the
    documents of the scene's initial state, state and start (:func:`start_document`) when the
    caller has them already (an autosave reuses what it encoded last time), else they are
    encoded here."""
    header: dict[str, Any] = {
        "schema_version": SCHEMA_VERSION,
        "kind": "scene",
        "name": scene.name,
        "system": scene.system,
        "seed_base": scene.seed_base,
        "draws": scene.draws,
        "initial": DEFAULT.encode(scene.initial) if initial is None else initial,
        "state": DEFAULT.encode(scene.state) if state is None else state,
        "undone": [encode_entry(entry) for entry in scene.undone],
    }
    begun = start_document(scene) if start is None else start
    if begun is not None:
        header["start"] = begun
    return header


def scene_to_document(scene: Scene) -> dict[str, Any]:
    """The portable document of a scene, journal inline (exports)."""
    document = scene_header(scene)
    document["journal"] = [encode_entry(entry) for entry in scene.journal]
    return document


def scene_from_parts(
    header: dict[str, Any], journal: tuple[JournalEntry, ...], path: Path
) -> Scene:
    """A scene from its header document and its decoded journal.

    Raises:
        BadFile: a field is missing or of the wrong type (the message names it).
    """
    try:
        name, system = header["name"], header["system"]
        seed_base, draws = header["seed_base"], header["draws"]
        if type(name) is not str or not name.strip():
            raise DocumentError("a scene needs a name", ".name")
        if system not in ("ih-d10", "ih-d6", "mist"):
            raise DocumentError(f"unknown system {system!r}", ".system")
        if type(seed_base) is not int or type(draws) is not int or draws < 0:
            raise DocumentError("seed_base and draws must be whole numbers", ".seed_base")
        initial = _decode(header, "initial")
        state = _decode(header, "state")
        undone = decode_entries(header.get("undone", []), "undone")
        begun = header.get("start")
        start = initial if begun in (None, START_IS_INITIAL) else _decode(header, "start")
    except KeyError as error:
        raise BadFile.of(path, "saves.documents.scene-lacks", error=error) from None
    except DocumentError as error:
        raise BadFile.of(path, "saves.file.bad-value", error=error) from None
    scene = Scene(
        name=name,
        system=system,
        initial=initial,
        state=state,
        journal=journal,
        undone=undone,
        seed_base=seed_base,
        draws=draws,
        start=None if begun is None else start,
    )
    check_scene_ranges(scene, path)  # issue 30: a sealed (trusted) file is checked too
    return scene


def scene_from_document(document: Any, path: Path) -> Scene:
    """A scene from its portable document (any older version is migrated).

    Raises:
        NewerVersion, BadFile: as :func:`checked` and :func:`scene_from_parts`.
    """
    document = checked(document, path, "scene")
    try:
        journal = decode_entries(document.get("journal", []), "journal")
    except DocumentError as error:
        raise BadFile.of(path, "saves.file.bad-value", error=error) from None
    return scene_from_parts(document, journal, path)


def _decode(header: dict[str, Any], key: str) -> Any:
    try:
        return DEFAULT.decode(header[key])
    except DocumentError as error:
        raise error.at(f".{key}") from None
