"""Issue 27 §3: the title's clock keeps ticking while a dialog is open over the scene."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from console_support import FIGHT, FIXED_TIME, SIZE, press, save_scene

from console.app import STConsoleApp, is_scene_screen
from console.widgets.title_bar import TitleBar


async def test_the_clock_ticks_under_a_dialog(tmp_path: Path) -> None:
    save_scene(tmp_path, FIGHT)
    now = [FIXED_TIME]
    app = STConsoleApp(
        save_dir=tmp_path, campaign="Test", scene="Fight", lang="en", seed=5, clock=lambda: now[0]
    )
    async with app.run_test(size=SIZE) as pilot:
        await press(pilot, "minus")
        assert not is_scene_screen(app.screen), "the damage dialog is open"
        now[0] = FIXED_TIME + timedelta(minutes=7, seconds=5)
        app.refresh_title()  # what the app's one-second timer does
        await pilot.pause()
        assert "0:07:05" in app.title_line
        bar = app.screen_stack[-2].query_one(TitleBar)
        assert "0:07:05" in bar._line, "the scene's title bar, seen around the dialog"
