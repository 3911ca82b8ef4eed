"""A real chat-table campaign exported ``--format sealdice`` and read back by story-painter's own
importer (bundled for node in ../shared/tools/story-painter; skipped without node): every item is
read as written — speaker, time, dice, words — and reads the same again after story-painter's
editor shows it as text and parses it back (what happens at every edit). Edge cases: names with
spaces, emoji, full-width and half-width brackets, an "ob" name; an empty scene between two
others; notes with brackets and one ending like a clock time; a long scene.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from test_sealdice_export import checker

from console.cli import main

DRIVER = r"""
'use strict';
const fs = require('fs');
const path = require('path');
const [dir, file] = process.argv.slice(2);
const text = new TextDecoder('utf-8').decode(fs.readFileSync(file)).replace(/\r\n?/g, '\n');
console.log = () => {};
console.warn = () => {};
const SP = require(path.join(dir, 'story-painter-logmanager.bundle.js'));
const pick = (i) => ({nickname: i.nickname, IMUserId: i.IMUserId ?? null, time: i.time,
                      message: i.message, isDice: !!i.isDice});
const page = SP.logMan;  // as the page does on a paste: the first importer that checks parses
page.lastText = '';
page.curItems = [];
page.syncChange(text, [0, 0], [0, text.length]);
const items = page.curItems.filter((i) => !i.isRaw).map(pick);
const again = new SP.LogManager().parse(page.lastText, true);
process.stdout.write(JSON.stringify({
  items, editor: page.lastText, again: again ? again.items.filter((i) => !i.isRaw).map(pick) : [],
}));
"""

LONG_ROLLS = 300

SCRIPT = (
    """\
scene new "第一夜 废弃医院" ih-d10
sheet 林晓 pc dexterity=3 firearms=2 composure=2 wits=3 stamina=2 strength=2 martial=1
sheet "老 王" pc dexterity=2 strength=3 martial=3 composure=3 wits=2 stamina=3
add 林晓 from=林晓 init=15
add "老 王" from="老 王" init=12
add 护士长😱 init=10 npc health=9
add 病人（无面） init=8 npc health=6
add "Ｄｒ．陈" init=5 npc
add "a(b)<c>" init=4 npc
add obscure init=3 npc
note 林晓 "她推开门：走廊尽头传来低语（像是祷告）；[血迹] <一直> {延伸} 【到楼梯口】"
note "老 王" "钟停在 23:15:00"
begin
.ww 5a8 by=林晓 --dc 2
。ww 6a9 by="老 王" --bonus 1
ww 3 by=护士长😱 --penalty 1
ww 2 by="a(b)<c>"
ww 4 by=obscure
attack 林晓 护士长😱 dexterity+firearms
next
attack "老 王" 病人（无面） strength+martial
next
scene new "空场景" ih-d6
scene new "第二夜 停尸间" ih-d10
add 林晓 from=林晓 init=9
ww 0 by=林晓
"""
    + "".join(f"ww {1 + i % 9}a{8 + i % 3} by=林晓 --dc {i % 4}\n" for i in range(LONG_ROLLS))
    + 'note 林晓 "天亮了"\n'
)

HEADINGS = {"zh": "—— 场景：空场景（ih-d6）——", "zh-Hant": "—— 場景：空场景（ih-d6）——"}
HEADINGS["en"] = "— Scene: 空场景 (ih-d6) —"


def node_tools() -> tuple[str, Path]:
    node, script = shutil.which("node"), checker()
    if node is None or script is None:
        pytest.skip("node or story-painter's importer (../shared/tools/story-painter) not found")
    return node, script.parent


@pytest.fixture(scope="module")
def saves(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("chat-table")
    script = root / "night.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    argv = ["run", str(script), "--seed", "3", "--campaign", "夜班 无限恐怖"]
    assert main([*argv, "--save-dir", str(root / "saves")]) == 0
    return root / "saves"


def exported(saves: Path, out: Path, lang: str) -> list[dict[str, Any]]:
    argv = ["export", "夜班 无限恐怖", "--format", "sealdice", "--lang", lang, "-o", str(out)]
    assert main([*argv, "--save-dir", str(saves)]) == 0
    items: list[dict[str, Any]] = json.loads(out.read_text(encoding="utf-8"))["items"]
    return items


def story_painter(node: str, tools: Path, log: Path) -> dict[str, Any]:
    driver = log.parent / "read_log.js"
    driver.write_text(DRIVER, encoding="utf-8")
    env = {**os.environ, "TZ": "Asia/Shanghai"}
    done = subprocess.run(
        [node, str(driver), str(tools), str(log)],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    read: dict[str, Any] = json.loads(done.stdout)
    return read


@pytest.mark.parametrize("lang", ["zh", "zh-Hant", "en"])
def test_story_painter_reads_every_line_as_written(
    saves: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    node, tools = node_tools()
    log = tmp_path / f"night-{lang}.json"
    ours = exported(saves, log, lang)
    capsys.readouterr()
    read = story_painter(node, tools, log)
    assert len(read["items"]) == len(ours)
    for mine, theirs in zip(ours, read["items"], strict=True):
        assert theirs["nickname"] == mine["nickname"]
        assert theirs["IMUserId"] == mine["IMUserId"]
        assert theirs["time"] == mine["time"]
        assert theirs["isDice"] == mine["isDice"]
        assert theirs["message"] == mine["message"] + "\n\n"  # the importer's own "\n\n"
    # the editor's text read back (every edit in story-painter does it): the same items
    assert len(read["again"]) == len(ours)
    for mine, again in zip(ours, read["again"], strict=True):
        assert again["nickname"] == mine["nickname"]
        assert again["IMUserId"] == mine["IMUserId"]
        assert again["time"] == mine["time"]
        assert again["message"].rstrip("\n") == mine["message"]
    times = [item["time"] for item in ours]
    assert times == sorted(times)  # the empty scene's heading too
    assert HEADINGS[lang] in [item["message"] for item in ours]


def test_speakers_dice_and_chinese_come_through(
    saves: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    node, tools = node_tools()
    log = tmp_path / "night.json"
    ours = exported(saves, log, "zh")
    capsys.readouterr()
    items = story_painter(node, tools, log)["items"]
    dice = [item for item in items if item["isDice"]]
    speakers = [item["nickname"] for item in dice[:7]]
    assert speakers == ["林晓", "老 王", "护士长😱", "a（b）＜c＞", "obscure", "林晓", "老 王"]
    assert len(dice) == 7 + 1 + LONG_ROLLS
    bot_line = re.compile(r"^\S.* (机运骰 )?\d+a(8|9|10) → \{[0-9*,]+\}(\+\{[0-9*,]+\})? ")
    for item in dice:
        if "攻击" not in item["message"]:
            assert bot_line.match(item["message"]), item["message"]
    assert dice[0]["message"].startswith("林晓 5a8 → {") and "（DC 2，" in dice[0]["message"]
    assert dice[1]["message"].startswith("老 王 6a9 → {")
    assert dice[5]["message"].startswith("林晓 攻击 护士长😱 敏捷+射击 骰池 5")
    notes = [item["message"] for item in items if "的备注" in item["message"]]
    assert notes[0] == (
        "林晓 的备注：她推开门：走廊尽头传来低语（像是祷告）；[血迹] <一直> {延伸} 【到楼梯口】\n\n"
    )
    assert notes[1].replace("\u2060", "") == "老 王 的备注：钟停在 23:15:00\n\n"  # invisible
    assert notes[-1] == "林晓 的备注：天亮了\n\n"  # the long scene's last line is there
    assert {item["nickname"] for item in items} == {
        "主持人",
        "林晓",
        "老 王",
        "护士长😱",
        "a（b）＜c＞",
        "obscure",
    }
    assert all(item["IMUserId"].startswith("STC:") for item in ours)
