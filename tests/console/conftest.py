"""Fixtures for the console: an app on a temporary save directory, fixed dice and a fixed clock,
and the same app run under Textual's Pilot."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from console_support import FIXED_TIME, SIZE, AppFactory, AppRun, save_scene
from textual.pilot import Pilot

from console.app import STConsoleApp
from saves.store import open_store


@pytest.fixture
def make_app(tmp_path: Path) -> AppFactory:
    """Build an app on ``tmp_path``; ``script=`` first saves a "Test" / "Fight" scene made by it."""

    def make(
        *,
        lang: str = "en",
        script: str | None = None,
        system: str = "ih-d10",
        campaign: str | None = None,
        scene: str | None = None,
    ) -> STConsoleApp:
        if script is not None:
            save_scene(tmp_path, script, system=system)
            campaign, scene = "Test", "Fight"
        return STConsoleApp(
            save_dir=tmp_path,
            campaign=campaign,
            scene=scene,
            lang=lang,
            seed=5,
            clock=lambda: FIXED_TIME,
            blink=False,
        )

    return make


@pytest.fixture
def run_app(make_app: AppFactory) -> AppRun:
    """``async with run_app(script=FIGHT) as (app, pilot):`` the app ``make_app`` builds from the
    same arguments, run at ``size`` (SIZE unless given) until its first frame is drawn."""

    @asynccontextmanager
    async def run(
        *, size: tuple[int, int] = SIZE, **options: Any
    ) -> AsyncIterator[tuple[STConsoleApp, Pilot[None]]]:
        app = make_app(**options)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            yield app, pilot

    return run


@pytest.fixture
def run_read_only(make_app: AppFactory, tmp_path: Path) -> AppRun:
    """``run_app`` while another console holds the campaign "Test" (its lock): the app opens the
    scene ``make_app`` saved, read-only."""

    @asynccontextmanager
    async def run(
        *, size: tuple[int, int] = SIZE, **options: Any
    ) -> AsyncIterator[tuple[STConsoleApp, Pilot[None]]]:
        app = make_app(**options)
        holder = open_store(tmp_path).open_campaign("Test")
        try:
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                yield app, pilot
        finally:
            holder.close()

    return run
