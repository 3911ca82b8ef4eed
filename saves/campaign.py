"""One open campaign: its index of scenes, its scenes, its season and missions, its lock.

A campaign is a directory: ``campaign.json`` (TinyDB: table ``campaign`` with the campaign's
document, table ``scenes`` with one small document per scene), ``scenes/<id>.json`` per scene
(:mod:`saves.scenefile`), ``lock`` while open for writing, and ``backups/``. An autosave writes
only the scene's own file, so it does not grow with the number of other scenes; the index is
written only when the list of scenes, the season or the current scene changes.

The campaign's **roster** of Infinite Horror sheets (RULES.md §2) sits in the campaign's
document (key ``roster``) and is usable from every scene: a scene opened or created gets the
roster's sheets (:meth:`Campaign.with_roster`), and saving a scene writes the sheets that scene
changed, created or deleted since it was opened back to the roster (one index write, only when
a sheet changed). Sheet commands are in the scene's journal, so undo and the report cover them.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, replace
from pathlib import Path
from types import TracebackType
from typing import Any

from tinydb.table import Document

from engine.ih.encounter import Encounter
from engine.session import Scene, replay
from saves import backups
from saves.codec import DEFAULT as CODEC
from saves.codec import DocumentError
from saves.documents import checked
from saves.errors import BadFile, NameTaken, NotFound, ReadOnly
from saves.lock import CampaignLock, Holder
from saves.migrations import SCHEMA_VERSION
from saves.scenefile import SceneFile
from saves.storage import open_db, synced_once

BACKUP_EVERY = 100
"""Autosaves between two automatic backups (besides one at opening and one at closing)."""


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


def _same(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


class Campaign:
    """An open campaign. Get one from :meth:`saves.store.Store.open_campaign`; close it after.

    Every method is safe to call from a worker thread (the console autosaves off the UI thread).
    """

    def __init__(self, directory: Path, read_only: bool, lock: CampaignLock | None) -> None:
        self.directory = directory
        self.read_only = read_only
        self._lock = lock
        self._mutex = threading.RLock()
        self._db = open_db(directory / backups.INDEX, read_only=read_only)
        self._files: dict[str, SceneFile] = {}
        self._saves = 0
        self._closed = False
        self._document = self._read_document()
        self._scenes = self._read_scenes()
        self._bases: dict[str, tuple[Any, ...]] = {}
        """Per scene (folded name): its sheets as last opened or saved, to merge what changed."""

    # -- index ---------------------------------------------------------------------------------

    def _read_document(self) -> dict[str, Any]:
        path = self.directory / backups.INDEX
        try:
            stored = self._db.table("campaign").get(doc_id=1)
        except RecursionError:
            raise BadFile(path, "is nested too deeply to be a save") from None
        if getattr(self._db.storage, "checksum_ok", None) is False:
            raise BadFile(
                path,
                "was changed outside ST Console or damaged (its checksum does not match); "
                "restore a backup (st-console keeps them in backups/)",
            )
        if stored is None:
            raise BadFile(path, "holds no campaign")
        document = checked(dict(stored), path, "campaign")
        if not isinstance(document.get("name"), str) or not document["name"].strip():
            raise BadFile(path, "the campaign has no name")
        return document

    def _read_scenes(self) -> list[tuple[int, SceneInfo]]:
        path = self.directory / backups.INDEX
        found: list[tuple[int, SceneInfo]] = []
        for document in self._db.table("scenes").all():
            version = document.get("schema_version")
            if type(version) is not int or version > SCHEMA_VERSION:
                checked(dict(document), path, "scene-entry")
            name, system, file_id = document.get("name"), document.get("system"), document.get("id")
            if not (isinstance(name, str) and isinstance(system, str) and isinstance(file_id, str)):
                raise BadFile(path, f"scene entry {document.doc_id} lacks a name, system or id")
            if "/" in file_id or "\\" in file_id or file_id.startswith("."):
                raise BadFile(path, f"scene entry {document.doc_id} has a bad id {file_id!r}")
            if any(info.id == file_id for _, info in found):
                raise BadFile(
                    path, f"two scenes share the file {file_id!r} (scene entry {document.doc_id})"
                )
            found.append((document.doc_id, SceneInfo(name=name, system=system, id=file_id)))
        return found

    def _write_document(self) -> None:
        self._check_writable()
        self._db.table("campaign").upsert(Document(self._document, doc_id=1))

    @property
    def name(self) -> str:
        """The campaign's name."""
        return str(self._document["name"])

    def scenes(self) -> tuple[SceneInfo, ...]:
        """The scenes in the order they were created."""
        return tuple(info for _, info in self._scenes)

    def scene_names(self) -> tuple[str, ...]:
        """The names of the scenes, in the order they were created."""
        return tuple(info.name for _, info in self._scenes)

    def has_scene(self, name: str) -> bool:
        """Whether a scene of that name (any case) exists."""
        return self._find(name) is not None

    def _find(self, name: str) -> tuple[int, SceneInfo] | None:
        for doc_id, info in self._scenes:
            if _same(info.name, name):
                return doc_id, info
        return None

    def _info(self, name: str) -> tuple[int, SceneInfo]:
        found = self._find(name)
        if found is None:
            known = ", ".join(self.scene_names()) or "none"
            raise NotFound(
                f"Campaign {self.name!r} has no scene {name!r} (scenes: {known}).",
                code="saves.campaign.no-scene",
                params={
                    "campaign": repr(self.name),
                    "name": repr(name),
                    "known": ", ".join(self.scene_names()) or "—",
                },
            )
        return found

    # -- scenes --------------------------------------------------------------------------------

    def _file(self, info: SceneInfo) -> SceneFile:
        found = self._files.get(info.id)
        if found is None:
            path = self.directory / backups.SCENES / f"{info.id}.json"
            found = SceneFile(path, read_only=self.read_only)
            self._files[info.id] = found
        return found

    def load_scene(self, name: str) -> Scene:
        """The scene of that name, with its journal and redo stack (undo works after a reload).

        Raises:
            NotFound: no such scene. BadFile, NewerVersion: its file is bad (named).
        """
        with self._mutex:
            _, info = self._info(name)
            try:
                scene = self._file(info).load()
            except FileNotFoundError:
                path = self.directory / backups.SCENES / f"{info.id}.json"
                raise BadFile(path, f"is missing: the file of scene {info.name!r}") from None
            scene = scene if scene.name == info.name else replace(scene, name=info.name)
            return self.with_roster(scene)

    # -- roster --------------------------------------------------------------------------------

    def roster(self) -> tuple[Any, ...]:
        """The campaign's sheets (``engine.ih.sheet.Sheet``), in the order they were made.

        Raises:
            BadFile: the stored roster is not a list of sheets (a hand-edited index).
        """
        from engine.errors import RuleError
        from engine.ih.sheet import Sheet
        from engine.ih.sheet_rules import check_sheet

        stored = self._document.get("roster") or []
        path = self.directory / backups.INDEX
        if not isinstance(stored, list):
            raise BadFile(path, "has a roster that is not a list of sheets")
        sheets: list[Any] = []
        for index, document in enumerate(stored):
            try:
                sheet = CODEC.decoder(Sheet)(document)
                check_sheet(sheet)
            except DocumentError as error:
                raise BadFile(path, f"roster sheet {index + 1}: {error}") from None
            except RuleError as error:
                raise BadFile(path, f"roster sheet {index + 1}: {error}") from None
            sheets.append(sheet)
        return tuple(sheets)

    def with_roster(self, scene: Scene) -> Scene:
        """``scene`` seeing the campaign's roster: its initial state starts from the roster's
        sheets and its journal is replayed on them (a scene's own sheet commands then apply on
        top). A scene whose sheets already are the roster's, or that is not Infinite Horror,
        is returned as it is; so is one whose journal does not replay on the roster."""
        with self._mutex:
            key = scene.name.casefold()
            if not isinstance(scene.state, Encounter) or not isinstance(scene.initial, Encounter):
                return scene
            sheets = scene.state.sheets
            roster = self.roster()
            if tuple(sheets) == roster:
                self._bases[key] = roster
                return scene
            initial = replace(scene.initial, sheets=roster)
            try:
                state = replay(replace(scene, initial=initial), scene.journal)
            except Exception:  # a journal that cannot replay on the roster keeps its own sheets
                self._bases[key] = tuple(sheets)
                return scene
            assert isinstance(state, Encounter)  # replayed from an Encounter
            self._bases[key] = tuple(state.sheets)
            return replace(scene, initial=initial, state=state)

    def _merge_roster(self, scene: Scene) -> None:
        """Write to the roster the sheets ``scene`` changed since it was opened or last saved."""
        sheets = getattr(scene.state, "sheets", None)
        if sheets is None:
            return
        key = scene.name.casefold()
        base = {s.key: s for s in self._bases.get(key, ())}
        mine = {s.key: s for s in sheets}
        if base == mine:
            return
        roster = list(self.roster())
        changed = False
        for name, sheet in mine.items():
            if base.get(name) != sheet:
                at = next((i for i, s in enumerate(roster) if s.key == name), None)
                if at is None:
                    roster.append(sheet)
                else:
                    roster[at] = sheet
                changed = True
        for name in base.keys() - mine.keys():
            roster = [s for s in roster if s.key != name]
            changed = True
        self._bases[key] = tuple(sheets)
        if changed:
            self._document["roster"] = [CODEC.encode(s) for s in roster]
            self._write_document()

    def save_scene(self, scene: Scene) -> None:
        """Save the scene under its name (created if new): the autosave after every command.

        Raises:
            ReadOnly: opened read-only. BadFile: the existing file is bad and is not overwritten.
        """
        with self._mutex:
            self._check_writable()
            found = self._find(scene.name)
            if found is not None:
                info = found[1]
                if scene.name != info.name:
                    scene = replace(scene, name=info.name)
                self._file(info).save(scene)
            else:
                info = self._allocate(scene.name, scene.system)
                scene = replace(scene, name=info.name)
                # the file first, then the index entry that names it: a crash between leaves
                # an unnamed file (never reused: see _allocate), not an entry without a file
                self._file(info).save(scene)
                self._add(info)
            self._merge_roster(scene)
            self._saves += 1
            if self._saves % BACKUP_EVERY == 0:
                self.backup()

    def save_scene_as(self, scene: Scene, name: str) -> Scene:
        """Save a copy of the scene under a new name; returns the renamed scene.

        Raises:
            NameTaken: a scene of that name exists.
        """
        with self._mutex:
            self._check_new_name(name)
            renamed = replace(scene, name=name.strip())
            self.save_scene(renamed)
            return renamed

    def create_scene(self, scene: Scene) -> None:
        """Save a new scene; refuse if its name is taken (``scene new`` over an existing name).

        Raises:
            NameTaken: a scene of that name exists.
        """
        with self._mutex:
            self._check_new_name(scene.name)
            self._base_of_new(scene)
            self.save_scene(scene)

    def _base_of_new(self, scene: Scene) -> None:
        sheets = getattr(scene.state, "sheets", None)
        key = scene.name.casefold()
        if sheets is not None and key not in self._bases:
            # A scene made elsewhere (an import) adds its new sheets to the roster but does
            # not overwrite the roster's own sheets of the same names.
            known = {s.key for s in self.roster()}
            self._bases[key] = tuple(s for s in sheets if s.key in known)

    def create_scenes(self, scenes: list[Scene]) -> None:
        """Save many new scenes at once (an import): every file first, then one write of the
        index naming them all, and no automatic backups in between (importing 3,000
        scenes rewrote the growing index and copied every header 3,000 and 30 times). A crash
        before the index is written leaves unnamed files, never reused.

        Raises:
            NameTaken: a name is taken (in the campaign or twice in ``scenes``); nothing saved.
        """
        with self._mutex:
            self._check_writable()
            existing = {info.name.casefold() for _, info in self._scenes}
            seen: set[str] = set()
            for scene in scenes:
                key = scene.name.strip().casefold()
                if not key or key in existing:
                    self._check_new_name(scene.name)  # raises, naming the scene
                if key in seen:
                    raise NameTaken(f"Two new scenes are named {scene.name.strip()!r}.")
                seen.add(key)
            infos = []
            with synced_once():  # durable before the index names them
                for scene in scenes:
                    info = self._allocate(scene.name, scene.system)
                    self._file(info).save(replace(scene, name=info.name))
                    infos.append(info)
            if not infos:
                return
            self._write_document()  # next_scene, advanced by _allocate
            documents = [
                {"schema_version": SCHEMA_VERSION, "name": i.name, "system": i.system, "id": i.id}
                for i in infos
            ]
            doc_ids = self._db.table("scenes").insert_multiple(documents)
            self._scenes.extend(zip(doc_ids, infos, strict=True))
            for scene, info in zip(scenes, infos, strict=True):
                named = replace(scene, name=info.name)
                self._base_of_new(named)
                self._merge_roster(named)  # writes only when the scene brings new sheets
            self._saves += len(infos)

    def rename_scene(self, old: str, new: str) -> None:
        """Rename a scene (its file keeps its id). Raises NotFound or NameTaken."""
        with self._mutex:
            self._check_writable()
            doc_id, info = self._info(old)
            if not _same(old, new):
                self._check_new_name(new)
            self._db.table("scenes").update({"name": new.strip()}, doc_ids=[doc_id])
            self._scenes = self._read_scenes()
            if self._document.get("current") and _same(self._document["current"], old):
                self._document["current"] = new.strip()
                self._write_document()
            self._rename_in_missions(info.name, new.strip())

    def duplicate_scene(self, name: str, new: str) -> Scene:
        """Copy a scene, journal and all, under a new name; returns the copy."""
        with self._mutex:
            scene = self.load_scene(name)
            return self.save_scene_as(scene, new)

    def delete_scene(self, name: str) -> None:
        """Remove a scene from the campaign (backups still hold it)."""
        with self._mutex:
            self._check_writable()
            doc_id, info = self._info(name)
            self.backup()
            self._db.table("scenes").remove(doc_ids=[doc_id])
            self._scenes = self._read_scenes()
            file = self._files.pop(info.id, None)
            if file is not None:
                file.close()
            path = self.directory / backups.SCENES / f"{info.id}.json"
            path.unlink(missing_ok=True)
            chunk_dir = path.with_suffix("")
            if chunk_dir.is_dir():
                for chunk in chunk_dir.iterdir():
                    chunk.unlink(missing_ok=True)
                chunk_dir.rmdir()
            if self._document.get("current") and _same(self._document["current"], info.name):
                self._document["current"] = None
                self._write_document()
            self._rename_in_missions(info.name, None)

    def _allocate(self, name: str, system: str) -> SceneInfo:
        """A new scene's name checked and its file id: never the id of a file that exists."""
        from saves.store import check_name

        clean = name.strip()
        if not clean:
            raise NotFound("A scene needs a name.")
        check_name(clean, "scene")
        number = self._document.get("next_scene", 1)
        if type(number) is not int or not 1 <= number < 10**8:
            number = 1
        taken = {info.id for _, info in self._scenes}
        scenes = self.directory / backups.SCENES
        while (
            f"scene-{number:04d}" in taken
            or (scenes / f"scene-{number:04d}.json").exists()
            or (scenes / f"scene-{number:04d}").exists()
        ):
            number += 1  # never a file that exists (issue 12: a hand-edited next_scene)
        scenes.mkdir(exist_ok=True)
        self._document["next_scene"] = number + 1  # in memory: written with the index entry
        return SceneInfo(name=clean, system=system, id=f"scene-{number:04d}")

    def _add(self, info: SceneInfo) -> None:
        """Name the new scene's (saved) file in the index."""
        number = int(info.id.rpartition("-")[2])
        self._document["next_scene"] = number + 1
        self._write_document()
        doc_id = self._db.table("scenes").insert(
            {
                "schema_version": SCHEMA_VERSION,
                "name": info.name,
                "system": info.system,
                "id": info.id,
            }
        )
        self._scenes.append((doc_id, info))

    def _check_new_name(self, name: str) -> None:
        if not name.strip():
            raise NameTaken("A scene needs a name.")
        found = self._find(name.strip())
        if found is not None:
            raise NameTaken(f"Campaign {self.name!r} already has a scene {found[1].name!r}.")

    # -- current scene, season, missions -------------------------------------------------------

    def current_scene(self) -> str | None:
        """The scene last opened in this campaign (the console reopens it)."""
        current = self._document.get("current")
        if isinstance(current, str) and self.has_scene(current):
            return self._info(current)[1].name
        return None

    def set_current_scene(self, name: str) -> None:
        """Remember ``name`` as the campaign's current scene."""
        with self._mutex:
            _, info = self._info(name)
            if self._document.get("current") != info.name:
                self._document["current"] = info.name
                self._write_document()

    @property
    def season(self) -> str | None:
        """The M.I.S.T. season the campaign plays (RULES.md §4.6), if named."""
        season = self._document.get("season")
        return season if isinstance(season, str) else None

    def set_season(self, name: str | None) -> None:
        """Name (or clear) the season."""
        with self._mutex:
            self._document["season"] = name
            self._write_document()

    def missions(self) -> tuple[Mission, ...]:
        """The season's missions in order, each with its scenes."""
        found = []
        for raw in self._document.get("missions") or []:
            if isinstance(raw, dict) and isinstance(raw.get("name"), str):
                scenes = tuple(s for s in raw.get("scenes", []) if isinstance(s, str))
                found.append(Mission(name=raw["name"], scenes=scenes))
        return tuple(found)

    def set_mission(self, scene: str, mission: str | None) -> None:
        """Put a scene in a mission (created at the end if new), or in none."""
        with self._mutex:
            _, info = self._info(scene)
            missions = [
                Mission(m.name, tuple(s for s in m.scenes if not _same(s, info.name)))
                for m in self.missions()
            ]
            if mission is not None:
                for index, existing in enumerate(missions):
                    if _same(existing.name, mission):
                        missions[index] = replace(existing, scenes=existing.scenes + (info.name,))
                        break
                else:
                    missions.append(Mission(mission.strip(), (info.name,)))
            self._store_missions(missions)

    def _rename_in_missions(self, old: str, new: str | None) -> None:
        missions = self.missions()
        if not any(_same(s, old) for m in missions for s in m.scenes):
            return
        changed = []
        for mission in missions:
            scenes = [s for s in mission.scenes if not _same(s, old)]
            if new is not None and len(scenes) < len(mission.scenes):
                scenes.append(new)
            changed.append(Mission(mission.name, tuple(scenes)))
        self._store_missions(changed)

    def _store_missions(self, missions: list[Mission]) -> None:
        self._document["missions"] = [{"name": m.name, "scenes": list(m.scenes)} for m in missions]
        self._write_document()

    # -- backups, lifetime ---------------------------------------------------------------------

    def backup(self) -> backups.Backup:
        """Take a backup of the campaign now (cheap: hard links); marked damaged when a scene
        of the campaign does not verify (:meth:`verify`), so it never rotates out the last
        good ones."""
        with self._mutex:
            self._check_writable()
            return backups.take(self.directory, good=self.verify())

    def verify(self) -> bool:
        """Whether every scene's file is good (see :meth:`saves.scenefile.SceneFile.verify`):
        its checksum, or a full load for one whose checksum fails."""
        with self._mutex:
            for info in self.scenes():
                known = self._files.get(info.id)
                if known is not None and known.verify():
                    continue
                path = self.directory / backups.SCENES / f"{info.id}.json"
                file = SceneFile(path, read_only=True)
                try:
                    if not file.verify():
                        return False
                finally:
                    file.close()
            return True

    def _check_writable(self) -> None:
        if self._closed:
            raise ReadOnly(f"Campaign in {self.directory} is closed; nothing was saved.")
        if self.read_only:
            raise ReadOnly(
                f"Campaign {self._document.get('name', self.directory.name)!r} is open "
                "read-only; nothing was saved.",
                self.directory,
            )

    @property
    def holder(self) -> Holder | None:
        """This process as the lock holder, when open for writing."""
        return self._lock.holder if self._lock else None

    def close(self) -> None:
        """Back up, drop unused journal chunks, release the lock. Safe to call twice."""
        with self._mutex:
            if self._closed:
                return
            try:
                if not self.read_only:
                    for file in self._files.values():
                        file.collect_garbage()
                    if self._saves:
                        backups.take(self.directory, good=self.verify())
            finally:
                for file in self._files.values():
                    file.close()
                self._db.close()
                self._closed = True
                if self._lock is not None:
                    self._lock.release()

    def __enter__(self) -> Campaign:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()


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
    }
