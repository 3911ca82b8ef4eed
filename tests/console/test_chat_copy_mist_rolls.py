"""``y`` copies a mitigation's and a full immersion's roll too (after an immersion it said
"no roll in this scene yet" over the roll it had just made); ``Y`` lists a character's statuses
with the table's separator (梅：心惊-1、中毒-3, was "心惊-1, 中毒-3")."""

from __future__ import annotations

import pytest
from console_support import MITIGATE, SCENE, AppRun, press

from console.app import is_scene_screen


@pytest.mark.parametrize(
    ("script", "line", "start"),
    [
        (SCENE, 'immerse Mei "Shadow Hands" submerge', "Mei Shadow Hands 效力 1 → d8 "),
        (MITIGATE, 'mitigate x1 tags="steady hands"', "Mei steady hands 效力 1 → d8 "),
    ],
)
async def test_y_copies_the_roll(run_app: AppRun, script: str, line: str, start: str) -> None:
    async with run_app(script=script, system="mist", lang="zh") as (app, pilot):
        screen = app.screen
        assert is_scene_screen(screen) and screen.run_command(line)
        await press(pilot, "y")
        assert app.clipboard.startswith(start), app.clipboard


@pytest.mark.parametrize(
    ("lang", "said"), [("zh", "Mei：hurt-1、scared-2"), ("en", "Mei: hurt-1, scared-2")]
)
async def test_shift_y_lists_statuses_with_the_table_s_separator(
    run_app: AppRun, lang: str, said: str
) -> None:
    script = SCENE + "status Mei hurt 1\nstatus Mei scared 2\n"
    async with run_app(script=script, system="mist", lang=lang) as (app, pilot):
        await press(pilot, "Y")
        assert said in app.clipboard, app.clipboard


async def test_y_copies_a_dp_attack_without_the_command_s_dp(run_app: AppRun) -> None:
    """A typed pool is said once, in the table's words (骰池 6; 鬼 flat-footed), not ``dp=6``."""
    script = "add 安 init=15 pc\nadd 鬼 init=12 defense=1\nbegin\n"
    async with run_app(script=script, lang="zh") as (app, pilot):
        screen = app.screen
        assert is_scene_screen(screen) and screen.run_command("attack 安 鬼 dp=6")
        await press(pilot, "y")
        assert app.clipboard.startswith("安 攻击 鬼 骰池 6 − 防御 0 → 6a10 → {"), app.clipboard
        assert "dp=" not in app.clipboard
