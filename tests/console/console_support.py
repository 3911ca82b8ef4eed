"""Shared helpers of the console tests (the fixtures ``make_app``, ``run_app`` and
``run_read_only`` are in conftest.py): a fixed clock, the terminal sizes, scene scripts, a saved
scene; what a test reads off the screen; and the Pilot steps it takes (press and let the app
settle, type, burst, open a dialog, run a palette entry)."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from datetime import datetime
from pathlib import Path
from typing import Any, TypeVar

from textual import events
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Static

from console.app import STConsoleApp, is_scene_screen
from console.demo import build_scene
from console.ih.panes import InitiativeQueue
from console.ih.screen import IHScreen
from console.mist.screen import MistScreen
from console.textual_compat import screen_strips
from engine import commands
from engine.mist.state import MistState
from saves.store import open_store

FIXED_TIME = datetime(2026, 1, 1, 20, 0, 0)

SIZE = (120, 40)
"""The terminal of most Pilot tests: columns, rows."""

SMALL = (80, 24)
"""The smallest terminal the console supports (README), where everything must still fit."""

FIGHT = """
add Ann init=15 dex=3 com=3 health=7 willpower=5 pc
add Bob init=15 dex=2 com=2 health=8 willpower=4 pc
add Cid init=12 dex=2 com=1 health=6 willpower=2 npc
begin
"""
"""RULES.md §5 vector 9's order (A 15 Composure 3, B 15 Composure 2, C 12), fight begun."""

LONG = "\n".join(f"add C{i:02d} init={60 - i} dex=2 com=2" for i in range(50)) + "\nbegin\n"
"""Fifty combatants, fight begun: a queue longer than any screen."""

SCENE = """
pc Mei
theme Mei taint "Shadow Hands" power="grasping dark,silent step" weakness="no light" motive=Feed
theme Mei self "Night-shift Nurse" power="steady hands,first aid" weakness="exhausted" motive=Save
pc Wang
theme Wang self "Retired Cop" power="hard stare,old contacts" weakness="bad knee" motive=Justice
challenge Hound limits=harmed:3,convinced:3
tag scene "Flickering lights"
threat "The Hound stalks the ward" challenge=Hound
"""
"""A scene in the Establish phase: two PCs with themes, a challenge with limits, a threat."""

MITIGATE = SCENE + "phase action\nphase consequence\nconsequence Mei hurt 3\n"
"""SCENE in the Consequence phase, a tier-3 consequence for Mei pending."""

AppFactory = Callable[..., STConsoleApp]
AppRun = Callable[..., AbstractAsyncContextManager[tuple[STConsoleApp, Pilot[None]]]]
"""``run_app`` (conftest.py): ``async with run_app(**make_app_options) as (app, pilot)``."""
Dialog = TypeVar("Dialog", bound=Screen[Any])


def save_scene(save_dir: Path, script: str, *, system: str = "ih-d10") -> None:
    """Put a campaign "Test" with a scene "Fight" made by ``script`` into ``save_dir``."""
    store = open_store(save_dir)
    campaign = store.create_campaign("Test")
    try:
        campaign.save_scene(build_scene("Fight", system, script, 5))
    finally:
        campaign.close()


def screen_lines(app: STConsoleApp) -> list[str]:
    """The text of the screen on top, row by row, as the terminal would show it."""
    return [strip.text for strip in screen_strips(app.screen)]


def ih_screen(app: STConsoleApp) -> IHScreen:
    """The IH screen, under any dialogs open on it."""
    for screen in reversed(app.screen_stack):
        if isinstance(screen, IHScreen):
            return screen
    raise AssertionError("no IH screen")


def scene_json(app: STConsoleApp) -> dict[str, Any]:
    """The INTERFACE.md §2 JSON of the IH scene on top."""
    screen = app.screen
    assert isinstance(screen, IHScreen)
    scene = screen.history.scene
    return commands.to_json(scene.state, scene.system)


def row(app: STConsoleApp, name: str) -> dict[str, Any]:
    """The JSON row of the combatant ``name``."""
    return next(c for c in scene_json(app)["order"] if c["name"] == name)


def status(app: STConsoleApp) -> str:
    """The status line of the IH screen, even under a dialog."""
    return str(ih_screen(app).query_one("#status", Static).render())


def status_text(app: STConsoleApp) -> str:
    """The status line of the scene screen on top (either family)."""
    assert is_scene_screen(app.screen)
    return str(app.screen.query_one("#status", Static).render())


def state_of(pilot: Pilot[Any]) -> MistState:
    """The M.I.S.T. state of the scene screen, under any dialogs open on it."""
    screen = pilot.app.screen_stack[1]
    assert isinstance(screen, MistScreen)
    state = screen.history.scene.state
    assert isinstance(state, MistState)
    return state


async def settle(pilot: Any) -> None:
    """Let the app handle what the keys posted (four pauses)."""
    for _ in range(4):
        await pilot.pause()


async def until(pilot: Any, ready: Callable[[], bool], tries: int = 100) -> bool:
    """Pause until ``ready()`` (a key held by the key gate, an animated scroll): whether it
    came within ``tries`` pauses; the caller asserts what it waited for."""
    for _ in range(tries):
        if ready():
            return True
        await pilot.pause(0.01)
    return ready()


async def press(pilot: Pilot[Any], *keys: str) -> None:
    """Press ``keys``, then let the app handle them."""
    await pilot.press(*keys)
    await pilot.pause()


async def type_text(pilot: Pilot[Any], text: str) -> None:
    """Type ``text`` key by key (a blank is the space key)."""
    for char in text:
        await pilot.press("space" if char == " " else char)


def burst(app: STConsoleApp, *keys: tuple[str, str]) -> None:
    """Keys as a terminal delivers a fast burst: all queued before any is handled."""
    for key, character in keys:
        app.post_message(events.Key(key, character))


async def select(pilot: Any, app: STConsoleApp, name: str) -> None:
    """Move the queue's cursor with j/k to ``name``."""
    queue = app.screen.query_one(InitiativeQueue)
    names = [c["name"] for c in scene_json(app)["order"]]
    target = names.index(name)
    while queue.cursor_row != target:
        await pilot.press("j" if queue.cursor_row < target else "k")
    await pilot.pause()
    assert ih_screen(app).selected == name


async def opened_by(pilot: Pilot[Any], kind: type[Dialog], *keys: str) -> Dialog:
    """Press ``keys`` and let the app handle them: the dialog they open, a ``kind``."""
    await press(pilot, *keys)
    dialog = pilot.app.screen
    assert isinstance(dialog, kind)
    return dialog


async def opened_quietly(pilot: Pilot[Any]) -> None:
    """Until the app has opened its scene, its start-up notifications cleared (as a snapshot or a
    dialog test wants the screen)."""
    await pilot.app.opened.wait()  # type: ignore[attr-defined]
    await pilot.pause()
    pilot.app.clear_notifications()
    await pilot.pause()


async def first_sheet_opened(pilot: Pilot[Any]) -> None:
    """Once the app has opened its scene: the roster (R), and its first sheet in the editor."""
    from console.ih.sheet_editor import SheetEditor

    await pilot.app.opened.wait()  # type: ignore[attr-defined]
    await pilot.pause()
    await pilot.press("R")
    await pilot.pause()
    await pilot.press("enter")
    assert await until(pilot, lambda: isinstance(pilot.app.screen, SheetEditor))


async def run_from_palette(pilot: Pilot[Any], name: str) -> None:
    """Open the command palette (Ctrl+P), type ``name`` and run the entry it finds."""
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*name)
    await pilot.pause(0.3)
    await pilot.press("enter")
    await pilot.pause()


async def enter_line(pilot: Pilot[Any], text: str) -> None:
    """Open the command line with ``:``, put ``text`` in it and press Enter: the command line's
    own path (its submit, its refusal under the line), without typing the setup key by key
    (typing a line key by key is what test_typing_ahead.py and test_key_bursts.py check)."""
    await pilot.press("colon")
    await pilot.pause()
    screen = pilot.app.screen
    assert is_scene_screen(screen) and screen.command_line.is_open
    screen.command_line.input.value = text
    screen.command_line.input.cursor_position = len(text)
    await pilot.press("enter")
    await settle(pilot)
