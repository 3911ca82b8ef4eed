"""Checkpoints saved with the journal (README "Safe on disk": fast autosave), so the first undo
after loading a long scene replays at most CHECKPOINT_EVERY entries, not the whole journal (the
timing is in tests/benchmarks/bench_saves.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from saves_fixtures import build_ih

from engine import session
from engine.session import CHECKPOINT_EVERY, History, undo
from saves import open_store
from saves.scenefile import CHUNK, SceneFile


@pytest.fixture(scope="module")
def long_scene():  # type: ignore[no-untyped-def]
    return build_ih(6, 700, seed=9)


def test_checkpoints_are_saved_and_loaded(tmp_path: Path, long_scene) -> None:  # type: ignore[no-untyped-def]
    assert [index for index, _ in long_scene.checkpoints] == [
        CHECKPOINT_EVERY * k for k in range(1, len(long_scene.journal) // CHECKPOINT_EVERY + 1)
    ]
    store = open_store(tmp_path)
    with store.open_campaign("Long", create=True) as campaign:
        campaign.save_scene(long_scene)
    with store.open_campaign("Long", read_only=True) as campaign:
        loaded = campaign.load_scene("Fight")
    assert loaded == long_scene
    assert loaded.checkpoints == long_scene.checkpoints


def test_the_first_undo_after_loading_replays_at_most_one_stretch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, long_scene
) -> None:  # type: ignore[no-untyped-def]
    store = open_store(tmp_path)
    with store.open_campaign("Long", create=True) as campaign:
        campaign.save_scene(long_scene)
    with store.open_campaign("Long", read_only=True) as campaign:
        loaded = campaign.load_scene("Fight")
    applied = 0
    real = session.commands.apply

    def counting(*args, **kwargs):  # type: ignore[no-untyped-def]
        nonlocal applied
        applied += 1
        return real(*args, **kwargs)

    history = History(loaded)
    monkeypatch.setattr(session.commands, "apply", counting)
    history.undo()
    assert applied < CHECKPOINT_EVERY
    monkeypatch.setattr(session.commands, "apply", real)
    assert history.scene == undo(replace(long_scene, checkpoints=()))  # the whole replay
    for step in range(2, 300):  # across two checkpoints: the states a whole replay gives
        history.undo()
        if step % 50 == 0:
            kept = long_scene.journal[: len(long_scene.journal) - step]
            assert history.scene.journal == kept
            assert history.scene.state == session.replay(long_scene, kept)


def test_a_checkpoint_past_an_undo_and_a_new_command_is_dropped(long_scene) -> None:  # type: ignore[no-untyped-def]
    history = History(long_scene)
    length = len(long_scene.journal)
    back = length - (length // CHECKPOINT_EVERY) * CHECKPOINT_EVERY + 5
    for _ in range(back):
        history.undo()
    assert all(index <= len(history.scene.journal) for index, _ in history.scene.checkpoints)
    history.execute(session.commands.parse("next", "ih-d10"), "next")
    for index, state in history.scene.checkpoints:
        assert state == session.replay(history.scene, history.scene.journal[:index])


def test_an_autosave_keeps_the_documents_of_its_tail_checkpoints_only(
    tmp_path: Path, long_scene
) -> None:  # type: ignore[no-untyped-def]
    """A checkpoint sealed into a chunk is written once and its document dropped: an import of
    a 52,000-entry, 500-combatant scene held ~400 whole-state documents (about 2 GB)."""
    file = SceneFile(tmp_path / "scene-0001.json")
    try:
        file.save(long_scene)
        sealed = len(long_scene.journal) // CHUNK * CHUNK
        in_chunks = [index for index, _ in long_scene.checkpoints if index <= sealed]
        in_tail = [index for index, _ in long_scene.checkpoints if index > sealed]
        assert in_chunks and in_tail
        assert sorted(file._checkpoint_docs) == in_tail
        assert file.load() == long_scene
        assert file.load().checkpoints == long_scene.checkpoints
    finally:
        file.close()
