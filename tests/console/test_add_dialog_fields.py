"""Issue 27 §3: the add and join dialogs take what ``add`` takes on the command line — a base
defense, defense bonus successes and ``hidden`` — so nothing needs the command line."""

from __future__ import annotations

import pytest
from console_support import FIGHT, AppRun, press, row, type_text
from textual.widgets import Checkbox, Input

from console.ih.combat_forms import CombatantDialog


@pytest.mark.parametrize("key", ["a", "J"])
async def test_the_add_dialog_sets_defense_defense_bonus_and_hidden(
    run_app: AppRun, key: str
) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await press(pilot, key)
        dialog = app.screen
        assert isinstance(dialog, CombatantDialog)
        await type_text(pilot, "Eve")
        for field, value in (("init", "9"), ("defense", "２"), ("defense-bonus", "1")):
            dialog.query_one(f"#{field}", Input).value = value
        dialog.query_one("#hidden", Checkbox).value = True
        dialog.query_one("#name", Input).focus()
        await press(pilot, "enter")
        eve = row(app, "Eve")
        assert (eve["defense"], eve["defense_bonus"], eve["hidden"]) == (2, 1, True)


async def test_left_empty_they_add_as_before(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await press(pilot, "a")
        await type_text(pilot, "Eve")
        app.screen.query_one("#init", Input).value = "9"
        await press(pilot, "enter")
        eve = row(app, "Eve")
        assert (eve["defense"], eve["defense_bonus"], eve["hidden"]) == (0, 0, False)
