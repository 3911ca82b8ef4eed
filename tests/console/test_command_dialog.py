"""The one dialog shape (``console/screens/command_dialog.py``): a dialog answers with a command
object after asking the scene whether the engine would take it.

Refused, the reason is shown in the dialog, which stays open and the scene is unchanged; taken,
the screen runs the command through its one path and the journal writes
``format_command(command)``; Escape does nothing. A dialog that stays open (the roll, check and
attack dialogs) is handed the events and stays on top.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from console_support import FIGHT, SIZE, AppFactory
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from console.ih.screen import IHScreen
from console.screens.command_dialog import AskAmount, CommandDialog, Probe, SceneLook
from console.screens.dialogs import AmountDialog
from engine import commands
from engine.ih import commands as ih


@asynccontextmanager
async def fight(make_app: AppFactory) -> AsyncIterator[tuple[Any, IHScreen, list[Any]]]:
    """The Pilot on the fight's screen, and what the screen handed ``then`` (events)."""
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await app.opened.wait()  # type: ignore[attr-defined]
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, IHScreen)
        yield pilot, screen, []
        await app.action_quit()  # stop the autosave writer


async def damage_dialog(pilot: Any, screen: IHScreen, name: str, ran: list[Any]) -> AskAmount:
    dialog = AskAmount(screen, lambda amount: ih.Damage(name, amount), screen.t, "Damage")
    screen.open_dialog(dialog, ran.append)
    await pilot.pause()
    assert pilot.app.screen is dialog
    return dialog


async def test_a_refused_command_keeps_the_dialog_open_and_says_why(
    make_app: AppFactory,
) -> None:
    async with fight(make_app) as (pilot, screen, ran):
        dialog = await damage_dialog(pilot, screen, "Nobody", ran)
        before = screen.history.scene
        await pilot.press("2", "enter")
        await pilot.pause()
        assert pilot.app.screen is dialog, "refused: the dialog stays open with what was typed"
        reason = str(dialog.query_one("#amount-error", Static).render())
        assert reason == screen.refusal(ih.Damage("Nobody", 2)) and "Nobody" in reason
        assert screen.history.scene is before and ran == []


async def test_a_taken_command_is_run_once_and_journaled_as_formatted(
    make_app: AppFactory,
) -> None:
    async with fight(make_app) as (pilot, screen, ran):
        await damage_dialog(pilot, screen, "Ann", ran)
        journal = len(screen.history.scene.journal)
        await pilot.press("3", "enter")
        await pilot.pause()
        assert pilot.app.screen is screen
        scene = screen.history.scene
        assert len(scene.journal) == journal + 1
        entry = scene.journal[-1]
        assert entry.command == ih.Damage("Ann", 3)
        assert entry.text == commands.format_command(ih.Damage("Ann", 3))
        assert ran == [entry.events]  # ``then`` was handed the command's events


async def test_escape_answers_nothing(make_app: AppFactory) -> None:
    async with fight(make_app) as (pilot, screen, ran):
        await damage_dialog(pilot, screen, "Ann", ran)
        before = screen.history.scene
        await pilot.press("4", "escape")
        await pilot.pause()
        assert pilot.app.screen is screen
        assert screen.history.scene is before and ran == []


class Tap(CommandDialog):
    """A dialog that stays open: ``t`` answers with its command; it keeps what it was shown."""

    STAYS_OPEN = True
    BINDINGS = [Binding("t", "tap", "Tap")]

    def __init__(self, probe: Probe, command: object) -> None:
        super().__init__(probe)
        self.command = command
        self.outcomes: list[tuple[Any, ...] | None] = []

    def compose(self) -> ComposeResult:
        yield Static("tap")

    def action_tap(self) -> None:
        self.submit(self.command)

    def show_outcome(self, events: tuple[Any, ...] | None) -> None:
        self.outcomes.append(events)


async def test_a_dialog_that_stays_open_is_shown_each_outcome(make_app: AppFactory) -> None:
    async with fight(make_app) as (pilot, screen, ran):
        dialog = Tap(screen, ih.Heal("Cid", 1))
        screen.open_dialog(dialog, ran.append)
        await pilot.pause()
        await pilot.press("t", "t")
        await pilot.pause()
        assert pilot.app.screen is dialog
        entries = screen.history.scene.journal[-2:]
        assert [entry.text for entry in entries] == ["heal Cid 1", "heal Cid 1"]
        assert dialog.outcomes == ran == [entry.events for entry in entries]
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen


async def test_the_minus_key_opens_a_command_dialog(make_app: AppFactory) -> None:
    """The IH keys that ask a number open the one shape (an ``AmountDialog`` answering a
    command), so a refusal is said in it."""
    async with fight(make_app) as (pilot, screen, _):
        await pilot.press("minus")
        await pilot.pause()
        assert isinstance(pilot.app.screen, AmountDialog)
        assert isinstance(pilot.app.screen, CommandDialog)


async def test_a_dialog_is_given_a_look_at_the_scene_and_a_new_one_after_each_command(
    make_app: AppFactory,
) -> None:
    """Issue 24 §1: no round trips through the screen; the screen gives, the dialog reads."""
    async with fight(make_app) as (pilot, screen, ran):
        opened = screen.look()
        dialog = Tap(opened, ih.Heal("Cid", 1))
        screen.open_dialog(dialog, ran.append)
        await pilot.pause()
        assert isinstance(dialog.probe, SceneLook) and dialog.probe.scene is opened.scene
        await pilot.press("t")
        await pilot.pause()
        assert dialog.probe.scene is screen.history.scene is not opened.scene
        assert isinstance(dialog.probe, SceneLook)
        assert dialog.probe.refusal(ih.Heal("Nobody", 1)) == screen.refusal(ih.Heal("Nobody", 1))
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("a")  # the attack dialog, opened by its key, holds a look too
        await pilot.pause()
        assert isinstance(pilot.app.screen, CommandDialog)
        assert isinstance(pilot.app.screen.probe, SceneLook)
