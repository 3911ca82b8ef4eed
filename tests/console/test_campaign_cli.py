"""``st-console saves CAMPAIGN [--json]`` (issue 25): the cast with its condition, the season
and its missions, the scenes; in the table's language."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from console.cli import main

FIGHT = """scene new "Fight" ih-d10
sheet Ann pc dexterity=3 composure=3 resolve=2 stamina=2
sheet Boss npc recurring
sheet Ghoul npc
add Ann from=Ann init=10
add Boss from=Boss init=8
begin
damage Ann 4
willpower Ann -2
willpower Ann impulse
"""

ALLEY = """scene new "Alley" mist
season "Autumn"
mission "Harbour"
pc Mei
theme Mei self "Detective" power="sharp eyes"
status Mei hurt 2
clue "footprints"
"""


def _run(root: Path, script: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    assert main(["run", "-", "--campaign", "C", "--save-dir", str(root)]) == 0


def _saves(root: Path, capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(["saves", "C", "--save-dir", str(root), *extra])
    out, err = capsys.readouterr()
    return status, out, err


def test_saves_campaign_lists_the_cast_with_its_condition_and_the_missions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _run(tmp_path, FIGHT, monkeypatch)
    _run(tmp_path, ALLEY, monkeypatch)
    status, out, _ = _saves(tmp_path, capsys)
    assert status == 0
    assert out.splitlines() == [
        "Campaign C",
        "Cast:",
        "  Ann (pc): health 3/7, willpower 5/5; hurt, impulse used this movie",
        "  Boss (recurring npc): health 6/6, willpower 2/2",
        "  Mei: themes Detective; statuses hurt-2; Evolution 0",
        "Season Autumn",
        "  Mission Harbour (running); case file: 1 clue, 0 conclusions: Alley",
        "Scenes:",
        "  Fight  [ih-d10]  (ended)",
        "  Alley  [mist]  (current)",
    ]
    status, out, _ = _saves(tmp_path, capsys, "--lang", "zh")
    assert out.splitlines()[2] == "  Ann（玩家角色）：生命 3/7，意志 5/5；受伤，本影片已用冲动"


def test_saves_campaign_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _run(tmp_path, FIGHT, monkeypatch)
    _run(tmp_path, ALLEY, monkeypatch)
    status, out, _ = _saves(tmp_path, capsys, "--json")
    view = json.loads(out)
    assert status == 0
    assert [c["name"] for c in view["cast"]] == ["Ann", "Boss"]  # Ghoul does not carry
    ann = view["cast"][0]
    assert ann["condition"]["health"] == 3 and ann["condition"]["uses"]["impulse"] is True
    assert view["season"] == "Autumn"
    assert view["missions"] == [{"name": "Harbour", "scenes": ["Alley"], "ended": False}]
    assert [c["name"] for c in view["mist"]["characters"]] == ["Mei"]
    assert view["mist"]["mission"]["name"] == "Harbour"
    assert [c["id"] for c in view["mist"]["case_file"]["clues"]] == ["c1"]
    assert view["scenes"] == [
        {"name": "Fight", "system": "ih-d10", "mission": None, "ended": True, "open_beside": False},
        {
            "name": "Alley",
            "system": "mist",
            "mission": "Harbour",
            "ended": False,
            "open_beside": False,
        },
    ]


def test_saves_campaign_json_says_which_missions_ended(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each mission has ``ended`` (the text listing's "(ended)"): an earlier mission, and the
    current one once ``mission end`` closed it."""
    _run(tmp_path, ALLEY + "mission end\n", monkeypatch)
    _run(tmp_path, 'scene new "Pier" mist\nmission "Lighthouse"\n', monkeypatch)
    view = json.loads(_saves(tmp_path, capsys, "--json")[1])
    assert [(m["name"], m["ended"]) for m in view["missions"]] == [
        ("Harbour", True),
        ("Lighthouse", False),
    ]
    lines = _saves(tmp_path, capsys)[1].splitlines()
    assert "  Mission Harbour (ended): Alley" in lines
    assert "  Mission Lighthouse (running); case file: 0 clues, 0 conclusions: Pier" in lines
    _run(tmp_path, 'scene open "Pier"\nmission end\n', monkeypatch)
    view = json.loads(_saves(tmp_path, capsys, "--json")[1])
    assert [m["ended"] for m in view["missions"]] == [True, True]
    assert "  任务 Lighthouse（已结束）；场景：Pier" in _saves(tmp_path, capsys, "--lang", "zh")[1]


def test_saves_of_an_unknown_campaign_is_refused_in_the_tables_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _run(tmp_path, FIGHT, monkeypatch)
    capsys.readouterr()
    assert main(["saves", "Nope", "--save-dir", str(tmp_path), "--lang", "zh"]) == 2
    assert "没有名为 'Nope' 的战役" in capsys.readouterr().err


def test_the_campaign_report_ends_with_the_cast_a_scene_report_does_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _run(tmp_path, FIGHT, monkeypatch)
    _run(tmp_path, ALLEY, monkeypatch)
    capsys.readouterr()
    assert main(["export", "C", "--format", "md", "--save-dir", str(tmp_path)]) == 0
    report = capsys.readouterr().out
    standing = report[report.index("## Campaign C") :]
    assert report.index("Alley") < report.index("## Campaign C")  # scenes in order, then cast
    assert "- Ann (pc): health 3/7, willpower 5/5; hurt, impulse used this movie" in standing
    assert "### Season Autumn" in standing
    assert main(["export", "C/Fight", "--format", "md", "--save-dir", str(tmp_path)]) == 0
    assert "## Campaign C" not in capsys.readouterr().out
