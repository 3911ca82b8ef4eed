"""A campaign's index, ``campaign.json``: its document (name, season, missions, current scene,
roster) and one small entry per scene naming the scene's file.

The index is TinyDB: table ``campaign`` holds the campaign's document, table ``scenes`` one
entry ``{name, system, id}`` per scene, ``id`` naming ``scenes/<id>.json``. It is written only
when the list of scenes, the season, the missions, the current scene or the roster changes, so
an autosave (which writes only the scene's own file) does not grow with the number of scenes.
A scene's file id is never one a file already has, so a hand-edited ``next_scene`` or a crash
between a new scene's file and its entry never makes two scenes share a file.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from tinydb.table import Document

from saves import backups
from saves.documents import checked
from saves.errors import BadFile, NameTaken, NotFound
from saves.migrations import SCHEMA_VERSION
from saves.names import check_name
from saves.storage import open_db, stored_document


@dataclass(frozen=True, slots=True)
class SceneInfo:
    """A scene in a campaign's index: its name, system and file id."""

    name: str
    system: str
    id: str


@dataclass(frozen=True, slots=True)
class Mission:
    """A M.I.S.T. mission of the campaign's season and the scenes that make it (RULES.md §4.6)."""

    name: str
    scenes: tuple[str, ...] = ()


def same_name(a: str, b: str) -> bool:
    """Whether two scene (or mission) names are the same name: names ignore case."""
    return a.casefold() == b.casefold()


ENDED = "ended"
"""The index document's list of the scenes the table has ended (:meth:`CampaignIndex.ended`)."""

FORKED_FROM = "forked_from"
"""The index document's key of a fork's origin (issue 26): ``{"campaign", "scene", "entry"}``.
An index without it (any campaign saved before forks, or not forked) is not a fork: no
migration is needed."""


@dataclass(frozen=True, slots=True)
class ForkOrigin:
    """Where a forked campaign came from: a campaign, its scene and the journal entry."""

    campaign: str
    scene: str
    entry: int

    def document(self) -> dict[str, Any]:
        return {"campaign": self.campaign, "scene": self.scene, "entry": self.entry}


def origin_of(document: dict[str, Any]) -> ForkOrigin | None:
    """The origin an index document names, or ``None`` (not a fork; a malformed field only
    loses the listing's note)."""
    raw = document.get(FORKED_FROM)
    if not isinstance(raw, dict):
        return None
    campaign, scene, entry = raw.get("campaign"), raw.get("scene"), raw.get("entry")
    if isinstance(campaign, str) and isinstance(scene, str) and type(entry) is int and entry >= 0:
        return ForkOrigin(campaign, scene, entry)
    return None


RECAP = "recap"
"""The index document's key of the moment the players' view recaps (issue 26): ``{"scene",
"entry"}`` while the Storyteller shows the players a past moment, absent (or ``None``) the rest
of the time; an index without it (any saved before) shows the present."""


def recap_of(document: dict[str, Any]) -> tuple[str, int] | None:
    """The scene and entry the players' view recaps, or ``None`` (the present)."""
    raw = document.get(RECAP)
    if not isinstance(raw, dict):
        return None
    scene, entry = raw.get("scene"), raw.get("entry")
    if isinstance(scene, str) and type(entry) is int and entry >= 0:
        return scene, entry
    return None


CAST_KEPT = "cast_kept"
"""The index document's mark of a campaign whose cast is the campaign's (issue 25): one saved
before starts its cast from its latest scenes once (:meth:`saves.campaign.Campaign.with_roster`)."""


def new_campaign_document(name: str) -> dict[str, Any]:
    """The index document of a new, empty campaign."""
    return {
        "schema_version": SCHEMA_VERSION,
        "kind": "campaign",
        "name": name,
        "created": time.strftime("%Y-%m-%d %H:%M:%S"),
        "season": None,
        "missions": [],
        "current": None,
        "next_scene": 1,
        CAST_KEPT: True,
    }


def _entry(info: SceneInfo) -> dict[str, Any]:
    return {
        "schema_version": SCHEMA_VERSION,
        "name": info.name,
        "system": info.system,
        "id": info.id,
    }


class CampaignIndex:
    """The open index of one campaign directory, read and checked at opening.

    Args:
        directory: the campaign's directory.
        read_only: open the file read-only.
        check_writable: called before every write; raises (``ReadOnly``) when the campaign
            may not be written (opened read-only, or closed).

    Raises:
        BadFile, NewerVersion: the index is damaged, hand-edited or from a newer version.
    """

    def __init__(
        self, directory: Path, read_only: bool, check_writable: Callable[[], None]
    ) -> None:
        self.directory = directory
        self.path = directory / backups.INDEX
        self._check_writable = check_writable
        self._db = open_db(self.path, read_only=read_only)
        self.document = self._read_document()
        """The campaign's document; change it, then :meth:`write_document`."""
        self._entries = self._read_entries()

    # -- reading -------------------------------------------------------------------------------

    def _read_document(self) -> dict[str, Any]:
        path = self.path
        stored = stored_document(self._db, path, "campaign")
        if stored is None:
            raise BadFile.of(path, "saves.index.no-campaign")
        document = checked(stored, path, "campaign")
        if not isinstance(document.get("name"), str) or not document["name"].strip():
            raise BadFile.of(path, "saves.index.no-name")
        return document

    def _read_entries(self) -> list[tuple[int, SceneInfo]]:
        path = self.path
        found: list[tuple[int, SceneInfo]] = []
        for document in self._db.table("scenes").all():
            version = document.get("schema_version")
            if type(version) is not int or version > SCHEMA_VERSION:
                checked(dict(document), path, "scene-entry")
            name, system, file_id = document.get("name"), document.get("system"), document.get("id")
            if not (isinstance(name, str) and isinstance(system, str) and isinstance(file_id, str)):
                raise BadFile.of(path, "saves.index.entry-incomplete", entry=document.doc_id)
            if "/" in file_id or "\\" in file_id or file_id.startswith("."):
                raise BadFile.of(
                    path, "saves.index.entry-bad-id", entry=document.doc_id, id=repr(file_id)
                )
            if any(info.id == file_id for _, info in found):
                raise BadFile.of(
                    path, "saves.index.entry-shared-file", entry=document.doc_id, id=repr(file_id)
                )
            found.append((document.doc_id, SceneInfo(name=name, system=system, id=file_id)))
        return found

    def write_document(self) -> None:
        """Write the campaign's document (after a change to :attr:`document`)."""
        self._check_writable()
        self._db.table("campaign").upsert(Document(self.document, doc_id=1))

    @property
    def name(self) -> str:
        """The campaign's name."""
        return str(self.document["name"])

    def scenes(self) -> tuple[SceneInfo, ...]:
        """The scenes in the order they were created."""
        return tuple(info for _, info in self._entries)

    def find(self, name: str) -> tuple[int, SceneInfo] | None:
        """The entry (its TinyDB id and info) of the scene of that name (any case), if any."""
        for doc_id, info in self._entries:
            if same_name(info.name, name):
                return doc_id, info
        return None

    def info(self, name: str) -> tuple[int, SceneInfo]:
        """The entry of the scene of that name (any case).

        Raises:
            NotFound: no such scene (the message lists the campaign's scenes).
        """
        found = self.find(name)
        if found is None:
            names = ", ".join(info.name for info in self.scenes())
            raise NotFound(
                f"Campaign {self.name!r} has no scene {name!r} (scenes: {names or 'none'}).",
                code="saves.campaign.no-scene",
                params={"campaign": repr(self.name), "name": repr(name), "known": names or "—"},
            )
        return found

    def check_new_name(self, name: str) -> None:
        """Refuse a name no new scene can take: empty, or a scene's name already.

        Raises:
            NameTaken: naming the scene that has it.
        """
        if not name.strip():
            raise NameTaken.of("saves.index.scene-needs-name")
        found = self.find(name.strip())
        if found is not None:
            raise NameTaken.of(
                "saves.index.scene-taken", campaign=repr(self.name), name=repr(found[1].name)
            )

    # -- scene entries -------------------------------------------------------------------------

    def allocate(self, name: str, system: str) -> SceneInfo:
        """A new scene's name checked and its file id: never the id of a file that exists."""
        clean = name.strip()
        if not clean:
            raise NotFound.of("saves.index.scene-needs-name")
        check_name(clean, "scene")
        number = self.document.get("next_scene", 1)
        if type(number) is not int or not 1 <= number < 10**8:
            number = 1
        taken = {info.id for _, info in self._entries}
        scenes = self.directory / backups.SCENES
        while (
            f"scene-{number:04d}" in taken
            or (scenes / f"scene-{number:04d}.json").exists()
            or (scenes / f"scene-{number:04d}").exists()
        ):
            number += 1  # never a file that exists, whatever a hand-edited next_scene says
        scenes.mkdir(exist_ok=True)
        self.document["next_scene"] = number + 1  # in memory: written with the index entry
        return SceneInfo(name=clean, system=system, id=f"scene-{number:04d}")

    def add(self, info: SceneInfo) -> None:
        """Name the new scene's (saved) file in the index."""
        number = int(info.id.rpartition("-")[2])
        self.document["next_scene"] = number + 1
        self.write_document()
        doc_id = self._db.table("scenes").insert(_entry(info))
        self._entries.append((doc_id, info))

    def add_many(self, infos: list[SceneInfo]) -> None:
        """Name many new scenes' (saved) files in one write of the index (an import)."""
        self.write_document()  # next_scene, advanced by allocate
        doc_ids = self._db.table("scenes").insert_multiple([_entry(i) for i in infos])
        self._entries.extend(zip(doc_ids, infos, strict=True))

    def rename(self, old: str, new: str) -> None:
        """Rename a scene's entry (its file keeps its id), as current scene and in missions.

        Raises:
            NotFound, NameTaken.
        """
        doc_id, info = self.info(old)
        if not same_name(old, new):
            self.check_new_name(new)
        self._check_writable()
        self._db.table("scenes").update({"name": new.strip()}, doc_ids=[doc_id])
        self._entries = self._read_entries()
        if self.document.get("current") and same_name(self.document["current"], old):
            self.document["current"] = new.strip()
            self.write_document()
        self._rename_in_missions(info.name, new.strip())
        if any(same_name(n, old) for n in self.document.get(ENDED) or [] if isinstance(n, str)):
            self.document[ENDED] = [
                new.strip() if isinstance(n, str) and same_name(n, old) else n
                for n in self.document.get(ENDED) or []
            ]
            self.write_document()

    def remove(self, doc_id: int) -> None:
        """Remove a scene's entry (its files are the caller's)."""
        self._check_writable()
        self._db.table("scenes").remove(doc_ids=[doc_id])
        self._entries = self._read_entries()

    def forget(self, name: str) -> None:
        """Drop a removed scene as current scene and from its mission."""
        if self.document.get("current") and same_name(self.document["current"], name):
            self.document["current"] = None
            self.write_document()
        self._rename_in_missions(name, None)

    # -- current scene, season, missions -------------------------------------------------------

    def current_scene(self) -> str | None:
        """The scene last opened in this campaign (the console reopens it)."""
        current = self.document.get("current")
        if isinstance(current, str) and self.find(current) is not None:
            return self.info(current)[1].name
        return None

    def set_current_scene(self, name: str) -> None:
        """Remember ``name`` as the campaign's current scene."""
        _, info = self.info(name)
        if self.document.get("current") != info.name:
            self.document["current"] = info.name
            self.write_document()

    @property
    def season(self) -> str | None:
        """The M.I.S.T. season the campaign plays (RULES.md §4.6), if named."""
        season = self.document.get("season")
        return season if isinstance(season, str) else None

    def set_season(self, name: str | None) -> None:
        """Name (or clear) the season."""
        self.document["season"] = name
        self.write_document()

    def missions(self) -> tuple[Mission, ...]:
        """The season's missions in order, each with its scenes."""
        found = []
        for raw in self.document.get("missions") or []:
            if isinstance(raw, dict) and isinstance(raw.get("name"), str):
                scenes = tuple(s for s in raw.get("scenes", []) if isinstance(s, str))
                found.append(Mission(name=raw["name"], scenes=scenes))
        return tuple(found)

    def set_mission(self, scene: str, mission: str | None) -> None:
        """Put a scene in a mission (created at the end if new), or in none."""
        _, info = self.info(scene)
        missions = [
            Mission(m.name, tuple(s for s in m.scenes if not same_name(s, info.name)))
            for m in self.missions()
        ]
        if mission is not None:
            for index, existing in enumerate(missions):
                if same_name(existing.name, mission):
                    missions[index] = replace(existing, scenes=existing.scenes + (info.name,))
                    break
            else:
                missions.append(Mission(mission.strip(), (info.name,)))
        self._store_missions(missions)

    def ended(self) -> tuple[str, ...]:
        """The scenes the table has ended (issue 25): a new scene started after them. They
        open read-only until ``scene reopen``."""
        stored = self.document.get(ENDED)
        names = stored if isinstance(stored, list) else []
        return tuple(n for n in names if isinstance(n, str) and self.find(n) is not None)

    def set_ended(self, scene: str, ended: bool) -> None:
        """Mark a scene ended, or (``scene reopen``) not; the index is written when it changes."""
        _, info = self.info(scene)
        kept = [n for n in self.ended() if not same_name(n, info.name)]
        names = kept + [info.name] if ended else kept
        if names != list(self.ended()):
            self.document[ENDED] = names
            self.write_document()

    def _rename_in_missions(self, old: str, new: str | None) -> None:
        missions = self.missions()
        if not any(same_name(s, old) for m in missions for s in m.scenes):
            return
        changed = []
        for mission in missions:
            scenes = [s for s in mission.scenes if not same_name(s, old)]
            if new is not None and len(scenes) < len(mission.scenes):
                scenes.append(new)
            changed.append(Mission(mission.name, tuple(scenes)))
        self._store_missions(changed)

    def _store_missions(self, missions: list[Mission]) -> None:
        self.document["missions"] = [{"name": m.name, "scenes": list(m.scenes)} for m in missions]
        self.write_document()

    def close(self) -> None:
        self._db.close()
