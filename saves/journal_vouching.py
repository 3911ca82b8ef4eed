"""A scene header whose checksum does not match loads only if its own journal vouches for it.

The journal's chunks are verified by their own checksums and every value by its type;
replaying the journal from the initial state must give the saved state and the saved events,
the redo stack must apply again from there, and every die seed must come from the scene's seed
base. Then the damage (or the hand edit: a comment in a command's text) changed nothing that
counts and the file loads; otherwise it is refused before an autosave or a backup copies it.
"""

from __future__ import annotations

import random
from pathlib import Path

from engine import commands
from engine.errors import RuleError
from engine.session import Scene
from saves.errors import BadFile


def check_journal_vouches(path: Path, scene: Scene) -> None:
    """Refuse ``scene`` (loaded from the header at ``path``, whose checksum failed) unless its
    seeds, its journal's replay and its redo stack all agree with its saved state.

    Raises:
        BadFile: naming what does not agree.
    """

    def refuse(what: str) -> BadFile:
        return BadFile(
            path,
            "was changed outside ST Console or damaged: its checksum does not match and "
            f"{what}; restore a backup (st-console keeps them in backups/)",
        )

    modulus = 2**63
    base = scene.seed_base * 1_000_003
    # Each command draws the next seed: the journal's draws increase, the redo stack's
    # decrease from its bottom, all above the journal's; the newest is draws - 1.
    draws = [(entry.seed - base) % modulus for entry in scene.journal]
    draws += [(entry.seed - base) % modulus for entry in reversed(scene.undone)]
    if any(not 0 <= draw < scene.draws for draw in draws) or any(
        later <= earlier for earlier, later in zip(draws, draws[1:], strict=False)
    ):
        raise refuse("its dice seeds do not match its seed base")
    if (max(draws) + 1 if draws else 0) != scene.draws and draws:
        raise refuse("its count of dice draws does not match its journal")
    if not draws and scene.draws:
        raise refuse("its count of dice draws does not match its journal")
    state = scene.initial
    try:
        for entry in scene.journal:
            state, events = commands.apply(
                state, scene.system, entry.command, random.Random(entry.seed)
            )
            if tuple(events) != entry.events:
                raise refuse("its journal's dice and outcomes do not replay")
        if state != scene.state:
            raise refuse("its state is not what its journal gives")
        for entry in reversed(scene.undone):
            state, events = commands.apply(
                state, scene.system, entry.command, random.Random(entry.seed)
            )
            if tuple(events) != entry.events:
                raise refuse("its undone commands do not apply again")
    except RuleError:
        raise refuse("its journal does not replay") from None
