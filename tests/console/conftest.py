"""Fixtures for the console: an app on a temporary save directory, fixed dice and a fixed clock,
and the same app run under Textual's Pilot; and what every console test gets: quick idle checks,
no fsync, and its apps' autosave writers stopped when it ends."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, suppress
from pathlib import Path
from typing import Any

import pytest
from console_support import FIXED_TIME, SIZE, AppFactory, AppRun, save_scene
from textual.pilot import Pilot

from console.app import STConsoleApp
from console.textual_compat import idle_checks_every
from saves.errors import SaveError
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


IDLE_CHECK = 1 / 200
"""How often Pilot looks whether the app is idle, in seconds (Textual's own: 1/50). Pilot waits
for idle twice after every key it presses and once in every ``pause()``, each wait at least one
look: at 1/50 s a key cost 40 ms of sleep (issue 24 §5)."""


@pytest.fixture(autouse=True)
def quick_idle_checks() -> Iterator[None]:
    with idle_checks_every(IDLE_CHECK):
        yield


def _no_fsync(fd: int) -> None:
    """``os.fsync`` in the console's tests: the write itself still happens."""


@pytest.fixture(autouse=True)
def no_fsync(monkeypatch: pytest.MonkeyPatch) -> None:
    """The console's tests check the console, not that a write survives a power cut (the saves'
    tests do, tests/saves, with real fsyncs): an fsync costs milliseconds on a quiet disk and
    far more on a busy one, a dozen per app launch and more per autosave."""
    monkeypatch.setattr(os, "fsync", _no_fsync)


@pytest.fixture(autouse=True)
def writers_stopped(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Each app a test makes has its autosave writer stopped and its campaign closed when the
    test ends, as ``st-console`` does when its app returns (console/app.py ``main``). A writer
    left waiting holds its app alive, and every app of the run after it: the heap grew by
    thousands of objects a test, and Python's garbage collector went through them all, over and
    over (a third of the console tests' time, issue 24 §5)."""
    made: list[STConsoleApp] = []
    init = STConsoleApp.__init__

    def remembered(app: STConsoleApp, *args: Any, **kwargs: Any) -> None:
        init(app, *args, **kwargs)
        made.append(app)

    monkeypatch.setattr(STConsoleApp, "__init__", remembered)
    yield
    for app in made:
        persistence = app._persistence
        if persistence is not None:
            with suppress(SaveError, OSError):  # a test's broken disk: the writer is stopped
                persistence.shutdown()
