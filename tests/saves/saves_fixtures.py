"""Scenes of each system built from real console commands, for the saves tests and benchmark."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from engine import commands as engine_commands
from engine.errors import RuleError
from engine.session import History, Scene, new_scene
from saves import open_store

NAMES = ("Ann", "Bob", "Old Wang", "Mei", "Hound", "Li", "Zoe", "Kat")


def _ih_line(rng: random.Random, names: list[str]) -> str:
    who = f'"{rng.choice(names)}"'
    other = f'"{rng.choice(names)}"'
    return rng.choice(
        [
            "next",
            "next",
            f"spend {who} {rng.choice(['free', 'swift', 'move', 'standard', 'reflex'])}",
            f"damage {who} {rng.randint(1, 3)}",
            f"heal {who} {rng.randint(1, 2)}",
            f"willpower {who} {rng.choice(['+1', '-1'])}",
            f"initiative {who} {rng.choice(['+2', '-1'])}",
            f"delay {who} after {other}",
            f'effect {who} "Blessed" rounds={rng.randint(1, 3)}',
            f"roll ih-d10 {rng.randint(0, 8)} --dc {rng.randint(1, 3)}",
            "undo",
            "redo",
        ]
    )


def _mist_line(rng: random.Random, names: list[str]) -> str:
    who = f'"{rng.choice(names)}"'
    return rng.choice(
        [
            f"status {who} {rng.choice(['hurt', 'scared', 'harmed'])} {rng.randint(1, 4)}",
            f"reduce {who} {rng.choice(['hurt', 'harmed'])} {rng.randint(1, 2)}",
            f"phase {rng.choice(['establish', 'action', 'consequence', 'next'])}",
            f'clue "trace {rng.randint(1, 99)}"',
            f"roll mist {rng.randint(-2, 4)}",
            "undo",
            "redo",
        ]
    )


def _apply(history: History, line: str) -> bool:
    """Apply a line as the console does (undo from the cache); a refused line changes nothing.
    Returns whether the line applied."""
    try:
        command = engine_commands.parse(line, history.scene.system)
        if command is None:
            return False
        history.execute(command, line)
    except RuleError:
        return False
    return True


def scenes_after(scene: Scene, lines: Iterable[str]) -> Iterator[Scene]:
    """``scene``, then the scene after each of ``lines`` that applies (refused lines are
    skipped): the successive versions an autosave writes."""
    history = History(scene)
    yield history.scene
    for line in lines:
        if _apply(history, line):
            yield history.scene


def _grow(history: History, commands: int, next_line: Callable[[], str]) -> Scene:
    """``history``'s scene after (about) ``commands`` more journal entries of ``next_line()``."""
    target = len(history.scene.journal) + commands
    guard = 0
    while len(history.scene.journal) < target and guard < commands * 20:
        _apply(history, next_line())
        guard += 1
    return history.scene


def build_ih(combatants: int, commands: int, seed: int, system: str = "ih-d10") -> Scene:
    """An IH fight of ``combatants`` with (about) ``commands`` journal entries after set-up."""
    rng = random.Random(seed)
    history = History(new_scene("Fight", system, seed))
    names = [f"C{index:02d}" for index in range(combatants)]
    for index, name in enumerate(names):
        _apply(history, f"add {name} init={rng.randint(1, 20)} health={5 + index % 4}")
    _apply(history, "begin")
    return _grow(history, commands, lambda: _ih_line(rng, names))


def build_mist(commands: int, seed: int) -> Scene:
    """A M.I.S.T. scene with two characters, a challenge and (about) ``commands`` entries."""
    rng = random.Random(seed)
    history = History(new_scene("Case", "mist", seed))
    for line in ("pc Mei", "pc Li", "challenge Hound limits=harmed:4,scared:3"):
        _apply(history, line)
    names = ["Mei", "Li", "Hound"]
    return _grow(history, commands, lambda: _mist_line(rng, names))


def build(system: str, commands: int, seed: int) -> Scene:
    """A scene of any system."""
    if system == "mist":
        return build_mist(commands, seed)
    return build_ih(4, commands, seed, system)


def save_dir_listing(root: Path) -> dict[str, tuple[str, int, int]]:
    """Every file and folder under ``root`` (itself too): its hash, mode and mtime (ns); equal
    before and after an operation that must write nothing (a refused import)."""
    rows = {}
    for path in [root, *sorted(root.rglob("*"))]:
        status = path.lstat()
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "folder"
        rows[str(path.relative_to(root))] = (digest, status.st_mode, status.st_mtime_ns)
    return rows


def saved_and_loaded(root: Path, campaign_name: str, scene: Scene) -> Scene:
    """``scene`` saved in a new campaign under ``root`` and loaded back from disk."""
    store = open_store(root)
    with store.open_campaign(campaign_name, create=True) as campaign:
        campaign.save_scene(scene)
    with store.open_campaign(campaign_name, read_only=True) as campaign:
        return campaign.load_scene(scene.name)


def first_undo_applies(scene: Scene) -> tuple[History, int]:
    """A history of ``scene`` after one undo, and how many commands that undo applied."""
    from engine import session

    applied = 0
    real = session.commands.apply

    def counting(*args: Any, **kwargs: Any) -> Any:
        nonlocal applied
        applied += 1
        return real(*args, **kwargs)

    history = History(scene)
    session.commands.apply = counting  # type: ignore[assignment]
    try:
        history.undo()
    finally:
        session.commands.apply = real  # type: ignore[assignment]
    return history, applied
