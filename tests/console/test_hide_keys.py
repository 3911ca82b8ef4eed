"""The Storyteller's keys for the players' view: ``h`` hides or reveals the selected combatant,
``V`` hides or reveals a M.I.S.T. challenge or its limits; hidden entries are marked for the ST.
"""

from __future__ import annotations

from console_support import FIGHT, SCENE, AppRun, ih_screen, press, row, select, state_of
from player_support import screen_text

from console.screens.dialogs import ChoiceDialog


async def test_h_hides_and_reveals_the_selected_combatant(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await select(pilot, app, "Cid")
        await pilot.press("v")
        await pilot.pause()
        assert row(app, "Cid")["hidden"] is True
        assert ih_screen(app).history.scene.journal[-1].text == "hide Cid"
        assert "hidden" in screen_text(app)
        await pilot.press("v")
        await pilot.pause()
        assert row(app, "Cid")["hidden"] is False
        assert "hidden" not in screen_text(app)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert row(app, "Cid")["hidden"] is True


async def test_v_hides_a_challenge_and_shows_its_limits(run_app: AppRun) -> None:
    async with run_app(script=SCENE, system="mist") as (app, pilot):
        await press(pilot, "V")
        assert isinstance(app.screen, ChoiceDialog)
        await press(pilot, "enter")  # the first choice: hide the Hound
        assert state_of(pilot).challenges[0].hidden
        await press(pilot, "V", "down", "enter")  # then: show its limits
        hound = state_of(pilot).challenges[0]
        assert hound.hidden and hound.limits_shown
        await press(pilot, "ctrl+z", "ctrl+z")
        hound = state_of(pilot).challenges[0]
        assert not hound.hidden and not hound.limits_shown
