"""The roll dialog and its command line: a hidden roll (INTERFACE.md §3 ``roll … hidden``)."""

from __future__ import annotations

from console_support import FIGHT, AppRun, opened_by
from textual.widgets import Checkbox

from console.ih.screen import IHScreen
from console.screens.roll_dialog import RollDialog, roll_line


async def test_the_roll_dialog_makes_a_hidden_roll(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        dialog = await opened_by(pilot, RollDialog, "r")
        dialog.query_one("#hidden", Checkbox).value = True
        await pilot.pause()
        assert dialog.current_line().endswith(" hidden")
        await pilot.press("ctrl+r")
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, IHScreen))
        assert screen.history.scene.journal[-1].text.endswith(" hidden")
        assert "hidden" in str(dialog.query_one("#roll-result").render()).lower()


def test_roll_line_marks_a_hidden_roll() -> None:
    assert roll_line("ih-d10", "4", hidden=True) == "roll ih-d10 4 hidden"
    assert roll_line("mist", "2", by="Ann", hidden=True) == "roll mist 2 by=Ann hidden"
