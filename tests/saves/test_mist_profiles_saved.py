"""A M.I.S.T. scene and cast saved before issue 29 (challenge profiles, a challenge's profile,
a clue's or question's ``hidden``) open with the defaults: no profiles, nothing hidden."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.mist.state import MistState
from engine.session import execute_text, new_scene
from saves import open_store
from saves.storage import dump_json, read_json, with_checksum

NEW_KEYS = {"profiles", "profile", "hidden"}


def _without_profiles(value: Any) -> Any:
    if isinstance(value, list):
        return [_without_profiles(item) for item in value]
    if isinstance(value, dict):
        return {k: _without_profiles(v) for k, v in value.items() if k not in NEW_KEYS}
    return value


def test_a_save_from_before_profiles_opens_with_none(tmp_path: Path) -> None:
    scene = new_scene("Old", "mist", 5)
    for line in ("pc Mei", "challenge Hound limits=harmed:3", 'clue "Claw marks"'):
        scene, _ = execute_text(scene, line)
    store = open_store(tmp_path)
    with store.open_campaign("Old", create=True) as campaign:
        campaign.save_scene(scene)
        directory = campaign.directory
    stripped = 0
    for path in directory.rglob("*.json"):
        data = read_json(path)
        text = dump_json(data).decode()
        if '"profiles"' not in text:
            continue
        stripped += 1
        had_checksum = data.pop("checksum", None) is not None
        raw = dump_json(_without_profiles(data))
        path.write_bytes(with_checksum(raw) if had_checksum else raw)
    assert stripped
    with store.open_campaign("Old", read_only=True) as campaign:
        loaded = campaign.load_scene("Old").state
    assert isinstance(loaded, MistState)
    assert loaded.profiles == () and loaded.challenges[0].name == "Hound"
    assert loaded.challenges[0].profile is None
    assert not loaded.case_file.clues[0].hidden and not loaded.case_file.questions[0].hidden
