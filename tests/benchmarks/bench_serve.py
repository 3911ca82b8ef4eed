"""Benchmark of ``st-console serve`` (issue 30 §2 and §14): prints tables; asserts nothing.

Targets: every browser served by one process, ≤ 5 MB per extra browser (textual-serve's model
ran a Textual view process per browser: 33–42 MB each); the server's idle CPU ≤ 1.5× a bare
process of its kind; a change reaches every browser fast.

- **Memory**: ``st-console serve`` on a 12-combatant fight; browsers (websockets, each waiting
  for its first view) join in steps; the server's resident memory (``VmRSS``) and its processes
  and threads at each step, from ``/proc``. Beside it, side by side, what one browser cost
  before: one ``st-console player`` process (the view textual-serve started per browser) in a
  pseudo-terminal.
- **Idle CPU**: the server with 20 browsers connected and nothing changing, over 20 s, beside a
  bare aiohttp server (the floor of any server of this kind) and a bare Textual app (point 14's
  floor), the same time each.
- **Change → every browser**: with 20 browsers connected, the ST's change (damage, saved as the
  console saves) is written; the time from the save being on disk to the last browser having
  the new view, 10 times.

Run: ``.venv/bin/python tests/benchmarks/bench_serve.py``
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "console"), str(Path(__file__).parent)]

from bench_player import BARE_APP, FIGHT, IDLE_SECONDS, idle_cpu  # noqa: E402
from player_support import change, save  # noqa: E402

from engine.session import execute_text  # noqa: E402
from saves.store import open_store  # noqa: E402

STEPS = (0, 1, 5, 10, 20, 40, 60)
SERVE_IDLE = 60
"""Seconds of idle measured for the servers (two websocket heartbeats: one each 30 s)."""
CHANGES = 10

BARE_SERVER = """
import sys
from aiohttp import web
app = web.Application()
app.add_routes([web.get("/", lambda request: web.Response(text="hello"))])
web.run_app(app, host="127.0.0.1", port=int(sys.argv[1]), print=None)
"""
"""A bare aiohttp server: the floor of any server of this kind's idle CPU."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _status(pid: int, field: str) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise LookupError(field)


def _children(pid: int) -> int:
    found = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            found += len((task / "children").read_text().split())
    return found


def _cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _start(command: list[str], port: int) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    for _ in range(200):
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            return process
        time.sleep(0.05)
    raise RuntimeError("the server did not start")


def _stop(process: subprocess.Popen[bytes]) -> None:
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()


def save_change(save_dir: Path, line: str) -> tuple[float, float]:
    """The ST's command, applied as the console does; when its save started and returned (the
    console has the scene in memory: loading it here is not timed)."""
    store = open_store(save_dir)
    with store.open_campaign("Test") as campaign:
        scene, _ = execute_text(campaign.load_scene("Fight"), line)
        started = time.perf_counter()
        campaign.save_scene(scene)
        return started, time.perf_counter()


class Browser:
    """A websocket reading all the time, as a browser's does (it answers the server's pings)."""

    def __init__(self, socket_: aiohttp.ClientWebSocketResponse) -> None:
        self.socket = socket_
        self.views: asyncio.Queue[tuple[float, str]] = asyncio.Queue()
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        async for message in self.socket:
            self.views.put_nowait((time.perf_counter(), str(message.data)))

    async def view_with(self, wanted: str) -> float:
        """When the first view holding ``wanted`` arrived."""
        while True:
            arrived, view = await asyncio.wait_for(self.views.get(), 30)
            if wanted in view:
                return arrived

    async def close(self) -> None:
        await self.socket.close()
        await self.reader


async def measure(port: int, pid: int, save_dir: Path) -> dict[str, object]:
    """Memory by browsers connected; idle CPU with 20; change → every browser."""
    rows: list[tuple[int, int, int, int]] = []
    url = f"ws://127.0.0.1:{port}/ws"
    async with aiohttp.ClientSession() as session:
        # the page once (what a browser asks first), then nothing connected: the base line
        await (await session.get(f"http://127.0.0.1:{port}/")).text()
        await asyncio.sleep(1)
        rows.append((0, _status(pid, "VmRSS"), _children(pid), _status(pid, "Threads")))
        clients: list[Browser] = []
        for step in STEPS[1:]:
            while len(clients) < step:
                client = Browser(await session.ws_connect(url))
                await client.view_with("NPC8")
                clients.append(client)
            await asyncio.sleep(1)
            rows.append((step, _status(pid, "VmRSS"), _children(pid), _status(pid, "Threads")))
        for extra in clients[20:]:
            await extra.close()
        clients = clients[:20]
        await asyncio.sleep(2)
        start, wall = _cpu(pid), time.monotonic()
        await asyncio.sleep(SERVE_IDLE)
        idle = (_cpu(pid) - start) / (time.monotonic() - wall)
        delays: list[tuple[float, float]] = []
        for n in range(CHANGES):
            started, saved = await asyncio.to_thread(
                save_change, save_dir, f'effect PC1 "Mark {n}" rounds=3'
            )
            arrived = max(await asyncio.gather(*(c.view_with(f"Mark {n}") for c in clients)))
            delays.append((arrived - started, max(arrived - saved, 0.0)))
            await asyncio.sleep(0.5)
        for client in clients:
            await client.close()
    return {"rows": rows, "idle": idle, "delays": delays}


def main() -> None:
    save_dir = Path(tempfile.mkdtemp(prefix="bench-serve-"))
    try:
        save(save_dir, FIGHT)
        change(save_dir, "effect PC1 Start rounds=3")
        port = _free_port()
        command = [sys.executable, "-m", "console", "serve", "--save-dir", str(save_dir)]
        server = _start([*command, "--port", str(port), "--max-clients", "100"], port)
        try:
            found = asyncio.run(measure(port, server.pid, save_dir))
        finally:
            _stop(server)
        bare_port = _free_port()
        bare = _start([sys.executable, "-c", BARE_SERVER, str(bare_port)], bare_port)
        try:
            time.sleep(2)
            start, wall = _cpu(bare.pid), time.monotonic()
            time.sleep(SERVE_IDLE)
            bare_idle = (_cpu(bare.pid) - start) / (time.monotonic() - wall)
            bare_rss = _status(bare.pid, "VmRSS")
        finally:
            _stop(bare)
        view_rss = player_rss(save_dir)
        textual_used, textual_wall = idle_cpu([sys.executable, "-c", BARE_APP])
    finally:
        shutil.rmtree(save_dir, ignore_errors=True)
    rows = found["rows"]
    assert isinstance(rows, list)
    base = rows[1][1]
    print("Memory: one server, browsers joining (VmRSS of the server process)")
    print("| browsers | server RSS | per browser after the first | processes | threads |")
    print("|---------:|-----------:|----------------------------:|----------:|--------:|")
    for clients, rss, children, threads in rows:
        extra = f"{(rss - base) / (clients - 1):8.0f} KB" if clients > 1 else "           —"
        print(
            f"| {clients:8} | {rss / 1024:7.1f} MB | {extra:>27} | {1 + children:9} | {threads:7} |"
        )
    print()
    print("| beside it                                            | RSS      |")
    print("|------------------------------------------------------|---------:|")
    print(f"| one browser before: a `st-console player` process    | {view_rss / 1024:5.1f} MB |")
    print(f"| a bare aiohttp server                                | {bare_rss / 1024:5.1f} MB |")
    print("| target: per extra browser                            |  ≤ 5 MB  |")
    print()
    idle = float(found["idle"])  # type: ignore[arg-type]
    textual = textual_used / textual_wall
    tick = 1000 / os.sysconf("SC_CLK_TCK")

    def ratio(value: float) -> str:
        return f"{value / textual:5.2f}×" if textual > 0 else "  —  "

    print(f"Idle CPU (nothing changes; /proc counts CPU in ticks of {tick:.0f} ms)")
    print("| process                                 | CPU ms a minute | to a bare Textual app |")
    print("|-----------------------------------------|----------------:|----------------------:|")
    for name, value in (
        (f"st-console serve, 20 browsers ({SERVE_IDLE} s)", idle),
        (f"bare aiohttp server ({SERVE_IDLE} s)", bare_idle),
        (f"bare Textual app ({IDLE_SECONDS} s)", textual),
    ):
        print(f"| {name:39} | {60_000 * value:15.0f} | {ratio(value):>21} |")
    print()
    delays = found["delays"]
    assert isinstance(delays, list)
    from_start = sorted(1000 * d for d, _ in delays)
    from_end = sorted(1000 * d for _, d in delays)
    print(f"A change → all 20 browsers have it ({len(delays)} changes, ms)")
    print("| from                                   | median | slowest |")
    print("|----------------------------------------|-------:|--------:|")
    for name, values in (
        ("the ST's autosave starting", from_start),
        ("the ST's autosave returning", from_end),
    ):
        print(f"| {name:38} | {statistics.median(values):6.0f} | {values[-1]:7.0f} |")
    print("| target (point 14: keypress → view)     |  ≤ 100 |         |")


def player_rss(save_dir: Path) -> int:
    """VmRSS (KB) of one ``st-console player`` in a pseudo-terminal, once it shows the scene:
    what each browser cost when textual-serve ran a view per browser."""
    import pty

    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": "120", "LINES": "40", "TERM": "xterm-256color"}
    view = subprocess.Popen(
        [sys.executable, "-m", "console", "player", "--save-dir", str(save_dir)],
        cwd=ROOT,
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env=env,
    )
    os.close(follower)
    os.set_blocking(leader, False)
    try:
        deadline = time.time() + 8
        while time.time() < deadline:  # read its screen so it never blocks on output
            with contextlib.suppress(OSError):
                os.read(leader, 65536)
            time.sleep(0.05)
        return _status(view.pid, "VmRSS")
    finally:
        _stop(view)
        os.close(leader)


if __name__ == "__main__":
    main()
