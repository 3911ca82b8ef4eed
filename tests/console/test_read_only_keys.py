"""Read-only scenes (another console holds the campaign): an edit key says who holds it and edits
nothing, in both families; moving the selection still works."""

from __future__ import annotations

from pathlib import Path

from console_support import FIGHT, SIZE, AppFactory, ih_screen, status_text

from console.app import is_scene_screen
from saves.store import open_store


async def test_a_read_only_key_says_who_holds_the_campaign(
    make_app: AppFactory, tmp_path: Path
) -> None:
    app = make_app(script=FIGHT)
    holder = open_store(tmp_path).open_campaign("Test")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = ih_screen(app)
            before = screen.history.scene
            await pilot.press("n")
            await pilot.pause()
            status = status_text(app)
            assert status.startswith("✗ read-only: ")
            assert app.persistence.holder and app.persistence.holder in status
            assert screen.history.scene == before
            await pilot.press("j")  # moving the selection is not an edit: no refusal
            await pilot.pause()
            assert screen.selected == "Bob"
    finally:
        holder.close()


async def test_a_read_only_mist_key_says_so_too(make_app: AppFactory, tmp_path: Path) -> None:
    app = make_app(script="pc Mei\n", system="mist")
    holder = open_store(tmp_path).open_campaign("Test")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert is_scene_screen(app.screen)
            before = app.screen.history.scene
            await pilot.press("p")  # the next phase
            await pilot.pause()
            assert status_text(app).startswith("✗ read-only: ")
            assert app.screen.history.scene == before
    finally:
        holder.close()
