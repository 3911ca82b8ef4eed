"""Following a campaign from outside: the players' view reads what the ST's console saved.

The view is a reader only. It never takes the campaign's lock, never migrates or creates
anything (``Store`` would make the ``campaigns/`` folder and migrate old files: not used here),
and treats every file as untrusted: it loads through :class:`saves.campaign.Campaign` opened
read-only, so the same checks as every other load apply (a damaged or newer file is a
:class:`~saves.errors.SaveError` naming it).

Changes are noticed by :func:`signature`: the size, modification time and inode of the few files
that say what the ST is showing (the save directory's last-opened record, the campaign's index,
the current scene's header). Every save replaces its file atomically (``os.replace``), so a new
inode or time means a whole new file; a reader never sees half of one.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from engine.past import past_after
from engine.session import Scene
from saves import backups
from saves.campaign import Campaign, named_directory
from saves.errors import BadFile, NotFound, SaveError
from saves.storage import open_db
from saves.store import CAMPAIGNS, SETTINGS

Stamp = tuple[int, int, int] | None
"""A file's (inode, size, modification time in ns); ``None`` when it is missing."""


@dataclass(frozen=True, slots=True)
class Followed:
    """What the ST's console shows now: the campaign's name and directory and its scene."""

    campaign: str
    directory: Path
    scene: Scene
    recap: tuple[int, int] | None = None
    """While the ST recaps a past moment (issue 26): the entry shown and the journal's length;
    ``scene`` is then the scene as it stood after that entry."""


def _stamp(path: Path) -> Stamp:
    try:
        found = os.stat(path)
    except OSError:
        return None
    return (found.st_ino, found.st_size, found.st_mtime_ns)


def last_opened(root: Path, strict: bool = False) -> tuple[str, str | None] | None:
    """The campaign and scene the console last opened, read-only; ``None`` when unknown.

    Raises:
        SaveError: with ``strict``, a settings file that cannot be read (named), where the view
            said no campaign had been opened yet.
    """
    path = root / SETTINGS
    if not path.exists():
        return None
    try:
        db = open_db(path, read_only=True)
        try:
            document = db.table("last").get(doc_id=1)
        finally:
            db.close()
    except SaveError:
        if strict:
            raise
        return None
    if not isinstance(document, dict) or not isinstance(document.get("campaign"), str):
        return None
    scene = document.get("scene")
    return document["campaign"], scene if isinstance(scene, str) else None


def find_campaign(root: Path, name: str) -> Path | None:
    """The directory of the campaign called ``name`` (any case), read-only; ``None`` if absent.

    A directory whose index cannot be read is the one wanted when its folder has the name's
    slug, as :meth:`saves.store.Store.find` takes it: loading it then names the damaged file
    (issue 30: the view said "No campaign named …" instead).
    """
    base = root / CAMPAIGNS
    if not base.is_dir():
        return None
    found = sorted(p for p in base.iterdir() if p.is_dir() and not p.name.startswith("."))
    return named_directory(found, name)


class Follower:
    """Reads the scene the ST's console shows, read-only, and tells when it may have changed.

    Args:
        root: the save directory.
        campaign: follow this campaign; ``None`` follows whichever the console opened last.
    """

    def __init__(self, root: Path, campaign: str | None = None) -> None:
        self.root = root
        self.campaign = campaign
        self._directory: Path | None = None
        self._scene_file: Path | None = None
        self.seen: tuple[Stamp, ...] = ()
        """The :meth:`signature` of the files as they were just before the last :meth:`read`
        read each of them: a change made during a read differs from it, so it is not missed."""

    def signature(self) -> tuple[Stamp, ...]:
        """Stamps of the files whose change may change what the view shows (a few ``stat``\\ s)."""
        stamps: list[Stamp] = [_stamp(self.root / SETTINGS)]
        if self._directory is not None:
            stamps.append(_stamp(self._directory / backups.INDEX))
        if self._scene_file is not None:
            stamps.append(_stamp(self._scene_file))
        return tuple(stamps)

    def folders(self) -> list[Path]:
        """The folders holding the files :meth:`signature` looks at (to be watched for
        changes instead of polled, where the system can: ``console/player/watch.py``)."""
        found = [self.root]
        if self._directory is not None:
            found.append(self._directory)
        if self._scene_file is not None:
            found.append(self._scene_file.parent)
        return found

    def read(self) -> Followed:
        """Load the current scene.

        Raises:
            SaveError: nothing to show yet (NotFound) or a file that does not load (named).
        """
        self.seen = (_stamp(self.root / SETTINGS),)
        remembered = last_opened(self.root, strict=self.campaign is None)
        name = self.campaign or (remembered[0] if remembered else None)
        if name is None:
            raise NotFound.of("saves.follow.none-yet", root=self.root)
        wanted = name.strip().casefold()
        directory = self._directory
        if directory is not None:
            index = _stamp(directory / backups.INDEX)
            with Campaign(directory, read_only=True, lock=None) as campaign:
                if campaign.name.casefold() == wanted:
                    self.seen += (index,)
                    return self._load(campaign, directory, remembered)
        directory = find_campaign(self.root, name)
        if directory is None:
            self._directory = self._scene_file = None
            raise NotFound(
                f"No campaign named {name!r} in {self.root}.",
                code="saves.store.no-campaign",
                params={"name": repr(name), "root": self.root},
            )
        self.seen += (_stamp(directory / backups.INDEX),)
        with Campaign(directory, read_only=True, lock=None) as campaign:
            return self._load(campaign, directory, remembered)

    def _load(
        self, campaign: Campaign, directory: Path, remembered: tuple[str, str | None] | None
    ) -> Followed:
        self._directory = directory
        scene_name = campaign.current_scene()
        if (
            scene_name is None
            and remembered
            and remembered[0].casefold() == campaign.name.casefold()
        ):
            scene_name = remembered[1]
        info = next(
            (
                i
                for i in campaign.scenes()
                if scene_name and i.name.casefold() == scene_name.casefold()
            ),
            None,
        )
        if scene_name is None or info is None:
            self._scene_file = None
            raise NotFound(
                f"Campaign {campaign.name!r} has no scene open yet.",
                code="saves.follow.no-scene-yet",
                params={"campaign": repr(campaign.name)},
            )
        self._scene_file = directory / backups.SCENES / f"{info.id}.json"
        self.seen += (_stamp(self._scene_file),)
        try:
            scene = campaign.load_scene(info.name)
        except (OSError, ValueError, RecursionError) as error:
            raise BadFile.of(self._scene_file, "saves.file.unreadable", error=error) from None
        recap = campaign.recap
        if recap is not None and recap[0].casefold() == info.name.casefold():
            length = len(scene.journal)
            if recap[1] <= length:
                shown = past_after(scene, recap[1])
                return Followed(campaign.name, directory, shown, recap=(recap[1], length))
        return Followed(campaign=campaign.name, directory=directory, scene=scene)


__all__ = ["Followed", "Follower", "find_campaign", "last_opened"]
