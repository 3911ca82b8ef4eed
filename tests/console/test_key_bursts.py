"""Keys typed faster than the app handles them (a burst queued before any is handled) reach the
right screen in order: a dialog's key and its amount, Tab between fields, ⌫ on the command line."""

from __future__ import annotations

from console_support import FIGHT, SIZE, AppFactory, AppRun, burst, settle
from textual import events
from textual.widgets import Input

from console.app import STConsoleApp
from console.ih.combat_forms import CombatantDialog
from console.ih.screen import IHScreen
from console.screens.dialogs import AmountDialog
from console.screens.roll_dialog import RollDialog
from engine import commands


def health(app: STConsoleApp, name: str) -> int:
    screen = next(s for s in app.screen_stack if isinstance(s, IHScreen))
    state = commands.to_json(screen.history.scene.state, "ih-d10")
    return int(next(c for c in state["order"] if c["name"] == name)["health"])


async def test_a_burst_after_the_dialog_key_reaches_the_dialog(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        burst(app, ("minus", "-"), ("3", "3"), ("enter", "\r"))
        await settle(pilot)
        assert isinstance(app.screen, IHScreen), "the dialog took the amount and closed"
        assert health(app, "Ann") == 4
        assert len(app.screen_stack) == 2, "Enter was handled once: the scene screen stays"


async def test_a_burst_types_into_the_roll_dialog(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        burst(app, ("r", "r"), ("9", "9"))
        await settle(pilot)
        assert isinstance(app.screen, RollDialog)
        assert app.screen.query_one("#value", Input).value == "9"


async def test_keys_typed_one_by_one_are_handled_once(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await pilot.press("minus")
        await pilot.pause()
        assert isinstance(app.screen, AmountDialog)
        await pilot.press("2", "enter")
        await settle(pilot)
        assert health(app, "Ann") == 5
        assert isinstance(app.screen, IHScreen)


async def test_a_burst_with_backspace_keeps_its_order_on_the_command_line(run_app: AppRun) -> None:
    """``⌫ t ⏎`` typed in one read: the backspace runs before the ``t`` (Textual #6605)."""
    async with run_app(script=FIGHT) as (app, pilot):
        screen = app.screen
        assert isinstance(screen, IHScreen)
        current = screen.history.scene.state.current
        await pilot.press("colon", *"nexx")
        await settle(pilot)
        burst(app, ("backspace", "\x7f"), ("t", "t"), ("enter", "\r"))
        await settle(pilot)
        assert screen.history.scene.journal[-1].text == "next"
        assert screen.history.scene.state.current != current


async def test_jjj_in_one_burst_moves_the_selection_three_rows(make_app: AppFactory) -> None:
    """Issue 18: each j of a burst moved from the row under the cursor, which had not moved
    yet, so three j's selected the next row only."""
    app = make_app(script=FIGHT + "add Dan init=5 dex=1 com=1 npc\n")
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, IHScreen)
        assert screen.selected == "Ann"
        burst(app, ("j", "j"), ("j", "j"), ("j", "j"))
        await settle(pilot)
        assert screen.selected == "Dan"
        burst(app, ("k", "k"), ("k", "k"))
        await settle(pilot)
        assert screen.selected == "Bob"
        burst(app, *[("j", "j")] * 9)
        await settle(pilot)
        assert screen.selected == "Dan", "the last row, not past it"


async def test_a_tab_in_a_burst_moves_the_keys_after_it(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("J")
        await settle(pilot)
        assert isinstance(app.screen, CombatantDialog)
        keys = [("D", "D"), ("a", "a"), ("n", "n"), ("tab", "\t"), ("tab", "\t")]
        keys += [("3", "3"), ("tab", "\t"), ("tab", "\t"), ("tab", "\t"), ("5", "5")]
        for key, character in keys:
            app.post_message(events.Key(key, character))
        await settle(pilot)
        dialog = app.screen
        assert dialog.query_one("#name", Input).value == "Dan"
        assert dialog.query_one("#mod", Input).value == "3"
        assert dialog.query_one("#health", Input).value == "5"
