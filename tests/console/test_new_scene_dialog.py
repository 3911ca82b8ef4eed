"""Ctrl+N, a new scene: every system is offered, the open scene's first; the one chosen opens."""

from __future__ import annotations

from pathlib import Path

from console_support import SMALL, screen_lines, until
from textual.widgets import Checkbox

from console.app import STConsoleApp
from console.demo import demo_campaign, demo_scene_names
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


async def test_ctrl_n_can_keep_the_current_scene_open_beside_the_new_one(tmp_path: Path) -> None:
    """The dialog offers a split party (issue 25): checked, the scene the table was in stays
    open beside the new one instead of ending (``scene new "NAME" SYSTEM split``)."""
    app = STConsoleApp(save_dir=tmp_path, campaign="Demo", scene="St. Agnes at night", seed=5)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("ctrl+n")
        assert await until(pilot, lambda: isinstance(app.screen, NewSceneDialog))
        assert "Keep the current scene open beside it (split party)" in screen_lines_text(app)
        assert app.screen.query_one("#split", Checkbox).value is False
        await pilot.press(*"Dock")  # M.I.S.T., as the scene the table is in
        await pilot.click("#split")
        assert app.screen.query_one("#split", Checkbox).value is True
        await pilot.click("#ok")
        assert await until(pilot, lambda: app.screen.history.scene.name == "Dock")
        campaign = app.persistence.campaign
        assert campaign is not None
        assert campaign.is_open_beside("St. Agnes at night")
        assert not campaign.is_ended("St. Agnes at night")


async def test_ctrl_n_without_split_ends_the_scene_and_the_option_is_in_chinese(
    tmp_path: Path,
) -> None:
    for lang, label in (
        ("zh", "当前场景保持打开，与新场景并行（分头行动）"),
        ("zh-Hant", "目前場景保持開啟，與新場景並行（分頭行動）"),
    ):
        await _without_split(tmp_path / lang, lang, label)


async def _without_split(root: Path, lang: str, label: str) -> None:
    case = demo_scene_names(lang)[2]  # the demo in the table's language: 圣阿格尼丝之夜
    app = STConsoleApp(save_dir=root, campaign=demo_campaign(lang), scene=case, seed=5, lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("ctrl+n")
        assert await until(pilot, lambda: isinstance(app.screen, NewSceneDialog))
        assert label in screen_lines_text(app).replace(" ", "")
        await pilot.press(*"Attic")
        await pilot.click("#ok")
        assert await until(pilot, lambda: app.screen.history.scene.name == "Attic")
        campaign = app.persistence.campaign
        assert campaign is not None
        assert campaign.is_ended(case)
        assert not campaign.is_open_beside(case)


def screen_lines_text(app: STConsoleApp) -> str:
    return "\n".join(screen_lines(app))
