"""SVG snapshots of issue 18's fit and finish: the fight, its Add dialog, the M.I.S.T. scene and
its status form, at 80×24 and 120×40, in en, zh and zh-Hant (reviewed as PNGs by eye).

Update after an intended change of the look with
``pytest tests/console/test_fit_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from typing import Any

import pytest
from console_support import SIZE, SMALL, AppFactory, opened_quietly

MIST_DEMO = ("Demo", "St. Agnes at night")

VIEWS: dict[str, tuple[tuple[str, str] | None, tuple[str, ...]]] = {
    "fight": (None, ("j", "j")),
    "add-dialog": (None, ("a", *"Dan", "tab", "9", "_")),
    "mist": (MIST_DEMO, ("right_square_bracket",)),
    "mist-status-form": (MIST_DEMO, ("s", *"hurt", "_")),
}
"""The demo scene each view opens (the fight when None) and the keys to it."""

SIZES = {"80x24": SMALL, "120x40": SIZE}


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("view", list(VIEWS))
def test_fit_snapshot(
    snap_compare: Any, make_app: AppFactory, view: str, size: str, lang: str
) -> None:
    opened, keys = VIEWS[view]
    campaign, scene = opened if opened is not None else (None, None)
    app = make_app(lang=lang, campaign=campaign, scene=scene)
    assert snap_compare(app, press=keys, terminal_size=SIZES[size], run_before=opened_quietly)
