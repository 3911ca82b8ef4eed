"""Open… (ctrl+o) renames and deletes scenes: in the open campaign and in one opened for it."""

from __future__ import annotations

from pathlib import Path

from console_support import FIGHT, save_scene

from console.app import STConsoleApp
from console.demo import build_scene
from console.screens.saves_screen import OpenScreen
from saves.store import open_store

SIZE = (120, 40)


def add_scene(save_dir: Path, campaign: str, scene: str) -> None:
    store = open_store(save_dir)
    opened = (
        store.open_campaign(campaign)
        if store.has_campaign(campaign)
        else store.create_campaign(campaign)
    )
    try:
        opened.save_scene(build_scene(scene, "ih-d10", "", 5))
    finally:
        opened.close()


async def test_rename_in_the_open_campaign_and_delete_in_another(tmp_path: Path) -> None:
    save_scene(tmp_path, FIGHT)
    add_scene(tmp_path, "Test", "Spare")
    add_scene(tmp_path, "Other", "Alley")
    add_scene(tmp_path, "Other", "Dock")
    app = STConsoleApp(save_dir=tmp_path, campaign="Test", scene="Fight", seed=5, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, OpenScreen)
        table = screen.query_one("#open-table")
        table.move_cursor(row=screen.rows.index(("Test", "Spare")))  # type: ignore[attr-defined]
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("ctrl+u", *"Kept", "enter")
        await pilot.pause()
        assert ("Test", "Kept") in screen.rows and ("Test", "Spare") not in screen.rows
        table.move_cursor(row=screen.rows.index(("Other", "Alley")))  # type: ignore[attr-defined]
        await pilot.press("delete")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert ("Other", "Alley") not in screen.rows and ("Other", "Dock") in screen.rows
        assert app.persistence.campaign_name == "Test"
    other = open_store(tmp_path).open_campaign("Other", read_only=True)
    try:
        assert set(other.scene_names()) == {"Dock"}
    finally:
        other.close()
