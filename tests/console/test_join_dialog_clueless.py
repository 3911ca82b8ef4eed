"""The join dialog (J) takes what ``join`` takes on the command line: ``clueless`` (RULES.md §3.5:
a newcomer ruled clueless is flat-footed until it acts). A walk-through found no way to say it
but the command line; the add dialog (before the fight) has no such box."""

from __future__ import annotations

from console_support import FIGHT, AppRun, press, row, type_text
from textual.widgets import Checkbox, Input

from console.ih.combat_forms import CombatantDialog


async def test_a_clueless_newcomer_joins_flat_footed(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await press(pilot, "J")
        dialog = app.screen
        assert isinstance(dialog, CombatantDialog)
        await type_text(pilot, "Eve")
        dialog.query_one("#init", Input).value = "9"
        dialog.query_one("#clueless", Checkbox).value = True
        dialog.query_one("#name", Input).focus()
        await press(pilot, "enter")
        assert row(app, "Eve")["flat_footed"] is True
        assert app.screen.history.scene.journal[-1].text.endswith("clueless")  # type: ignore[attr-defined]


async def test_a_newcomer_left_unticked_joins_as_before(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await press(pilot, "J")
        await type_text(pilot, "Eve")
        app.screen.query_one("#init", Input).value = "9"
        await press(pilot, "enter")
        assert row(app, "Eve")["flat_footed"] is False


async def test_the_add_dialog_has_no_clueless_box(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await press(pilot, "a")
        dialog = app.screen
        assert isinstance(dialog, CombatantDialog)
        assert not dialog.query("#clueless")
