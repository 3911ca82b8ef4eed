"""Issue 27 §3: the dialogs that ask an amount, a choice or a yes/no for a command (damage,
delay, remove, stay conscious) are drawn as the other dialogs are — a bordered box over the
scene — not as a bare full screen."""

from __future__ import annotations

import pytest
from console_support import FIGHT, SIZE, AppRun, press, screen_lines
from textual.containers import Vertical

from console.screens.command_dialog import AskAmount, AskChoice, AskConfirm


@pytest.mark.parametrize(
    ("key", "kind"), [("minus", AskAmount), ("d", AskChoice), ("delete", AskConfirm)]
)
async def test_a_command_dialog_is_a_box_over_the_scene(
    run_app: AppRun, key: str, kind: type
) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await press(pilot, key)
        dialog = app.screen
        assert isinstance(dialog, kind)
        box = dialog.query_one(Vertical)
        assert box.region.width == 64, "the dialogs' width"
        assert box.region.x > 0 and box.region.right < SIZE[0], "centred, the scene beside it"
        assert box.styles.border_top[0] == "thick"
        assert any("Initiative" in line for line in screen_lines(app)), "the scene shows behind"
