"""Shared helpers of the console tests: a fixed clock, a fight script, a saved scene."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from console.app import STConsoleApp
from console.demo import build_scene
from saves.store import open_store

FIXED_TIME = datetime(2026, 1, 1, 20, 0, 0)

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
