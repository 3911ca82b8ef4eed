"""SVG snapshots of the sheet views (issue 14) in English and Chinese at 120×40: the roster, the
sheet editor, the check dialog, and the fight with a group from a sheet and an extended action.

Update after an intended change of the look with ``pytest tests/console --snapshot-update``.
"""

from __future__ import annotations

from typing import Any

import pytest
from console_support import SIZE, AppFactory
from textual.pilot import Pilot

SCRIPT = """
sheet Ghoul npc strength=3 dexterity=2 stamina=3 wits=1 composure=1 martial=2
sheet Ann pc strength=2 dexterity=3 stamina=2 intelligence=2 wits=2 composure=3 presence=2
sheet Ann firearms=3 athletics=2 martial=1 academics=2 devices=2 crafts=1 insight=2 stealth=1
sheet Ann expression=1 socialize=2
specialty Ann firearms "pistols" 2
add Ann from=Ann init=14
add Ghoul from=Ghoul count=3
extended Ann "Pick the lock" dexterity+firearms dc=6 interval=minute deadline=5 mishap
extended roll x1
begin
"""

VIEWS: dict[str, tuple[str, ...]] = {
    "fight": (),
    "roster": ("R", "_", "_"),
    "sheet-editor": ("R", "_", "down", "enter", "_", "down", "right", "_", "_"),
    "check-dialog": ("C", "_", "_"),
    # opposed: tab to the vs choice, pick Ghoul 1 (Wits, no skill), roll (the dice are seeded)
    "check-opposed": ("C", "_", *("tab",) * 7, "enter", "down", "down", "enter", "ctrl+r", "_"),
}


async def _settle(pilot: Pilot[Any]) -> None:
    await pilot.app.opened.wait()  # type: ignore[attr-defined]
    await pilot.pause()
    pilot.app.clear_notifications()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause(0.2)  # the dice log (a RichLog) has written its lines behind the dialogs


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("view", list(VIEWS))
def test_sheet_snapshot(snap_compare: Any, make_app: AppFactory, view: str, lang: str) -> None:
    app = make_app(lang=lang, script=SCRIPT)
    assert snap_compare(app, press=VIEWS[view], terminal_size=SIZE, run_before=_settle)
