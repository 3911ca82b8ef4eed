"""``st-console serve``: the players' view in a web browser (issue 16).

The server runs as a real process on a free port of 127.0.0.1. The page must load nothing from
the internet, unknown paths get 404, every connection runs the player view, and keys pressed in
the browser change nothing. The last test opens the page in headless Chromium (Debian's
``chromium``) with every host but 127.0.0.1 unresolvable, and saves a screenshot.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest
from mist_board import BOARD
from player_support import IH_FIGHT, save

from console.player.serve import is_loopback, local_addresses, offline_page

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


@contextlib.contextmanager
def _serving(save_dir: Path, *options: str) -> Iterator[tuple[int, str]]:
    """Run ``st-console serve`` until the block ends; yield its port and first lines."""
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
    foreign = re.findall(
        r"""(?:src|href)\s*=\s*["']?(https?://[^"' >]+)|url\(["']?(https?:)""", page
    )
    assert foreign == []
    assert "fonts.googleapis" not in page
    assert f'data-session-websocket-url="ws://127.0.0.1:{port}/ws"' in page
    for path in re.findall(r"""(?:src|href|url\()\s*=?\s*["']?(/static/[^"')]+)""", page):
        assert _status(f"http://127.0.0.1:{port}{path}") == 200, path


def test_offline_page_drops_every_foreign_stylesheet() -> None:
    stock = (
        '<head><link rel="stylesheet" href="https://cdn.example/a.css" />\n'
        '<link\n href="http://x/y" rel="stylesheet"/></head>'
    )
    page = offline_page(stock)
    assert "http" not in page and "@font-face" in page
    assert '<meta name="viewport" content="width=device-width, initial-scale=1" />' in page


@pytest.mark.parametrize("path", ["/nope", "/static/", "/static/fonts/", "/ws", "/download/x"])
def test_unknown_paths_are_404(served: tuple[int, Path], path: str) -> None:
    port, _ = served
    assert _status(f"http://127.0.0.1:{port}{path}") == 404


def test_each_connection_runs_the_players_view(served: tuple[int, Path]) -> None:
    port, save_dir = served
    before = {p: p.read_bytes() for p in save_dir.rglob("*.json")}

    async def watch() -> str:
        seen = ""
        async with aiohttp.ClientSession() as session:
            url = f"ws://127.0.0.1:{port}/ws?width=120&height=40"
            async with session.ws_connect(url) as socket_:
                for _ in range(400):
                    message = await asyncio.wait_for(socket_.receive(), 30)
                    data = message.data
                    seen += (
                        data.decode("utf-8", "replace") if isinstance(data, bytes) else str(data)
                    )
                    if "Ghoul" in seen:
                        break
                for key in ("ctrl+q", "n", "h", ":", "\x11", "\x03"):
                    await socket_.send_json(["stdin", key])
                await asyncio.sleep(1)
                assert not socket_.closed  # quit keys did not end the view
        return seen

    seen = asyncio.run(watch())
    assert "Ann" in seen and "Ghoul" in seen and "Shade" not in seen
    assert {p: p.read_bytes() for p in save_dir.rglob("*.json")} == before


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


# -- a real browser -----------------------------------------------------------------------------

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

RECORD_SOCKET_TEXT = """
(() => {
  window.__received = "";
  const Original = window.WebSocket;
  window.WebSocket = function (...args) {
    const socket = new Original(...args);
    socket.addEventListener("message", async (event) => {
      const data = event.data;
      if (typeof data === "string") { window.__received += data; return; }
      const buffer = data instanceof Blob ? await data.arrayBuffer() : data;
      window.__received += new TextDecoder().decode(buffer);
    });
    return socket;
  };
  window.WebSocket.prototype = Original.prototype;
})();
"""
"""Keeps what the page receives, so the test can tell the terminal drew the combatants (xterm
draws on a canvas: its text is not in the page)."""


async def _browse(
    port: int,
    chromium: str,
    shot: Path,
    until: str = "Ghoul",
    window: tuple[int, int] = (1280, 800),
) -> str:
    """Open the page in headless Chromium, offline but for 127.0.0.1, in a ``window`` of that
    many CSS pixels (a desktop, or a phone's 390×844); wait until the page received ``until``;
    screenshot; the text."""
    profile = tempfile.mkdtemp(prefix="st-chromium-")
    browser = subprocess.Popen(
        [
            chromium,
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--hide-scrollbars",
            f"--window-size={window[0]},{window[1]}",
            "--remote-debugging-port=0",
            f"--user-data-dir={profile}",
            "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
            "about:blank",
        ],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert browser.stderr is not None
        devtools = None
        for line in browser.stderr:
            found = re.search(r"DevTools listening on ws://[^:]+:(\d+)/", line)
            if found:
                devtools = found.group(1)
                break
        assert devtools, "Chromium did not open its DevTools port"
        async with aiohttp.ClientSession() as session:
            listing = await session.get(f"http://127.0.0.1:{devtools}/json/list")
            page = next(t for t in await listing.json() if t["type"] == "page")
            async with session.ws_connect(page["webSocketDebuggerUrl"], max_msg_size=0) as cdp:
                number = 0

                async def call(method: str, **params: object) -> dict:
                    nonlocal number
                    number += 1
                    await cdp.send_json({"id": number, "method": method, "params": params})
                    while True:
                        answer = await asyncio.wait_for(cdp.receive_json(), 60)
                        if answer.get("id") == number:
                            return dict(answer.get("result", {}))

                await call("Page.enable")
                await call(  # a phone's viewport (headless windows are 500 px wide at least)
                    "Emulation.setDeviceMetricsOverride",
                    width=window[0],
                    height=window[1],
                    deviceScaleFactor=1,
                    mobile=window[0] < 600,
                )
                await call("Page.addScriptToEvaluateOnNewDocument", source=RECORD_SOCKET_TEXT)
                await call("Page.navigate", url=f"http://127.0.0.1:{port}/")
                received = ""
                for _ in range(300):
                    result = await call("Runtime.evaluate", expression="window.__received || ''")
                    received = str(result.get("result", {}).get("value", ""))
                    if until in received:
                        break
                    await asyncio.sleep(0.1)
                await asyncio.sleep(1.5)  # let xterm paint the last frame
                for key in ("n", "h", "q"):
                    await call("Input.dispatchKeyEvent", type="keyDown", text=key, key=key)
                    await call("Input.dispatchKeyEvent", type="keyUp", key=key)
                await asyncio.sleep(0.5)
                image = await call("Page.captureScreenshot", format="png")
                shot.write_bytes(base64.b64decode(image["data"]))
                laid_out = await call("Runtime.evaluate", expression="window.innerWidth")
                assert laid_out.get("result", {}).get("value") == window[0]  # not 980 on a phone
                return received
    finally:
        stop(browser)
        shutil.rmtree(profile, ignore_errors=True)


@pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium installed (apt-get install -y chromium): the real-browser test needs one",
)
def test_a_real_browser_shows_the_combatants(served: tuple[int, Path], tmp_path: Path) -> None:
    """The screenshot goes to ``$ST_SHOT_DIR`` when set (to look at it), else a temporary folder."""
    port, save_dir = served
    assert CHROMIUM is not None
    before = {p: p.read_bytes() for p in save_dir.rglob("*.json")}
    shot = Path(os.environ.get("ST_SHOT_DIR") or tmp_path) / "player-view-chromium.png"
    received = asyncio.run(_browse(port, CHROMIUM, shot))
    assert "Ann" in received and "Bob" in received and "Ghoul" in received
    assert "Shade" not in received
    assert shot.stat().st_size > 5000 and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert {p: p.read_bytes() for p in save_dir.rglob("*.json")} == before


BOARD_SCENE = "\n".join([*BOARD, "hide c2", "hide q2"])
"""The clue board's case file with clue c2 and question q2 kept from the players."""


@pytest.fixture(scope="module")
def served_board(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    save_dir = tmp_path_factory.mktemp("board")
    save(save_dir, BOARD_SCENE, system="mist", name="Alley")
    with _serving(save_dir) as (port, _):
        yield port, save_dir


@pytest.mark.skipif(
    CHROMIUM is None,
    reason="no Chromium installed (apt-get install -y chromium): the real-browser test needs one",
)
@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_a_real_browser_shows_the_clue_board(
    served_board: tuple[int, Path], tmp_path: Path, width: int, height: int
) -> None:
    """Issue 29 §3 in a browser, on a desktop and a phone: the cut-in as the mission's summary,
    the revealed clue and question, nothing the MC hid. The screenshot goes to
    ``$ST_SHOT_DIR`` when set (to look at it), else a temporary folder."""
    port, _ = served_board
    assert CHROMIUM is not None
    shot = Path(os.environ.get("ST_SHOT_DIR") or tmp_path) / f"clue-board-{width}x{height}.png"
    received = asyncio.run(_browse(port, CHROMIUM, shot, "Claw marks", (width, height)))
    for shown in ("sailors", "Claw marks", "A dog barked", "A werewolf", "What is the anomaly"):
        assert shown in received
    assert "Silver casings" not in received and "its properties" not in received
    assert shot.stat().st_size > 5000 and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_served_view_whose_server_is_gone_exits(tmp_path: Path) -> None:
    """A browser's view outlives nothing: when its server dies, it ends (no orphan spinning)."""
    save(tmp_path, IH_FIGHT)
    from console.player.serve import player_command

    stand_in = (  # a server that starts the view with pipes, as textual-serve does, then dies
        "import os, subprocess, sys, time\n"
        "view = subprocess.Popen(sys.argv[1], shell=True, stdin=subprocess.PIPE,"
        " stdout=subprocess.PIPE, stderr=subprocess.PIPE)\n"
        "print(view.pid, flush=True)\n"
        "time.sleep(3)\n"
        "os._exit(0)\n"
    )
    env = {**os.environ, "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver"}
    done = subprocess.run(
        [sys.executable, "-c", stand_in, player_command(tmp_path, None, "en")],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    pid = int(done.stdout.split()[0])
    for _ in range(200):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        os.kill(pid, 9)
        pytest.fail("the view went on after its server died")


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
    from console.player.serve import allowed_host, same_origin

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
    """Issue 30: each browser runs a view process; ``--max-clients`` caps them (default 16),
    the next one is told so (503) and starts nothing."""
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

    with _serving(tmp_path, "--max-clients", "1") as (port, _):
        assert asyncio.run(crowd(port)) == (True, 503)
