"""Ctrl+N, a new scene: every system is offered, the open scene's first; the one chosen opens."""

from __future__ import annotations

from pathlib import Path

from console_support import SMALL, screen_lines

from console.app import STConsoleApp
from console.ih.screen import IHScreen
from console.screens.dialogs import NewSceneDialog


async def test_ctrl_n_offers_every_system_and_opens_the_one_chosen(tmp_path: Path) -> None:
    app = STConsoleApp(save_dir=tmp_path, campaign="Demo", scene="St. Agnes at night", seed=5)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("ctrl+n")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NewSceneDialog)
        assert dialog.chosen() == "mist", "the open scene's system is the first choice"
        text = "\n".join(screen_lines(app))
        for label in ("Infinite Horror, d10", "Infinite Horror, d6", "M.I.S.T."):
            assert label in text
        await pilot.press(*"Basement")
        await pilot.click("#ih-d10")
        await pilot.click("#ok")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, IHScreen)
        assert app.screen.history.scene.name == "Basement"
        assert app.screen.history.scene.system == "ih-d10"
