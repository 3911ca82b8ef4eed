"""Export a campaign or scene as JSON and import it back; untrusted imports are refused."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from saves_fixtures import build

import saves.exports as exports
from saves import ImportRefused, export_document, import_file, open_store


def _store_with_scenes(root: Path):  # type: ignore[no-untyped-def]
    store = open_store(root)
    with store.open_campaign("Export Me", create=True) as campaign:
        campaign.save_scene(build("ih-d10", 12, 1))
        campaign.save_scene(build("mist", 12, 2))
        campaign.set_season("Season One")
        campaign.set_mission("Case", "The Hound")
    return store


def test_a_campaign_export_imports_back_equal(tmp_path: Path) -> None:
    store = _store_with_scenes(tmp_path / "a")
    document = export_document(store, "Export Me")
    path = tmp_path / "export.json"
    path.write_text(json.dumps(document))
    other = open_store(tmp_path / "b")
    name, scenes = import_file(other, path)
    assert (name, scenes) == ("Export Me", ["Fight", "Case"])
    with (
        store.open_campaign("Export Me", read_only=True) as mine,
        other.open_campaign("Export Me") as theirs,
    ):
        for scene in scenes:
            assert theirs.load_scene(scene) == mine.load_scene(scene)
        assert theirs.season == "Season One"
        assert theirs.missions()[0].scenes == ("Case",)


def test_a_scene_import_into_the_same_campaign_gets_a_free_name(tmp_path: Path) -> None:
    store = _store_with_scenes(tmp_path)
    path = tmp_path / "scene.json"
    path.write_text(json.dumps(export_document(store, "export me/case")))
    assert import_file(store, path) == ("Export Me", ["Case (2)"])


def _edit(document: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    change(document)
    return document


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.update(kind="campaign"), "not a export"),
        (lambda d: d.update(schema_version=7), "newer ST Console"),
        (lambda d: d.pop("schema_version"), "schema_version"),
        (lambda d: d["scenes"][0]["state"].update(round=99), "not what its journal makes"),
        (lambda d: d["scenes"][0]["journal"][0].update(seed="x"), "journal[0].seed"),
        (lambda d: d["scenes"][0]["state"].update(__type__="subprocess.Popen"), "not an engine"),
        (lambda d: d.update(scenes={}), "not a list"),
        (lambda d: d["campaign"].update(name=""), "empty"),
    ],
)
def test_a_bad_import_is_refused_with_a_reason_and_writes_nothing(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], words: str
) -> None:
    store = _store_with_scenes(tmp_path / "a")
    document = _edit(export_document(store, "Export Me/Fight"), change)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document))
    other = open_store(tmp_path / "b")
    with pytest.raises(ImportRefused) as caught:
        import_file(other, path)
    assert words in str(caught.value)
    assert str(path) in str(caught.value)
    assert other.list_campaigns() == ()


@pytest.mark.parametrize("content", [b"", b"not json", b"[1, 2]", b"\xff\xfe"])
def test_a_file_that_is_not_an_export_is_refused(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "junk.json"
    path.write_bytes(content)
    with pytest.raises(ImportRefused, match="junk.json"):
        import_file(open_store(tmp_path / "s"), path)


def test_an_oversized_import_is_refused_before_reading(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(exports, "MAX_IMPORT_BYTES", 10)
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"schema_version": 2, "kind": "export"}))
    with pytest.raises(ImportRefused, match="more than an export can be"):
        import_file(open_store(tmp_path / "s"), path)


def test_an_import_of_many_scenes_writes_the_index_once_and_takes_no_backups_between(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 12 item 12: 3,000 scenes took 94 s (the growing index rewritten per scene, a
    backup of every header each 100 scenes)."""
    from saves import backups, storage

    scenes = [replace(build("mist", 2, 1), name=f"S{index}") for index in range(300)]
    source = open_store(tmp_path / "a")
    with source.open_campaign("Many", create=True) as campaign:
        campaign.create_scenes(scenes)
    export = tmp_path / "many.json"
    export.write_text(json.dumps(export_document(source, "Many")))
    writes: list[str] = []
    real_write, real_take = storage.write_atomic, backups.take
    monkeypatch.setattr(
        storage, "write_atomic", lambda p, d: (writes.append(p.name), real_write(p, d))
    )
    taken: list[object] = []
    monkeypatch.setattr(backups, "take", lambda *a, **k: (taken.append(a), real_take(*a, **k))[1])
    target = open_store(tmp_path / "b")
    name, saved = import_file(target, export)
    assert len(saved) == 300
    assert writes.count("campaign.json") <= 4  # created, next_scene + entries, current scene
    assert len(taken) <= 1  # on closing
    with target.open_campaign("Many", read_only=True) as campaign:
        assert campaign.scene_names() == tuple(f"S{index}" for index in range(300))
        assert campaign.load_scene("S299") == scenes[299]


def test_an_imported_long_scene_comes_with_its_checkpoints(tmp_path: Path) -> None:
    from engine.session import CHECKPOINT_EVERY

    long = build("mist", 300, 2)
    source = open_store(tmp_path / "a")
    with source.open_campaign("Long", create=True) as campaign:
        campaign.save_scene(long)
    export = tmp_path / "long.json"
    export.write_text(json.dumps(export_document(source, "Long")))
    target = open_store(tmp_path / "b")
    import_file(target, export)
    with target.open_campaign("Long", read_only=True) as campaign:
        loaded = campaign.load_scene("Case")
    assert [index for index, _ in loaded.checkpoints] == [
        index for index in range(CHECKPOINT_EVERY, len(long.journal) + 1, CHECKPOINT_EVERY)
    ]
    assert loaded.checkpoints == long.checkpoints
