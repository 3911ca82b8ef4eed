"""Old saves keep working (issue 25 point 7): every campaign saved by an earlier version opens,
its cast starting from the sheets and PCs of its latest scene of each family (the condition that
scene left them in), and nothing in its scenes changes, read-only or opened for writing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.ih.cast import cast_now, next_scene
from engine.ih.encounter import Encounter
from engine.mist import carry
from engine.mist.state import MistState
from saves import open_store

FIXTURES = Path(__file__).parent / "fixtures"


def _install(name: str, root: Path) -> str:
    """The fixture's save directory under ``root``; the campaign's name."""
    if name == "campaign_before_cast":
        (root / "campaigns").mkdir(parents=True)
        shutil.copytree(FIXTURES / name, root / "campaigns" / "old")
        return "Old"
    if name == "untimed_v3":
        shutil.copytree(FIXTURES / name, root, dirs_exist_ok=True)
        return "NightShift"
    (root / "campaigns").mkdir(parents=True)
    shutil.copy(FIXTURES / name, root / "campaigns" / "old-campaign.json")
    return "Old Campaign"


def _scene_files(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in root.rglob("*.json")
        if "scenes" in p.parts and "backups" not in p.parts and "migrated" not in p.parts
    }


@pytest.mark.parametrize("fixture", ["campaign_before_cast", "untimed_v3", "campaign_v1.json"])
@pytest.mark.parametrize("read_only", [True, False], ids=["read-only", "writable"])
def test_an_old_campaign_opens_with_the_cast_of_its_latest_scenes(
    tmp_path: Path, fixture: str, read_only: bool
) -> None:
    name = _install(fixture, tmp_path)
    store = open_store(tmp_path)  # a version-1 file is converted here
    before = _scene_files(tmp_path)
    with store.open_campaign(name, read_only=read_only) as campaign:
        latest = {("mist" if s.system == "mist" else "ih"): s.name for s in campaign.scenes()}
        roster = {s.key: s for s in campaign.roster()}
        if "ih" in latest:
            scene = campaign.load_scene(latest["ih"])
            assert isinstance(scene.state, Encounter)
            for sheet in next_scene(cast_now(scene.state)):
                if sheet.carries:  # the condition the latest scene left them in
                    assert roster[sheet.key].condition == sheet.condition, sheet.name
        mist = campaign.mist_cast()
        if "mist" in latest:
            scene = campaign.load_scene(latest["mist"])
            assert isinstance(scene.state, MistState) and mist is not None
            expected = carry.carried(scene.state, scene_ended=False)
            assert mist.characters == expected.characters
            assert mist.case_file == expected.case_file
        else:
            assert mist is None
    assert _scene_files(tmp_path) == before  # its scenes unchanged


def test_the_untimed_campaign_lists_its_cast_between_scenes(tmp_path: Path) -> None:
    from console.campaign_view import campaign_json

    name = _install("untimed_v3", tmp_path)
    with open_store(tmp_path).open_campaign(name, read_only=True) as campaign:
        view = campaign_json(campaign)
    assert [
        (c["name"], c["condition"]["health"], c["condition"]["willpower"]) for c in view["cast"]
    ] == [("安妮", 7, 3)]
    assert [c["name"] for c in view["mist"]["characters"]] == ["梅"]
