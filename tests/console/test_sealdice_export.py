"""``st-console export … --format sealdice`` (issue 28): a log story-painter imports as its own.

The shape is pinned here in every language; story-painter's own importer (bundled for node in
../shared/tools/story-painter, see its README) is run on the file when node is on the machine.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from console_support import FIGHT, FIXED_TIME, AppRun, settle

from console.cli import main
from console.screens.shell import SceneScreen

sys.path.insert(0, str(Path(__file__).parents[1] / "saves"))
from sealdice_shape import check_shape  # noqa: E402

SCRIPT = """\
scene new "仓库" ih-d10
sheet 安妮 pc dexterity=3 firearms=2 composure=2 wits=2 stamina=2
add 安妮 from=安妮 init=15
add 食尸鬼 init=10 npc health=8
add "Obadiah (NPC)" init=8 npc
add 影子 init=7 npc hidden
begin
check 安妮 dexterity+firearms --dc 2
.ww 5a8 by=安妮 --dc 2
attack 安妮 食尸鬼 dexterity+firearms
next
roll ih-d10 6 by=影子 hidden
。ww 4a9 by="Obadiah (NPC)"
next
next
damage 影子 1
reveal 影子
damage 影子 2
scene new "病房" mist
pc 梅
theme 梅 taint "暗影之手" power="抓握黑暗,无声步伐" weakness="无光" motive=进食
challenge 猎犬 limits=harmed:3
challenge 潜伏者 limits=harmed:2 hidden
phase action
action 梅 tags="暗影之手,抓握黑暗" target=猎犬
"""


def checker() -> Path | None:
    """story-painter's bundled importer and its driver, where the project keeps them."""
    places = [os.environ.get("STORY_PAINTER_CHECKER", "")]
    root = Path(__file__).resolve().parents[2]
    places += [
        str(root.parent / "shared/tools/story-painter/check_sealdice_log.js"),
        str(root.parents[1] / "shared/tools/story-painter/check_sealdice_log.js"),
        "/work/shared/tools/story-painter/check_sealdice_log.js",
    ]
    return next((Path(p) for p in places if p and Path(p).is_file()), None)


@pytest.fixture
def campaign(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    script = tmp_path / "night.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    saves = tmp_path / "saves"
    argv = ["run", str(script), "--seed", "7", "--campaign", "夜班", "--save-dir", str(saves)]
    assert main(argv) == 0
    capsys.readouterr()
    return saves


def export(saves: Path, out: Path, *extra: str) -> list[dict[str, object]]:
    argv = ["export", "夜班", "--format", "sealdice", "-o", str(out), "--save-dir", str(saves)]
    assert main([*argv, *extra]) == 0
    return check_shape(json.loads(out.read_text(encoding="utf-8")))


@pytest.mark.parametrize(
    ("lang", "st", "words"),
    [
        ("zh", "主持人", ("《夜班》跑团记录", "场景：仓库", "成功（DC 2，", "攻击 食尸鬼")),
        ("zh-Hant", "主持人", ("《夜班》跑團記錄", "場景：仓库", "成功（DC 2，", "攻擊 食尸鬼")),
        ("en", "ST", ("夜班 — session log", "Scene: 仓库", "(DC 2, ", "attacks 食尸鬼")),
    ],
)
def test_the_export_speaks_the_chosen_language(
    campaign: Path, tmp_path: Path, lang: str, st: str, words: tuple[str, ...]
) -> None:
    items = export(campaign, tmp_path / "log.json", "--lang", lang)
    text = "\n".join(str(item["message"]) for item in items)
    for word in words:
        assert word in text
    assert items[0]["nickname"] == st and items[0]["role"] == "主持人"
    dice = [item for item in items if item["isDice"]]
    assert [item["nickname"] for item in dice] == ["安妮", "安妮", "安妮", "Obadiah （NPC）", "梅"]
    assert "5a8 → {" in str(dice[1]["message"]) and "4a9 → {" in str(dice[3]["message"])
    assert "潜伏者" not in text  # hidden from the players: not logged
    shadow = [str(item["message"]) for item in items if "影子" in str(item["message"])]
    assert len(shadow) == 2  # revealed, then damaged: nothing of its hidden time (its turn, …)
    assert "2" in shadow[1]


def test_one_scene_and_the_st_name(campaign: Path, tmp_path: Path) -> None:
    out = tmp_path / "log.json"
    argv = ["export", "夜班/病房", "--format", "sealdice", "-o", str(out)]
    assert main([*argv, "--save-dir", str(campaign), "--st-name", "KP (老李)", "--lang", "zh"]) == 0
    items = check_shape(json.loads(out.read_text(encoding="utf-8")))
    assert {item["nickname"] for item in items} == {"KP （老李）", "梅"}
    assert all("仓库" not in str(item["message"]) for item in items)


def test_times_are_the_seconds_the_commands_were_made(campaign: Path, tmp_path: Path) -> None:
    items = export(campaign, tmp_path / "log.json", "--lang", "zh")
    times = [int(item["time"]) for item in items]  # type: ignore[call-overload]
    assert times == sorted(times)
    assert abs(times[-1] - time.time()) < 3600  # ``run`` made them just now


async def test_the_console_journals_the_time_of_each_command(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        screen = app.screen
        assert isinstance(screen, SceneScreen)
        assert screen.run_command("ww 3a9 by=Ann")
        await settle(pilot)
        assert screen.history.scene.journal[-1].time == int(FIXED_TIME.timestamp())


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_story_painter_imports_every_item(campaign: Path, tmp_path: Path, lang: str) -> None:
    node, script = shutil.which("node"), checker()
    if node is None or script is None:
        pytest.skip("node or story-painter's checker (../shared/tools/story-painter) not found")
    out = tmp_path / f"log-{lang}.json"
    items = export(campaign, out, "--lang", lang)
    env = {**os.environ, "TZ": "Asia/Shanghai"}
    done = subprocess.run(
        [node, str(script), str(out), "--sealdice-only"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    report = json.loads(done.stdout)
    assert done.returncode == 0, report
    assert report["accepted"] and report["importer"] == "sealDice"
    assert report["items"] == len(items)
    assert report["dice_items"] == sum(1 for item in items if item["isDice"])
    assert report["errors"] == [] and report["warnings"] == []
    assert report["roundtrip"] == {"importer": "editLog", "items": len(items)}
