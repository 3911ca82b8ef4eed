"""``st-console serve``: the players' view in web browsers (issues 16 and 30).

The server runs as a real process on a free port of 127.0.0.1. The page loads nothing from the
internet, unknown paths get 404, every browser is served by that one process (no process per
browser, a few hundred KB each), a change the ST makes reaches every browser, and what browsers
send changes nothing. The browser tests open the page in headless Chromium (Debian's
``chromium``) with every host but 127.0.0.1 unresolvable, at a desktop's and a phone's size.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest
from browser_support import (
    CHROMIUM,
    chromium_page,
    evaluate,
    screenshot,
    set_size,
    wait_for_text,
)
from mist_board import BOARD
from player_support import IH_FIGHT, change, save

from console.player import presence
from console.player.serve import is_loopback, local_addresses

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def stop(process: subprocess.Popen[bytes]) -> None:
    """Ask ``process`` to end; kill it if it has not within 10 s."""
    process.terminate()
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()


SERVERS: dict[int, int] = {}
"""The process id of the server listening on each port."""


@contextlib.contextmanager
def _serving(save_dir: Path, *options: str) -> Iterator[tuple[int, str]]:
    """Run ``st-console serve`` until the block ends; yield its port and first lines (its
    process id is :data:`SERVERS`\\ ``[port]``)."""
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "console", "serve", "--save-dir", str(save_dir)]
        + ["--port", str(port), *options],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(2)]
        for _ in range(200):
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            time.sleep(0.05)
        SERVERS[port] = process.pid
        yield port, "".join(lines)
    finally:
        stop(process)


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        return int(error.code)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    save_dir = tmp_path_factory.mktemp("serve")
    save(save_dir, IH_FIGHT)
    with _serving(save_dir) as (port, _):
        yield port, save_dir


def test_the_page_loads_nothing_from_another_host(served: tuple[int, Path]) -> None:
    port, _ = served
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as response:
        page = response.read().decode("utf-8")
        policy = response.headers["Content-Security-Policy"]
    foreign = re.findall(
        r"""(?:src|href)\s*=\s*["']?(https?://[^"' >]+)|url\(["']?(https?:)""", page
    )
    assert foreign == []
    assert "script-src 'self'" in policy and "default-src 'none'" in policy
    assert "<script>" not in page  # no inline script: the policy would refuse one anyway
    assert re.findall(r'<script src="([^"]+)"', page) == ["/view.js"]
    assert _status(f"http://127.0.0.1:{port}/view.js") == 200
    assert "Ann" in page and "Ghoul" in page and "Shade" not in page  # there before any script


@pytest.mark.parametrize("path", ["/nope", "/static/", "/view.js/x", "/ws", "/download/x"])
def test_unknown_paths_are_404(served: tuple[int, Path], path: str) -> None:
    port, _ = served
    assert _status(f"http://127.0.0.1:{port}{path}") == 404


def test_serve_binds_loopback_and_prints_the_address(tmp_path: Path) -> None:
    with _serving(tmp_path) as (port, printed):
        assert f"http://127.0.0.1:{port}/" in printed
        assert "Warning" not in printed
        for address in local_addresses():
            with pytest.raises(OSError), socket.create_connection((address, port), 2):
                pass


def test_serve_on_all_interfaces_warns(tmp_path: Path) -> None:
    with _serving(tmp_path, "--host", "0.0.0.0") as (port, printed):
        assert "Warning" in printed and "anyone on your network" in printed
        assert f":{port}/" in printed
        assert _status(f"http://127.0.0.1:{port}/") == 200


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("localhost", True), ("::1", True), ("0.0.0.0", False), ("::", False)],
)
def test_is_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


# -- one process for every browser ---------------------------------------------------------


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started and that still run."""
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            found += [int(x) for x in (task / "children").read_text().split()]
    return found


def _threads(pid: int) -> int:
    return len(list(Path(f"/proc/{pid}/task").iterdir()))


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


async def _receive_view(socket_: aiohttp.ClientWebSocketResponse, wanted: str) -> str:
    """The fragments a browser receives until one holds ``wanted`` (20 s at most)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        message = await asyncio.wait_for(socket_.receive(), deadline - time.monotonic())
        assert message.type == aiohttp.WSMsgType.TEXT, message
        if wanted in message.data:
            return str(message.data)
    raise AssertionError(f"no fragment with {wanted!r}")


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc (Linux)")
def test_every_browser_is_served_by_the_one_process(tmp_path: Path) -> None:
    """Issue 30: N browsers cost one process: the server starts none, no thread per browser,
    and well under 5 MB each; a change the ST makes reaches every one of them; what a
    browser sends changes nothing."""
    save(tmp_path, IH_FIGHT)
    before = {p: p.read_bytes() for p in tmp_path.rglob("*.json")}
    clients = 12

    async def crowd(port: int) -> tuple[int, int, int, bool, tuple[int, int], list[str]]:
        pid = SERVERS[port]
        url = f"ws://127.0.0.1:{port}/ws"
        async with aiohttp.ClientSession() as session:
            first = await session.ws_connect(url)
            await _receive_view(first, "Ghoul")
            threads, rss = _threads(pid), _rss_kb(pid)
            others = [await session.ws_connect(url) for _ in range(clients - 1)]
            for other in others:
                view = await _receive_view(other, "Ghoul")
                assert "Ann" in view and "Shade" not in view
            for other in others:  # keys, commands, junk: nobody listens
                await other.send_str('["stdin", "q"]')
                await other.send_bytes(b"\x03")
            await asyncio.sleep(0.5)
            grown = _rss_kb(pid) - rss
            unchanged = {p: p.read_bytes() for p in tmp_path.rglob("*.json")} == before
            counted = (len(_children(pid)), _threads(pid) - threads, grown, unchanged)
            following = presence.count_viewers(tmp_path)
            await asyncio.to_thread(change, tmp_path, "damage Ghoul 3")
            seen = [await _receive_view(s, "badly hurt") for s in (first, *others)]
            assert not any(s.closed for s in (first, *others))
            for s in (first, *others):
                await s.close()
            for _ in range(100):  # the last browser gone: the ST's marker goes too
                if presence.count_viewers(tmp_path) == 0:
                    break
                await asyncio.sleep(0.05)
            following = (following, presence.count_viewers(tmp_path))
        return (*counted, following, seen)

    with _serving(tmp_path) as (port, _):
        children, more_threads, grown_kb, unchanged, following, seen = asyncio.run(crowd(port))
    assert children == 0
    assert more_threads <= 0
    assert grown_kb / (clients - 1) < 5 * 1024, f"{grown_kb} KB for {clients - 1} more browsers"
    assert len(seen) == clients and all("Shade" not in view for view in seen)
    assert unchanged  # what the browsers sent wrote nothing
    assert following == (1, 0)  # the ST's title bar: one view follows while browsers watch


@pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium installed (apt-get install -y chromium): the real-browser test needs one",
)
@pytest.mark.parametrize(
    ("name", "width", "height", "mobile"),
    [("desktop", 1280, 800, False), ("phone", 390, 844, True)],
)
def test_a_real_browser_shows_the_view_and_follows_it(
    tmp_path: Path, name: str, width: int, height: int, mobile: bool
) -> None:
    """The page in Chromium, at a desktop's size and at a phone's (390×844): the combatants,
    not the hidden one, no sideways scrolling, text at least 14 px; a change arrives over the
    websocket (the page's policy lets its own script connect). The screenshots go to
    ``$ST_SHOT_DIR`` when set (to look at them), else a temporary folder."""
    save_dir = tmp_path / "saves"
    save(save_dir, IH_FIGHT)
    shot = Path(os.environ.get("ST_SHOT_DIR") or tmp_path) / f"player-view-{name}.png"

    async def browse(port: int) -> tuple[str, str, list[float]]:
        async with chromium_page() as call:
            await set_size(call, width, height, mobile)
            await call("Page.navigate", url=f"http://127.0.0.1:{port}/")
            first = await wait_for_text(call, "Ghoul")
            for _ in range(100):  # the script has connected: the ST's change shows
                if await evaluate(call, "document.getElementById('offline').hidden"):
                    break
                await asyncio.sleep(0.1)
            await asyncio.to_thread(change, save_dir, "damage Ghoul 3")
            later = await wait_for_text(call, "badly hurt")
            measures = await evaluate(
                call,
                "[document.documentElement.scrollWidth, window.innerWidth,"
                " parseFloat(getComputedStyle(document.body).fontSize)]",
            )
            shot.write_bytes(await screenshot(call))
            return first, later, [float(x) for x in measures]

    with _serving(save_dir) as (port, _):
        first, later, (scroll_width, inner_width, font_px) = asyncio.run(browse(port))
    assert "Ann" in first and "Bob" in first and "Ghoul" in first and "Shade" not in first
    assert "badly hurt" in later and "Shade" not in later
    assert scroll_width <= inner_width == width
    assert font_px >= 14
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 5000


BOARD_SCENE = "\n".join([*BOARD, "hide c2", "hide q2"])
"""The clue board's case file with clue c2 and question q2 kept from the players."""


@pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium installed (apt-get install -y chromium): the real-browser test needs one",
)
@pytest.mark.parametrize(
    ("name", "width", "height", "mobile"),
    [("desktop", 1280, 800, False), ("phone", 390, 844, True)],
)
def test_a_real_browser_shows_the_clue_board(
    tmp_path: Path, name: str, width: int, height: int, mobile: bool
) -> None:
    """Issue 29 §3 in a browser, on a desktop and a phone: the cut-in as the mission's summary,
    the revealed clue and question, nothing the MC hid, laid out at the device's own width. The
    screenshot goes to ``$ST_SHOT_DIR`` when set (to look at it), else a temporary folder."""
    save_dir = tmp_path / "saves"
    save(save_dir, BOARD_SCENE, system="mist", name="Alley")
    shot = Path(os.environ.get("ST_SHOT_DIR") or tmp_path) / f"clue-board-{name}.png"

    async def browse(port: int) -> tuple[str, list[float], list[list[float]]]:
        async with chromium_page() as call:
            await set_size(call, width, height, mobile)
            await call("Page.navigate", url=f"http://127.0.0.1:{port}/")
            text = await wait_for_text(call, "Claw marks")
            measures = await evaluate(
                call, "[document.documentElement.scrollWidth, window.innerWidth]"
            )
            ids = await evaluate(call, IDS_BESIDE_THEIR_TEXT)
            shot.write_bytes(await screenshot(call))
            return text, [float(x) for x in measures], ids

    with _serving(save_dir) as (port, _):
        received, (scroll_width, inner_width), ids = asyncio.run(browse(port))
    # Each id (c1, k1, q1) stands beside its text on the same line, in a narrow column: the
    # page laid them out as the view's columns, the id on a line of its own above its text and
    # half the width, at 390 wide too.
    assert len(ids) >= 6
    for id_top, text_top, id_width, list_width in ids:
        assert abs(id_top - text_top) < 2 and id_width < list_width / 5
    for shown in ("sailors", "Claw marks", "A dog barked", "A werewolf", "What is the anomaly"):
        assert shown in received
    assert "Silver casings" not in received and "its properties" not in received
    assert scroll_width <= inner_width == width
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 5000


IDS_BESIDE_THEIR_TEXT = """Array.from(document.querySelectorAll('.ids > .id')).map(e => [
  e.getBoundingClientRect().top, e.nextElementSibling.getBoundingClientRect().top,
  e.getBoundingClientRect().width, e.parentElement.getBoundingClientRect().width])"""
"""Each id of the clue board: its top, its text's top, its width and its list's."""


def _handshake(port: int, headers: dict[str, str]) -> int:
    """The status a websocket handshake to the view gets with ``headers``."""

    async def connect() -> int:
        async with aiohttp.ClientSession() as session:
            try:
                url = f"ws://127.0.0.1:{port}/ws?width=80&height=24"
                async with session.ws_connect(url, headers=headers) as socket_:
                    await socket_.close()
                    return 101
            except aiohttp.WSServerHandshakeError as error:
                return error.status

    return asyncio.run(connect())


@pytest.mark.parametrize(
    ("headers", "status"),
    [
        ({"Origin": "https://evil.example"}, 403),  # any page open in the ST's browser
        ({"Origin": "http://127.0.0.1:1"}, 403),  # another port is another origin
        ({"Origin": "null"}, 403),
        ({"Host": "evil.example:{port}", "Origin": "http://evil.example:{port}"}, 403),
        ({"Origin": "http://127.0.0.1:{port}"}, 101),  # the players' page itself
        ({}, 101),  # no Origin: not a web page (a script on this machine)
    ],
)
def test_a_websocket_from_a_foreign_origin_or_host_is_refused(
    served: tuple[int, Path], headers: dict[str, str], status: int
) -> None:
    """Issue 30: ``serve`` is for the table, not for every web page: a foreign ``Origin`` (or
    a ``Host`` that is not this server's: DNS rebinding) cannot start a view."""
    port, _ = served
    sent = {key: value.replace("{port}", str(port)) for key, value in headers.items()}
    assert _handshake(port, sent) == status


def test_a_foreign_host_gets_no_page(served: tuple[int, Path]) -> None:
    port, _ = served
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/", headers={"Host": f"rebound.example:{port}"}
    )
    try:
        urllib.request.urlopen(request, timeout=10)
        status = 200
    except urllib.error.HTTPError as error:
        status = error.code
    assert status == 403


def test_allowed_host_and_same_origin() -> None:
    from console.player.addresses import allowed_host, same_origin

    assert allowed_host("127.0.0.1:8000", "127.0.0.1")
    assert allowed_host("[::1]:8000", "::1")
    assert allowed_host("192.168.1.20:8000", "0.0.0.0")
    assert allowed_host("localhost:8000", "127.0.0.1")
    assert allowed_host(f"{socket.gethostname()}:8000", "0.0.0.0")
    assert not allowed_host("attacker.example:8000", "0.0.0.0")
    assert not allowed_host("", "127.0.0.1")
    assert same_origin("http://127.0.0.1:8000", "127.0.0.1:8000")
    assert same_origin(None, "127.0.0.1:8000")
    assert not same_origin("http://127.0.0.1:8001", "127.0.0.1:8000")
    assert not same_origin("https://127.0.0.1:8000", "127.0.0.1:8000")


def test_no_more_browsers_than_max_clients(tmp_path: Path) -> None:
    """Issue 30: ``--max-clients`` caps the browsers connected at once (default 16); the next
    one is told so (503), and the page says it."""
    save(tmp_path, IH_FIGHT)

    async def crowd(port: int) -> tuple[bool, int]:
        async with aiohttp.ClientSession() as session:
            url = f"ws://127.0.0.1:{port}/ws?width=80&height=24"
            async with session.ws_connect(url) as first:
                await asyncio.wait_for(first.receive(), 30)
                try:
                    async with session.ws_connect(url):
                        return not first.closed, 101
                except aiohttp.WSServerHandshakeError as error:
                    return not first.closed, error.status

    async def page_while_full(port: int) -> str:
        async with aiohttp.ClientSession() as session:
            url = f"ws://127.0.0.1:{port}/ws"
            async with session.ws_connect(url) as first:
                await asyncio.wait_for(first.receive(), 30)
                answer = await session.get(f"http://127.0.0.1:{port}/")
                return await answer.text()

    with _serving(tmp_path, "--max-clients", "1") as (port, _):
        assert asyncio.run(crowd(port)) == (True, 503)
        assert "serves 1 browsers at most" in asyncio.run(page_while_full(port))
