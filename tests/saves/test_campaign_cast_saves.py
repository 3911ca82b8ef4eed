"""The cast lives in the campaign (issue 25): what a scene does to it is the campaign's at once
(every autosave), undo takes it back, a new scene starts where the campaign stands, across
separate ``st-console run --campaign`` processes; and a campaign saved before this keeps
opening, its cast starting from its latest scenes."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from console.cli import main
from engine.ih.encounter import Encounter, find
from engine.mist.state import MistState
from engine.session import execute_text, new_scene
from saves import open_store

OLD = Path(__file__).parent / "fixtures" / "campaign_before_cast"
"""Campaign "Old" as the version before issue 25 saved it: scene Fight (ih-d10: sheet Ann pc,
``add Ann from=Ann``, ``damage Ann 4``, ``willpower Ann -2``), then scene Alley (mist: season
Autumn, mission Harbour, Mei with theme Detective and hurt-2, clue c1, conclusion k1)."""

FIGHT = """scene new "Fight" ih-d10
sheet Ann pc dexterity=3 composure=3 resolve=2 stamina=2
add Ann from=Ann init=10
add Ghoul init=5
begin
damage Ann 4
willpower Ann -2
"""

ALLEY = """scene new "Alley" mist
season "Autumn"
mission "Harbour" anomaly="fog"
pc Mei
theme Mei self "Detective" power="sharp eyes,notebook" weakness="stubborn"
status Mei hurt 2
clue "footprints"
conclusion "The fog walks" supports=c1
"""


def run_process(root: Path, script: str, *extra: str) -> subprocess.CompletedProcess[str]:
    """``st-console run - --campaign C`` in a process of its own."""
    return subprocess.run(
        [sys.executable, "-m", "console", "run", "-", "--campaign", "C", "--save-dir", str(root)]
        + list(extra),
        input=script,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )


def run_here(root: Path, script: str, monkeypatch: pytest.MonkeyPatch, *extra: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    return main(["run", "-", "--campaign", "C", "--save-dir", str(root), *extra])


def test_the_issues_repro_ann_keeps_her_damage_and_willpower_across_processes(
    tmp_path: Path,
) -> None:
    assert run_process(tmp_path, FIGHT).returncode == 0
    done = run_process(tmp_path, 'scene new "Next" ih-d10\nadd Ann from=Ann init=3\n', "--json")
    assert done.returncode == 0, done.stderr
    view = json.loads(done.stdout)
    (ann,) = view["order"]
    assert (ann["health"], ann["willpower"]) == (3, 3)
    assert view["sheets"][0]["condition"]["health"] == 3


def test_every_autosave_gives_the_campaign_the_condition_and_undo_takes_it_back(
    tmp_path: Path,
) -> None:
    store = open_store(tmp_path)
    with store.open_campaign("C", create=True) as campaign:
        scene = new_scene("Fight", "ih-d10", seed=3)
        campaign.create_scene(scene)
        for line in FIGHT.splitlines()[1:]:
            scene, _ = execute_text(scene, line)
            campaign.save_scene(scene)
        assert campaign.roster()[0].condition.health == 3  # type: ignore[union-attr]
        scene, _ = execute_text(scene, "undo")
        scene, _ = execute_text(scene, "undo")  # the damage and the willpower taken back
        campaign.save_scene(scene)
        assert campaign.roster()[0].condition is None  # unhurt again
        scene, _ = execute_text(scene, "damage Ann 1")
        campaign.save_scene(scene)
    with store.open_campaign("C") as campaign:
        nxt = campaign.with_roster(new_scene("Next", "ih-d10", seed=4))
        nxt, _ = execute_text(nxt, "add Ann from=Ann init=3")
        assert isinstance(nxt.state, Encounter)
        assert find(nxt.state, "Ann").health == 6


def test_reopening_the_scene_that_did_the_damage_does_not_count_it_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run_here(tmp_path, FIGHT, monkeypatch) == 0
    assert run_here(tmp_path, 'scene new "Next" ih-d10\n', monkeypatch) == 0
    with open_store(tmp_path).open_campaign("C") as campaign:
        fight = campaign.load_scene("Fight")
        assert isinstance(fight.state, Encounter)
        assert find(fight.state, "Ann").health == 3
        campaign.save_scene(fight)
        assert campaign.roster()[0].condition.health == 3  # type: ignore[union-attr]


def test_the_issues_mist_repro_deduce_k1_works_in_the_missions_next_scene(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run_here(tmp_path, ALLEY, monkeypatch) == 0
    office_script = 'scene new "Office" mist\ndeduce k1\n'
    assert run_here(tmp_path, office_script, monkeypatch, "--seed", "2") == 0
    with open_store(tmp_path).open_campaign("C") as campaign:
        office = campaign.load_scene("Office")
        assert campaign.season == "Autumn"
        assert [(m.name, m.scenes) for m in campaign.missions()] == [
            ("Harbour", ("Alley", "Office"))
        ]
    state = office.state
    assert isinstance(state, MistState)
    assert [c.name for c in state.characters] == ["Mei"]
    assert [(s.name, s.tier) for s in state.characters[0].statuses] == [("hurt", 2)]
    assert state.mission.name == "Harbour" and state.scene.name == "Office"
    assert state.case_file.conclusions[0].result is not None
    # the clue remembers the scene it came from, by the name the Storyteller gave it
    assert state.case_file.clues[0].scene == "Alley"
    with open_store(tmp_path).open_campaign("C") as campaign:
        alley = campaign.load_scene("Alley")
    assert isinstance(alley.state, MistState) and alley.state.scene.name == "Alley"


def test_mission_end_closes_the_case_file_for_the_next_scene(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run_here(tmp_path, ALLEY + "mission end\n", monkeypatch) == 0
    assert run_here(tmp_path, 'scene new "Later" mist\n', monkeypatch) == 0
    with open_store(tmp_path).open_campaign("C") as campaign:
        later = campaign.load_scene("Later")
    assert isinstance(later.state, MistState)
    assert later.state.case_file.clues == () and later.state.mission.ended
    assert later.state.mission.season == "Autumn"
    assert [c.name for c in later.state.characters] == ["Mei"]


def _old_campaign(root: Path) -> Path:
    (root / "campaigns").mkdir(parents=True)
    directory = root / "campaigns" / "old"
    shutil.copytree(OLD, directory)
    return directory


def test_a_campaign_saved_before_opens_and_its_cast_starts_from_its_latest_scenes(
    tmp_path: Path,
) -> None:
    directory = _old_campaign(tmp_path)
    scenes = {p.name: p.read_bytes() for p in (directory / "scenes").iterdir()}
    store = open_store(tmp_path)
    with store.open_campaign("Old", read_only=True) as campaign:  # reading writes nothing
        assert campaign.mist_cast() is not None
    assert b"cast_kept" not in (directory / "campaign.json").read_bytes()
    with store.open_campaign("Old") as campaign:
        fight = campaign.load_scene("Fight")
        assert isinstance(fight.state, Encounter)
        assert find(fight.state, "Ann").health == 3  # its own scene as it was
        nxt = campaign.with_roster(new_scene("Next", "ih-d10", seed=4))
        nxt, _ = execute_text(nxt, "add Ann from=Ann init=3")
        campaign.create_scene(nxt)
        office = campaign.with_roster(new_scene("Office", "mist", seed=4))
        office, _ = execute_text(office, "deduce k1")
        campaign.create_scene(office)
    assert isinstance(nxt.state, Encounter)
    ann = find(nxt.state, "Ann")
    assert (ann.health, ann.willpower) == (3, 3)
    assert isinstance(office.state, MistState)
    assert office.state.mission.name == "Harbour"
    assert [c.name for c in office.state.characters] == ["Mei"]
    for name, data in scenes.items():
        assert (directory / "scenes" / name).read_bytes() == data  # its scenes unchanged


def test_the_movie_is_the_campaigns_end_movie_moves_every_next_scene_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run_here(tmp_path, FIGHT + "willpower Ann impulse\nend movie\n", monkeypatch) == 0
    next_script = 'scene new "Next" ih-d10\nadd Ann from=Ann init=3\n'
    assert run_here(tmp_path, next_script, monkeypatch) == 0
    with open_store(tmp_path).open_campaign("C") as campaign:
        nxt = campaign.load_scene("Next")
        assert isinstance(nxt.state, Encounter)
        assert nxt.state.movie == 2
        assert not find(nxt.state, "Ann").impulse_used_movie
        nxt, _ = execute_text(nxt, "undo")
        nxt, _ = execute_text(nxt, "end movie")
        campaign.save_scene(nxt)
        later = campaign.with_roster(new_scene("Later", "ih-d10", seed=4))
    assert isinstance(later.state, Encounter) and later.state.movie == 3


def test_an_imported_campaign_starts_its_cast_where_its_scenes_left_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run_here(tmp_path / "a", FIGHT, monkeypatch) == 0
    assert (
        run_here(
            tmp_path / "a",
            'scene new "Next" ih-d10\nadd Ann from=Ann init=3\nwillpower Ann -1\n',
            monkeypatch,
        )
        == 0
    )
    assert run_here(tmp_path / "a", ALLEY, monkeypatch) == 0
    exported = tmp_path / "c.json"
    assert (
        main(
            [
                "export",
                "C",
                "--format",
                "json",
                "-o",
                str(exported),
                "--save-dir",
                str(tmp_path / "a"),
            ]
        )
        == 0
    )
    assert main(["import", str(exported), "--save-dir", str(tmp_path / "b")]) == 0
    with open_store(tmp_path / "b").open_campaign("C") as campaign:
        (ann,) = campaign.roster()  # as the latest scene, Next, left her
        assert ann.condition is not None and (ann.condition.health, ann.condition.willpower) == (
            3,
            2,
        )
        office = campaign.with_roster(new_scene("Office", "mist", seed=4))
    assert isinstance(office.state, MistState)
    assert [c.name for c in office.state.characters] == ["Mei"]
    assert [c.id for c in office.state.case_file.clues] == ["c1"]


def test_a_hand_edited_cast_is_refused_named_and_left_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_here(tmp_path, ALLEY, monkeypatch) == 0
    cast = tmp_path / "campaigns" / "c" / "cast.json"
    document = json.loads(cast.read_bytes())
    document.pop("checksum")  # as a file from before checksums: values are checked
    document["cast"]["1"]["mist"] = {"__type__": "engine.mist.state.MistState", "phase": 7}
    cast.write_text(json.dumps(document))
    before = cast.read_bytes()
    capsys.readouterr()
    assert run_here(tmp_path, 'scene new "Office" mist\n', monkeypatch) == 1
    assert "cast.json: the M.I.S.T. cast" in capsys.readouterr().err
    assert cast.read_bytes() == before
    document["checksum"] = {"1": {"blake2b": "0000"}}  # a checksum that does not match
    cast.write_text(json.dumps(document))
    assert run_here(tmp_path, "pc Zed\n", monkeypatch) == 1
    assert "cast.json: was changed outside ST Console" in capsys.readouterr().err


def test_an_older_scene_changed_again_does_not_move_the_cast_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run_here(tmp_path, FIGHT, monkeypatch) == 0
    assert (
        run_here(tmp_path, 'scene new "Next" ih-d10\nadd Ann from=Ann init=3\n', monkeypatch) == 0
    )
    assert run_here(tmp_path, ALLEY, monkeypatch) == 0
    assert run_here(tmp_path, 'scene new "Office" mist\nstatus Mei hurt 3\n', monkeypatch) == 0
    with open_store(tmp_path).open_campaign("C") as campaign:
        fight = campaign.load_scene("Fight")
        fight, _ = execute_text(fight, "heal Ann 4")
        fight, _ = execute_text(fight, "sheet Ann strength=3")
        campaign.save_scene(fight)
        alley = campaign.load_scene("Alley")
        alley, _ = execute_text(alley, 'clue "late"')
        campaign.save_scene(alley)
        (ann,) = campaign.roster()
        assert ann.condition is not None and ann.condition.health == 3  # Next's, not Fight's
        assert ann.character.attributes.strength == 3  # a sheet's traits are every scene's
        mist = campaign.mist_cast()
    assert [c.id for c in mist.case_file.clues] == ["c1"]
    assert mist.characters[0].statuses[0].tier == 3


def test_the_cast_has_a_file_of_its_own_backed_up_and_restored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cast changes with most commands; the index grows with the scenes: an autosave that
    changes the cast writes the small cast.json, never the index (README "Fast autosave")."""
    assert run_here(tmp_path, FIGHT, monkeypatch) == 0
    directory = tmp_path / "campaigns" / "c"
    store = open_store(tmp_path)
    index_before = (directory / "campaign.json").read_bytes()
    with store.open_campaign("C") as campaign:
        fight = campaign.load_scene("Fight")
        fight, _ = execute_text(fight, "damage Ann 1")
        campaign.save_scene(fight)
        assert (directory / "campaign.json").read_bytes() == index_before
        assert campaign.roster()[0].condition.health == 2  # type: ignore[union-attr]
    assert any((b.path / "cast.json").is_file() for b in store.backups("C"))


def test_restoring_a_backup_from_before_the_cast_file_puts_the_live_one_aside(
    tmp_path: Path,
) -> None:
    directory = _old_campaign(tmp_path)
    store = open_store(tmp_path)
    with store.open_campaign("Old") as campaign:  # opening backs up the old campaign first
        campaign.create_scene(campaign.with_roster(new_scene("Next", "ih-d10", seed=4)))
    assert (directory / "cast.json").is_file()
    oldest = store.backups("Old")[-1]
    assert not (oldest.path / "cast.json").exists()
    broken = store.restore_backup("Old", oldest.id)
    assert (broken / "cast.json").is_file()  # the live cast is kept aside, not deleted
    assert not (directory / "cast.json").exists()
    with store.open_campaign("Old") as campaign:  # its cast as it was: in its index
        assert campaign.scene_names() == ("Fight", "Alley")
        assert campaign.roster()[0].name == "Ann"
        nxt = campaign.with_roster(new_scene("Next", "ih-d10", seed=4))
        nxt, _ = execute_text(nxt, "add Ann from=Ann init=3")
    assert isinstance(nxt.state, Encounter)
    assert find(nxt.state, "Ann").health == 3  # taken from its latest scene again


def test_a_scene_the_table_moved_on_from_has_ended_and_a_script_reopens_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_here(tmp_path, FIGHT, monkeypatch) == 0
    assert (
        run_here(tmp_path, 'scene new "Next" ih-d10\nadd Ann from=Ann init=3\n', monkeypatch) == 0
    )
    store = open_store(tmp_path)
    with store.open_campaign("C") as campaign:
        assert campaign.is_ended("Fight") and not campaign.is_ended("Next")
        campaign.set_current_scene("Fight")  # as the console leaves it after opening Fight
    capsys.readouterr()
    assert run_here(tmp_path, "heal Ann 4\n", monkeypatch, "--lang", "zh") == 1
    assert "场景 Fight 已结束" in capsys.readouterr().err
    assert run_here(tmp_path, "scene reopen\nheal Ann 4\n", monkeypatch) == 0
    assert run_here(tmp_path, "scene reopen\n", monkeypatch) == 1  # not ended any more
    with store.open_campaign("C") as campaign:
        assert not campaign.is_ended("Fight")
        fight = campaign.load_scene("Fight")
        assert isinstance(fight.state, Encounter) and find(fight.state, "Ann").health == 7
        assert campaign.roster()[0].condition.health == 3  # type: ignore[union-attr]


def test_an_ended_scene_renamed_stays_ended_and_reopened_is_not(tmp_path: Path) -> None:
    with open_store(tmp_path).open_campaign("C", create=True) as campaign:
        campaign.create_scene(new_scene("Fight", "ih-d10", seed=1))
        campaign.create_scene(new_scene("Next", "ih-d10", seed=2))
        campaign.end_scene("fight")
        campaign.rename_scene("Fight", "Brawl")
        assert campaign.is_ended("brawl") and not campaign.is_ended("Next")
    with open_store(tmp_path).open_campaign("C") as campaign:
        assert campaign.is_ended("Brawl")
        campaign.reopen_scene("Brawl")
        assert not campaign.is_ended("Brawl")
        campaign.end_scene("Next")
        campaign.delete_scene("Next")
        assert not campaign.is_ended("Next")
