"""The title bar, the status line and notifications: the save state stays in view at 80 columns,
a long status ends in an ellipsis, notifications stay above the command line."""

from __future__ import annotations

from console_support import FIGHT, SMALL, AppFactory, AppRun, enter_line, ih_screen, settle, status
from textual.widgets import Static

from console.textual_compat import ToastRack
from console.widgets.title_bar import FixedTitle


async def test_notifications_stay_above_the_command_line(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        rack = ToastRack()  # run_test turns notifications off: mount the rack they go in
        await app.screen.mount(rack)
        await settle(pilot)
        assert rack.styles.margin.bottom >= 3


async def test_the_title_keeps_the_save_state_at_80_columns(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        title = str(ih_screen(app).query_one(FixedTitle).render())
        assert title.rstrip().endswith("saved ✓"), title
        assert "Fight" in title and "round 1" in title
    app = make_app(campaign="Test", scene="Fight")
    async with app.run_test(size=(160, 40)) as pilot:
        await settle(pilot)
        title = str(ih_screen(app).query_one(FixedTitle).render())
        assert "ST Console" in title and "at the table" in title, title


async def test_a_long_status_at_80_columns_ends_in_an_ellipsis(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SMALL) as pilot:
        await enter_line(pilot, 'effect Ann "Hex of the long night and the bells" rounds=2')
        line = ih_screen(app).query_one("#status", Static)
        shown = line.render_line(0).text.rstrip()
        assert status(app).startswith("✓ effect Ann")
        assert shown.endswith("…"), shown
