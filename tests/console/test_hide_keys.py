"""The Storyteller's keys for the players' view: ``h`` hides or reveals the selected combatant,
``V`` hides or reveals a M.I.S.T. challenge or its limits; hidden entries are marked for the ST.
"""

from __future__ import annotations

from console_support import FIGHT, AppFactory, ih_screen, row, select
from player_support import screen_text
from test_flows import SIZE
from test_mist_flows import SCENE, press, state_of

from console.screens.dialogs import ChoiceDialog


async def test_h_hides_and_reveals_the_selected_combatant(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
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


async def test_v_hides_a_challenge_and_shows_its_limits(make_app: AppFactory) -> None:
    app = make_app(script=SCENE, system="mist")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
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
