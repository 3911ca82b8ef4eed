"""Fixtures for the console: an app on a temporary save directory, fixed dice and a fixed clock."""

from __future__ import annotations

from pathlib import Path

import pytest
from console_support import FIXED_TIME, AppFactory, save_scene

from console.app import STConsoleApp


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
