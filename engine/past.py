"""A past moment of a scene as it was then (issue 26, the timeline; ``show --at N``, ``fork``).

A campaign's scene opened again sees the campaign's cast as it stands *now*: its initial
state gets today's sheets and its journal is replayed on them (``saves.roster``), so the
present knows every sheet's latest traits. A past moment replayed from that initial state would
show sheets made later in the scene, or in later scenes, and traits and conditions as they are
today. A moment of the past is replayed instead from the state the scene began in
(:attr:`engine.session.Scene.start`), with the journal's own dice: the cast as the scene
started with it, changed by the scene's own commands up to that moment, as running them again
would leave it.

When the start is not known (a scene saved before it was kept) or the journal does not replay
on it (a command of the scene naming a sheet made elsewhere later, a split party's other half),
the scene's initial state stands in, as before.
"""

from __future__ import annotations

from engine import commands
from engine.commands import SceneState
from engine.records import replace
from engine.session import Scene, rebuilt, scene_after


def _other_start(scene: Scene) -> SceneState | None:
    """The scene's start when it is known and is not its initial state, else ``None``."""
    start = scene.start
    if start is None or start is scene.initial or start == scene.initial:
        return None
    return start


def past(scene: Scene) -> Scene:
    """The scene with its whole journal replayed from the state it began in: its initial state
    is its start, its state and checkpoints replayed on it (every moment of its timeline then
    comes from :func:`engine.session.scene_after` on it); ``scene`` itself when its start is
    not known, is its initial state, or its journal does not replay on it."""
    start = _other_start(scene)
    if start is None:
        return scene
    try:
        return rebuilt(replace(scene, initial=start))
    except Exception:  # a command of the scene that needs today's cast: as before
        return scene


def past_after(scene: Scene, n: int) -> Scene:
    """The scene as it was after its first ``n`` journal entries (:func:`engine.session.
    scene_after`), replayed from the state it began in: only those ``n`` entries are replayed
    (the checkpoints of the initial state do not hold for the start). Falls back as
    :func:`past` does.

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
