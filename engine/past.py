"""A past moment of a scene as it was then (issue 26, the timeline; ``show --at N``, ``fork``).

A campaign's scene opened again sees the campaign's cast as it stands *now*: its initial
state gets today's sheets and its journal is replayed on them (``saves.roster``), so the
present knows every sheet's latest traits. A past moment replayed from that initial state would
show sheets made later in the scene, or in later scenes, and traits and conditions as they are
today. A moment of the past is replayed instead from the state the scene began in
(:attr:`engine.session.Scene.start`), with the journal's own dice: the cast as the scene
started with it, changed by the scene's own commands up to that moment, as running them again
would leave it.

When the start is not known (a scene saved before it was kept), the scene's initial state
stands in, as before; so it does for the moments from a command that does not replay on the
start on (a command naming a sheet made elsewhere after the scene began: a split party's other
half, a reopened scene).
"""

from __future__ import annotations

from random import Random

from engine import commands
from engine.commands import SceneState
from engine.records import replace
from engine.session import CHECKPOINT_EVERY, Scene, rebuilt, scene_after


def _other_start(scene: Scene) -> SceneState | None:
    """The scene's start when it is known and is not its initial state, else ``None``."""
    start = scene.start
    if start is None or start is scene.initial or start == scene.initial:
        return None
    return start


def replayed(scene: Scene) -> tuple[Scene, int]:
    """The scene's journal replayed from the state it began in, as far as it replays on it:
    the scene cut there (its initial state its start, its journal, state and checkpoints) and
    how many entries that is; ``(scene, its journal's length)`` when its start is not known or
    is its initial state. Every moment up to that many entries is the scene as it was then
    (:func:`engine.session.scene_after` on the cut scene); a later one is the present's
    (:func:`past_after` falls back the same way)."""
    start = _other_start(scene)
    if start is None:
        return scene, len(scene.journal)
    state, reach = start, 0
    marks: list[tuple[int, SceneState]] = []
    for entry in scene.journal:
        try:
            state, _ = commands.apply(state, scene.system, entry.command, Random(entry.seed))
        except Exception:  # a command of the scene that needs today's cast: as before
            break
        reach += 1
        if reach % CHECKPOINT_EVERY == 0:
            marks.append((reach, state))
    cut = replace(
        scene,
        initial=start,
        state=state,
        journal=scene.journal[:reach],
        undone=(),
        checkpoints=tuple(marks),
    )
    return cut, reach


def past_after(scene: Scene, n: int) -> Scene:
    """The scene as it was after its first ``n`` journal entries (:func:`engine.session.
    scene_after`), replayed from the state it began in: only those ``n`` entries are replayed
    (the checkpoints of the initial state do not hold for the start). When they do not replay
    on it, the present's moment stands in (as :func:`replayed`).

    Raises:
        ValueError: ``n`` is not between 0 and the journal's length.
    """
    if not 0 <= n <= len(scene.journal):
        raise ValueError(f"entry {n} is not in a journal of {len(scene.journal)}")
    start = _other_start(scene)
    if start is None:
        return scene_after(scene, n)
    cut = replace(scene, initial=start, journal=scene.journal[:n], undone=())
    try:
        made = rebuilt(cut)
    except Exception:  # a command of the scene that needs today's cast: as before
        return scene_after(scene, n)
    return replace(made, state=commands.as_past(made.state))
