"""Between scenes in ``st-console run`` (issue 25 point 4): ``cast COMMAND`` heals, restores or
adjusts the campaign's cast with a scene's commands, ``cast undo`` takes the last back; it needs
``--campaign``; a script with it is one unit like any other (a refusal part way keeps what came
before, as ``run`` always does)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from console.cli import main
from saves import open_store

FIGHT = """scene new "Fight" ih-d10
sheet Ann pc dexterity=3 composure=3 resolve=2 stamina=2
add Ann from=Ann init=10
damage Ann 4
willpower Ann -2
"""

ALLEY = """scene new "Alley" mist
pc Mei
status Mei hurt 2
"""


def run(root: Path, script: str, monkeypatch: pytest.MonkeyPatch, *extra: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    return main(["run", "-", "--campaign", "C", "--save-dir", str(root), *extra])


def ann(root: Path) -> tuple[int, int, bool]:
    with open_store(root).open_campaign("C", read_only=True) as campaign:
        (sheet,) = campaign.roster()
    condition = sheet.condition
    assert condition is not None
    return condition.health, condition.willpower, condition.impulse_used_movie


def test_cast_heals_restores_and_undoes_between_scenes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(tmp_path, FIGHT + 'scene new "Next" ih-d10\n', monkeypatch) == 0
    assert ann(tmp_path) == (3, 3, False)
    assert run(tmp_path, "cast heal Ann 2\ncast willpower Ann +1\n", monkeypatch) == 0
    assert ann(tmp_path)[:2] == (5, 4)
    assert run(tmp_path, "cast undo\n", monkeypatch) == 0
    assert ann(tmp_path)[:2] == (5, 3)
    capsys.readouterr()
    assert run(tmp_path, "add Ann from=Ann init=3\n", monkeypatch, "--json") == 0
    (row,) = json.loads(capsys.readouterr().out)["order"]
    assert (row["health"], row["willpower"]) == (5, 3)  # the next scene starts so


def test_a_scene_still_played_sees_the_cast_command_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    script = FIGHT + "cast heal Ann 1\ndamage Ann 1\n"
    assert run(tmp_path, script, monkeypatch, "--json") == 0
    (row,) = json.loads(capsys.readouterr().out)["order"]
    assert row["health"] == 3  # 7 - 4 + 1 - 1: nothing counted twice, nothing lost
    assert ann(tmp_path)[:2] == (3, 3)


def test_a_scene_command_after_cast_is_refused_in_the_tables_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(tmp_path, FIGHT, monkeypatch) == 0
    capsys.readouterr()
    assert run(tmp_path, "cast begin\n", monkeypatch, "--lang", "zh") == 1
    assert "“begin”不是场景之间作用于角色的命令" in capsys.readouterr().err
    assert run(tmp_path, "cast undo\n", monkeypatch, "--lang", "zh-Hant") == 1
    assert "場景之間沒有可復原的操作" in capsys.readouterr().err
    monkeypatch.setattr("sys.stdin", io.StringIO("cast heal Ann 1\n"))
    assert main(["run", "-", "--lang", "zh"]) == 1
    assert "--campaign" in capsys.readouterr().err


def test_mist_cast_commands_change_the_pcs_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(tmp_path, ALLEY, monkeypatch) == 0
    assert run(tmp_path, "cast reduce Mei hurt 1\n", monkeypatch) == 0
    with open_store(tmp_path).open_campaign("C", read_only=True) as campaign:
        mist = campaign.mist_cast()
    assert [(s.name, s.tier) for s in mist.characters[0].statuses] == [("hurt", 1)]
    with open_store(tmp_path).open_campaign("C", read_only=True) as campaign:
        alley = campaign.load_scene("Alley")  # still played: Mei lives there, journaled so
    assert alley.journal[-1].text == "reduce Mei hurt 1"
    assert run(tmp_path, "cast undo\nstatus Mei scared 1\n", monkeypatch) == 0
    with open_store(tmp_path).open_campaign("C", read_only=True) as campaign:
        mist = campaign.mist_cast()
        alley = campaign.load_scene("Alley")
    assert [(s.name, s.tier) for s in mist.characters[0].statuses] == [("hurt", 2), ("scared", 1)]
    assert [e.text for e in alley.journal[-2:]] == ["status Mei hurt 2", "status Mei scared 1"]
    capsys.readouterr()
    assert run(tmp_path, "cast challenge Hound limits=harmed:3\n", monkeypatch) == 1
    assert "is not a command for the cast" in capsys.readouterr().err


def test_undo_reaches_back_ten_commands_and_the_cast_file_stays_small(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(tmp_path, FIGHT + 'scene new "Next" ih-d10\n', monkeypatch) == 0
    cast = tmp_path / "campaigns" / "c" / "cast.json"
    size = cast.stat().st_size
    script = "".join(f"cast {'heal' if n % 2 else 'damage'} Ann 1\n" for n in range(14))
    assert run(tmp_path, script, monkeypatch) == 0
    assert cast.stat().st_size < size + 10 * 400  # only what each changed is kept for undo
    assert run(tmp_path, "cast undo\n" * 10, monkeypatch) == 0
    assert ann(tmp_path)[:2] == (3, 3)  # the first four stay: damage, heal, damage, heal
    capsys.readouterr()
    assert run(tmp_path, "cast undo\n", monkeypatch) == 1
    assert "Nothing to undo between scenes" in capsys.readouterr().err
