"""Schema 3: both families keep their [I-n] interpretations in one field, ``interpretations``
(M.I.S.T. called it ``settings`` in schema 2), and the Infinite Horror commands' tags name
their modules (``engine.ih.commands.combat.Add``, was ``engine.ih.commands.Add``), as do the
M.I.S.T. events' (``engine.mist.events.scene.CharacterAdded``). Files
written before load with the settings they had: an export of each family, and a scene file of
each family whose sealed chunks hold old tags and old checkpoints."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from saves_fixtures import build_ih, build_mist

from engine.session import Scene, execute_text, new_scene
from saves import import_file, open_store
from saves.documents import scene_to_document
from saves.migrations import RENAMED_TYPES, SCHEMA_VERSION, any_v2_to_v3
from saves.scenefile import chunk_digest
from saves.storage import dump_json, read_json, with_checksum


def _as_version_2(value: Any) -> Any:
    """A document as schema 2 wrote it: ``MistState.settings``, ``schema_version`` 2."""
    if isinstance(value, list):
        return [_as_version_2(item) for item in value]
    if not isinstance(value, dict):
        return value
    old = value.get("__type__") == "engine.mist.state.MistState"
    document = {
        ("settings" if old and key == "interpretations" else key): _as_version_2(item)
        for key, item in value.items()
    }
    if "schema_version" in document:
        document["schema_version"] = 2
    if "__type__" in document:
        document["__type__"] = OLD_TAGS.get(document["__type__"], document["__type__"])
    return document


OLD_TAGS = {new: old for old, new in RENAMED_TYPES.items()}


def _scene(system: str, lines: list[str]) -> Scene:
    scene = new_scene("Old", system, 5)
    for line in lines:
        scene, _ = execute_text(scene, line)
    return scene


SCENES = {
    "ih-d10": [
        "add Ann init=12",
        "interpret computed_turn_order=false",
        "interpret d6-chance-success-extra-dice=4",
    ],
    "mist": [
        "pc Mei",
        "interpret stack_same_name_statuses=false",
        "interpret reduce-erases-highest-marks=on",
    ],
}


@pytest.mark.parametrize("system", list(SCENES))
def test_a_version_2_export_of_each_family_imports_with_its_interpretations(
    tmp_path: Path, system: str
) -> None:
    scene = _scene(system, SCENES[system])
    assert scene.state.interpretations != scene.initial.interpretations
    document = {
        "schema_version": 2,
        "kind": "export",
        "campaign": {"name": "Old", "season": None, "missions": []},
        "scenes": [_as_version_2(scene_to_document(scene))],
    }
    text = json.dumps(document)
    assert ('"settings"' in text) == (system == "mist")
    assert ('"engine.ih.commands.Add"' in text) == (system == "ih-d10")
    assert ('"engine.mist.events.CharacterAdded"' in text) == (system == "mist")
    path = tmp_path / "old-export.json"
    path.write_text(text, encoding="utf-8")
    store = open_store(tmp_path / "saves")
    name, names = import_file(store, path)
    with store.open_campaign(name) as campaign:
        loaded = campaign.load_scene(names[0])
    assert loaded.state.interpretations == scene.state.interpretations
    assert loaded == scene


def test_the_migration_renames_the_field_wherever_it_is_nested() -> None:
    old = {
        "schema_version": 2,
        "kind": "journal",
        "checkpoints": [[128, {"__type__": "engine.mist.state.MistState", "settings": 1}]],
        "entries": [{"__type__": "engine.ih.encounter.Encounter", "interpretations": 2}],
    }
    assert any_v2_to_v3(old) == {
        "schema_version": 3,
        "kind": "journal",
        "checkpoints": [[128, {"__type__": "engine.mist.state.MistState", "interpretations": 1}]],
        "entries": [{"__type__": "engine.ih.encounter.Encounter", "interpretations": 2}],
    }
    assert SCHEMA_VERSION == 3


@pytest.mark.parametrize("system", ["mist", "ih-d10"])
def test_a_version_2_scene_file_with_sealed_chunks_loads(tmp_path: Path, system: str) -> None:
    """Sealed chunks are never rewritten: an old chunk (a MistState with ``settings``, an IH
    command's old tag) takes the checked, migrating path instead of the fast one."""
    scene = build_mist(300, 4) if system == "mist" else build_ih(4, 300, 4)
    scene, _ = execute_text(scene, "interpret negative-power-subtracts-d4=off")
    store = open_store(tmp_path)
    with store.open_campaign("Old", create=True) as campaign:
        campaign.save_scene(scene)
        directory = campaign.directory
    scene_file = next((directory / "scenes").glob("*.json"))
    chunk_dir = next(p for p in (directory / "scenes").iterdir() if p.is_dir())
    data = read_json(scene_file)
    data.pop("checksum")
    header = data["scene"]["1"]
    downgraded_chunks = []
    for ref in header["chunks"]:
        chunk = chunk_dir / ref["file"]
        body = _as_version_2(json.loads(chunk.read_bytes()))
        old = (
            ("settings", "engine.mist.events.") if system == "mist" else ("engine.ih.commands.Add",)
        )
        assert all(text in json.dumps(body) for text in old)  # an old checkpoint, old tags
        raw = dump_json(body)
        chunk.unlink()
        name = f"j{ref['start']:07d}-{chunk_digest(raw)}.json"
        (chunk_dir / name).write_bytes(raw)
        downgraded_chunks.append(dict(ref, file=name))
    header = _as_version_2(header)
    header["chunks"] = downgraded_chunks
    data["scene"]["1"] = header
    scene_file.write_bytes(with_checksum(dump_json(data)))
    with store.open_campaign("Old", read_only=True) as campaign:
        loaded = campaign.load_scene(scene.name)
    assert loaded.state.interpretations.negative_power_subtracts_d4 is False
    assert loaded.journal == scene.journal
    assert loaded.state == scene.state
