"""Saves written before issue 23's M.I.S.T. readings load: a conclusion without ``refuted_by``
([I-22]) and interpretations without [I-21]…[I-25] take their defaults (RULES.md's reading)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.mist.state import MistState
from engine.session import execute_text, new_scene
from engine.settings import Interpretations
from saves import open_store
from saves.storage import dump_json, read_json, with_checksum

NEW_KEYS = {
    "refuted_by",
    "status_power_single_highest",
    "refuted_conclusion_restated",
    "weakness_marks_theme_once_per_roll",
    "newborn_normal_declared_by_mc",
    "fall_asleep_keeps_taints",
}


def _without_new_keys(value: Any) -> Any:
    if isinstance(value, list):
        return [_without_new_keys(item) for item in value]
    if isinstance(value, dict):
        return {k: _without_new_keys(v) for k, v in value.items() if k not in NEW_KEYS}
    return value


def test_a_mist_save_from_before_the_new_fields_loads_with_their_defaults(tmp_path: Path) -> None:
    scene = new_scene("Old", "mist", 5)
    lines = ["complexity 0", *(f"clue c{n}" for n in range(6))]
    lines += ['conclusion "a dog" contradicts=c1,c2,c3,c4,c5,c6', "deduce k1"]
    for line in lines:
        scene, _ = execute_text(scene, line)
    state = scene.state
    assert isinstance(state, MistState) and state.case_file.conclusions[0].refuted_by == "c7"
    store = open_store(tmp_path)
    with store.open_campaign("Old", create=True) as campaign:
        campaign.save_scene(scene)
        directory = campaign.directory
    stripped = 0
    for path in (directory / "scenes").rglob("*.json"):
        data = read_json(path)
        stripped += '"refuted_by"' in dump_json(data).decode()
        had_checksum = data.pop("checksum", None) is not None
        old = _without_new_keys(data)
        raw = dump_json(old)
        path.write_bytes(with_checksum(raw) if had_checksum else raw)
        assert not any(f'"{key}"' in raw.decode() for key in NEW_KEYS)
    assert stripped  # the scene's saved state held the new fields, and holds them no more
    with store.open_campaign("Old", read_only=True) as campaign:
        loaded = campaign.load_scene("Old").state
    assert isinstance(loaded, MistState)
    assert loaded.interpretations == Interpretations()
    k1 = loaded.case_file.conclusions[0]
    assert (k1.refuted, k1.refuted_by) == (True, None)
