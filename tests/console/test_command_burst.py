"""Issue 12 item 10: command lines typed in one burst (a paste, a macro, keys ~3 ms apart in a
laggy terminal) all run as commands; none of their text runs as hotkeys."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from console_support import FIGHT, AppFactory, AppRun
from textual import events

from console.app import STConsoleApp
from console.ih.screen import IHScreen
from console.textual_compat import character_to_key


def burst_text(app: STConsoleApp, text: str) -> None:
    """``text`` as a terminal delivers a paste of keys: all queued before any is handled."""
    for character in text:
        key = "enter" if character == "\n" else character_to_key(character)
        app.post_message(events.Key(key, "\r" if character == "\n" else character))


@pytest.fixture
def make_app(make_app: AppFactory) -> Iterator[AppFactory]:
    """The apps of these tests, their autosave writers stopped after (no thread left behind
    for the next test to count)."""
    made: list[STConsoleApp] = []

    def make(*args: Any, **kwargs: Any) -> STConsoleApp:
        app = make_app(*args, **kwargs)
        made.append(app)
        return app

    yield make
    for app in made:
        app.persistence.shutdown()


async def settle(pilot: Any) -> None:
    for _ in range(12):
        await pilot.pause()


async def test_eight_note_lines_in_one_burst_all_run_and_nothing_runs_as_keys(
    run_app: AppRun,
) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        screen = app.screen
        assert isinstance(screen, IHScreen)
        before = screen.history.scene
        lines = [f'note Ann "needs {index} things"' for index in range(8)]
        burst_text(app, "".join(f":{line}\n" for line in lines))
        await settle(pilot)
        journal = screen.history.scene.journal[len(before.journal) :]
        assert [entry.text for entry in journal] == lines
        assert screen.history.scene.state.current == before.state.current
        assert screen.history.scene.state.round == before.state.round
        assert not screen.command_line.is_open
        assert screen.command_line.input.value == ""


async def test_a_hotkey_typed_right_after_a_command_line_still_runs(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        screen = app.screen
        assert isinstance(screen, IHScreen)
        before = len(screen.history.scene.journal)
        burst_text(app, ':note Ann "quick"\nn')  # n: the next turn, at once
        await settle(pilot)
        texts = [entry.text for entry in screen.history.scene.journal[before:]]
        assert texts == ['note Ann "quick"', "next"]


async def test_a_refused_line_in_a_burst_stays_open_for_editing(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        screen = app.screen
        assert isinstance(screen, IHScreen)
        burst_text(app, ":damage Nobody 1\n")
        await settle(pilot)
        assert screen.command_line.is_open
        assert screen.command_line.input.value == "damage Nobody 1"
