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

OPEN_BESIDE = "open_beside"
"""The index document's list of scenes left open beside a newer one of their family (issue 25:
a split party, ``scene new "NAME" SYSTEM split``): while not ended they share the campaign's
cast with it. An index without it (saved before) has none."""


REOPENED = "reopened"
"""The index document's list of scenes ``scene reopen`` let change again (issue 25): the past,
shown as it was, never moved to where the campaign's cast stands now."""


def reopened(index: CampaignIndex) -> tuple[str, ...]:
    """The scenes reopened since they ended (see :data:`REOPENED`)."""
    stored = index.document.get(REOPENED)
    names = stored if isinstance(stored, list) else []
    return tuple(n for n in names if isinstance(n, str) and index.find(n) is not None)


def open_beside(index: CampaignIndex) -> tuple[str, ...]:
    """The scenes open beside a newer one and not ended (see :data:`OPEN_BESIDE`)."""
    stored = index.document.get(OPEN_BESIDE)
    names = stored if isinstance(stored, list) else []
    ended = index.ended()
    return tuple(
        n
        for n in names
        if isinstance(n, str)
        and index.find(n) is not None
        and not any(same_name(n, e) for e in ended)
    )


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
            self._set_open_beside(name, False)

    def is_open_beside(self, name: str) -> bool:
        """Whether the scene is open beside a newer one (a split party, issue 25): it shares
        the campaign's cast."""
        return any(same_name(n, name) for n in open_beside(self._index))

    def _set_open_beside(self, name: str, beside: bool) -> None:
        self._set_listed(OPEN_BESIDE, name, beside)

    def _listed(self, key: str, name: str) -> bool:
        stored = self._index.document.get(key)
        names = stored if isinstance(stored, list) else []
        return any(isinstance(n, str) and same_name(n, name) for n in names)

    def _set_listed(self, key: str, name: str, listed: bool) -> None:
        """Put ``name`` in (or take it out of) the index document's list ``key``."""
        stored = self._index.document.get(key)
        was = [n for n in stored if isinstance(n, str)] if isinstance(stored, list) else []
        names = [n for n in was if not same_name(n, name)] + ([name] if listed else [])
        if names != was:
            self._index.document[key] = names
            self._index.write_document()

    def reopen_scene(self, name: str) -> None:
        """``scene reopen``: the scene may be changed again (later scenes keep what they started
        from; a reopened scene is the past: it does not move the cast on, see
        :meth:`saves.roster.Roster.merge`)."""
        with self._mutex:
            self._check_writable()
            self._index.set_ended(name, False)
            self._set_listed(REOPENED, name, True)

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
            raise ReadOnly.of("saves.records.closed", directory=self.directory)
        if self.read_only:
            raise ReadOnly.of(
                "saves.records.read-only",
                self.directory,
                name=repr(self._index.document.get("name", self.directory.name)),
            )

    @property
    def holder(self) -> Holder | None:
        """This process as the lock holder, when open for writing."""
        return self._lock.holder if self._lock else None
