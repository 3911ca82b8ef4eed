"""SVG snapshots of issue 18's fit and finish: the fight, its Add dialog, the M.I.S.T. scene and
its status form, at 80×24 and 120×40, in en, zh and zh-Hant (reviewed as PNGs by eye).

Update after an intended change of the look with
``pytest tests/console/test_fit_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from typing import Any

import pytest
from console_support import SIZE, SMALL, AppFactory, opened_quietly

from console.demo import demo_campaign, demo_scene_names

VIEWS: dict[str, tuple[bool, tuple[str, ...]]] = {
    "fight": (False, ("j", "j")),
    "add-dialog": (False, ("a", *"Dan", "tab", "9", "_")),
    "mist": (True, ("right_square_bracket",)),
    "mist-status-form": (True, ("s", *"hurt", "_")),
}
"""Whether each view opens the demo's M.I.S.T. scene (else its fight), and the keys to it."""

SIZES = {"80x24": SMALL, "120x40": SIZE}


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("view", list(VIEWS))
def test_fit_snapshot(
    snap_compare: Any, make_app: AppFactory, view: str, size: str, lang: str
) -> None:
    mist, keys = VIEWS[view]
    campaign, scene = (demo_campaign(lang), demo_scene_names(lang)[2]) if mist else (None, None)
    app = make_app(lang=lang, campaign=campaign, scene=scene)
    assert snap_compare(app, press=keys, terminal_size=SIZES[size], run_before=opened_quietly)
