"""The session report's heading after a M.I.S.T. ``scene end`` with no next name is the unnamed
scene in the table's language (### 场景 2; it was "### Scene 2" in a Chinese report); a named
next scene keeps its name."""

from __future__ import annotations

import pytest

from console.demo import build_scene
from console.i18n import Translator
from console.report import session_report


@pytest.mark.parametrize(
    ("lang", "end", "heading"),
    [
        ("zh", "scene end", "### 场景 2"),
        ("zh-Hant", "scene end", "### 場景 2"),
        ("en", "scene end", "### Scene 2"),
        ("zh", 'scene end next="地下室"', "### 地下室"),
    ],
)
def test_the_next_scene_s_heading(lang: str, end: str, heading: str) -> None:
    scene = build_scene("Dock", "mist", f"pc 梅\nstatus 梅 受伤 2\n{end}\nstatus 梅 受伤 1\n", 5)
    report = session_report("C", [scene], Translator(lang)).splitlines()
    assert heading in report
    if lang != "en":
        assert "### Scene 2" not in report
