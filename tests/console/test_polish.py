"""Walkthrough fixes (issue 6 follow-up): key bursts, long queues, quiet redraws, toasts."""

from __future__ import annotations

from typing import Any

from console_support import FIGHT, AppFactory
from textual import events
from textual.widgets import Checkbox, Input, Static
from textual.widgets._toast import ToastRack

from console.app import STConsoleApp
from console.screens.dialogs import AmountDialog, ConfirmDialog
from console.screens.ih_panes import DetailPane, InitiativeQueue
from console.screens.ih_screen import IHScreen
from console.screens.roll_dialog import RollDialog, roll_line
from engine import commands

SIZE = (120, 40)

LONG = "\n".join(f"add C{i:02d} init={60 - i} dex=2 com=2" for i in range(50)) + "\nbegin\n"


def burst(app: STConsoleApp, *keys: tuple[str, str]) -> None:
    """Keys as a terminal delivers a fast burst: all queued before any is handled."""
    for key, character in keys:
        app.post_message(events.Key(key, character))


async def settle(pilot: Any) -> None:
    for _ in range(4):
        await pilot.pause()


def health(app: STConsoleApp, name: str) -> int:
    screen = next(s for s in app.screen_stack if isinstance(s, IHScreen))
    state = commands.to_json(screen.history.scene.state, "ih-d10")
    return int(next(c for c in state["order"] if c["name"] == name)["health"])


async def test_a_burst_after_the_dialog_key_reaches_the_dialog(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        burst(app, ("minus", "-"), ("3", "3"), ("enter", "\r"))
        await settle(pilot)
        assert isinstance(app.screen, IHScreen), "the dialog took the amount and closed"
        assert health(app, "Ann") == 4
        assert len(app.screen_stack) == 2, "Enter was handled once: the scene screen stays"


async def test_a_burst_types_into_the_roll_dialog(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        burst(app, ("r", "r"), ("9", "9"))
        await settle(pilot)
        assert isinstance(app.screen, RollDialog)
        assert app.screen.query_one("#value", Input).value == "9"


async def test_keys_typed_one_by_one_are_handled_once(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("minus")
        await pilot.pause()
        assert isinstance(app.screen, AmountDialog)
        await pilot.press("2", "enter")
        await settle(pilot)
        assert health(app, "Ann") == 5
        assert isinstance(app.screen, IHScreen)


async def test_next_down_a_long_queue_scrolls_by_pages(make_app: AppFactory) -> None:
    app = make_app(script=LONG)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        queue = app.screen.query_one(InitiativeQueue)
        offsets = []
        for _ in range(49):
            await pilot.press("n")
            await pilot.pause()
            row = queue.cursor_row
            top = int(queue.scroll_offset.y)
            assert top <= row < top + queue.size.height - 1, "the current actor is in view"
            offsets.append(top)
        assert len(set(offsets)) <= 3, "a page at a time, not a scroll on every turn"


async def test_a_next_redraws_few_queue_rows(make_app: AppFactory) -> None:
    app = make_app(script=LONG)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await settle(pilot)
        queue = app.screen.query_one(InitiativeQueue)
        drawn: list[int] = []
        original = queue._strip

        def counting(*args: Any) -> Any:
            drawn.append(1)
            return original(*args)

        queue._strip = counting  # type: ignore[method-assign]
        await pilot.press("n")
        await settle(pilot)
        assert 1 <= len(drawn) <= 4, "only the rows that changed are drawn again"


async def test_the_detail_pane_lines_up_labels_and_values(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = app.screen.query_one(DetailPane).plain
        lines = text.splitlines()
        assert lines[0].startswith("Health      ")
        assert lines[2].startswith("Init        15")


async def test_notifications_stay_above_the_command_line(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        rack = ToastRack()  # run_test turns notifications off: mount the rack they go in
        await app.screen.mount(rack)
        await settle(pilot)
        assert rack.styles.margin.bottom >= 3


async def test_the_roll_dialog_makes_a_hidden_roll(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, RollDialog)
        dialog.query_one("#hidden", Checkbox).value = True
        await pilot.pause()
        assert dialog.current_line().endswith(" hidden")
        await pilot.press("ctrl+r")
        await pilot.pause()
        screen = next(s for s in app.screen_stack if isinstance(s, IHScreen))
        assert screen.history.scene.journal[-1].text.endswith(" hidden")
        assert "hidden" in str(dialog.query_one("#roll-result").render()).lower()


def test_roll_line_marks_a_hidden_roll() -> None:
    assert roll_line("ih-d10", "4", hidden=True) == "roll ih-d10 4 hidden"
    assert roll_line("mist", "2", by="Ann", hidden=True) == "roll mist 2 by=Ann hidden"


async def test_demo_combatants_have_a_real_stat_line(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, IHScreen) and screen.view is not None
        for combatant in screen.view.order:
            details = dict(combatant.details)
            assert int(details["defense"]) > 0, combatant.name
            assert combatant.health_max > 0 and combatant.willpower_max > 0


async def test_a_long_question_is_shown_whole(make_app: AppFactory) -> None:
    question = "/very/long/path/[scenes]/scene-0001.json is damaged: " + "reason " * 12 + "?"
    app = make_app(script=FIGHT)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ConfirmDialog(app.t, question))
        await settle(pilot)
        shown = app.screen.query_one(".question", Static)
        assert str(shown.render()) == question, "no markup eaten"
        assert shown.size.height >= 3, "wrapped over several lines, not cut to one"


async def test_a_burst_with_backspace_keeps_its_order_on_the_command_line(
    make_app: AppFactory,
) -> None:
    """``⌫ t ⏎`` typed in one read: the backspace runs before the ``t`` (Textual #6605)."""
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
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
