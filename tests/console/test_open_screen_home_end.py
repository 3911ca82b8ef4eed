"""Open… (ctrl+o): Home and End go to the first and the last scene of the list (a walk-through
found they did nothing: the table scrolled its columns with them)."""

from __future__ import annotations

from pathlib import Path

from console_support import FIGHT, save_scene, until
from test_open_screen import add_scene

from console.app import STConsoleApp
from console.screens.saves_screen import OpenScreen, RowTable


async def test_home_and_end_go_to_the_first_and_last_scene(tmp_path: Path) -> None:
    save_scene(tmp_path, FIGHT)
    for name in ("Alley", "Dock", "Pier"):
        add_scene(tmp_path, "Other", name)
    app = STConsoleApp(save_dir=tmp_path, campaign="Test", scene="Fight", seed=5, lang="zh")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("ctrl+o")
        await until(pilot, lambda: isinstance(app.screen, OpenScreen))
        screen = app.screen
        assert isinstance(screen, OpenScreen)
        table = screen.query_one(RowTable)
        assert len(screen.rows) == 4
        await pilot.press("end")
        assert await until(pilot, lambda: table.cursor_row == len(screen.rows) - 1)
        await pilot.press("home")
        assert await until(pilot, lambda: table.cursor_row == 0)
        first, last = screen.rows[0], screen.rows[-1]
        target = first if last[0] == "Test" else last  # the one not open now
        await pilot.press("end" if target == last else "home", "enter")  # in one burst
        assert await until(pilot, lambda: not isinstance(app.screen, OpenScreen))
        assert await until(pilot, lambda: app.persistence.campaign_name == target[0])
