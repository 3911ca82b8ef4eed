"""The demo shows a campaign, not a pile of scenes: its IH player characters are sheets made
by RULES.md §2.3's budgets, so they carry from scene to scene (issue 25). In a new scene of the
demo, in every language, `add NAME from=NAME` brings a PC in as the demo's fight left them."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from console.cli import main
from console.demo import demo_campaign, demo_scenes, install_demo
from engine import commands
from saves.store import open_store

PCS = {"en": ("Ann", "Old Wang"), "zh": ("安", "老王"), "zh-Hant": ("安", "老王")}


@pytest.mark.parametrize("lang", sorted(PCS))
def test_the_demo_pcs_are_sheets_a_new_character_could_be(lang: str) -> None:
    for scene in demo_scenes(lang)[:2]:  # the two IH fights
        state = commands.to_json(scene.state, scene.system)
        assert [sheet["side"] for sheet in state["sheets"]] == ["pc", "pc"]
        assert all(sheet["creation_problems"] == [] for sheet in state["sheets"])
        fighters = {row["name"]: row.get("sheet") for row in state["order"]}
        assert all(fighters[sheet["name"]] == sheet["name"] for sheet in state["sheets"])


@pytest.mark.parametrize("lang", sorted(PCS))
def test_a_new_demo_scene_starts_the_pcs_as_the_demo_left_them(
    lang: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    install_demo(open_store(tmp_path), lang)
    ann, wang = PCS[lang]
    script = f'scene new "Ward 8" ih-d10\nadd {ann} from={ann}\nadd "{wang}" from="{wang}"\n'
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    campaign = demo_campaign(lang)
    args = ["run", "-", "--json", "--campaign", campaign, "--save-dir", str(tmp_path)]
    capsys.readouterr()
    assert main([*args, "--lang", lang]) == 0
    state = json.loads(capsys.readouterr().out)
    health = {row["name"]: (row["health"], row["health_max"]) for row in state["order"]}
    assert health == {ann: (7, 7), wang: (5, 8)}  # the Ghoul's 3 in the demo's fight stay


def test_run_names_the_sheets_side_in_the_table_s_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    install_demo(open_store(tmp_path), "zh")
    monkeypatch.setattr("sys.stdin", io.StringIO("cast heal 安 1\n"))
    args = ["run", "-", "--campaign", demo_campaign("zh"), "--save-dir", str(tmp_path)]
    capsys.readouterr()
    assert main([*args, "--lang", "zh"]) == 0
    out = capsys.readouterr().out
    assert "安（玩家角色）" in out and "（pc）" not in out


MIST_PCS = {"en": ["Mei", "Old Wang"], "zh": ["梅", "老王"], "zh-Hant": ["梅", "老王"]}


@pytest.mark.parametrize("lang", sorted(MIST_PCS))
def test_a_new_mist_scene_of_the_demo_starts_with_its_cast_and_case_file(
    lang: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The demo's M.I.S.T. scene was made whole, so the campaign never took its cast: a new
    M.I.S.T. scene started with nobody, no mission and no case file, and ``saves`` called the
    running mission ended."""
    install_demo(open_store(tmp_path), lang)
    campaign = demo_campaign(lang)
    monkeypatch.setattr("sys.stdin", io.StringIO('scene new "Ward 8" mist\n'))
    args = ["run", "-", "--json", "--campaign", campaign, "--save-dir", str(tmp_path)]
    capsys.readouterr()
    assert main([*args, "--lang", lang]) == 0
    state = json.loads(capsys.readouterr().out)
    assert [c["name"] for c in state["characters"]] == MIST_PCS[lang]
    assert state["mission"]["name"] and not state["mission"]["ended"]
    assert [c["id"] for c in state["case_file"]["clues"]] == ["c1", "c2", "c3", "c4"]
    assert main(["saves", campaign, "--json", "--save-dir", str(tmp_path)]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [m["ended"] for m in listed["missions"]] == [False]
