"""The campaign's roster of sheets: saved with the campaign, seen from every scene (RULES.md §2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.session import Scene, execute_text, new_scene, undo
from saves import BadFile, open_store
from saves.campaign import Campaign


def run(scene: Scene, *lines: str) -> Scene:
    for line in lines:
        scene, _ = execute_text(scene, line)
    return scene


def dexterity(scene: Scene, name: str) -> int:
    sheet = next(s for s in scene.state.sheets if s.name == name)
    value: int = sheet.character.attributes.dexterity
    return value


def open_campaign(root: Path) -> Campaign:
    return open_store(root).open_campaign("Roster", create=True)


def test_a_sheet_made_in_one_scene_is_usable_in_another_and_after_reopening(
    tmp_path: Path,
) -> None:
    with open_campaign(tmp_path) as campaign:
        one = run(new_scene("One", "ih-d10", seed=1), "sheet Ann pc dexterity=3")
        campaign.create_scene(one)
        two = campaign.with_roster(new_scene("Two", "ih-d10", seed=2))
        two = run(two, "add Ann from=Ann", "sheet Ann dexterity=4")
        campaign.create_scene(two)
    with open_campaign(tmp_path) as campaign:
        assert [s.name for s in campaign.roster()] == ["Ann"]
        assert campaign.roster()[0].character.attributes.dexterity == 4
        one = campaign.load_scene("One")
        assert dexterity(one, "Ann") == 3  # One's own journal set 3: its view replays it
        three = campaign.with_roster(new_scene("Three", "ih-d6", seed=3))
        assert dexterity(three, "Ann") == 4


def test_undo_of_a_sheet_edit_reaches_the_roster(tmp_path: Path) -> None:
    with open_campaign(tmp_path) as campaign:
        scene = run(new_scene("One", "ih-d10", seed=1), "sheet Ann dexterity=3", "sheet Bob")
        campaign.create_scene(scene)
        scene = undo(scene)
        campaign.save_scene(scene)
        assert [s.name for s in campaign.roster()] == ["Ann"]
        scene = run(scene, "sheet Ann delete")
        campaign.save_scene(scene)
        assert campaign.roster() == ()


def test_a_scene_saved_without_sheet_changes_does_not_write_the_index(tmp_path: Path) -> None:
    with open_campaign(tmp_path) as campaign:
        scene = run(new_scene("One", "ih-d10", seed=1), "sheet Ann dexterity=3")
        campaign.create_scene(scene)
        (index,) = tmp_path.glob("campaigns/*/campaign.json")
        (cast,) = tmp_path.glob("campaigns/*/cast.json")  # the roster's file (issue 25)
        before, cast_before = index.stat().st_mtime_ns, cast.stat().st_mtime_ns
        campaign.save_scene(run(scene, "add Ann from=Ann"))
        assert cast.stat().st_mtime_ns == cast_before
        campaign.save_scene(run(scene, "sheet Ann dexterity=2"))
        assert cast.stat().st_mtime_ns != cast_before
        assert index.stat().st_mtime_ns == before  # the index is not written for a sheet


def test_a_damaged_roster_is_a_bad_file_naming_it(tmp_path: Path) -> None:
    with open_campaign(tmp_path) as campaign:
        campaign.create_scene(run(new_scene("One", "ih-d10", seed=1), "sheet Ann"))
        campaign._cast.document["roster"] = [{"__type__": "engine.ih.sheet.Sheet", "name": 5}]
        with pytest.raises(BadFile) as caught:
            campaign.roster()
        assert "roster sheet 1" in str(caught.value)


def test_an_imported_sheet_is_checked_and_does_not_overwrite_the_roster(tmp_path: Path) -> None:
    from saves import ImportRefused, export_document, import_file

    store = open_store(tmp_path / "a")
    with store.open_campaign("Roster", create=True) as campaign:
        campaign.create_scene(run(new_scene("One", "ih-d10", seed=1), "sheet Ann dexterity=2"))
        campaign.create_scene(run(new_scene("Two", "ih-d10", seed=2), "sheet Zed"))
    path = tmp_path / "export.json"
    import json

    path.write_text(json.dumps(export_document(store, "Roster/Two")), "utf-8")
    other = open_store(tmp_path / "b")
    with other.open_campaign("Roster", create=True) as campaign:
        campaign.create_scene(run(new_scene("Mine", "ih-d10", seed=3), "sheet Zed dexterity=5"))
    import_file(other, path)
    with other.open_campaign("Roster") as campaign:
        roster = campaign.roster()
        # The exported scene saw its campaign's roster (Ann, Zed): Ann is new here and is added;
        # this roster's own Zed is kept, not overwritten by the imported one.
        assert [s.name for s in roster] == ["Zed", "Ann"]
        assert roster[0].character.attributes.dexterity == 5
    # A hand-made sheet no command could make (Dexterity 5000) is refused like any bad import.
    document = json.loads(path.read_text("utf-8"))
    scene = document["scenes"][0]
    for part in ("initial", "state"):
        sheets = scene[part].get("sheets") or []
        for sheet in sheets:
            sheet["character"]["attributes"]["dexterity"] = 5000
    scene["initial"]["sheets"] = scene["state"]["sheets"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), "utf-8")
    with pytest.raises(ImportRefused) as caught:
        import_file(other, bad)
    assert "its sheet" in str(caught.value) and "5000" in str(caught.value)


def test_a_scene_whose_journal_does_not_replay_on_the_roster_keeps_its_own_sheets(
    tmp_path: Path,
) -> None:
    with open_campaign(tmp_path) as campaign:
        one = run(new_scene("One", "ih-d10", seed=1), "sheet Ann firearms=2")
        one = run(one, 'specialty Ann firearms "pistols" 2')
        campaign.create_scene(one)
        two = campaign.with_roster(new_scene("Two", "ih-d10", seed=2))
        campaign.create_scene(run(two, "sheet Ann delete"))
    with open_campaign(tmp_path) as campaign:
        assert campaign.roster() == ()
        # One's specialty line needs Ann, who is gone from the roster: One is kept as it was.
        one = campaign.load_scene("One")
        assert [s.name for s in one.state.sheets] == ["Ann"]
        assert undo(one).state.sheets[0].character.specialties == ()
