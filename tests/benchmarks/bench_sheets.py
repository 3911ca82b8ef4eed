"""Benchmark of sheets at the table (issue 14): prints a table; asserts nothing about time.

Targets: the sheet editor redraws a changed value in at most 16 ms CPU (one frame); adding 20
combatants from a sheet is one command and one autosave.

Run: ``.venv/bin/python tests/benchmarks/bench_sheets.py``
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "console"))

PRESSES = 60
SCRIPT = """
sheet Ghoul npc strength=3 dexterity=2 stamina=3 wits=1 composure=1 martial=2
sheet Ann pc dexterity=3 firearms=2 wits=2 composure=3 resolve=2
specialty Ann firearms "pistols" 1
"""


def _app(save_dir: Path) -> object:
    from console_support import save_scene

    from console.app import STConsoleApp

    save_scene(save_dir, SCRIPT)
    return STConsoleApp(
        save_dir=save_dir,
        campaign="Test",
        scene="Fight",
        clock=lambda: datetime(2026, 1, 1),
        blink=False,
    )


async def editor_keypress_cpu(save_dir: Path) -> tuple[float, float, float]:
    """UI-thread CPU ms per digit typed in the sheet editor, per unbound key (Pilot's own
    floor), and for the editor's own work alone (apply the edit, rebuild its texts)."""
    from console.ih.sheet_editor import SheetEditor

    app: object = _app(save_dir)
    async with app.run_test(size=(120, 40)) as pilot:  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("R")
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()
        editor = app.screen  # type: ignore[attr-defined]
        assert isinstance(editor, SheetEditor)
        per_key: list[float] = []
        for index in range(PRESSES):
            start = time.thread_time()
            await pilot.press(str(index % 5 + 1))
            await pilot.pause()
            per_key.append(time.thread_time() - start)
        floor: list[float] = []
        for _ in range(PRESSES):
            start = time.thread_time()
            await pilot.press("f12")
            await pilot.pause()
            floor.append(time.thread_time() - start)
        start = time.thread_time()
        for index in range(PRESSES):
            editor.set_value("dexterity", index % 5 + 1)
        own = (time.thread_time() - start) / PRESSES
    return statistics.median(per_key) * 1000, statistics.median(floor) * 1000, own * 1000


async def group_add(save_dir: Path) -> tuple[int, int, float]:
    """Journal entries and autosaves made by ``add Ghoul from=Ghoul count=20``, and its CPU ms."""
    from console.ih.screen import IHScreen

    app: object = _app(save_dir)
    async with app.run_test(size=(120, 40)) as pilot:  # type: ignore[attr-defined]
        await pilot.pause()
        screen = app.screen  # type: ignore[attr-defined]
        assert isinstance(screen, IHScreen)
        persistence = app.persistence  # type: ignore[attr-defined]
        for _ in range(1000):
            if persistence.idle:
                break
            await pilot.pause(0.005)
        entries, saves = len(screen.history.scene.journal), persistence.require()._saves
        start = time.process_time()
        assert screen.run_command("add Ghoul from=Ghoul count=20")
        await pilot.pause()
        for _ in range(1000):
            if persistence.idle:
                break
            await pilot.pause(0.005)
        cpu = time.process_time() - start
        return (
            len(screen.history.scene.journal) - entries,
            persistence.require()._saves - saves,
            cpu * 1000,
        )


def main() -> None:
    with tempfile.TemporaryDirectory() as first, tempfile.TemporaryDirectory() as second:
        key, floor, own = asyncio.run(editor_keypress_cpu(Path(first)))
        commands, saves, cpu = asyncio.run(group_add(Path(second)))
    rows = [
        ("editor: digit keypress, UI-thread CPU (Pilot)", f"{key:.2f} ms", ""),
        ("editor: unbound key (Pilot's floor)", f"{floor:.2f} ms", ""),
        ("editor: keypress less the floor", f"{key - floor:.2f} ms", "≤ 16 ms"),
        ("editor: apply + rebuild texts alone", f"{own:.2f} ms", "≤ 16 ms"),
        ("add Ghoul from=Ghoul count=20: commands", str(commands), "1"),
        ("add Ghoul from=Ghoul count=20: autosaves", str(saves), "1"),
        ("add Ghoul from=Ghoul count=20: process CPU", f"{cpu:.1f} ms", ""),
    ]
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'value':>10}  target")
    for name, value, target in rows:
        print(f"{name:<{width}}  {value:>10}  {target}")


if __name__ == "__main__":
    main()
