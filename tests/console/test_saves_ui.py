"""Saves in the UI (issue 6 §6): read-only when another console holds the lock, the backup
offer for a damaged file, save as and open."""

from __future__ import annotations

import os
from pathlib import Path

from console_support import FIGHT, AppFactory, ih_screen, scene_json

from console.screens.dialogs import ConfirmDialog
from saves import backups
from saves.store import open_store

SIZE = (120, 40)


async def test_read_only_when_another_console_holds_the_lock(
    make_app: AppFactory, tmp_path: Path
) -> None:
    app = make_app(script=FIGHT)
    holder = open_store(tmp_path).open_campaign("Test")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = ih_screen(app)
            assert screen.read_only and app.persistence.read_only
            assert "READ-ONLY" in app.title_line
            assert screen.check_action("next_turn", ()) is None
            before = screen.history.scene
            await pilot.press("colon", *"next", "enter")
            await pilot.pause()
            assert screen.history.scene == before
    finally:
        holder.close()


async def test_a_damaged_scene_offers_the_backup(make_app: AppFactory, tmp_path: Path) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:  # opening takes a backup of the good files
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("ctrl+q")
    directory = open_store(tmp_path).find("Test")
    assert directory is not None
    (header,) = (directory / backups.SCENES).glob("*.json")
    damaged = header.with_name("damaged.tmp")
    damaged.write_text("{ not json", "utf-8")
    os.replace(damaged, header)  # a new inode: the backups' hard links keep the good file
    again = make_app(campaign="Test", scene="Fight")
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(again.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        assert scene_json(again)["current"] == "Bob"
        broken = list((directory / "broken").rglob("*.json"))
        assert broken, "the damaged file is kept aside, never overwritten"


async def test_save_as_copies_the_journal_into_another_campaign(
    make_app: AppFactory, tmp_path: Path
) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n", "ctrl+s")
        await pilot.pause()
        await pilot.press("ctrl+u", *"Other / Copy", "enter")
        await pilot.pause()
        journal = ih_screen(app).history.scene.journal
        assert app.persistence.campaign_name == "Other"
        await pilot.press("ctrl+q")
    with open_store(tmp_path).open_campaign("Other", read_only=True) as campaign:
        assert campaign.load_scene("Copy").journal == journal
