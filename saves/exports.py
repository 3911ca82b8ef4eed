"""Export a campaign or a scene as one JSON document, and import one back (issue 5).

An export is ``{"schema_version", "kind": "export", "campaign": {"name", "season",
"missions"}, "scenes": [scene documents, journal inline]}``. An import file is untrusted: it
is refused when larger than :data:`MAX_IMPORT_BYTES`, when it is not JSON, not an export (or a
version-1 campaign file), when a value does not have its type, or when a scene's journal does
not replay to its saved state. Nothing is written unless the whole file is good.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine import commands
from engine.errors import RuleError
from engine.session import CHECKPOINT_EVERY, Scene
from saves.codec import DocumentError
from saves.documents import checked, scene_from_document, scene_to_document
from saves.errors import BadFile, ImportRefused, SaveError
from saves.migrations import SCHEMA_VERSION, campaign_v1_to_v2, is_v1_campaign
from saves.storage import read_json

if TYPE_CHECKING:
    from saves.campaign import Campaign
    from saves.store import Store

MAX_IMPORT_BYTES = 256 * 1024 * 1024
"""The largest file ``import`` reads: the cap of every save file (issue 12: 32 MB refused the
export of one 500-combatant scene of 52,000 entries, 33.9 MB). The file is parsed whole, not
streamed: importing the largest admits costs a few GB of memory."""


def _campaign_part(campaign: Campaign) -> dict[str, Any]:
    return {
        "name": campaign.name,
        "season": campaign.season,
        "missions": [{"name": m.name, "scenes": list(m.scenes)} for m in campaign.missions()],
    }


def export_document(store: Store, target: str) -> dict[str, Any]:
    """The export of ``CAMPAIGN`` or ``CAMPAIGN/SCENE`` (read-only: works while it is open).

    Raises:
        NotFound: no such campaign or scene. BadFile: a file is bad.
    """
    name, scene_name = _split_target(store, target)
    with store.open_campaign(name, read_only=True) as campaign:
        names = [scene_name] if scene_name else list(campaign.scene_names())
        scenes = [scene_to_document(campaign.load_scene(each)) for each in names]
        return {
            "schema_version": SCHEMA_VERSION,
            "kind": "export",
            "campaign": _campaign_part(campaign),
            "scenes": scenes,
        }


def _split_target(store: Store, target: str) -> tuple[str, str]:
    """``CAMPAIGN[/SCENE]``: the whole target when it names a campaign (a name may hold "/",
    "/abs/evil"), else the longest campaign name before a "/" (issue 12)."""
    if store.find(target) is not None:
        return target, ""
    cuts = [index for index, char in enumerate(target) if char == "/"]
    for index in reversed(cuts):
        if index and store.find(target[:index]) is not None:
            return target[:index], target[index + 1 :]
    name, _, scene = target.partition("/")
    return name, scene


def load_scenes(store: Store, target: str) -> tuple[str, tuple[Scene, ...]]:
    """The campaign name and its scenes (or the one scene) a target names, read-only."""
    name, scene_name = _split_target(store, target)
    with store.open_campaign(name, read_only=True) as campaign:
        names = [scene_name] if scene_name else list(campaign.scene_names())
        return campaign.name, tuple(campaign.load_scene(each) for each in names)


def read_import(path: Path) -> dict[str, Any]:
    """Read and check an import file; version-1 campaign files are migrated.

    Raises:
        ImportRefused: too large, unreadable, not JSON, not an export, or malformed.
    """
    try:
        size = path.stat().st_size
    except OSError as error:
        raise ImportRefused(f"{path}: cannot be read ({error.strerror or error}).", path) from None
    if size > MAX_IMPORT_BYTES:
        raise ImportRefused(
            f"{path}: {size} bytes is more than an export can be ({MAX_IMPORT_BYTES}).", path
        )
    try:
        data = read_json(path)
        if is_v1_campaign(data):
            return campaign_v1_to_v2(data)
        return checked(data, path, "export")
    except SaveError as error:
        raise ImportRefused(str(error), path) from None
    except DocumentError as error:
        raise ImportRefused(f"{path}: not a valid version-1 campaign: {error}.", path) from None


def decode_export(document: dict[str, Any], path: Path) -> tuple[dict[str, Any], list[Scene]]:
    """The campaign part and the scenes of an export, every scene checked by replaying it.

    Raises:
        ImportRefused: a malformed campaign part, a bad scene, or a journal that does not
            replay to the saved state.
    """
    campaign = document.get("campaign")
    scenes = document.get("scenes")
    if not isinstance(campaign, dict) or not isinstance(campaign.get("name"), str):
        raise ImportRefused(f"{path}: the export names no campaign.", path)
    if not campaign["name"].strip():
        raise ImportRefused(f"{path}: the campaign's name is empty.", path)
    if not isinstance(scenes, list):
        raise ImportRefused(f"{path}: the export's scenes are not a list.", path)
    decoded = []
    for index, raw in enumerate(scenes):
        where = f"{path} (scene {index + 1})"
        try:
            scene = scene_from_document(raw, Path(where))
        except BadFile as error:
            raise ImportRefused(
                str(error).removesuffix(" The file was left as it is."), path
            ) from None
        try:
            state, checkpoints = _replay(scene)
            ok = state == scene.state
        except RuleError as error:
            raise ImportRefused(
                f"{where}: its journal does not replay ({error}); refused.", path
            ) from None
        except Exception as error:  # untrusted data: any engine failure is a refusal
            raise ImportRefused(
                f"{where}: its journal cannot be replayed ({error!r}).", path
            ) from None
        if not ok:
            raise ImportRefused(
                f"{where}: the saved state of scene {scene.name!r} is not what its journal "
                "makes (hand-edited?); refused.",
                path,
            )
        _check_sheets(scene, where, path)
        decoded.append(replace(scene, checkpoints=checkpoints))
    return campaign, decoded


def _replay(scene: Scene) -> tuple[Any, tuple[tuple[int, Any], ...]]:
    """The state the journal makes, and the checkpoints met on the way (undo after an import
    then replays at most :data:`engine.session.CHECKPOINT_EVERY` entries)."""
    state = scene.initial
    checkpoints = []
    for index, entry in enumerate(scene.journal, start=1):
        state, _ = commands.apply(state, scene.system, entry.command, random.Random(entry.seed))
        if index % CHECKPOINT_EVERY == 0:
            checkpoints.append((index, state))
    return state, tuple(checkpoints)


def _check_sheets(scene: Scene, where: str, path: Path) -> None:
    """An imported sheet is untrusted like any import: one no command could make is refused."""
    from engine.ih.sheet_rules import check_sheet

    for state in (scene.initial, scene.state):
        for sheet in getattr(state, "sheets", ()):
            try:
                check_sheet(sheet)
            except RuleError as error:
                raise ImportRefused(
                    f"{where}: its sheet {sheet.name!r} is refused ({error}).", path
                ) from None


def _free_name(taken: set[str], name: str) -> str:
    candidate, number = name, 2
    while candidate.casefold() in taken:
        candidate = f"{name} ({number})"
        number += 1
    taken.add(candidate.casefold())
    return candidate


def import_export(store: Store, document: dict[str, Any], path: Path) -> tuple[str, list[str]]:
    """Add an export's scenes to its campaign (created if missing); a name already used gets
    `` (2)``. Returns the campaign name and the scene names as saved."""
    part, scenes = decode_export(document, path)
    exists = store.has_campaign(part["name"])
    opened = store.open_campaign(part["name"], create=True)
    with opened as campaign:
        if not exists and isinstance(part.get("season"), str):
            campaign.set_season(part["season"])
        taken = {name.casefold() for name in campaign.scene_names()}
        saved = []
        renames: dict[str, str] = {}
        batch = []
        for scene in scenes:
            name = _free_name(taken, scene.name)
            renames[scene.name] = name
            batch.append(replace(scene, name=name))
            saved.append(name)
        campaign.create_scenes(batch)
        for mission in part.get("missions") or []:
            if not isinstance(mission, dict) or not isinstance(mission.get("name"), str):
                continue
            for scene_name in mission.get("scenes") or []:
                if isinstance(scene_name, str) and scene_name in renames:
                    campaign.set_mission(renames[scene_name], mission["name"])
        if saved:
            campaign.set_current_scene(saved[-1])
        return campaign.name, saved


def import_file(store: Store, path: Path) -> tuple[str, list[str]]:
    """Import an export file (see the module docstring). Returns campaign and scene names."""
    return import_export(store, read_import(path), path)
