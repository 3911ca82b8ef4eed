"""Issue 27 §3: a resolved threat is shown struck through, never under "Threats: none"; the
challenge it comes from is in full-width parentheses on a Chinese table."""

from __future__ import annotations

import pytest
from console_support import SCENE, AppRun, screen_lines

from console.i18n import Translator


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_a_resolved_threat_is_not_listed_under_none(run_app: AppRun, lang: str) -> None:
    t = Translator(lang)
    async with run_app(script=SCENE + "resolve t1\n", system="mist", lang=lang) as (app, _pilot):
        lines = [line.strip("│ ") for line in screen_lines(app)]
        heading = next(i for i, line in enumerate(lines) if line.startswith(t("mist.threats")))
        assert not lines[heading + 1].startswith(t("mist.none"))
        assert "t1 The Hound stalks the ward" in lines[heading + 1]
        if lang == "zh":
            assert "（Hound）" in lines[heading + 1]
