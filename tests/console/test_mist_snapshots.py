"""SVG snapshots of the M.I.S.T. screen (issue 7): the scene loop, the roll builder and the case
file (zoomed with ``z``), in English and Chinese, at 120×40 with fixed dice and a fixed clock;
the roll builder and the effects step at 80×24 too.

Update after an intended change of the look with
``pytest tests/console/test_mist_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from typing import Any

import pytest
from console_support import SIZE, SMALL, AppFactory, opened_quietly

SCENE = """
pc Mei
theme Mei taint "Shadow Hands" power="grasping dark,silent step" weakness="no light" motive=Feed
theme Mei self "Night-shift Nurse" power="steady hands,first aid" weakness="exhausted" motive=Save
pc 老王
theme 老王 self "退休警察" power="锐利目光,老关系" weakness="膝伤" motive="最后一案"
season "St. Agnes"
mission "The Hound" anomaly="a hound made of shadow"
challenge Hound limits=harmed:4,convinced:3
tag scene "Flickering lights"
threat "The Hound stalks the ward" challenge=Hound
phase action
status Hound harmed 2
status Hound harmed 2
phase consequence
consequence Mei hurt 2 text="claws in the dark"
complexity 2
clue "Scratches on the inside of the ward door"
clue "Every victim worked the night shift"
clue "The lights flicker before an attack"
conclusion "The Hound hunts through the shadows" supports=c1,c3 contradicts=c2
conclusion "It is bound to the night shift" supports=c2
casefile open
"""
"""A Consequence phase with a pending consequence, a challenge at harmed 3/4, a CJK-named PC and
a case file with one conclusion past the complexity gate and one short of it."""

VIEWS: dict[str, tuple[str, ...]] = {
    "scene-loop": (),
    "roll-builder": ("m", "space", "down", "space", "down", "down", "down", "b"),
    "case-file": ("tab", "tab", "tab", "z"),
    "roll-builder-80x24": ("m", "space", "down", "space", "down", "down", "down", "b"),
    "effects-80x24": ("d", "p", "p", "a", "space", "down", "space", "down", "space", "enter"),
}
"""Keys to each view; a ``-80x24`` view is taken in an 80×24 terminal (issue 7 follow-up)."""


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("view", list(VIEWS))
def test_mist_snapshot(snap_compare: Any, make_app: AppFactory, view: str, lang: str) -> None:
    app = make_app(lang=lang, script=SCENE, system="mist")
    size = SMALL if view.endswith("-80x24") else SIZE
    assert snap_compare(app, press=VIEWS[view], terminal_size=size, run_before=opened_quietly)
