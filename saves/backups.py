"""Rotating backups of a campaign: the last N good versions, cheap to take.

A backup is a directory ``backups/<stamp>/`` with the campaign's layout (``campaign.json``,
``scenes/…``): copies of the index and the scene headers, and the sealed journal chunks, which
never change, hard-linked from the previous backup when it has them (copied otherwise), so a
backup costs little more than the small files. Taken when a campaign is opened for writing,
every :data:`saves.campaign.BACKUP_EVERY` autosaves, and when it is closed.
"""

from __future__ import annotations

import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from saves.storage import fsync_dir

KEEP = 10
"""How many backups a campaign keeps in its rotation."""

KEEP_GOOD = 3
"""How many of the newest good backups are kept besides the rotation: backups of a
damaged campaign never rotate out the last good ones."""

DAMAGED = "damaged"
"""A file in a backup taken from a campaign that did not verify (a scene header that neither
matched its checksum nor loaded, a chunk that did not match its checksum)."""

BACKUPS = "backups"
BROKEN = "broken"
INDEX = "campaign.json"
SCENES = "scenes"
CAST = "cast.json"
"""The campaign's cast (:mod:`saves.cast_file`); a campaign saved before it has none."""
NO_CAST = "no-cast"
"""In a restore's staging folder: the backup has no :data:`CAST` (saved before it existed), so
the live one goes aside with the other live files."""


@dataclass(frozen=True, slots=True)
class Backup:
    """One backup of a campaign: its id (a time stamp) and directory."""

    id: str
    path: Path

    @property
    def damaged(self) -> bool:
        """Whether the campaign failed its verification when this backup was taken."""
        return (self.path / DAMAGED).exists()

    @property
    def taken(self) -> str:
        """When it was taken, ``2026-11-22 20:01:07``."""
        day, clock = self.id[:8], self.id[9:15]
        return f"{day[:4]}-{day[4:6]}-{day[6:]} {clock[:2]}:{clock[2:4]}:{clock[4:6]}"


def _stamp() -> str:
    now = time.time()
    return time.strftime("%Y%m%d-%H%M%S", time.localtime(now)) + f"-{int(now * 1e6) % 10**6:06d}"


def live_files(root: Path) -> list[Path]:
    """The files that make a campaign, relative to its directory (index, headers, chunks)."""
    files: list[Path] = []
    if (root / INDEX).is_file():
        files.append(Path(INDEX))
    if (root / CAST).is_file():
        files.append(Path(CAST))
    scenes = root / SCENES
    if scenes.is_dir():
        for path in sorted(scenes.rglob("*.json")):
            if not path.name.startswith("."):
                files.append(path.relative_to(root))
    return files


def _link_or_copy(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def take(root: Path, keep: int | None = None, good: bool = True) -> Backup:
    """Back up the campaign in ``root`` now and drop old backups.

    The index and scene headers are copied. A sealed journal chunk never changes and carries
    its checksum in its name, so one already in the previous backup is hard-linked from there
    (not from the live file: a live file damaged in place must not damage its backups); a
    chunk copied from the live campaign has its checksum checked. ``good``: the caller
    verified the index and scene headers; otherwise, or if a chunk copied does not match its
    checksum, the backup is marked :data:`DAMAGED`.

    All but the newest ``keep`` (:data:`KEEP`) backups are dropped, except the newest
    :data:`KEEP_GOOD` ones not marked damaged.
    """
    from saves.journal_chunks import chunk_digest

    directory = root / BACKUPS
    directory.mkdir(exist_ok=True)
    previous = list_backups(root)
    stamp = _stamp()
    temp = directory / f".{stamp}.partial"
    copied: list[Path] = []
    for relative in live_files(root):
        earlier = previous[0].path / relative if previous else None
        target = temp / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            chunk = len(relative.parts) == 3 and relative.parts[0] == SCENES
            if chunk and earlier is not None and earlier.exists():
                _link_or_copy(earlier, target)
            else:
                shutil.copy2(root / relative, target)
                copied.append(target)
                if chunk and chunk_digest(target.read_bytes()) != relative.stem.rpartition("-")[2]:
                    good = False
        except FileNotFoundError:
            continue
    temp.mkdir(exist_ok=True)
    if not good:
        (temp / DAMAGED).write_bytes(b"")
    _make_durable(temp, copied)
    final = directory / stamp
    os.replace(temp, final)
    fsync_dir(directory)
    _rotate(root, KEEP if keep is None else keep)
    for partial in [*directory.glob(".*.partial"), *directory.glob(".*.dropping")]:
        shutil.rmtree(partial, ignore_errors=True)
    return Backup(id=stamp, path=final)


SYNC_EACH_UP_TO = 64
"""A backup of at most this many copied files fsyncs each; a bigger one (a campaign of
thousands of scenes) makes them durable with one ``os.sync`` instead."""


def _make_durable(temp: Path, copied: list[Path]) -> None:
    """Make the copies in a backup's partial folder, and the folders naming them, durable
    before the rename that makes it a backup (issue 30: a power cut after the rename could
    leave a backup of empty or missing files, counted among the 10 kept)."""
    if len(copied) > SYNC_EACH_UP_TO and hasattr(os, "sync"):
        os.sync()
        return
    for path in copied:
        with path.open("rb") as handle:
            os.fsync(handle.fileno())
    folders = [temp, *(path for path in temp.rglob("*") if path.is_dir())]
    for folder in sorted(folders, key=lambda p: len(p.parts), reverse=True):
        fsync_dir(folder)  # the names of the copies and of the hard-linked chunks


def _rotate(root: Path, keep: int) -> None:
    """Drop old backups: each is first renamed to a hidden name (atomic), so a crash while it
    is being removed never leaves a half-removed backup that looks like a whole one."""
    found = list_backups(root)
    good = [backup for backup in found if not backup.damaged][:KEEP_GOOD]
    for old in found[keep:]:
        if old not in good:
            dropping = old.path.with_name(f".{old.id}.dropping")
            try:
                os.replace(old.path, dropping)
            except OSError:
                continue
            shutil.rmtree(dropping, ignore_errors=True)


def list_backups(root: Path) -> list[Backup]:
    """The campaign's backups, newest first."""
    directory = root / BACKUPS
    if not directory.is_dir():
        return []
    found = [
        Backup(id=path.name, path=path)
        for path in directory.iterdir()
        if path.is_dir() and not path.name.startswith(".")
    ]
    return sorted(found, key=lambda backup: backup.id, reverse=True)


RESTORING = ".restoring"
"""The folder a restore copies a backup into, then renames to this name: once it
exists the restore is decided, and :func:`finish_restore` completes it, at the next open if a
crash stopped it. ``ASIDE`` in it names the ``broken/<stamp>`` folder the live files go to."""

ASIDE = "aside"


def restore(root: Path, backup: Backup) -> Path:
    """Make ``backup`` the live campaign; the replaced files are moved, never deleted.

    Crash-safe: the backup is first copied (never linked: damage to a live file in
    place must not reach the backups) into a hidden partial folder, which a crash leaves
    behind to be removed with the live campaign untouched; one rename makes it
    :data:`RESTORING`, and from then on :func:`finish_restore` (run again at every open) moves
    the live files aside and the restored ones in, so the campaign opens old or restored,
    never without its index.

    Returns:
        The directory ``broken/<stamp>/`` that now holds the files that were live.
    """
    finish_restore(root)  # a restore a crash left half done comes first
    stamp = _stamp()
    partial = root / f".restore-{stamp}.partial"
    for relative in live_files(backup.path):
        (partial / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(backup.path / relative, partial / relative)
    (partial / SCENES).mkdir(parents=True, exist_ok=True)
    (partial / ASIDE).write_text(stamp, encoding="utf-8")
    if not (partial / CAST).exists():
        (partial / NO_CAST).write_bytes(b"")
    for path in sorted(partial.rglob("*"), reverse=True):
        if path.is_file():
            with path.open("rb") as handle:
                os.fsync(handle.fileno())
    os.replace(partial, root / RESTORING)
    fsync_dir(root)
    return finish_restore(root) or root / BROKEN / stamp


def finish_restore(root: Path) -> Path | None:
    """Complete a restore that was decided (:data:`RESTORING` exists), and drop the partial
    copies of one that was not. Each step can be cut by a crash and run again.

    Returns:
        The ``broken/<stamp>/`` folder holding the files that were live, if a restore was
        completed.
    """
    for partial in root.glob(".restore-*.partial"):
        shutil.rmtree(partial, ignore_errors=True)
    staged = root / RESTORING
    if not staged.is_dir():
        return None
    try:
        stamp = (staged / ASIDE).read_text(encoding="utf-8").strip()
    except (OSError, UnicodeDecodeError):
        stamp = ""
    if not stamp or "/" in stamp or stamp.startswith("."):
        stamp = _stamp()
    aside = root / BROKEN / stamp
    if (staged / NO_CAST).exists() and (root / CAST).exists():
        aside.mkdir(parents=True, exist_ok=True)
        os.replace(root / CAST, aside / CAST)  # the backup's cast is in its index
    for name in (CAST, INDEX, SCENES):
        if not (staged / name).exists():
            continue  # already moved in
        if (root / name).exists():
            aside.mkdir(parents=True, exist_ok=True)
            os.replace(root / name, aside / name)
        os.replace(staged / name, root / name)
    fsync_dir(root)
    shutil.rmtree(staged, ignore_errors=True)
    return aside
