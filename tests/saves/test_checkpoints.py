"""Checkpoints saved with the journal (README "Safe on disk": fast autosave), so the first undo
after loading a long scene replays at most CHECKPOINT_EVERY entries, not the whole journal (the
timing is in tests/benchmarks/bench_saves.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from saves_fixtures import build_ih, first_undo_applies, saved_and_loaded

from engine import session
from engine.session import CHECKPOINT_EVERY, History, undo
from saves import open_store
from saves.checkpoint_forms import checkpoints_after
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
    tmp_path: Path, long_scene
) -> None:  # type: ignore[no-untyped-def]
    loaded = saved_and_loaded(tmp_path, "Long", long_scene)
    history, applied = first_undo_applies(loaded)
    assert applied < CHECKPOINT_EVERY
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
        assert file._checkpoints.kept() == in_tail
        assert file.load() == long_scene
        assert file.load().checkpoints == long_scene.checkpoints
    finally:
        file.close()


def test_a_checkpoints_rolls_are_saved_as_a_count_and_load_whole(
    tmp_path: Path, long_scene
) -> None:  # type: ignore[no-untyped-def]
    """Issue 30: an IH state keeps every roll of the scene, and each checkpoint held them all
    (a 52,000-entry scene took 777 MB). A checkpoint's rolls, the start of the scene's, are
    saved as their count; loaded, every checkpoint has its very rolls again (``rolls`` is not
    part of a state's equality, so it is compared here on its own), and so does an undo."""
    import json

    rolls = [len(state.rolls) for _, state in long_scene.checkpoints]
    assert rolls[-1] >= 16 and len(set(rolls)) > 2  # the fixture rolls as it goes
    store = open_store(tmp_path)
    with store.open_campaign("Long", create=True) as campaign:
        campaign.save_scene(long_scene)
    directory = store.find("Long")
    assert directory is not None
    counted = 0
    for chunk in (directory / "scenes" / "scene-0001").glob("j*.json"):  # not roll files
        body = json.loads(chunk.read_bytes())["journal"]["1"]
        for mark in body.get("checkpoints", []):
            if len(mark) == 3:
                assert mark[1]["rolls"] == [] and mark[2]["rolls"] >= 16
                counted += 1
    assert counted >= 3
    with store.open_campaign("Long", read_only=True) as campaign:
        loaded = campaign.load_scene("Fight")
    assert [(i, s.rolls) for i, s in loaded.checkpoints] == [
        (i, s.rolls) for i, s in long_scene.checkpoints
    ]
    history = History(loaded)
    expected = History(replace(long_scene, checkpoints=()))
    for _ in range(CHECKPOINT_EVERY + 5):
        history.undo()
        expected.undo()
        assert history.scene.state.rolls == expected.scene.state.rolls


def test_a_checkpoint_whose_rolls_do_not_begin_the_scenes_is_saved_whole(
    tmp_path: Path, long_scene
) -> None:  # type: ignore[no-untyped-def]
    """Should a state's rolls ever not be the start of a later state's, nothing is lost."""
    index, state = long_scene.checkpoints[-1]
    odd = replace(state, rolls=tuple(reversed(state.rolls)))
    scene = replace(long_scene, checkpoints=(*long_scene.checkpoints[:-1], (index, odd)))
    store = open_store(tmp_path)
    with store.open_campaign("Long", create=True) as campaign:
        campaign.save_scene(scene)
    with store.open_campaign("Long", read_only=True) as campaign:
        loaded = campaign.load_scene("Fight")
    assert loaded.checkpoints[-1][1].rolls == odd.rolls


def test_an_autosave_that_appends_rolls_writes_the_text_a_whole_dump_writes(
    tmp_path: Path, long_scene
) -> None:  # type: ignore[no-untyped-def]
    """Issue 30: the autosave encodes only the rolls a command appended, and writes only their
    text after the last save's; the file must be byte for byte what a whole ``dump_json``
    writes (its checksum matches), through rolls, other commands and undos."""
    import json

    from saves_fixtures import scenes_after

    from saves.storage import dump_json, split_checksum

    lines = ["roll ih-d10 3 --dc 1", "damage C01 1", "roll ih-d10 2", "undo", "roll ih-d10 1"]
    store = open_store(tmp_path)
    with store.open_campaign("Long", create=True) as campaign:
        path = tmp_path / "campaigns" / "long" / "scenes" / "scene-0001.json"
        for scene in scenes_after(long_scene, lines * 4):
            campaign.save_scene(scene)
            raw = path.read_bytes()
            data, ok = split_checksum(json.loads(raw))
            assert ok is True
            assert raw.startswith(dump_json(data)[:-1])
    with store.open_campaign("Long", read_only=True) as campaign:
        loaded = campaign.load_scene("Fight")
    assert loaded.state.rolls == scene.state.rolls and len(scene.state.rolls) > 16


def test_an_autosave_names_only_the_checkpoints_past_its_chunks(tmp_path: Path, long_scene) -> None:  # type: ignore[no-untyped-def]
    """Issue 30 point 11: the header's checkpoints are those past the sealed chunks, found from
    the end of the scene's (ordered) checkpoints, not by walking all of them at every autosave."""
    file = SceneFile(tmp_path / "scene-0001.json")
    try:
        file.save(long_scene)
        sealed = len(long_scene.journal) // CHUNK * CHUNK
        header = file.read_header()
        named = [mark[0] for mark in header["checkpoints"]]
        assert named == [index for index, _ in long_scene.checkpoints if index > sealed]
        assert named
    finally:
        file.close()
    marks = ((128, "a"), (256, "b"), (384, "c"), (512, "d"))
    assert checkpoints_after(marks, 256) == ((384, "c"), (512, "d"))
    assert checkpoints_after(marks, 512) == ()
    assert checkpoints_after(marks, 0) == marks
    assert checkpoints_after((), 10) == ()
