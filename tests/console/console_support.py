"""Shared helpers of the console tests: a fixed clock, the terminal size, fight scripts, a saved
scene, and the Pilot helpers that read the IH screen, press keys in bursts and let it settle."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from textual import events
from textual.widgets import Static

from console.app import STConsoleApp, is_scene_screen
from console.demo import build_scene
from console.screens.ih_panes import InitiativeQueue
from console.screens.ih_screen import IHScreen
from engine import commands
from saves.store import open_store

FIXED_TIME = datetime(2026, 1, 1, 20, 0, 0)

SIZE = (120, 40)
"""The terminal of most Pilot tests: columns, rows."""

FIGHT = """
add Ann init=15 dex=3 com=3 health=7 willpower=5 pc
add Bob init=15 dex=2 com=2 health=8 willpower=4 pc
add Cid init=12 dex=2 com=1 health=6 willpower=2 npc
begin
"""
"""RULES.md §5 vector 9's order (A 15 Composure 3, B 15 Composure 2, C 12), fight begun."""

AppFactory = Callable[..., STConsoleApp]


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
    return [strip.text for strip in app.screen._compositor.render_strips()]


def scene_json(app: STConsoleApp) -> dict[str, Any]:
    """The INTERFACE.md §2 JSON of the IH scene on top."""
    screen = app.screen
    assert isinstance(screen, IHScreen)
    scene = screen.history.scene
    return commands.to_json(scene.state, scene.system)


def row(app: STConsoleApp, name: str) -> dict[str, Any]:
    """The JSON row of the combatant ``name``."""
    return next(c for c in scene_json(app)["order"] if c["name"] == name)


def ih_screen(app: STConsoleApp) -> IHScreen:
    """The IH screen, under any dialogs open on it."""
    for screen in reversed(app.screen_stack):
        if isinstance(screen, IHScreen):
            return screen
    raise AssertionError("no IH screen")


async def select(pilot: Any, app: STConsoleApp, name: str) -> None:
    """Move the queue's cursor with j/k to ``name``."""
    queue = app.screen.query_one(InitiativeQueue)
    names = [c["name"] for c in scene_json(app)["order"]]
    target = names.index(name)
    while queue.cursor_row != target:
        await pilot.press("j" if queue.cursor_row < target else "k")
    await pilot.pause()
    assert ih_screen(app).selected == name


def status_text(app: STConsoleApp) -> str:
    """The status line of the scene screen on top (either family)."""
    assert is_scene_screen(app.screen)
    return str(app.screen.query_one("#status", Static).render())


LONG = "\n".join(f"add C{i:02d} init={60 - i} dex=2 com=2" for i in range(50)) + "\nbegin\n"
"""Fifty combatants, fight begun: a queue longer than any screen."""


def burst(app: STConsoleApp, *keys: tuple[str, str]) -> None:
    """Keys as a terminal delivers a fast burst: all queued before any is handled."""
    for key, character in keys:
        app.post_message(events.Key(key, character))


async def settle(pilot: Any) -> None:
    """Let the app handle what the keys posted (four pauses)."""
    for _ in range(4):
        await pilot.pause()


def status(app: STConsoleApp) -> str:
    """The status line of the IH screen, even under a dialog."""
    return str(ih_screen(app).query_one("#status", Static).render())
