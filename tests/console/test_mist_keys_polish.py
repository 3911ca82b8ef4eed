"""Issue 18: Ctrl+N offers a choice of system; M.I.S.T. keys to add a PC and set complexity;
greyed-out M.I.S.T. keys say why, as the combat keys do."""

from __future__ import annotations

from pathlib import Path

import pytest
from console_support import AppFactory, screen_lines

from console.app import STConsoleApp
from console.mist.dialogs import FormDialog
from console.mist.screen import MistScreen
from console.screens.dialogs import NewSceneDialog
from console.screens.ih_screen import IHScreen
from engine.mist.state import MistState


async def test_ctrl_n_offers_every_system_and_opens_the_one_chosen(tmp_path: Path) -> None:
    app = STConsoleApp(save_dir=tmp_path, campaign="Demo", scene="St. Agnes at night", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
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


async def test_p_adds_a_pc_and_x_sets_the_complexity(make_app: AppFactory) -> None:
    app = make_app(script="challenge Hound limits=harmed:3\n", system="mist")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, MistScreen)
        await pilot.press("H")  # no PC yet: says why
        await pilot.pause()
        assert isinstance(app.screen, MistScreen)
        assert "No player character yet: press P" in screen.status
        await pilot.press("P")
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)
        await pilot.press(*"Mei", "enter")
        await pilot.pause()
        state = screen.history.scene.state
        assert isinstance(state, MistState)
        assert [p.name for p in state.characters] == ["Mei"]
        assert screen.selected == "Mei"
        await pilot.press("X")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        await pilot.press("backspace", "3", "enter")
        await pilot.pause()
        state = screen.history.scene.state
        assert isinstance(state, MistState)
        assert state.case_file.complexity == 3


@pytest.mark.parametrize(
    ("key", "reason"),
    [
        ("R", "No open threat to resolve"),
        ("d", "No pending consequence to deliver"),
        ("m", "No pending consequence on a character to mitigate"),
        ("e", "No action roll with effects left"),
        ("D", "No conclusion to roll on yet"),
        ("right_square_bracket", "There is no other character to select"),
        ("i", "Mei has no Taint theme"),
    ],
)
async def test_a_greyed_out_mist_key_says_why(make_app: AppFactory, key: str, reason: str) -> None:
    app = make_app(script="pc Mei\n", system="mist")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, MistScreen)
        await pilot.press(key)
        await pilot.pause()
        assert app.screen is screen
        assert reason in screen.status
