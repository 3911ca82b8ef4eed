"""The check dialog's pool breakdown counts a negative modifier with its sign (issue 27 §3)."""

from __future__ import annotations

import pytest
from console_support import AppRun, ih_screen, opened_quietly
from textual.widgets import Input, Static

from console.ih.check_dialog import CheckDialog

FIGHT = """
sheet Ann pc dexterity=3 firearms=2 composure=2 resolve=2
add Ann from=Ann init=15
"""


@pytest.mark.parametrize(
    ("value", "modifier", "total"),
    [("-2", "Modifier -2", "= 3 dice"), ("2", "Modifier +2", "= 7 dice")],
)
async def test_the_modifier_is_signed_and_counted(
    run_app: AppRun, value: str, modifier: str, total: str
) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await opened_quietly(pilot)
        screen = ih_screen(app)
        screen.open_dialog(CheckDialog(screen.look(), screen.t, "Ann", "dexterity+firearms"))
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CheckDialog)
        dialog.query_one("#modifier", Input).value = value
        await pilot.pause()
        lines = str(dialog.query_one("#check-breakdown", Static).render()).splitlines()
        assert lines[-2].split(maxsplit=1)[1] == modifier
        assert lines[-1] == total
        assert dialog.command is not None
        assert dialog.command.traits == f"dexterity+firearms{value if value[0] == '-' else '+2'}"
