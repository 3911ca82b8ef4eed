"""Benchmark of the console (issue 6): prints a table; asserts nothing about time (STYLE.md).

Targets: cold start to the first frame at most 1.25× a bare Textual app's, measured in the
same run; CPU per ``next`` keypress with 100 combatants at most 16 ms (one frame).

Run: ``.venv/bin/python tests/benchmarks/bench_console.py``
"""

from __future__ import annotations

import asyncio
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

RUNS = 11
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
        if wanted and self.screen.query("FixedTitle") and not self.seen:
            self.seen = True
            self.call_after_refresh(self.done)

    def done(self):
        print(time.time(), flush=True)
        self.exit()

FirstFrame(save_dir=sys.argv[1]).run(headless=True)
"""


def launch(code: str, *args: str) -> float:
    """Seconds from launching a fresh interpreter to the frame the app reports drawn."""
    start = time.time()
    done = subprocess.run(
        [sys.executable, "-c", code, *args], check=True, capture_output=True, text=True
    )
    return float(done.stdout.split()[-1]) - start


def cold_starts(first: str) -> tuple[float, float, float, float]:
    """Medians of the bare app, the console's first frame and its scene, and of their ratio.

    The three are launched in turn, run after run, so a busy moment on the machine falls on all
    of them alike; the ratio is the median of each run's own console/bare ratio.
    """
    bare, console, scene, ratio = [], [], [], []
    for _ in range(RUNS):
        bare.append(launch(BARE))
        console.append(launch(CONSOLE, first, "first"))
        scene.append(launch(CONSOLE, first, "scene"))
        ratio.append(console[-1] / bare[-1])
    median = statistics.median
    return median(bare), median(console), median(scene), median(ratio)


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

    _bench_campaign(save_dir)
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


def _bench_campaign(save_dir: Path) -> None:
    from console.demo import build_scene
    from saves.store import open_store

    campaign = open_store(save_dir).create_campaign("Bench")
    campaign.save_scene(build_scene("Hundred", "ih-d10", fight_script(COMBATANTS), 1))
    campaign.close()


def _process_cpu(pid: int) -> float:
    """Seconds of CPU (user + system, every thread) the process has used (``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _console_pid(pane_pid: int) -> int:
    """The st-console process under the tmux pane (the pane's own, or a child of its shell)."""
    for _ in range(200):
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text().rpartition(")")[2].split()
                command = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            mine = int(entry.name) == pane_pid or int(stat[1]) == pane_pid
            if mine and b"st-console" in command:
                return int(entry.name)
        time.sleep(0.05)
    raise RuntimeError("st-console did not start in tmux")


def next_keypress_in_a_terminal(save_dir: Path) -> tuple[float, float] | None:
    """CPU ms per ``n`` keypress of the real ``st-console`` in a real terminal (tmux, 120×40).

    Keys go through the terminal, Textual's Linux driver and the whole output path (a headless
    app skips turning frames into escape sequences). The console's CPU is read from ``/proc``
    (every thread: the autosave writer too) across presses 80 ms apart, minus the CPU of the
    same span with no key pressed (the title's clock). Returns (per ``n``, idle per span) or
    None without tmux.
    """
    if shutil.which("tmux") is None:
        return None
    console = Path(sys.executable).with_name("st-console")
    session = f"bench{os.getpid()}"
    command = f"{console} --save-dir {save_dir} --campaign Bench --scene Hundred"
    subprocess.run(
        ["tmux", "new-session", "-d", "-s", session, "-x", "120", "-y", "40", command], check=True
    )
    try:
        shown = subprocess.run(
            ["tmux", "list-panes", "-t", session, "-F", "#{pane_pid}"],
            check=True,
            capture_output=True,
            text=True,
        )
        pid = _console_pid(int(shown.stdout.split()[0]))
        for _ in range(200):  # until the queue is drawn
            screen = subprocess.run(
                ["tmux", "capture-pane", "-p", "-t", session], capture_output=True, text=True
            ).stdout
            if "C001" in screen:
                break
            time.sleep(0.05)
        time.sleep(1.0)
        gap = 0.08
        before = _process_cpu(pid)
        time.sleep(gap * PRESSES + 1.0)
        idle = _process_cpu(pid) - before
        before = _process_cpu(pid)
        for _ in range(PRESSES):
            subprocess.run(["tmux", "send-keys", "-t", session, "n"], check=True)
            time.sleep(gap)
        time.sleep(1.0)
        pressed = _process_cpu(pid) - before
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True)
    return max(0.0, pressed - idle) * 1000 / PRESSES, idle * 1000


def main() -> None:
    with tempfile.TemporaryDirectory() as first, tempfile.TemporaryDirectory() as second:
        subprocess.run(
            [sys.executable, "-c", CONSOLE, first, "scene"], check=True, capture_output=True
        )
        bare, console, scene, ratio = cold_starts(first)
        per_next, per_next_ui = asyncio.run(next_keypress_cpu(Path(second)))
    with tempfile.TemporaryDirectory() as third:
        floor, _ = asyncio.run(next_keypress_cpu(Path(third), "f12"))
    with tempfile.TemporaryDirectory() as fourth:
        _bench_campaign(Path(fourth))
        in_terminal = next_keypress_in_a_terminal(Path(fourth))
    rows = [
        ("cold start to first frame, bare Textual app", f"{bare * 1000:.0f} ms", ""),
        ("cold start to first frame, st-console", f"{console * 1000:.0f} ms", "≤ 1.25× bare"),
        ("ratio (median of each run's ratio)", f"{ratio:.2f}×", "≤ 1.25×"),
        ("cold start to the demo scene drawn, st-console", f"{scene * 1000:.0f} ms", ""),
    ]
    if in_terminal is not None:
        per_key, idle = in_terminal
        rows += [
            (
                f"CPU per `next` keypress, {COMBATANTS} combatants, real terminal (tmux)",
                f"{per_key:.1f} ms",
                "≤ 16 ms",
            ),
            (f"  idle CPU over the same {PRESSES} × 80 ms + 1 s, subtracted", f"{idle:.0f} ms", ""),
        ]
    rows += [
        (f"CPU per `next` keypress, {COMBATANTS} combatants, Pilot", f"{per_next:.1f} ms", ""),
        ("  of which the UI thread", f"{per_next_ui:.1f} ms", ""),
        ("CPU per unbound keypress (Pilot's own press + pause)", f"{floor:.1f} ms", ""),
    ]
    width = max(len(name) for name, _, _ in rows)
    print(f"| {'measure'.ljust(width)} | value | target |")
    print(f"| {'-' * width} | --- | --- |")
    for name, value, target in rows:
        print(f"| {name.ljust(width)} | {value} | {target} |")


if __name__ == "__main__":
    main()
