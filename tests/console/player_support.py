"""Helpers of the players' view tests: a campaign the ST's console saved, the view's screen text."""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from console_support import SIZE
from textual.pilot import Pilot

from console.demo import build_scene
from console.player.app import PlayerApp
from engine.session import Scene, execute_text
from saves.store import open_store

IH_FIGHT = """
add Ann init=15 health=7 willpower=5 pc
add Bob init=12 health=7 willpower=4 pc
add Ghoul init=10 health=8
add Shade init=9 health=6 hidden
begin
damage Ghoul 3
effect Ann "Blessed" rounds=2
"""
"""Ann's turn; the Ghoul is hurt (5/8); the Shade is hidden (reinforcements)."""

MIST_SCENE = """
pc Mei
theme Mei self "Street Doctor" power="steady hands,old clinic" weakness="debts"
status Mei hurt 2
challenge Hound limits=harmed:4
challenge Lurker limits=spotted:3 hidden
status Hound harmed 2
reveal Hound limits
tag scene "Thick Fog"
threat "The hound lunges at Mei" challenge=Hound
threat "Something watches from the roof" challenge=Lurker
clue "Claw marks on the door"
conclusion "The hound guards the clinic" supports=c1
"""
"""A M.I.S.T. scene whose Lurker is hidden, with a threat tied to it."""


def save(
    save_dir: Path, script: str, *, system: str = "ih-d10", name: str = "Fight", seed: int = 5
) -> None:
    """Save a scene made by ``script`` in campaign "Test" as the console does, and make it the
    campaign's current scene (what the ST has open)."""
    store = open_store(save_dir)
    campaign = (
        store.open_campaign("Test") if store.has_campaign("Test") else store.create_campaign("Test")
    )
    try:
        campaign.save_scene(build_scene(name, system, script, seed))
        campaign.set_current_scene(name)
        store.set_last_opened("Test", name)
    finally:
        campaign.close()


def change(save_dir: Path, *lines: str, scene: str = "Fight") -> Scene:
    """What the ST's console does after a command: load, apply, autosave (lock held meanwhile)."""
    store = open_store(save_dir)
    with store.open_campaign("Test") as campaign:
        loaded = campaign.load_scene(scene)
        for line in lines:
            loaded, _ = execute_text(loaded, line)
        campaign.save_scene(loaded)
        return loaded


def screen_text(app: Any) -> str:
    """Every character the view shows now (the SVG screenshot's text, entities decoded)."""
    svg = app.export_screenshot()
    text = html.unescape(re.sub(r"<[^>]+>", "", svg))
    return text.replace("\xa0", " ")


async def wait_loads(pilot: Any, count: int, limit: float = 20.0) -> None:
    """Wait until the view has loaded ``count`` scenes (or give up after ``limit`` seconds)."""
    app: PlayerApp = pilot.app
    waited = 0.0
    while app.loads < count and waited < limit:
        await asyncio.sleep(0.05)
        waited += 0.05
    await pilot.pause()
    assert app.loads >= count, f"the view loaded {app.loads} scenes, not {count}: {app.problem}"


async def wait_problem(pilot: Any, limit: float = 20.0) -> None:
    app: PlayerApp = pilot.app
    waited = 0.0
    while app.problem is None and waited < limit:
        await asyncio.sleep(0.05)
        waited += 0.05
    await pilot.pause()
    assert app.problem is not None


async def wait_text(
    pilot: Any, shown: str, *, absent: str | None = None, limit: float = 20.0
) -> str:
    """Wait until the screen shows ``shown`` (and not ``absent``); return the screen's text.

    A save of several files (scene, index, last-opened record) may be seen half-way by one
    look, so tests wait for what the ST's change shows, not for a number of loads.
    """
    waited = 0.0
    text = screen_text(pilot.app)
    while waited < limit:
        await pilot.pause()
        text = screen_text(pilot.app)
        if shown in text and (absent is None or absent not in text):
            return text
        await asyncio.sleep(0.05)
        waited += 0.05
    raise AssertionError(f"the view never showed {shown!r} without {absent!r}:\n{text}")


@asynccontextmanager
async def player_view(
    save_dir: Path, *, lang: str = "en", size: tuple[int, int] = SIZE, **options: Any
) -> AsyncIterator[tuple[PlayerApp, Pilot[None]]]:
    """``async with player_view(tmp_path) as (app, pilot):`` the players' view of ``save_dir``
    (more PlayerApp ``options`` as given) run at ``size``, its first scene loaded."""
    app = PlayerApp(save_dir=save_dir, lang=lang, **options)
    async with app.run_test(size=size) as pilot:
        await wait_loads(pilot, 1)
        yield app, pilot
