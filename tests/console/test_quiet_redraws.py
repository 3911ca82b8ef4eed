"""Redraw only what changed (issue 6 speed): the line panes, the title bar, the start frame."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

from console_support import FIGHT, LONG, SIZE, AppFactory, AppRun, settle
from rich.text import Text
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.screen import Screen

from console.ih.panes import BudgetPane, DetailPane, InitiativeQueue
from console.ih.screen import IHScreen
from console.textual_compat import on_repaint
from console.widgets.dice_log import DiceLog
from console.widgets.text_lines import TextLines
from console.widgets.title_bar import FixedTitle, TitleBar


class LinesApp(App[None]):
    def compose(self) -> ComposeResult:
        yield TextLines(id="lines")


def spy_on_refresh(widget: TextLines) -> list[tuple[Region, ...]]:
    """Record the regions of each ``refresh`` call (an empty tuple: the whole widget)."""
    calls: list[tuple[Region, ...]] = []
    original = widget.refresh

    def spy(*regions: Region, **kwargs: Any) -> Any:
        calls.append(regions)
        return original(*regions, **kwargs)

    widget.refresh = spy  # type: ignore[method-assign]
    return calls


async def drawn(pilot: Any) -> None:
    """Until the next frame is drawn (a refresh is drawn on the screen's update timer)."""
    await pilot.pause()
    await pilot.pause(0.1)


@asynccontextmanager
async def lines_pane(width: int, lines: list[Text]) -> AsyncIterator[tuple[TextLines, Any]]:
    """A TextLines pane alone in a ``width``×10 terminal, showing ``lines``, drawn."""
    app = LinesApp()
    async with app.run_test(size=(width, 10)) as pilot:
        pane = app.query_one(TextLines)
        pane.show(lines)
        await drawn(pilot)
        yield pane, pilot


async def test_text_lines_redraws_only_the_lines_that_changed() -> None:
    lines = [Text("one"), Text("two", style="bold"), Text("three")]
    async with lines_pane(40, lines) as (pane, pilot):
        assert pane.plain == "one\ntwo\nthree"
        calls = spy_on_refresh(pane)
        pane.show([Text("one"), Text("TWO", style="bold"), Text("three")])
        assert calls == [(Region(0, 1, 40, 1),)], "the second line alone"
        await drawn(pilot)
        assert pane.render_line(1).text.startswith("TWO")


async def test_a_line_whose_own_style_changed_is_redrawn() -> None:
    """``Text.__eq__`` ignores a line's own style; the pane does not."""
    async with lines_pane(40, [Text("note")]) as (pane, pilot):
        calls = spy_on_refresh(pane)
        pane.show([Text("note", style="italic")])
        assert calls == [(Region(0, 0, 40, 1),)]
        await drawn(pilot)
        assert any(segment.style and segment.style.italic for segment in pane.render_line(0))


async def test_a_line_wider_than_the_pane_wraps() -> None:
    async with lines_pane(20, [Text("alpha beta gamma delta epsilon")]) as (pane, pilot):
        shown = [pane.render_line(y).text.rstrip() for y in range(3)]
        assert shown == ["alpha beta gamma", "delta epsilon", ""]
        assert pane.size.height == 2, "the pane is as tall as its wrapped lines"


async def test_next_redraws_a_few_lines_of_the_side_panes(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        screen = app.screen
        assert isinstance(screen, IHScreen)
        budget, detail = screen.query_one(BudgetPane), screen.query_one(DetailPane)
        await drawn(pilot)
        before = budget.plain
        budget_calls, detail_calls = spy_on_refresh(budget), spy_on_refresh(detail)
        await pilot.press("n")
        await drawn(pilot)
        assert budget.plain != before, "the next actor's budget is shown"
        assert screen.history.scene.state.current in budget.plain
        calls = budget_calls + detail_calls
        assert calls, "the panes changed"
        assert all(len(regions) == 1 for regions in calls), "line by line, never the whole pane"
        assert all(regions[0].height == 1 for regions in calls)


async def test_the_title_bar_shows_the_scene_and_never_repaints_the_screen(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        screen = app.screen
        bar = screen.query_one(TitleBar)
        shown = str(bar.query_one(FixedTitle).render())
        assert app.title_line and app.title_line in shown
        assert "Test" in shown and "saved" in shown
        await pilot.pause()
        painted: list[Screen[Any]] = []
        for candidate in app.screen_stack:
            on_repaint(candidate, partial(painted.append, candidate))
        app.started = app.started.replace(year=app.started.year - 1)  # the clock moves on
        app.refresh_title()
        await pilot.pause()
        assert app.title_line in str(bar.query_one(FixedTitle).render())
        assert painted == [], "a new title redraws its own line, not a screen"


class LogApp(App[None]):
    def compose(self) -> ComposeResult:
        yield DiceLog()


async def test_the_dice_log_appends_a_roll_and_takes_one_back_on_undo() -> None:
    app = LogApp()
    async with app.run_test(size=(60, 10)) as pilot:
        log = app.query_one(DiceLog)
        first, second, third = Text("Ann DP 3"), Text("Bob DP 4"), Text("Cid DP 5")
        log.show([first, second])
        await drawn(pilot)
        cleared: list[bool] = []
        original = log.clear

        def spy() -> DiceLog:
            cleared.append(True)
            return original()

        log.clear = spy  # type: ignore[method-assign]
        log.show([first, second, third])
        await drawn(pilot)
        assert cleared == [], "a new roll is appended, the log is not redrawn"
        assert [strip.text.rstrip() for strip in log.lines] == ["Ann DP 3", "Bob DP 4", "Cid DP 5"]
        log.show([first, second])
        await drawn(pilot)
        assert cleared == [True], "undo redraws the log without the roll"
        assert [strip.text.rstrip() for strip in log.lines] == ["Ann DP 3", "Bob DP 4"]


async def test_a_line_with_newlines_is_shown_as_several() -> None:
    """Two notes joined by a newline: two lines, the pane's border intact (review finding)."""
    async with lines_pane(40, [Text("Init 12"), Text("hi\nyo", style="italic")]) as (pane, pilot):
        assert [pane.render_line(y).text.rstrip() for y in range(3)] == ["Init 12", "hi", "yo"]
        assert all("\n" not in pane.render_line(y).text for y in range(3))
        assert pane.size.height == 3


async def test_a_pane_grows_when_a_line_starts_to_wrap() -> None:
    async with lines_pane(20, [Text("short")]) as (pane, pilot):
        assert pane.size.height == 1
        pane.show([Text("王" * 23)])  # 46 cells: three lines of a 20-cell pane
        await drawn(pilot)
        assert pane.size.height == 3


async def test_an_empty_fight_says_so_in_the_side_panes(make_app: AppFactory) -> None:
    app = make_app(script="")
    async with app.run_test(size=SIZE) as pilot:
        await drawn(pilot)
        screen = app.screen
        assert isinstance(screen, IHScreen)
        assert screen.query_one(BudgetPane).plain, "the budget pane's hint is drawn"
        assert screen.query_one(DetailPane).plain, "the detail pane's hint is drawn"


async def test_a_next_redraws_few_queue_rows(run_app: AppRun) -> None:
    async with run_app(script=LONG) as (app, pilot):
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
