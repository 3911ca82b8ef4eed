"""The timeline's engine (issue 26): the state after any journal entry, replayed from the
nearest checkpoint with the journal's own seeds."""

from __future__ import annotations

import pytest

from engine import session
from engine.session import CHECKPOINT_EVERY


def _long(commands: int) -> session.Scene:
    scene = session.new_scene("Long", "ih-d10", seed=11)
    for text in ("add Ann pc init=5 health=99", "add Ghoul npc init=3 health=99", "begin"):
        scene, _ = session.execute_text(scene, text)
    cycle = ["attack Ann Ghoul dp=2", "next", "attack Ghoul Ann dp=1", "next"]
    while len(scene.journal) < commands:
        scene, _ = session.execute_text(scene, cycle[(len(scene.journal) - 3) % 4])
    return scene


def test_state_after_n_is_the_replay_of_the_first_n_entries() -> None:
    scene = _long(300)
    for n in (0, 1, 127, 128, 129, 255, 256, 299, 300):
        assert session.state_after(scene, n) == session.replay(scene, scene.journal[:n])


def test_scene_after_cuts_the_journal_and_keeps_the_checkpoints_up_to_n() -> None:
    scene = _long(300)
    cut = session.scene_after(scene, 200)
    assert cut.journal == scene.journal[:200] and cut.undone == ()
    assert [at for at, _ in cut.checkpoints] == [CHECKPOINT_EVERY]
    assert cut.draws == scene.draws  # a fork's new commands roll new dice
    assert session.scene_after(scene, 300) is scene
    with pytest.raises(ValueError):
        session.state_after(scene, 301)


def test_rebuilt_replays_the_state_and_the_checkpoints() -> None:
    scene = _long(260)
    bare = session.rebuilt(session.Scene(**{**_fields(scene), "checkpoints": ()}))
    assert bare.state == scene.state
    assert [at for at, _ in bare.checkpoints] == [128, 256]
    assert dict(bare.checkpoints) == dict(scene.checkpoints)


def _fields(scene: session.Scene) -> dict[str, object]:
    return {name: getattr(scene, name) for name in session.Scene.__slots__}
