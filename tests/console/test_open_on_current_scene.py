"""Issue 27 §3: Open… (Ctrl+O) starts on the scene open now, not on the first row."""

from __future__ import annotations

from pathlib import Path

from console_support import FIGHT, save_scene
from test_open_screen import add_scene
from textual.widgets import DataTable

from console.app import STConsoleApp
from console.screens.saves_screen import OpenScreen


async def test_open_starts_on_the_scene_open_now(tmp_path: Path) -> None:
    add_scene(tmp_path, "Aardvark", "Alley")
    add_scene(tmp_path, "Aardvark", "Dock")
    save_scene(tmp_path, FIGHT)
    add_scene(tmp_path, "Test", "Spare")
    app = STConsoleApp(save_dir=tmp_path, campaign="Test", scene="Spare", seed=5, lang="en")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("ctrl+o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OpenScreen)
        table = screen.query_one(DataTable)
        assert screen.rows.index(("Test", "Spare")) > 0, "not the first row"
        assert screen.rows[table.cursor_row] == ("Test", "Spare")
        await pilot.press("enter")
        await pilot.pause()
        assert app.current_scene() is not None and app.current_scene().name == "Spare"
