"""``y`` copies a mitigation's and a full immersion's roll too (after an immersion it said
"no roll in this scene yet" over the roll it had just made)."""

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
