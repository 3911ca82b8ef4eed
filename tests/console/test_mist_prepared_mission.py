"""A prepared M.I.S.T. mission in the console (issue 29): a profile picked in the challenge
dialog by typing part of its name, its threats on the table, one landing on Mei."""

from __future__ import annotations

import pytest
from console_support import SMALL, AppFactory, screen_lines, settle, state_of
from textual.widgets import Input

from console.mist.dialogs import FormDialog
from console.mist.screen import MistScreen

HOUND = (
    'profile Hound limits=harmed:4,convinced:immune tags="sharp teeth" '
    'threat="The hound lunges: [bitten-3]" threat="It howls: [panicked-2]" '
    'consequence="It drags you into the [thick fog]"'
)
PREPARED = f"""pc Mei
theme Mei self "Night-shift Nurse" power="steady hands,first aid" weakness="exhausted"
{HOUND}
profile Ghoul limits=harmed:3 threat="It claws: [hurt-2]"
"""


@pytest.mark.parametrize(("lang", "none"), [("en", "No profile"), ("zh", "没有模板")])
async def test_a_prepared_mission(make_app: AppFactory, lang: str, none: str) -> None:
    app = make_app(script=PREPARED, system="mist", lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        assert isinstance(app.screen, MistScreen)
        await pilot.press("C")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, FormDialog)
        form.query_one("#field-name", Input).value = "Rex"
        profile = form.query_one("#field-profile", Input)
        profile.focus()
        await pilot.press("z")
        await settle(pilot)
        assert none in "\n".join(screen_lines(app))
        await pilot.press("backspace", "h", "o", "u", "n")
        await settle(pilot)
        shown = "\n".join(screen_lines(app))
        assert "Hound" in shown and "Ghoul" not in shown  # filtered as typed
        profile.value = "oun"  # filtered down to one: enter takes it
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MistScreen)
        state = state_of(pilot)
        assert [c.name for c in state.challenges] == ["Rex"]
        assert [(t.id, t.challenge) for t in state.threats] == [("t1", "Rex"), ("t2", "Rex")]

        for line in ("phase action", "phase consequence"):  # the scene's way to the threats
            assert app.screen.run_command(line)
            await settle(pilot)
        await pilot.press("w")
        await settle(pilot)
        await pilot.press("enter")  # t1
        await settle(pilot)
        assert isinstance(app.screen, FormDialog)
        await pilot.press("enter")  # lands as written
        await settle(pilot)
        state = state_of(pilot)
        assert [(x.target, x.status, x.tier) for x in state.consequences] == [("Mei", "bitten", 3)]

        await pilot.press("w")  # the profile's move is offered after the threats
        await settle(pilot)
        assert "It drags you into the [thick fog]" in "\n".join(screen_lines(app))
        await pilot.press("down", "down", "enter")
        await settle(pilot)
        assert isinstance(app.screen, FormDialog)
        await pilot.press("enter")
        await settle(pilot)
        assert [t.name for t in state_of(pilot).scene.story_tags] == ["thick fog"]
