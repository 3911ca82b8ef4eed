"""The save directory: its campaigns, the last campaign and scene opened, backups, migrations.

Layout of the save directory (default: platformdirs' user data directory for ``st-console``)::

    st-console.json            the last campaign and scene opened, the console's language (TinyDB)
    campaigns/<slug>/          one campaign (saves.campaign)
    campaigns/<name>.json      a schema-version-1 campaign, migrated when the store opens
"""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs
from tinydb.table import Document

from saves import backups, units
from saves.backups import Backup
from saves.campaign import Campaign, named_directory
from saves.campaign_index import ForkOrigin, SceneInfo, new_campaign_document
from saves.errors import BadFile, LockHeld, NameTaken, NotFound, SaveError
from saves.lock import LOCK_NAME, CampaignLock, Holder, is_alive, me, read_holder
from saves.migrations import SCHEMA_VERSION, campaign_v1_to_v2, is_v1_campaign
from saves.names import check_name, slug
from saves.storage import is_abandoned, open_db, read_json

CAMPAIGNS = "campaigns"
SETTINGS = "st-console.json"


def default_save_dir() -> Path:
    """The user's data directory for ST Console (``--save-dir`` overrides it)."""
    return Path(platformdirs.user_data_dir("st-console", appauthor=False))


@dataclass(frozen=True, slots=True)
class CampaignInfo:
    """A campaign as listed: name, directory, scenes, who holds it open, what is wrong with it."""

    name: str
    directory: Path
    scenes: tuple[SceneInfo, ...] = ()
    holder: str | None = None
    problem: str | None = None
    forked_from: ForkOrigin | None = None
    """Where the campaign was forked from (issue 26), if it is a fork."""
    error: SaveError | None = field(default=None, compare=False)
    """The refusal ``problem`` words in English, for a console to say in the table's language."""


class Store:
    """All campaigns in one save directory. Cheap to make; holds nothing open itself."""

    def __init__(self, root: Path, program: str = "st-console") -> None:
        self.root = root
        self.program = program
        (root / CAMPAIGNS).mkdir(parents=True, exist_ok=True)
        _clean_stale_settings_temporaries(root)
        self.migrated: list[str] = self._migrate_legacy()
        self.moved_aside: list[Path] = []
        """Settings files (``st-console.json``) found damaged and moved aside by this store,
        each to be told once: the console and ``run`` take them with :meth:`take_moved_aside`."""

    # -- campaigns -----------------------------------------------------------------------------

    def _directories(self) -> list[Path]:
        base = self.root / CAMPAIGNS
        found = sorted(p for p in base.iterdir() if p.is_dir() and not p.name.startswith("."))
        for directory in found:
            if (directory / backups.RESTORING).exists() or units.pending(directory):
                self._finish_restore(directory)
        return found

    def _finish_restore(self, directory: Path) -> None:
        """Complete a restore a crash cut short, before anything reads the campaign;
        left for later when the campaign is open elsewhere (its holder finishes it)."""
        lock = CampaignLock(directory, me(self.program))
        try:
            lock.acquire()
        except SaveError:
            return
        try:
            with contextlib.suppress(OSError):
                backups.finish_restore(directory)
                units.roll_back(directory)  # a script or import a kill cut short
        finally:
            lock.release()

    def list_campaigns(self) -> tuple[CampaignInfo, ...]:
        """Every campaign with its scenes; a bad one is listed with its problem, not skipped."""
        found = []
        for directory in self._directories():
            if not (directory / backups.INDEX).exists():
                continue
            holder = self._holder(directory)
            try:
                with Campaign(directory, read_only=True, lock=None) as campaign:
                    found.append(
                        CampaignInfo(
                            campaign.name,
                            directory,
                            campaign.scenes(),
                            holder=holder,
                            forked_from=campaign.forked_from,
                        )
                    )
            except SaveError as error:
                found.append(
                    CampaignInfo(directory.name, directory, problem=str(error), error=error)
                )
        return tuple(sorted(found, key=lambda info: info.name.casefold()))

    def campaign_names(self) -> tuple[str, ...]:
        """The names of the readable campaigns."""
        return tuple(info.name for info in self.list_campaigns() if info.problem is None)

    def _holder(self, directory: Path) -> str | None:
        try:
            holder = read_holder(directory / LOCK_NAME)
        except FileNotFoundError:
            return None
        if holder is None or (holder.host == me().host and not is_alive(holder)):
            return None
        return holder.describe()

    def find(self, name: str) -> Path | None:
        """The directory of the campaign of that name (any case), if there is one."""
        return named_directory(self._directories(), name)

    def has_campaign(self, name: str) -> bool:
        """Whether a campaign of that name exists."""
        return self.find(name) is not None

    def create_campaign(self, name: str) -> Campaign:
        """A new empty campaign, open for writing.

        Raises:
            NameTaken: a campaign of that name exists.
        """
        clean = name.strip()
        if not clean:
            raise NameTaken.of("saves.store.needs-name")
        check_name(clean, "campaign")
        if self.find(clean) is not None:
            raise NameTaken.of("saves.store.name-taken", name=repr(clean))
        base = slug(clean)
        directory = self.root / CAMPAIGNS / base
        number = 2
        while directory.exists():
            directory = self.root / CAMPAIGNS / f"{base}-{number}"
            number += 1
        directory.mkdir(parents=True)
        (directory / backups.SCENES).mkdir()
        lock = CampaignLock(directory, me(self.program))
        lock.acquire()
        try:
            db = open_db(directory / backups.INDEX)
            db.table("campaign").insert(Document(new_campaign_document(clean), doc_id=1))
            db.close()
            return Campaign(directory, read_only=False, lock=lock)
        except BaseException:
            lock.release()
            raise

    def open_campaign(self, name: str, read_only: bool = False, create: bool = False) -> Campaign:
        """Open a campaign; for writing unless ``read_only``.

        Raises:
            NotFound: no such campaign (and not ``create``).
            LockHeld: another live program has it open for writing (open it read-only instead).
            BadFile, NewerVersion: its index is bad; nothing was changed.
        """
        directory = self.find(name)
        if directory is None:
            if create:
                return self.create_campaign(name)
            raise no_campaign(self.root, name, self.campaign_names())
        return self.open_directory(directory, read_only=read_only)

    def open_directory(self, directory: Path, read_only: bool = False) -> Campaign:
        """Open the campaign in ``directory`` (see :meth:`open_campaign`)."""
        if read_only:
            return Campaign(directory, read_only=True, lock=None)
        lock = CampaignLock(directory, me(self.program))
        lock.acquire()
        try:
            backups.finish_restore(directory)
            units.roll_back(directory)  # issue 30: nothing of a unit a kill cut short stays
            campaign = Campaign(directory, read_only=False, lock=lock)
            _clean_temporaries(directory)
            with contextlib.suppress(OSError, SaveError):
                if campaign.verify():  # a damaged campaign is not backed up
                    backups.take(directory)
            return campaign
        except BaseException:
            lock.release()
            raise

    # -- last opened ---------------------------------------------------------------------------

    def last_opened(self) -> tuple[str, str | None] | None:
        """The campaign and scene last opened (the console reopens them); ``None`` at first."""
        try:
            db = open_db(self.root / SETTINGS, read_only=True)
            document = db.table("last").get(doc_id=1)
        except (SaveError, RecursionError, ValueError):
            return None
        if document is None or not isinstance(document.get("campaign"), str):
            return None
        scene = document.get("scene")
        return document["campaign"], scene if isinstance(scene, str) else None

    def set_last_opened(self, campaign: str, scene: str | None) -> None:
        """Remember the campaign and scene the console has open; a bad settings file is
        moved aside (``st-console.json.bad-<time>``) and written anew."""
        record = {"schema_version": SCHEMA_VERSION, "campaign": campaign, "scene": scene}
        path = self.root / SETTINGS
        try:
            db = open_db(path)
            db.table("last").upsert(Document(record, doc_id=1))
        except (BadFile, RecursionError, ValueError):
            self._move_aside(path)
            open_db(path).table("last").upsert(Document(record, doc_id=1))

    def _move_aside(self, path: Path) -> None:
        """Move a damaged settings file aside (``st-console.json.bad-<time>``), noted in
        :attr:`moved_aside` to be told."""
        aside = path.with_name(f"{SETTINGS}.bad-{int(time.time())}")
        os.replace(path, aside)
        self.moved_aside.append(aside)

    def take_moved_aside(self) -> list[Path]:
        """The settings files moved aside since last asked (each is told once)."""
        found, self.moved_aside = self.moved_aside, []
        return found

    # -- settings ------------------------------------------------------------------------------

    def language(self) -> str | None:
        """The console language last chosen in this save directory (``None``: never chosen)."""
        try:
            document = open_db(self.root / SETTINGS, read_only=True).table("settings").get(doc_id=1)
        except (SaveError, RecursionError, ValueError):
            return None
        lang = document.get("lang") if document is not None else None
        return lang if isinstance(lang, str) else None

    def set_language(self, lang: str) -> None:
        """Remember the console language for the next start (``--lang`` still overrides it)."""
        record = {"schema_version": SCHEMA_VERSION, "lang": lang}
        path = self.root / SETTINGS
        try:
            open_db(path).table("settings").upsert(Document(record, doc_id=1))
        except (BadFile, RecursionError, ValueError):
            self._move_aside(path)
            open_db(path).table("settings").upsert(Document(record, doc_id=1))

    # -- backups -------------------------------------------------------------------------------

    def _directory(self, name: str) -> Path:
        directory = self.find(name)
        if directory is None:
            raise NotFound(
                f"No campaign named {name!r} in {self.root}.",
                code="saves.store.no-campaign",
                params={"name": repr(name), "root": self.root},
            )
        return directory

    def backups(self, name: str) -> tuple[Backup, ...]:
        """The campaign's backups, newest first."""
        return tuple(backups.list_backups(self._directory(name)))

    def newest_good_backup(self, name: str) -> Backup:
        """The newest backup whose index and every scene load.

        Raises:
            NotFound: no backup loads.
        """
        for backup in backups.list_backups(self._directory(name)):
            try:
                with Campaign(backup.path, read_only=True, lock=None) as campaign:
                    for scene in campaign.scene_names():
                        campaign.load_scene(scene)
                return backup
            except SaveError:
                continue
        raise NotFound.of("saves.store.no-good-backup", name=repr(name))

    def open_backup(self, name: str, backup_id: str | None = None) -> Campaign:
        """A backup opened read-only: the newest good one, or the one of that id."""
        backup = self._backup(name, backup_id)
        return Campaign(backup.path, read_only=True, lock=None)

    def restore_backup(self, name: str, backup_id: str | None = None) -> Path:
        """Make a backup (the newest good one by default) the live campaign.

        The files it replaces are moved to ``broken/<stamp>/`` in the campaign's directory,
        never deleted or overwritten. Returns that directory.

        Raises:
            LockHeld: the campaign is open elsewhere. NotFound: no such (good) backup.
        """
        directory = self._directory(name)
        backup = self._backup(name, backup_id)
        lock = CampaignLock(directory, me(self.program))
        lock.acquire()
        try:
            return backups.restore(directory, backup)
        finally:
            lock.release()

    def _backup(self, name: str, backup_id: str | None) -> Backup:
        if backup_id is None:
            return self.newest_good_backup(name)
        for backup in backups.list_backups(self._directory(name)):
            if backup.id == backup_id:
                return backup
        raise NotFound.of("saves.store.no-backup", name=repr(name), id=repr(backup_id))

    # -- schema version 1 ----------------------------------------------------------------------

    def _migrate_legacy(self) -> list[str]:
        """Turn each version-1 campaign file into a campaign directory; the file is moved in."""
        from saves.imports import import_export

        migrated = []
        for path in sorted((self.root / CAMPAIGNS).glob("*.json")):
            try:
                data = read_json(path)
            except (SaveError, OSError):
                continue
            if not is_v1_campaign(data):
                continue
            try:
                document = campaign_v1_to_v2(data)
            except ValueError:
                continue
            if self.find(document["campaign"]["name"]) is not None:
                continue
            name = import_export(self, document, path)[0]
            directory = self._directory(name)
            keep = directory / "migrated"
            keep.mkdir(exist_ok=True)
            os.replace(path, keep / path.name)
            migrated.append(name)
        return migrated


STALE_TEMPORARY = 60.0
"""Seconds after which a settings file's temporary is a crash's leftover even where no writer
can lock it (``saves.storage.is_abandoned``: one no writer holds goes at once)."""


def _clean_stale_settings_temporaries(root: Path) -> None:
    """Remove the temporaries (``.st-console.json.*.tmp``) a kill while the settings were
    written left behind (issue 30: they stayed forever), never one being written now."""
    now = time.time()
    for path in root.glob(f".{SETTINGS}.*.tmp"):
        with contextlib.suppress(OSError):
            age = now - path.stat().st_mtime
            if age > STALE_TEMPORARY or (age > 0.5 and is_abandoned(path)):  # 0.5 s: locked
                path.unlink()


def _clean_temporaries(directory: Path) -> None:
    """Remove temporary files a crash left behind (never a real save file)."""
    for path in [*directory.glob(".*.tmp"), *directory.glob(f"{backups.SCENES}/**/.*.tmp")]:
        with contextlib.suppress(OSError):
            path.unlink()


def open_store(
    save_dir: str | os.PathLike[str] | None = None, program: str = "st-console"
) -> Store:
    """The store in ``save_dir`` (default: the user's data directory), created if missing."""
    return Store(Path(save_dir) if save_dir else default_save_dir(), program=program)


def no_campaign(root: Path, name: str, known: tuple[str, ...] = ()) -> NotFound:
    """The refusal of a campaign ``name`` that ``root`` does not hold, naming those it does."""
    known_names = ", ".join(known)
    return NotFound(
        f"No campaign named {name!r} in {root} (campaigns: {known_names or 'none yet'}).",
        code="saves.store.no-campaign-known",
        params={"name": repr(name), "root": root, "known": known_names or "—"},
    )


__all__ = ["CampaignInfo", "Holder", "LockHeld", "Store", "default_save_dir", "open_store", "slug"]
