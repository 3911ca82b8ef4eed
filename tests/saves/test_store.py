"""Campaigns and scenes: save, load, undo after reload, scene operations, autosave shape."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from budget import examples
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from saves_fixtures import build

import saves.journal_chunks as journal_chunks
import saves.storage as storage
from engine import commands
from engine.session import History, Scene, execute_text, undo
from saves import NameTaken, NotFound, ReadOnly, open_store
from saves.scenefile import CHUNK


def _save_and_load(root: Path, scene: Scene) -> Scene:
    store = open_store(root)
    with store.open_campaign("Round Trip", create=True) as campaign:
        campaign.save_scene(scene)
    with store.open_campaign("round trip") as campaign:
        return campaign.load_scene(scene.name)


@settings(
    max_examples=examples(12),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    system=st.sampled_from(("ih-d10", "ih-d6", "mist")),
    length=st.integers(0, 40),
    seed=st.integers(0, 10_000),
)
def test_random_scenes_of_each_system_round_trip(
    tmp_path_factory: pytest.TempPathFactory, system: str, length: int, seed: int
) -> None:
    scene = build(system, length, seed)
    loaded = _save_and_load(tmp_path_factory.mktemp("rt"), scene)
    assert loaded == scene
    assert loaded.journal == scene.journal
    assert loaded.state == scene.state


@pytest.mark.parametrize("system", ["ih-d10", "mist"])
def test_undo_and_redo_work_after_reload(tmp_path: Path, system: str) -> None:
    scene = build(system, 12, 3)
    scene = undo(scene)
    loaded = _save_and_load(tmp_path, scene)
    assert loaded.undone == scene.undone
    redone, _ = execute_text(loaded, "redo")
    assert redone.state == execute_text(scene, "redo")[0].state
    assert undo(loaded).state == undo(scene).state


def test_a_journal_longer_than_a_chunk_is_split_and_rejoined(tmp_path: Path) -> None:
    scene = build("mist", CHUNK * 2 + 10, 5)
    assert len(scene.journal) >= CHUNK * 2
    loaded = _save_and_load(tmp_path, scene)
    assert loaded == scene
    chunk_dirs = list((tmp_path / "campaigns").glob("*/scenes/scene-0001"))
    assert len(list(chunk_dirs[0].glob("j*.json"))) == 2


def test_autosave_after_undo_below_a_sealed_chunk_stays_consistent(tmp_path: Path) -> None:
    scene = build("mist", CHUNK + 3, 6)
    store = open_store(tmp_path)
    history = History(scene)
    with store.open_campaign("C", create=True) as campaign:
        campaign.save_scene(history.scene)
        for _ in range(10):
            history.undo()
            campaign.save_scene(history.scene)
        history.execute(commands.parse("phase next", "mist"), "phase next")
        campaign.save_scene(history.scene)
        assert campaign.load_scene("Case") == history.scene
    with store.open_campaign("C") as campaign:
        assert campaign.load_scene("Case") == history.scene


def test_autosave_writes_only_the_scene_file_and_new_chunks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = open_store(tmp_path)
    scene = build("ih-d10", 20, 1)
    with store.open_campaign("C", create=True) as campaign:
        for index in range(5):
            campaign.save_scene(replace(scene, name=f"Other {index}"))
        campaign.save_scene(scene)
        written: list[Path] = []
        original = storage.write_atomic

        def spy(path: Path, data: bytes) -> None:
            written.append(path)
            original(path, data)

        monkeypatch.setattr(storage, "write_atomic", spy)
        monkeypatch.setattr(journal_chunks, "write_atomic", spy)
        after, _ = execute_text(scene, "next")
        campaign.save_scene(after)
        assert [p.name for p in written] == ["scene-0006.json"]


def test_scene_operations(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    fight = build("ih-d10", 5, 1)
    case = build("mist", 5, 2)
    with store.open_campaign("Ops", create=True) as campaign:
        campaign.create_scene(fight)
        campaign.save_scene_as(case, "Case Two")
        with pytest.raises(NameTaken):
            campaign.create_scene(replace(case, name="fight"))
        campaign.rename_scene("fight", "Brawl")
        copy = campaign.duplicate_scene("Brawl", "Brawl again")
        assert copy.journal == fight.journal
        assert campaign.scene_names() == ("Brawl", "Case Two", "Brawl again")
        campaign.set_current_scene("case two")
        campaign.set_season("Season 1")
        campaign.set_mission("Case Two", "The Hound")
        campaign.delete_scene("Brawl again")
        with pytest.raises(NotFound):
            campaign.load_scene("Brawl again")
    with store.open_campaign("ops") as campaign:
        assert campaign.scene_names() == ("Brawl", "Case Two")
        assert campaign.load_scene("brawl") == replace(fight, name="Brawl")
        assert campaign.current_scene() == "Case Two"
        assert campaign.season == "Season 1"
        assert [(m.name, m.scenes) for m in campaign.missions()] == [("The Hound", ("Case Two",))]
        campaign.rename_scene("Case Two", "Case 2")
        assert campaign.missions()[0].scenes == ("Case 2",)
        assert campaign.current_scene() == "Case 2"


def test_last_opened_is_remembered(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    assert store.last_opened() is None
    store.set_last_opened("Night Shift", "Warehouse")
    assert open_store(tmp_path).last_opened() == ("Night Shift", "Warehouse")


def test_read_only_campaign_refuses_writes(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    with store.open_campaign("C", create=True) as campaign:
        campaign.save_scene(build("mist", 3, 1))
    with store.open_campaign("C", read_only=True) as campaign:
        assert campaign.load_scene("Case").name == "Case"
        with pytest.raises(ReadOnly):
            campaign.save_scene(build("mist", 4, 1))


def test_unknown_campaign_and_scene_are_named(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    with pytest.raises(NotFound, match="Nowhere"):
        store.open_campaign("Nowhere")
    with store.open_campaign("C", create=True) as campaign, pytest.raises(NotFound, match="Gone"):
        campaign.load_scene("Gone")
    assert [info.name for info in store.list_campaigns()] == ["C"]
