"""Benchmark of the console (issue 6): prints a table; asserts nothing about time (STYLE.md).

Targets: cold start to the first frame at most 1.25× a bare Textual app's, measured in the
same run; CPU per ``next`` keypress with 100 combatants at most 16 ms (one frame).

Run: ``.venv/bin/python tests/benchmarks/bench_console.py``
"""

from __future__ import annotations

import asyncio
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

RUNS = 7
COMBATANTS = 100
PRESSES = 60

BARE = """
import time
from textual.app import App
from textual.widgets import Footer, Header, Static

class Bare(App):
    def compose(self):
        yield Header()
        yield Static("hello")
        yield Footer()

    def on_mount(self):
        # Right after the first frame, as st-console's own start() below.
        self.call_after_refresh(self.done)

    def done(self):
        print(time.time())
        self.exit()

Bare().run(headless=True)
"""

CONSOLE = """
import sys
import time
from console.app import STConsoleApp

from console.screens.shell import SceneScreen

class FirstFrame(STConsoleApp):
    seen = False

    def on_mount(self):
        super().on_mount()
        self.set_interval(0.002, self.drawn)

    def start(self):
        # Called right after the first frame is drawn (title, footer, "opening…").
        if sys.argv[2] == "first":
            print(time.time(), flush=True)
            self.exit()
            return
        super().start()

    def drawn(self):
        # "scene": the scene's panes drawn.
        wanted = isinstance(self.screen, SceneScreen)
        if wanted and self.screen.query("HeaderTitle") and not self.seen:
            self.seen = True
            self.call_after_refresh(self.done)

    def done(self):
        print(time.time(), flush=True)
        self.exit()

FirstFrame(save_dir=sys.argv[1]).run(headless=True)
"""


def cold_start(code: str, *args: str) -> float:
    """Median seconds from launching a fresh interpreter to the frame the app reports drawn."""
    times = []
    for _ in range(RUNS):
        start = time.time()
        done = subprocess.run(
            [sys.executable, "-c", code, *args], check=True, capture_output=True, text=True
        )
        times.append(float(done.stdout.split()[-1]) - start)
    return statistics.median(times)


def fight_script(size: int) -> str:
    lines = [
        f"add C{i:03d} init={(i * 7) % 23 + 1} dex={i % 5 + 1} com={i % 4 + 1}" for i in range(size)
    ]
    return "\n".join(lines + ["begin"])


async def next_keypress_cpu(save_dir: Path, key: str = "n") -> tuple[float, float]:
    """CPU milliseconds per ``n`` keypress (command, redraw, autosave) with 100 combatants.

    Returns the whole process's CPU (the autosave writer thread included) and the UI thread's
    alone (what a keypress makes the Storyteller wait for). ``key="f12"`` (bound to nothing)
    measures what Textual's Pilot itself spends on a press and the pause after it: the floor
    under every keypress of this benchmark.
    """
    from console.app import STConsoleApp
    from console.demo import build_scene
    from saves.store import open_store

    campaign = open_store(save_dir).create_campaign("Bench")
    campaign.save_scene(build_scene("Hundred", "ih-d10", fight_script(COMBATANTS), 1))
    campaign.close()
    app = STConsoleApp(
        save_dir=save_dir,
        campaign="Bench",
        scene="Hundred",
        clock=lambda: datetime(2026, 1, 1),
        blink=False,
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        start, start_ui = time.process_time(), time.thread_time()
        for _ in range(PRESSES):
            await pilot.press(key)
            await pilot.pause()
        ui = time.thread_time() - start_ui
        for _ in range(1000):  # the autosave writer's last write counts in the process's CPU
            if getattr(app.persistence, "idle", True):
                break
            await pilot.pause(0.005)
        await app.workers.wait_for_complete()
        cpu = time.process_time() - start
    return cpu * 1000 / PRESSES, ui * 1000 / PRESSES


def main() -> None:
    with tempfile.TemporaryDirectory() as first, tempfile.TemporaryDirectory() as second:
        subprocess.run(
            [sys.executable, "-c", CONSOLE, first, "scene"], check=True, capture_output=True
        )
        bare = cold_start(BARE)
        console = cold_start(CONSOLE, first, "first")
        scene = cold_start(CONSOLE, first, "scene")
        per_next, per_next_ui = asyncio.run(next_keypress_cpu(Path(second)))
    with tempfile.TemporaryDirectory() as third:
        floor, _ = asyncio.run(next_keypress_cpu(Path(third), "f12"))
    rows = [
        ("cold start to first frame, bare Textual app", f"{bare * 1000:.0f} ms", ""),
        ("cold start to first frame, st-console", f"{console * 1000:.0f} ms", "≤ 1.25× bare"),
        ("ratio", f"{console / bare:.2f}×", "≤ 1.25×"),
        ("cold start to the demo scene drawn, st-console", f"{scene * 1000:.0f} ms", ""),
        (f"CPU per `next` keypress, {COMBATANTS} combatants", f"{per_next:.1f} ms", "≤ 16 ms"),
        ("of which the UI thread", f"{per_next_ui:.1f} ms", ""),
        ("CPU per unbound keypress (Pilot's own press + pause)", f"{floor:.1f} ms", ""),
    ]
    width = max(len(name) for name, _, _ in rows)
    print(f"| {'measure'.ljust(width)} | value | target |")
    print(f"| {'-' * width} | --- | --- |")
    for name, value, target in rows:
        print(f"| {name.ljust(width)} | {value} | {target} |")


if __name__ == "__main__":
    main()
