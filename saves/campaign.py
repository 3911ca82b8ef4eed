"""One open campaign: its scenes' lifecycle (load, autosave, create, rename, delete), its
backups and its lock.

A campaign is a directory: ``campaign.json``, the index (:mod:`saves.campaign_index`: the
campaign's document and one small entry per scene), ``cast.json``, its cast
(:mod:`saves.cast_file`), ``scenes/<id>.json`` per scene
(:mod:`saves.scenefile`), ``lock`` while open for writing, and ``backups/``. An autosave writes
only the scene's own file, so it does not grow with the number of other scenes; the index is
written only when the list of scenes, the season or the current scene changes.

The campaign's **roster** of Infinite Horror sheets (RULES.md §2, :mod:`saves.roster`) is
usable from every scene: a scene opened or created gets the roster's sheets
(:meth:`Campaign.with_roster`), and saving a scene writes the sheets that scene changed back
to the roster.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import replace
from pathlib import Path
from types import TracebackType
from typing import Any

from engine.past import past_after
from engine.session import Scene
from saves import backups
from saves.campaign_cast import CampaignCast
from saves.campaign_records import OPEN_BESIDE, REOPENED
from saves.errors import BadFile, NameTaken, PastEnd, SaveError
from saves.lock import CampaignLock
from saves.names import slug
from saves.scenefile import CHUNK, SceneFile
from saves.storage import synced_once

BACKUP_EVERY = 100
"""Autosaves between two automatic backups (besides one at opening and one at closing)."""


class Campaign(CampaignCast):
    """An open campaign. Get one from :meth:`saves.store.Store.open_campaign`; close it after.

    Every method is safe to call from a worker thread (the console autosaves off the UI thread).
    What the index records (name, scenes, season, missions, ended scenes, fork, recap) is
    :class:`saves.campaign_records.CampaignRecords`'s; its cast and roster
    :class:`saves.campaign_cast.CampaignCast`'s.
    """

    def __init__(self, directory: Path, read_only: bool, lock: CampaignLock | None) -> None:
        super().__init__(directory, read_only, lock)
        self._saves = 0

    # -- the cast between scenes ----------------------------------------------------------------

    def apply_between(self, text: str, seed: int | None = None) -> str:
        """Heal, restore or adjust the cast between scenes with a command of a scene (issue 25
        point 4: ``heal Ann 3``, ``willpower Ann +2``, ``end movie``, ``status Mei hurt 2``),
        or ``undo`` the last; written at once. A scene still played sees it when it is opened.

        Raises:
            RuleError: not a command for the cast, or refused by the rules (named).
            ReadOnly: opened read-only.
        """
        import random

        from saves.between import applied_between

        with self._mutex:
            self._check_writable()
            self._adopt_cast()
            rolled = random.SystemRandom().getrandbits(48) if seed is None else seed
            return applied_between(self, self._roster, self._cast, text, rolled)

    # -- scenes --------------------------------------------------------------------------------

    def load_scene(self, name: str) -> Scene:
        """The scene of that name, with its journal and redo stack (undo works after a reload).

        Raises:
            NotFound: no such scene. BadFile, NewerVersion: its file is bad (named).
        """
        with self._mutex:
            _, info = self._index.info(name)
            try:
                scene = self._file(info).load()
            except FileNotFoundError:
                self._missing(info)
            scene = scene if scene.name == info.name else replace(scene, name=info.name)
            return self.with_roster(scene)

    def load_scene_at(self, name: str, at: int | None) -> tuple[Scene, int]:
        """The scene of that name as it stood after its first ``at`` journal entries (``None``:
        now), and the length of its whole journal: the timeline (issue 26). The state is
        replayed with the journal's own seeds from the state the scene began in, its cast as it
        was then (:func:`engine.past.past_after`; from the nearest checkpoint when that is the
        initial state); a damaged entry after ``at`` does not stop it (then the scene is read
        only as far as ``at``).

        Raises:
            NotFound: no such scene. PastEnd: ``at`` is past the journal's end.
            BadFile, NewerVersion: the scene's file, or an entry up to ``at``, is bad.
        """
        with self._mutex:
            _, info = self._index.info(name)
            try:
                whole = self.load_scene(name)
            except BadFile:
                if at is None or not self._file(info).path.exists():
                    raise  # a missing file is said as one, not as a failed partial read
                scene, length = self._file(info).load_prefix(at)
                return past_after(replace(scene, name=info.name), at), length
            length = len(whole.journal)
            if at is None:
                return whole, length
            if at > length:
                path = self.directory / backups.SCENES / f"{info.id}.json"
                raise PastEnd(path, length)
            return past_after(whole, at), length

    def export_scene(self, name: str) -> tuple[Scene, Iterator[list[Any]], Callable[[], list[Any]]]:
        """The scene of that name without its journal, its journal's documents a group at a
        time (copied from its files when they are ours, else encoded from the loaded scene):
        what an export writes, without building the journal's engine objects (issue 30); and
        the checkpoints it names, once the documents are read (:class:`saves.journal_chunks.
        ExportMarks`).

        Raises:
            NotFound: no such scene. BadFile, NewerVersion: its file is bad (named).
        """
        from saves.checkpoint_forms import checkpoint_mark
        from saves.documents import encode_entry
        from saves.journal_chunks import ExportMarks

        with self._mutex:
            _, info = self._index.info(name)
            try:
                parts = self._file(info).export_parts()
            except FileNotFoundError:
                self._missing(info)
            if parts is not None:
                scene, documents, marks = parts
                scene = scene if scene.name == info.name else replace(scene, name=info.name)
                if not marks.length and not scene.undone:
                    return self.with_roster(scene), documents, lambda: marks.found
                if self._roster.sees_played_as_saved(scene):
                    return scene, documents, lambda: marks.found
            whole = self.load_scene(name)  # its journal replayed on the campaign's cast
            journal = whole.journal
            groups = (
                [encode_entry(entry) for entry in journal[start : start + CHUNK]]
                for start in range(0, len(journal), CHUNK)
            )
            wanted = ExportMarks(len(journal))
            wanted.take([[at, None] for at, _ in whole.checkpoints])
            states = dict(whole.checkpoints)

            def named() -> list[str]:
                places = [json.loads(text)[0] for text in wanted.found]
                marks = [[at, *checkpoint_mark(states[at], whole.state)] for at in places]
                return [json.dumps(mark, ensure_ascii=False) for mark in marks]

            return replace(whole, journal=()), groups, named

    def save_scene(self, scene: Scene) -> None:
        """Save the scene under its name (created if new): the autosave after every command.

        Raises:
            ReadOnly: opened read-only. BadFile: the existing file is bad and is not overwritten.
        """
        with self._mutex:
            self._check_writable()
            found = self._index.find(scene.name)
            if found is not None:
                info = found[1]
                if scene.name != info.name:
                    scene = replace(scene, name=info.name)
                self._file(info).save(scene)
            else:
                info = self._index.allocate(scene.name, scene.system)
                scene = replace(scene, name=info.name)
                # the file first, then the index entry that names it: a crash between leaves an
                # unnamed file (never reused: see CampaignIndex.allocate), not an entry without
                # a file
                self._file(info).save(scene)
                self._index.add(info)
            self._roster.merge(scene)
            self._saves += 1
            if self._saves % BACKUP_EVERY == 0:
                self.backup()

    def save_scene_as(self, scene: Scene, name: str) -> Scene:
        """Save a copy of the scene under a new name; returns the renamed scene.

        Raises:
            NameTaken: a scene of that name exists.
        """
        with self._mutex:
            self._index.check_new_name(name)
            renamed = replace(scene, name=name.strip())
            self.save_scene(renamed)
            return renamed

    def create_scene(self, scene: Scene) -> None:
        """Save a new scene; refuse if its name is taken (``scene new`` over an existing name).

        Raises:
            NameTaken: a scene of that name exists.
        """
        with self._mutex:
            self._check_writable()  # before start_new, which may write the cast
            self._index.check_new_name(scene.name)
            before = self._roster.latest(scene.system == "mist")
            self._roster.start_new(scene)
            self.save_scene(scene)
            if before is not None and not self.is_ended(before):
                # open beside the new one until ended (issue 25): the caller ends the scene the
                # table moves on from; ``scene new … split`` keeps it open, sharing the cast
                self._set_open_beside(before, True)

    def create_scenes(
        self, scenes: list[Scene], encoded: list[tuple[list[Any], dict[int, Any]]] | None = None
    ) -> None:
        """Save many new scenes at once (an import): every file first, then one write of the
        index naming them all, and no automatic backups in between (importing 3,000
        scenes rewrote the growing index and copied every header 3,000 and 30 times). A crash
        before the index is written leaves unnamed files, never reused. ``encoded``: for each
        scene, its journal's first entries' documents and some chunks dumped, made already (an
        import: :meth:`saves.scenefile.SceneFile.encoded`).

        Raises:
            NameTaken: a name is taken (in the campaign or twice in ``scenes``); nothing saved.
        """
        with self._mutex:
            self._check_writable()
            existing = {info.name.casefold() for info in self._index.scenes()}
            seen: set[str] = set()
            for scene in scenes:
                key = scene.name.strip().casefold()
                if not key or key in existing:
                    self._index.check_new_name(scene.name)  # raises, naming the scene
                if key in seen:
                    raise NameTaken.of(
                        "saves.campaign.two-new-scenes", name=repr(scene.name.strip())
                    )
                seen.add(key)
            fresh = not self._index.scenes()
            infos = []
            with synced_once():  # durable before the index names them
                for number, scene in enumerate(scenes):
                    info = self._index.allocate(scene.name, scene.system)
                    file = self._file(info)
                    if encoded and number < len(encoded):
                        file.encoded(scene.journal, *encoded[number])
                    file.save(replace(scene, name=info.name))
                    infos.append(info)
            if not infos:
                return
            self._index.add_many(infos)
            for scene, info in zip(scenes, infos, strict=True):
                named = replace(scene, name=info.name)
                self._roster.start_new(named)
                self._roster.merge(named)  # writes only when the scene brings new sheets
            if fresh:  # a campaign made by the import: its cast is where its scenes left it
                latest = {("mist" if s.system == "mist" else "ih"): s for s in scenes}
                for scene in latest.values():
                    self._roster.adopt(scene)
                self._cast.write()
            self._saves += len(infos)

    def rename_scene(self, old: str, new: str) -> None:
        """Rename a scene (its file keeps its id). Raises NotFound or NameTaken."""
        with self._mutex:
            self._check_writable()
            listed = [key for key in (OPEN_BESIDE, REOPENED) if self._listed(key, old)]
            self._index.rename(old, new)
            for key in listed:
                self._set_listed(key, old, False)
                self._set_listed(key, new.strip(), True)

    def duplicate_scene(self, name: str, new: str) -> Scene:
        """Copy a scene, journal and all, under a new name; returns the copy."""
        with self._mutex:
            scene = self.load_scene(name)
            return self.save_scene_as(scene, new)

    def delete_scene(self, name: str) -> None:
        """Remove a scene from the campaign (backups still hold it)."""
        with self._mutex:
            self._check_writable()
            doc_id, info = self._index.info(name)
            self.backup()
            self._index.remove(doc_id)
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
            self._index.forget(info.name)

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
                self._index.close()
                self._cast.close()
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


def is_named(directory: Path, name: str) -> bool:
    """Whether the campaign in ``directory`` is called ``name`` (any case), its index read
    read-only and no lock taken; ``False`` for a directory without an index.

    Raises:
        SaveError: the index is bad (BadFile, NewerVersion).
    """
    if not (directory / backups.INDEX).exists():
        return False
    with Campaign(directory, read_only=True, lock=None) as campaign:
        return campaign.name.casefold() == name.strip().casefold()


def named_directory(directories: Iterable[Path], name: str) -> Path | None:
    """Of campaign ``directories``, the one of the campaign called ``name`` (any case).

    A directory whose index cannot be read is the one wanted when its folder has the name's
    slug: loading it then names the damaged file (issue 30), not "No campaign named …".
    """
    for directory in directories:
        try:
            if is_named(directory, name):
                return directory
        except SaveError:
            if directory.name == slug(name):
                return directory
    return None
