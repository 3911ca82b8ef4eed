"""SVG snapshots of the IH screen, the roll dialog, the help screen and the command line,
in English and Chinese, at 120×40 with fixed dice, a fixed clock and no cursor blink.

Update after an intended change of the look with ``pytest tests/console --snapshot-update``.
"""

from __future__ import annotations

from typing import Any

import pytest
from console_support import SIZE, AppFactory, opened_quietly

VIEWS: dict[str, tuple[str, ...]] = {
    "ih-screen": (),
    "roll-dialog": ("r", "_"),
    "help": ("f1", "_"),
    "command-line": ("colon", "s", "p", "e", "n", "d", " ", "G", "_"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("view", list(VIEWS))
def test_snapshot(snap_compare: Any, make_app: AppFactory, view: str, lang: str) -> None:
    app = make_app(lang=lang)
    assert snap_compare(app, press=VIEWS[view], terminal_size=SIZE, run_before=opened_quietly)
