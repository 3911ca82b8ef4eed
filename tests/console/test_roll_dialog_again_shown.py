"""The roll dialog's again choice shows the again a pool in the bots' notation carries: with
``5a8`` typed it said "10-again" over an 8-again roll. It is locked while the pool says it."""

from __future__ import annotations

from console_support import FIGHT, SMALL, AppRun, opened_by, screen_lines, settle, type_text
from textual.widgets import Input, Select

from console.screens.roll_dialog import RollDialog


async def test_the_again_choice_follows_the_pool_s_notation(run_app: AppRun) -> None:
    async with run_app(script=FIGHT, lang="zh", size=SMALL) as (app, pilot):
        dialog = await opened_by(pilot, RollDialog, "r")
        field = dialog.query_one("#value", Input)
        choice = dialog.query_one("#again", Select)
        field.value = ""
        await type_text(pilot, "5a8")
        await settle(pilot)
        assert (choice.value, choice.disabled) == ("8", True)
        assert "8 加骰" in "\n".join(screen_lines(app))
        await pilot.press("backspace", "backspace")  # a plain pool: the choice is the ST's
        await settle(pilot)
        assert field.value == "5" and not choice.disabled
        assert dialog.command is not None and dialog.command.check is not None
        assert dialog.command.check.again == int(str(choice.value))
