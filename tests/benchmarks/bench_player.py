"""Benchmark of the players' view (issue 16): prints a table; asserts nothing about time.

Targets: from the Storyteller's keypress in the console to the players' view showing the change,
at most 500 ms median (2 s at most); the view's CPU when nothing changes ≈ 0.

- **Latency**: the ST's console (``STConsoleApp``, headless, in its own process) presses ``n``
  (next turn) every 1.5 s, so the view has backed off to its slowest look between two presses,
  the worst case; it prints the wall time of each keypress and who acts now. The players' view
  (``PlayerApp``, headless, in this process) notes when it shows that actor. Both processes
  read the same clock.
- **Idle CPU**: ``st-console player`` in a terminal of its own (a pseudo-terminal) on an
  unchanging scene; its CPU time over 20 s, from ``/proc``.

Run: ``.venv/bin/python tests/benchmarks/bench_player.py``
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import pty
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "console")]

from player_support import save  # noqa: E402

from console.player.app import PlayerApp  # noqa: E402

PRESSES = 15
IDLE_SECONDS = 20

FIGHT = "\n".join(
    [f"add PC{n} init={40 - n} pc" for n in range(1, 5)]
    + [f"add NPC{n} init={30 - n}" for n in range(1, 9)]
    + ["begin"]
)

ST_SIDE = """
import asyncio, json, sys, time
from console.app import STConsoleApp

async def main(save_dir, presses):
    app = STConsoleApp(save_dir=save_dir, campaign="Test", scene="Fight", lang="en", seed=5,
                       blink=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await app.opened.wait()
        await pilot.pause()
        for _ in range(presses):
            await asyncio.sleep(1.5)
            pressed = time.time()
            await pilot.press("n")
            await pilot.pause()
            current = app.screen.view.current
            print(json.dumps({"pressed": pressed, "current": current}), flush=True)
        while not app._persistence.idle:
            await asyncio.sleep(0.05)

asyncio.run(main(sys.argv[1], int(sys.argv[2])))
"""


async def latency(save_dir: Path) -> list[float]:
    """Seconds from each keypress to the view showing its result."""
    app = PlayerApp(save_dir=save_dir, lang="en")
    delays: list[float] = []
    async with app.run_test(size=(120, 40)) as pilot:
        while app.loads < 1:
            await asyncio.sleep(0.02)
        st = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            ST_SIDE,
            str(save_dir),
            str(PRESSES),
            cwd=ROOT,
            stdout=asyncio.subprocess.PIPE,
        )
        assert st.stdout is not None
        while True:
            line = await st.stdout.readline()
            if not line:
                break
            press = json.loads(line)
            deadline = time.time() + 5
            while time.time() < deadline:
                shown = app.shown.scene.state.current if app.shown else None
                if shown == press["current"]:
                    break
                await asyncio.sleep(0.005)
            await pilot.pause()
            delays.append(time.time() - press["pressed"])
        await st.wait()
    return delays


BARE_APP = "from textual.app import App; from textual.widgets import Static\n" + (
    "class Bare(App):\n    def compose(self):\n        yield Static('hello')\nBare().run()"
)
"""A bare Textual app: the floor of any Textual app's idle CPU, for comparison."""


def idle_cpu(command: list[str]) -> tuple[float, float]:
    """CPU seconds used by an idle app over IDLE_SECONDS in a pseudo-terminal; the wall time."""
    return idle_cpus([command])[0]


def idle_cpus(commands: list[list[str]]) -> list[tuple[float, float]]:
    """:func:`idle_cpu` of several apps run at once, each in its own pseudo-terminal, over the
    same IDLE_SECONDS: side by side, so a busy moment of the shared machine falls on all."""
    import threading

    env = {**os.environ, "COLUMNS": "120", "LINES": "40", "TERM": "xterm-256color"}
    running: list[tuple[subprocess.Popen[bytes], int]] = []

    def drain(leader: int) -> None:
        try:
            while os.read(leader, 65536):
                pass
        except OSError:
            pass

    try:
        for command in commands:
            leader, follower = pty.openpty()
            process = subprocess.Popen(
                command, cwd=ROOT, stdin=follower, stdout=follower, stderr=follower, env=env
            )
            os.close(follower)
            running.append((process, leader))
            threading.Thread(target=drain, args=(leader,), daemon=True).start()
        time.sleep(4)  # start-up and the first load
        starts = [_cpu(process.pid) for process, _ in running]
        wall = time.time()
        time.sleep(IDLE_SECONDS)
        ends = [_cpu(process.pid) for process, _ in running]
        took = time.time() - wall
        return [(end - begun, took) for begun, end in zip(starts, ends, strict=True)]
    finally:
        for process, leader in running:
            process.terminate()
            process.wait(10)
            os.close(leader)


def _cpu(pid: int) -> float:
    """CPU seconds of process ``pid``: in nanoseconds where the kernel keeps them (each
    thread's ``schedstat``), as an idle app uses only 2 or 3 clock ticks in IDLE_SECONDS (whole
    ticks made the ratio of two apps 1.0 or 1.5 by chance); else in clock ticks."""
    with contextlib.suppress(OSError, ValueError, IndexError):
        tasks = Path(f"/proc/{pid}/task").iterdir()
        return sum(int((task / "schedstat").read_text().split()[0]) for task in tasks) / 1e9
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> None:
    save_dir = Path(tempfile.mkdtemp(prefix="bench-player-"))
    try:
        save(save_dir, FIGHT)
        delays = asyncio.run(latency(save_dir))
        view = [sys.executable, "-m", "console", "player", "--save-dir", str(save_dir)]
        used, wall = idle_cpu(view)
        bare_used, bare_wall = idle_cpu([sys.executable, "-c", BARE_APP])
    finally:
        shutil.rmtree(save_dir, ignore_errors=True)
    ms = sorted(1000 * d for d in delays)
    print("| measure                                   | value        | target      |")
    print("|-------------------------------------------|--------------|-------------|")
    print(
        f"| keypress → view, median ({len(ms)} presses)      | {statistics.median(ms):7.0f} ms   "
        "| ≤ 500 ms    |"
    )
    print(f"| keypress → view, slowest                  | {ms[-1]:7.0f} ms   | ≤ 2000 ms   |")
    print(f"| keypress → view, fastest                  | {ms[0]:7.0f} ms   |             |")
    print(
        f"| idle CPU of st-console player ({wall:.0f} s)      | {100 * used / wall:7.2f} %    "
        "| ≈ 0         |"
    )
    print(
        f"| idle CPU of a bare Textual app ({bare_wall:.0f} s)     | "
        f"{100 * bare_used / bare_wall:7.2f} %    | (the floor) |"
    )


if __name__ == "__main__":
    main()
