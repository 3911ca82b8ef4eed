"""A scene's rolls sealed in files of 64 (256 before), so an autosave does not rewrite them
(issue 30: the header held every roll of the scene). ``rolls`` is not part of a state's
equality, so every test compares it on its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from saves_fixtures import build_ih, scenes_after

from engine.session import Scene
from saves import BadFile, export_document, import_file, open_store, sealed_rolls
from saves.storage import split_checksum

PIECE = sealed_rolls.PIECE
"""The rolls a sealed file holds (64)."""


@pytest.fixture(scope="module")
def rolled() -> Scene:
    """A fight of 4 with more than two sealed files of rolls."""
    scene = build_ih(4, 10, seed=3)
    *_, last = scenes_after(scene, ["roll ih-d10 2 --dc 1"] * (2 * PIECE + 40))
    assert len(last.state.rolls) > 2 * PIECE
    return last


def _header(root: Path) -> dict:  # type: ignore[type-arg]
    path = root / "campaigns" / "rolls" / "scenes" / "scene-0001.json"
    document, ok = split_checksum(json.loads(path.read_bytes()))
    assert ok is True
    header: dict = document["scene"]["1"]  # type: ignore[type-arg]
    return header


def _load(root: Path) -> Scene:
    with open_store(root).open_campaign("Rolls", read_only=True) as campaign:
        return campaign.load_scene("Fight")


def test_rolls_are_sealed_and_load_whole(tmp_path: Path, rolled: Scene) -> None:
    with open_store(tmp_path).open_campaign("Rolls", create=True) as campaign:
        campaign.save_scene(rolled)
    kept = _header(tmp_path)["state"]["rolls"]
    assert [ref["start"] for ref in kept["sealed"]] == [0, PIECE]
    assert len(kept["tail"]) == len(rolled.state.rolls) - 2 * PIECE
    loaded = _load(tmp_path)
    assert loaded == rolled and loaded.state.rolls == rolled.state.rolls


def test_autosaves_across_a_sealed_file_and_undos_back_over_it_keep_every_roll(
    tmp_path: Path, rolled: Scene
) -> None:
    """Rolls appended past a file's end, then undone back before it, then others rolled:
    after every autosave (and after closing, which drops unused files) the loaded rolls are
    the scene's."""
    lines = ["roll ih-d10 1"] * 30 + ["undo"] * 80 + ["roll ih-d10 3 --dc 2"] * 5
    store = open_store(tmp_path)
    with store.open_campaign("Rolls", create=True) as campaign:
        for scene in scenes_after(rolled, lines):
            campaign.save_scene(scene)
            assert campaign.load_scene("Fight").state.rolls == scene.state.rolls
    loaded = _load(tmp_path)
    assert loaded.state.rolls == scene.state.rolls and loaded == scene
    backup = open_store(tmp_path).backups("Rolls")[0]
    with open_store(tmp_path).open_backup("Rolls", backup.id) as copy:
        assert copy.load_scene("Fight").state.rolls == scene.state.rolls


def test_a_damaged_file_of_sealed_rolls_is_refused_by_name_and_left_as_it_is(
    tmp_path: Path, rolled: Scene
) -> None:
    with open_store(tmp_path).open_campaign("Rolls", create=True) as campaign:
        campaign.save_scene(rolled)
    sealed = sorted((tmp_path / "campaigns" / "rolls" / "scenes" / "scene-0001").glob("r*.json"))
    assert len(sealed) == 2
    damaged = sealed[1].read_bytes().replace(b'"label":"', b'"label":"X', 1)
    sealed[1].write_bytes(damaged)
    with pytest.raises(BadFile) as caught:
        _load(tmp_path)
    assert sealed[1].name in str(caught.value)
    assert sealed[1].read_bytes() == damaged


def test_an_export_and_import_carry_every_roll(tmp_path: Path, rolled: Scene) -> None:
    store = open_store(tmp_path / "a")
    with store.open_campaign("Rolls", create=True) as campaign:
        campaign.save_scene(rolled)
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export_document(store, "Rolls")))
    other = open_store(tmp_path / "b")
    import_file(other, path)
    with other.open_campaign("Rolls", read_only=True) as campaign:
        assert campaign.load_scene("Fight").state.rolls == rolled.state.rolls


def test_an_autosave_writes_no_sealed_roll_again(tmp_path: Path, rolled: Scene) -> None:
    """Once sealed, a file of rolls is never written again; the header keeps fewer rolls than
    a file holds."""
    with open_store(tmp_path).open_campaign("Rolls", create=True) as campaign:
        campaign.save_scene(rolled)
        folder = tmp_path / "campaigns" / "rolls" / "scenes" / "scene-0001"
        before = {p.name: p.stat().st_mtime_ns for p in folder.glob("r*.json")}
        for scene in scenes_after(rolled, ["damage C01 1", "roll ih-d10 1"] * 3):
            campaign.save_scene(scene)
            assert len(_header(tmp_path)["state"]["rolls"]["tail"]) < PIECE
    assert {p.name: p.stat().st_mtime_ns for p in folder.glob("r*.json")} == before


def test_rolls_sealed_256_at_a_time_still_load_and_grow(
    tmp_path: Path, rolled: Scene, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Files of 256 rolls, as the version before sealed them, load and are kept; the rolls
    after them are sealed :data:`PIECE` at a time."""
    from saves import scene_rolls

    *_, old = scenes_after(rolled, ["roll ih-d10 2 --dc 1"] * (300 - len(rolled.state.rolls)))
    with monkeypatch.context() as before:
        before.setattr(scene_rolls, "PIECE", 256)
        with open_store(tmp_path).open_campaign("Rolls", create=True) as campaign:
            campaign.save_scene(old)
    assert [ref["count"] for ref in _header(tmp_path)["state"]["rolls"]["sealed"]] == [256]
    loaded = _load(tmp_path)
    assert loaded.state.rolls == old.state.rolls
    *_, more = scenes_after(loaded, ["roll ih-d10 2 --dc 1"] * (2 * PIECE))
    with open_store(tmp_path).open_campaign("Rolls") as campaign:
        campaign.save_scene(more)
    counts = [ref["count"] for ref in _header(tmp_path)["state"]["rolls"]["sealed"]]
    assert counts[0] == 256 and set(counts[1:]) == {PIECE} and len(counts) > 2
    assert _load(tmp_path).state.rolls == more.state.rolls


def test_the_timeline_reads_a_scene_with_sealed_rolls_only_as_far_as_it_needs(
    tmp_path: Path, rolled: Scene
) -> None:
    """``SceneFile.load_prefix`` (the timeline past a damaged entry, issue 26) decodes a header
    whose rolls are sealed without reading them: the state at ``at`` is replayed."""
    from engine.session import replay
    from saves.scenefile import SceneFile

    with open_store(tmp_path).open_campaign("Rolls", create=True) as campaign:
        campaign.save_scene(rolled)
    assert _header(tmp_path)["state"]["rolls"]["sealed"]
    file = SceneFile(tmp_path / "campaigns" / "rolls" / "scenes" / "scene-0001.json")
    try:
        at = len(rolled.journal) - 3
        scene, length = file.load_prefix(at)
    finally:
        file.close()
    assert length == len(rolled.journal)
    assert scene.state == replay(rolled, rolled.journal[:at])
    assert scene.state.rolls == replay(rolled, rolled.journal[:at]).rolls
