"""Writes that commit as one unit: a ``run --campaign`` script, an import (issue 30).

Each scene is saved atomically on its own (:mod:`saves.scenefile`), but a script touches
several: a kill between two of its saves left some applied, and running the script again
applied those twice. So before the first write, :func:`begin` keeps what the unit may change —
the campaign's index, the headers of the scenes it touches with their journal chunks (hard
links: chunks never change) and the list of the files in ``scenes/`` — in a folder that one
rename makes :data:`UNDO`. :func:`commit` drops that folder with one rename: from then on the
unit is applied. If the program dies (or fails) before that rename, :func:`roll_back`, run
when the campaign is next opened for writing or listed (``saves.store``), puts every kept file
back and removes the files the unit added: nothing of it stays applied. Every step is
idempotent, so a crash during a roll back is finished by the next one. The caller holds the
campaign's lock throughout.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import time
from collections.abc import Iterable
from pathlib import Path

from saves.backups import CAST, INDEX, SCENES
from saves.storage import fsync_dir, write_atomic

UNDO = ".unit-undo"
"""The folder, in the campaign's directory, of what an unfinished unit will be rolled back to."""

MANIFEST = "scene-files.txt"
"""In :data:`UNDO`: the names in ``scenes/`` before the unit (any other is the unit's)."""

NO_CAST_BEFORE = "no-cast-before"
"""In :data:`UNDO`: the campaign had no ``cast.json`` before the unit (a roll back removes the
one the unit wrote)."""


def begin(directory: Path, scene_ids: Iterable[str]) -> None:
    """Keep the index and the scenes ``scene_ids`` (their file ids) as they are now, durably,
    before a unit writes anything."""
    _drop_leftovers(directory)
    partial = directory / f"{UNDO}.partial"
    (partial / SCENES).mkdir(parents=True)
    copied: list[Path] = []
    if (directory / INDEX).exists():
        shutil.copy2(directory / INDEX, partial / INDEX)
        copied.append(partial / INDEX)
    if (directory / CAST).exists():  # the campaign's cast (issue 25) changes with its scenes
        shutil.copy2(directory / CAST, partial / CAST)
        copied.append(partial / CAST)
    else:
        (partial / NO_CAST_BEFORE).write_bytes(b"")
        copied.append(partial / NO_CAST_BEFORE)
    scenes = directory / SCENES
    for scene_id in scene_ids:
        header = scenes / f"{scene_id}.json"
        if header.exists():
            shutil.copy2(header, partial / SCENES / header.name)
            copied.append(partial / SCENES / header.name)
        chunks = scenes / scene_id
        if chunks.is_dir():
            (partial / SCENES / scene_id).mkdir()
            for chunk in chunks.glob("*.json"):
                copied.extend(_link_or_copy(chunk, partial / SCENES / scene_id / chunk.name))
    names = sorted(p.name for p in scenes.iterdir()) if scenes.is_dir() else []
    (partial / MANIFEST).write_text("".join(f"{name}\n" for name in names), encoding="utf-8")
    copied.append(partial / MANIFEST)
    for path in copied:
        with path.open("rb") as handle:
            os.fsync(handle.fileno())
    for folder in sorted((p for p in partial.rglob("*") if p.is_dir()), reverse=True):
        fsync_dir(folder)
    fsync_dir(partial)
    os.replace(partial, directory / UNDO)
    fsync_dir(directory)


def commit(directory: Path) -> None:
    """The unit is applied: drop what :func:`begin` kept (one rename decides it)."""
    _drop(directory / UNDO)


def pending(directory: Path) -> bool:
    """Whether a unit was begun and neither committed nor rolled back."""
    return (directory / UNDO).is_dir()


def roll_back(directory: Path) -> bool:
    """Undo an unfinished unit: the kept files put back, the files it added removed.

    Returns:
        Whether there was one to roll back.
    """
    _drop_leftovers(directory)
    undo = directory / UNDO
    if not undo.is_dir():
        return False
    scenes = directory / SCENES
    try:
        before = set((undo / MANIFEST).read_text(encoding="utf-8").split("\n")) - {""}
    except (OSError, UnicodeDecodeError):
        before = None  # a unit begun by hand? keep every file rather than guess
    if before is not None and scenes.is_dir():
        for path in scenes.iterdir():
            if path.name not in before and not path.name.startswith("."):
                if path.is_dir():
                    shutil.rmtree(path, ignore_errors=True)
                else:
                    with contextlib.suppress(OSError):
                        path.unlink()
    for kept_chunks in (p for p in (undo / SCENES).iterdir() if p.is_dir()):
        live = scenes / kept_chunks.name
        if live.is_dir():  # chunks the unit sealed in a scene it touched
            for chunk in live.glob("*.json"):
                if not (kept_chunks / chunk.name).exists():
                    with contextlib.suppress(OSError):
                        chunk.unlink()
    if (undo / NO_CAST_BEFORE).exists():
        with contextlib.suppress(FileNotFoundError):
            (directory / CAST).unlink()
            fsync_dir(directory)
    for kept in sorted(undo.rglob("*")):
        relative = kept.relative_to(undo)
        if not kept.is_file() or relative in (Path(MANIFEST), Path(NO_CAST_BEFORE)):
            continue
        target = directory / relative
        if len(relative.parts) == 3:  # a journal chunk: never changes, so only if missing
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                _link_or_copy(kept, target)
                fsync_dir(target.parent)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(target, kept.read_bytes())
    _drop(undo)
    return True


def _link_or_copy(source: Path, target: Path) -> list[Path]:
    """Link ``source`` at ``target`` (copy where links fail); the copies to fsync."""
    try:
        os.link(source, target)
        return []
    except OSError:
        shutil.copy2(source, target)
        return [target]


def _drop(folder: Path) -> None:
    if not folder.exists():
        return
    dropping = folder.with_name(f"{UNDO}-{time.time_ns()}.dropping")
    os.replace(folder, dropping)
    fsync_dir(folder.parent)
    shutil.rmtree(dropping, ignore_errors=True)


def _drop_leftovers(directory: Path) -> None:
    """Remove a half-made undo folder (the unit had not begun) and half-dropped ones."""
    for leftover in [
        directory / f"{UNDO}.partial",
        *directory.glob(f"{UNDO}-*.dropping"),
    ]:
        shutil.rmtree(leftover, ignore_errors=True)
