"""The one dialog shape (``console/screens/command_dialog.py``): a dialog answers with a command
object after asking the scene whether the engine would take it.

Refused, the reason is shown in the dialog, which stays open and the scene is unchanged; taken,
the screen runs the command through its one path and the journal writes
``format_command(command)``; Escape does nothing. A dialog that stays open (the roll, check and
attack dialogs) is handed the events and stays on top.
"""

from __future__ import annotations

from typing import Any

from console_support import FIGHT, AppFactory
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from console.screens.command_dialog import AskAmount, CommandDialog, Probe
from console.screens.dialogs import AmountDialog
from console.screens.ih_screen import IHScreen
from engine import commands
from engine.ih import commands as ih

SIZE = (120, 40)


def scene_screen(app: Any) -> IHScreen:
    screen = app.screen_stack[1]
    assert isinstance(screen, IHScreen)
    return screen


async def _open_amount(pilot: Any, name: str, ran: list[tuple[Any, ...]]) -> AskAmount:
    await pilot.app.opened.wait()
    await pilot.pause()
    screen = scene_screen(pilot.app)
    dialog = AskAmount(screen, lambda amount: ih.Damage(name, amount), screen.t, "Damage")
    screen.open_dialog(dialog, ran.append)
    await pilot.pause()
    assert pilot.app.screen is dialog
    return dialog


async def test_a_refused_command_keeps_the_dialog_open_and_says_why(
    make_app: AppFactory,
) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        ran: list[tuple[Any, ...]] = []
        dialog = await _open_amount(pilot, "Nobody", ran)
        before = scene_screen(app).history.scene
        await pilot.press("2", "enter")
        await pilot.pause()
        assert app.screen is dialog, "refused: the dialog stays open with what was typed"
        reason = str(dialog.query_one("#amount-error", Static).render())
        assert reason == scene_screen(app).refusal(ih.Damage("Nobody", 2)) and "Nobody" in reason
        assert scene_screen(app).history.scene is before
        assert ran == []
        await app.action_quit()


async def test_a_taken_command_is_run_once_and_journaled_as_formatted(
    make_app: AppFactory,
) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        ran: list[tuple[Any, ...]] = []
        await _open_amount(pilot, "Ann", ran)
        journal = len(scene_screen(app).history.scene.journal)
        await pilot.press("3", "enter")
        await pilot.pause()
        assert isinstance(app.screen, IHScreen)
        scene = scene_screen(app).history.scene
        assert len(scene.journal) == journal + 1
        entry = scene.journal[-1]
        assert entry.command == ih.Damage("Ann", 3)
        assert entry.text == commands.format_command(ih.Damage("Ann", 3))
        assert ran == [entry.events]  # ``then`` was handed the command's events
        await app.action_quit()


async def test_escape_answers_nothing(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        ran: list[tuple[Any, ...]] = []
        await _open_amount(pilot, "Ann", ran)
        before = scene_screen(app).history.scene
        await pilot.press("4", "escape")
        await pilot.pause()
        assert isinstance(app.screen, IHScreen)
        assert scene_screen(app).history.scene is before
        assert ran == []
        await app.action_quit()


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
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.app.opened.wait()  # type: ignore[attr-defined]
        await pilot.pause()
        screen = scene_screen(app)
        dialog = Tap(screen, ih.Heal("Cid", 1))
        screen.open_dialog(dialog)
        await pilot.pause()
        await pilot.press("t", "t")
        await pilot.pause()
        assert app.screen is dialog
        texts = [entry.text for entry in screen.history.scene.journal[-2:]]
        assert texts == ["heal Cid 1", "heal Cid 1"]
        assert dialog.outcomes == [e.events for e in screen.history.scene.journal[-2:]]
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, IHScreen)
        await app.action_quit()


async def test_the_minus_key_opens_a_command_dialog(make_app: AppFactory) -> None:
    """The IH keys that ask a number open the one shape (an ``AmountDialog`` answering a
    command), so a refusal is said in it."""
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.app.opened.wait()  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("minus")
        await pilot.pause()
        assert isinstance(app.screen, AmountDialog) and isinstance(app.screen, CommandDialog)
        await app.action_quit()
