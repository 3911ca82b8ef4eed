"""The SealDice log credits a character's willpower spends to the character (a walk-through found
them under the Storyteller's nickname): ``willpower NAME defense`` is the character's act, as a
roll is; ``willpower NAME +1`` (the ST adjusting a pool) stays the Storyteller's."""

from __future__ import annotations

import json
from pathlib import Path

from console.cli import main

SCRIPT = """\
scene new "仓库" ih-d10
add 安妮 init=15 pc
add 食尸鬼 init=10 npc
begin
willpower 安妮 defense
willpower 食尸鬼 -1
"""


def test_a_willpower_spend_is_the_character_s_an_adjustment_the_st_s(tmp_path: Path) -> None:
    script = tmp_path / "s.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    saves = str(tmp_path / "saves")
    assert main(["run", str(script), "--campaign", "夜班", "--save-dir", saves, "--seed", "1"]) == 0
    out = tmp_path / "log.json"
    argv = ["export", "夜班", "--format", "sealdice", "-o", str(out), "--save-dir", saves]
    assert main([*argv, "--lang", "zh", "--st-name", "KP"]) == 0
    items = json.loads(out.read_text(encoding="utf-8"))["items"]
    spent = [item for item in items if "安妮" in item["message"] and "意志" in item["message"]]
    adjusted = [item for item in items if "食尸鬼" in item["message"] and "意志" in item["message"]]
    assert spent and all(item["nickname"] == "安妮" for item in spent)
    assert adjusted and all(item["nickname"] == "KP" for item in adjusted)
