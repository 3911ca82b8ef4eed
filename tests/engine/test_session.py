"""The scene journal: undo and redo are exact, in the console's cache and after a reload."""

from __future__ import annotations

from engine import session

SCRIPT = [
    "add Ann init=15 com=3",
    "add Bo init=12",
    "add Cy mod=2",
    "begin",
    "roll ih-d10 5 by=Ann",
    "spend Ann move",
    "next",
    "delay Bo next-round",
    "damage Cy 3",
    "next",
]


def played(seed: int = 7) -> session.Scene:
    scene = session.new_scene("Fight", "ih-d10", seed=seed)
    for line in SCRIPT:
        scene, _ = session.execute_text(scene, line)
    return scene


def test_every_undo_restores_the_state_before_that_command() -> None:
    scene = session.new_scene("Fight", "ih-d10", seed=7)
    states = [scene.state]
    history = session.History(scene)
    for line in SCRIPT:
        history.execute(session.commands.parse(line, "ih-d10"), line)
        states.append(history.scene.state)
    for expected in reversed(states[:-1]):
        history.undo()
        assert history.scene.state == expected


def test_a_reloaded_scene_undoes_from_a_replay_then_from_the_cache() -> None:
    scene = played()
    history = session.History(session.Scene(**{f: getattr(scene, f) for f in scene.__slots__}))
    direct = scene
    for _ in SCRIPT:
        direct = session.undo(direct)
        history.undo()
        assert history.scene.state == direct.state
        assert history.scene.journal == direct.journal
    assert history.scene.state == scene.initial


def test_redo_replays_the_same_dice() -> None:
    scene = played()
    undone = session.undo(session.undo(scene))
    redone, _ = session.redo(undone)
    redone, _ = session.redo(redone)
    assert redone.state == scene.state
    assert [e.seed for e in redone.journal] == [e.seed for e in scene.journal]


def test_a_new_command_after_undo_draws_fresh_dice() -> None:
    scene = played()
    last_seed = scene.journal[-1].seed
    undone = session.undo(scene)
    again, _ = session.execute_text(undone, "next")
    assert again.journal[-1].seed != last_seed
