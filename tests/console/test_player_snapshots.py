"""SVG snapshots of the players' view: an IH fight and a M.I.S.T. scene, three languages, at
120×40 and 80×24 (update with ``pytest tests/console/test_player_snapshots.py --snapshot-update``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from console_support import SIZE, SMALL
from player_support import IH_FIGHT, MIST_SCENE, save, wait_loads
from textual.pilot import Pilot

from console.player.app import PlayerApp

CASES = [
    ("ih", "en", SIZE),
    ("ih", "zh-Hant", SMALL),
    ("mist", "zh", SIZE),
    ("mist", "en", SMALL),
]


async def _loaded(pilot: Pilot[Any]) -> None:
    await wait_loads(pilot, 1)
    await pilot.pause()


@pytest.mark.parametrize(("family", "lang", "size"), CASES)
def test_player_snapshot(
    snap_compare: Any, tmp_path: Path, family: str, lang: str, size: tuple[int, int]
) -> None:
    if family == "ih":
        save(tmp_path, IH_FIGHT)
    else:
        save(tmp_path, MIST_SCENE, system="mist", name="Alley")
    app = PlayerApp(save_dir=tmp_path, lang=lang)
    assert snap_compare(app, terminal_size=size, run_before=_loaded)
