"""The index side of an open campaign (:class:`CampaignRecords`): its name, scenes, season and
missions, which scenes have ended, where it was forked from and what the players' view recaps,
its lock and the check before every write. :class:`saves.campaign.Campaign` adds the scenes'
files, the cast and the backups.
"""

from __future__ import annotations

import threading
from pathlib import Path

from saves.campaign_index import (
    FORKED_FROM,
    RECAP,
    CampaignIndex,
    ForkOrigin,
    Mission,
    SceneInfo,
    origin_of,
    recap_of,
    same_name,
)
from saves.errors import ReadOnly
from saves.lock import CampaignLock, Holder


class CampaignRecords:
    """What an open campaign's index records; see :class:`saves.campaign.Campaign`."""

    def __init__(self, directory: Path, read_only: bool, lock: CampaignLock | None) -> None:
        self.directory = directory
        self.read_only = read_only
        self._lock = lock
        self._mutex = threading.RLock()
        self._closed = False
        self._index = CampaignIndex(directory, read_only, self._check_writable)

    # -- the index -----------------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The campaign's name."""
        return self._index.name

    def scenes(self) -> tuple[SceneInfo, ...]:
        """The scenes in the order they were created."""
        return self._index.scenes()

    def scene_names(self) -> tuple[str, ...]:
        """The names of the scenes, in the order they were created."""
        return tuple(info.name for info in self._index.scenes())

    def has_scene(self, name: str) -> bool:
        """Whether a scene of that name (any case) exists."""
        return self._index.find(name) is not None

    def current_scene(self) -> str | None:
        """The scene last opened in this campaign (the console reopens it)."""
        return self._index.current_scene()

    def set_current_scene(self, name: str) -> None:
        """Remember ``name`` as the campaign's current scene."""
        with self._mutex:
            self._index.set_current_scene(name)

    @property
    def season(self) -> str | None:
        """The M.I.S.T. season the campaign plays (RULES.md §4.6), if named."""
        return self._index.season

    def set_season(self, name: str | None) -> None:
        """Name (or clear) the season."""
        with self._mutex:
            self._index.set_season(name)

    def missions(self) -> tuple[Mission, ...]:
        """The season's missions in order, each with its scenes."""
        return self._index.missions()

    def set_mission(self, scene: str, mission: str | None) -> None:
        """Put a scene in a mission (created at the end if new), or in none."""
        with self._mutex:
            self._index.set_mission(scene, mission)

    def is_ended(self, name: str) -> bool:
        """Whether the table has ended that scene (a new scene started after it, issue 25): it
        opens read-only in the console and ``run`` until ``scene reopen``."""
        return any(same_name(n, name) for n in self._index.ended())

    def end_scene(self, name: str) -> None:
        """Mark a scene ended (the table started a new one after it)."""
        with self._mutex:
            self._check_writable()
            self._index.set_ended(name, True)

    def reopen_scene(self, name: str) -> None:
        """``scene reopen``: the scene may be changed again (later scenes keep what they started
        from: only the latest scene moves the cast on, see :meth:`saves.roster.Roster.merge`)."""
        with self._mutex:
            self._check_writable()
            self._index.set_ended(name, False)

    @property
    def forked_from(self) -> ForkOrigin | None:
        """Where this campaign was forked from (issue 26); ``None``: it is not a fork."""
        return origin_of(self._index.document)

    def set_forked_from(self, origin: ForkOrigin) -> None:
        """Note where this campaign was forked from, in its index."""
        with self._mutex:
            self._check_writable()
            self._index.document[FORKED_FROM] = origin.document()
            self._index.write_document()

    @property
    def recap(self) -> tuple[str, int] | None:
        """The scene and journal entry the players' view recaps (issue 26); ``None``: now."""
        return recap_of(self._index.document)

    def set_recap(self, scene: str | None, entry: int = 0) -> None:
        """Put the players' view on the moment after ``entry`` of ``scene``, or (``None``) back
        on the present. Writes the index only (the scene is not touched)."""
        with self._mutex:
            self._check_writable()
            document = self._index.document
            wanted = None if scene is None else {"scene": scene, "entry": entry}
            if document.get(RECAP) == wanted:
                return
            document[RECAP] = wanted
            self._index.write_document()

    def _check_writable(self) -> None:
        if self._closed:
            raise ReadOnly(f"Campaign in {self.directory} is closed; nothing was saved.")
        if self.read_only:
            raise ReadOnly(
                f"Campaign {self._index.document.get('name', self.directory.name)!r} is open "
                "read-only; nothing was saved.",
                self.directory,
            )

    @property
    def holder(self) -> Holder | None:
        """This process as the lock holder, when open for writing."""
        return self._lock.holder if self._lock else None
