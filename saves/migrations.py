"""Upgrades of documents written by older ST Console versions, one schema version at a time.

Schema versions:

1. A whole campaign in one TinyDB file ``campaigns/<name>.json``: a ``campaign`` table with
   the campaign's name and a ``scenes`` table with one document per scene, its whole journal
   inline; the scene's seed was ``seed`` and a journal entry was an untagged object
   ``{"command", "line", "seed", "events"}``.
2. A directory per campaign (an index, a file per scene, sealed journal chunks); a scene's
   seed is ``seed_base``; journal entries are tagged ``engine.session.JournalEntry`` objects
   whose typed line is ``text``. Exports are one ``{"kind": "export"}`` document.
3. A M.I.S.T. scene's interpretations are ``MistState.interpretations`` (the field's name in
   both families, ``Encounter.interpretations``); version 2 called it ``settings``.

Each migration takes a document of version ``n`` and returns one of version ``n + 1``; they
never touch the file they came from (the caller writes the result elsewhere).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from saves.codec import DocumentError

SCHEMA_VERSION = 3
"""The version of every document this ST Console writes."""

ENTRY_TAG = "engine.session.JournalEntry"


def _v1_entry(entry: Any) -> dict[str, Any]:
    if not isinstance(entry, dict):
        raise DocumentError("a version-1 journal entry must be an object")
    missing = {"command", "line", "seed", "events"} - set(entry)
    if missing:
        raise DocumentError(f"a version-1 journal entry lacks {sorted(missing)[0]!r}")
    return {
        "__type__": ENTRY_TAG,
        "command": entry["command"],
        "text": entry["line"],
        "seed": entry["seed"],
        "events": entry["events"],
    }


def scene_v1_to_v2(document: dict[str, Any]) -> dict[str, Any]:
    """A version-1 scene (inline journal, ``seed``, untagged entries) as a version-2 scene."""
    for key in ("name", "system", "seed", "initial", "state"):
        if key not in document:
            raise DocumentError(f"a version-1 scene lacks {key!r}")
    journal, undone = document.get("journal", []), document.get("undone", [])
    if not isinstance(journal, list) or not isinstance(undone, list):
        raise DocumentError("a version-1 scene's journal and undone must be lists")
    return {
        "schema_version": 2,
        "kind": "scene",
        "name": document["name"],
        "system": document["system"],
        "seed_base": document["seed"],
        "draws": document.get("draws", len(journal)),
        "initial": document["initial"],
        "state": document["state"],
        "journal": [_v1_entry(entry) for entry in journal],
        "undone": [_v1_entry(entry) for entry in undone],
    }


def campaign_v1_to_v2(tables: dict[str, Any]) -> dict[str, Any]:
    """A version-1 campaign file (TinyDB tables) as a version-2 export document."""
    campaign = tables.get("campaign", {})
    scenes = tables.get("scenes", {})
    if not isinstance(campaign, dict) or not isinstance(scenes, dict):
        raise DocumentError("a version-1 campaign needs 'campaign' and 'scenes' tables")
    header = next(iter(campaign.values()), None) if campaign else None
    if not isinstance(header, dict) or not isinstance(header.get("name"), str):
        raise DocumentError("a version-1 campaign needs a name")
    ordered = sorted(scenes.items(), key=lambda item: int(item[0]) if item[0].isdigit() else 0)
    converted = []
    for _, scene in ordered:
        if not isinstance(scene, dict):
            raise DocumentError("a version-1 scene must be an object")
        converted.append(scene_v1_to_v2(scene))
    return {
        "schema_version": 2,
        "kind": "export",
        "campaign": {"name": header["name"], "season": None, "missions": []},
        "scenes": converted,
    }


def is_v1_campaign(data: Any) -> bool:
    """Whether ``data`` is the TinyDB tables of a version-1 campaign file."""
    if not isinstance(data, dict) or "campaign" not in data or "scenes" not in data:
        return False
    campaign = data["campaign"]
    if not isinstance(campaign, dict) or not campaign:
        return False
    header = next(iter(campaign.values()))
    return isinstance(header, dict) and header.get("schema_version") == 1


RENAMED_FIELDS: dict[str, dict[str, str]] = {
    "engine.mist.state.MistState": {"settings": "interpretations"},
}
"""Fields renamed in version 3, by the ``__type__`` of the object holding them: old → new."""


def _renamed(value: Any) -> Any:
    """``value`` with the fields of :data:`RENAMED_FIELDS` renamed, all the way down."""
    if type(value) is list:
        return [_renamed(item) for item in value]
    if type(value) is not dict:
        return value
    tag = value.get("__type__")
    renames = RENAMED_FIELDS.get(tag, {}) if type(tag) is str else {}
    return {renames.get(key, key): _renamed(item) for key, item in value.items()}


def any_v2_to_v3(document: dict[str, Any]) -> dict[str, Any]:
    """A version-2 document of any kind as version 3: a M.I.S.T. state's ``settings`` are its
    ``interpretations`` (in its state, initial state, checkpoints, wherever it is nested)."""
    upgraded: dict[str, Any] = _renamed(document)
    upgraded["schema_version"] = 3
    return upgraded


_STEPS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {
    ("scene", 1): scene_v1_to_v2,
}
_EVERY_KIND: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {2: any_v2_to_v3}
"""Steps that apply to a document of any kind (a campaign, a scene, a journal chunk...)."""


def upgrade(document: dict[str, Any], kind: str) -> dict[str, Any]:
    """Bring a document of ``kind`` up to :data:`SCHEMA_VERSION`, step by step.

    Raises:
        DocumentError: no migration from its version, or the old document is malformed.
    """
    version = document.get("schema_version")
    while isinstance(version, int) and version < SCHEMA_VERSION:
        step = _STEPS.get((kind, version)) or _EVERY_KIND.get(version)
        if step is None:
            raise DocumentError(f"no migration of a {kind} from schema version {version}")
        document = step(document)
        version = document.get("schema_version")
    return document
