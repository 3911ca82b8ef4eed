"""An open campaign's cast (issue 25): its roster of Infinite Horror sheets and what its
M.I.S.T. scenes carry, kept in ``cast.json`` (:mod:`saves.cast_file`) and seen by every scene
(:mod:`saves.roster`); a campaign saved before the cast was the campaign's adopts it from its
latest scenes. :class:`saves.campaign.Campaign` builds on this."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NoReturn

from engine.session import Scene
from saves import backups
from saves.campaign_index import CAST_KEPT, SceneInfo
from saves.campaign_records import CampaignRecords
from saves.cast_file import CastFile
from saves.errors import BadFile, SaveError
from saves.lock import CampaignLock
from saves.roster import Roster
from saves.scenefile import SceneFile


class CampaignCast(CampaignRecords):
    """The cast of an open campaign, and the scene files it reads to adopt one."""

    def __init__(self, directory: Path, read_only: bool, lock: CampaignLock | None) -> None:
        super().__init__(directory, read_only, lock)
        self._files: dict[str, SceneFile] = {}
        try:
            self._cast = CastFile(directory, read_only, self._check_writable, self._index.document)
        except BaseException:
            self._index.close()
            raise
        self._roster = Roster(self._index, self._cast)

    # -- the roster ----------------------------------------------------------------------------

    def roster(self) -> tuple[Any, ...]:
        """The campaign's sheets (see :meth:`saves.roster.Roster.sheets`), as ``cast.json`` has
        them now (read again when another open campaign wrote it)."""
        with self._mutex:
            self._cast.refresh()
            self._adopt_cast()  # an old campaign's cast: from its latest scenes
            return self._roster.sheets()

    def with_roster(self, scene: Scene) -> Scene:
        """``scene`` seeing the campaign's roster (see :meth:`saves.roster.Roster.seen_by`); a
        new scene starts where the campaign's cast stands (issue 25)."""
        with self._mutex:
            self._cast.refresh()
            self._adopt_cast()  # an old campaign's cast first: a played scene is moved to it
            return self._roster.seen_by(scene)

    def mist_cast(self) -> Any:
        """What the M.I.S.T. scenes carry to the next (``engine.mist.state.MistState``), if any."""
        with self._mutex:
            self._cast.refresh()
            self._adopt_cast()
            return self._roster.mist()

    def set_mist_cast(self, standing: Any) -> None:
        """Keep ``standing`` as what the M.I.S.T. scenes carry (issue 29: profiles imported);
        the latest M.I.S.T. scene sees its new profiles when it is opened."""
        with self._mutex:
            self._check_writable()
            self._adopt_cast()
            self._roster.set_mist(standing)

    def _adopt_cast(self) -> None:
        """A campaign saved before the cast was the campaign's (issue 25) starts from its latest
        scene of each family: the roster's characters in the condition that scene left them,
        the M.I.S.T. PCs, season, mission and case file. Its scenes are not changed; written
        once (kept in memory only when read-only)."""
        document = self._index.document
        if document.get(CAST_KEPT):
            return
        document[CAST_KEPT] = True
        latest: dict[str, SceneInfo] = {}
        for info in self._index.scenes():
            latest["mist" if info.system == "mist" else "ih"] = info
        try:
            if "ih" in latest:
                self._roster.adopt(self._file(latest["ih"]).load())
            if "mist" in latest:
                self._roster.adopt(self._file(latest["mist"]).load())
        except (SaveError, FileNotFoundError):
            pass  # a scene that does not load gives nothing: the campaign still opens
        if not self.read_only:
            self._cast.write()  # the cast first: a crash before the mark adopts it again
            self._index.write_document()

    def _file(self, info: SceneInfo) -> SceneFile:
        found = self._files.get(info.id)
        if found is None:
            path = self.directory / backups.SCENES / f"{info.id}.json"
            found = SceneFile(path, read_only=self.read_only)
            self._files[info.id] = found
        return found

    def _missing(self, info: SceneInfo) -> NoReturn:
        """Refuse a scene whose file is gone (named, in the table's language)."""
        path = self.directory / backups.SCENES / f"{info.id}.json"
        raise BadFile.of(path, "saves.campaign.scene-file-missing", name=repr(info.name)) from None
