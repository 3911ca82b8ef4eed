"""A schema-version-1 campaign file migrates: on opening the store, and as an import."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine.session import execute_text, new_scene, replay
from saves import import_file, open_store
from saves.migrations import SCHEMA_VERSION

FIXTURE = Path(__file__).parent / "fixtures" / "campaign_v1.json"


def _expected_fight():  # type: ignore[no-untyped-def]
    scene = new_scene("Warehouse", "ih-d10", 11)
    for line in [
        "add Ann init=15 health=7",
        'add "Old Wang" init=12',
        "begin",
        "spend Ann standard",
        "roll ih-d10 4 --dc 2",
        "next",
        'damage "Old Wang" 2',
        "undo",
    ]:
        scene, _ = execute_text(scene, line)
    return scene


def test_a_version_1_campaign_file_migrates_when_the_store_opens(tmp_path: Path) -> None:
    (tmp_path / "campaigns").mkdir()
    original = tmp_path / "campaigns" / "old-campaign.json"
    shutil.copy(FIXTURE, original)
    store = open_store(tmp_path)
    assert store.migrated == ["Old Campaign"]
    assert not original.exists()
    with store.open_campaign("Old Campaign") as campaign:
        assert campaign.scene_names() == ("Warehouse", "Blood Trail")
        fight = campaign.load_scene("Warehouse")
        case = campaign.load_scene("Blood Trail")
        kept = campaign.directory / "migrated" / "old-campaign.json"
    assert fight == _expected_fight()
    assert fight.undone and fight.journal[0].text == "add Ann init=15 health=7"
    assert replay(case, case.journal) == case.state
    assert kept.read_bytes() == FIXTURE.read_bytes()
    assert SCHEMA_VERSION == 3


def test_a_version_1_file_imports(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    name, scenes = import_file(store, FIXTURE)
    assert (name, scenes) == ("Old Campaign", ["Warehouse", "Blood Trail"])
    with store.open_campaign(name) as campaign:
        assert campaign.load_scene("Warehouse") == _expected_fight()
