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


def test_a_long_history_keeps_a_window_of_states_and_undoes_past_it_exactly() -> None:
    """Issue 30: every past state kept for ever grew a long fight's memory by a turn order per
    command; the cache keeps the last ``KEPT_STATES`` and an undo further back replays from a
    checkpoint, to the very state (dice included) the command was made on."""
    lines = ["add Ann init=15", "add Bo init=12", "add Cy mod=2", "begin"]
    lines += ["roll ih-d10 3 by=Ann", "damage Cy 1", "heal Cy 1", "next"] * 200
    history = session.History(session.new_scene("Fight", "ih-d10", seed=11))
    states = [history.scene.state]
    for line in lines:
        history.execute(session.commands.parse(line, "ih-d10"), line)
        states.append(history.scene.state)
        assert len(history._states) <= session.KEPT_STATES
    for expected in reversed(states[:-1]):
        history.undo()
        assert history.scene.state == expected
        assert len(history._states) <= 2 * session.KEPT_STATES + session.CHECKPOINT_EVERY
    assert history.scene.state == history.scene.initial
    for expected in states[1:]:  # and redone with the same dice, all the way
        history.redo()
        assert history.scene.state == expected
