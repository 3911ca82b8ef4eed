"""Issue 27 §4: the view ``serve`` starts for each browser (``st-console player --served``)
ends on SIGTERM and when its browser goes (the server closes the view's input) — none is left
spinning after its page closed."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from player_support import IH_FIGHT, save

from console.player.serve import player_command

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def started_view(save_dir: Path) -> subprocess.Popen[bytes]:
    """The view as textual-serve starts it: the web driver, its input and output on pipes;
    returned once it has started drawing."""
    env = {**os.environ, "TEXTUAL_DRIVER": "textual.drivers.web_driver:WebDriver"}
    view = subprocess.Popen(
        player_command(save_dir, None, "en"),
        shell=True,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=True,
    )
    assert view.stdout is not None
    seen = b""
    while b"__GANGLION__" not in seen:
        chunk = view.stdout.read1(4096)  # type: ignore[attr-defined]
        assert chunk, "the view ended before it started"
        seen += chunk
    return view


def ends_within(view: subprocess.Popen[bytes], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if view.poll() is not None:
            return True
        if view.stdout is not None:
            os.set_blocking(view.stdout.fileno(), False)
            with contextlib.suppress(BlockingIOError, TypeError):
                view.stdout.read()  # keep its output flowing, as the server does
        time.sleep(0.1)
    return False


def sigterm(view: subprocess.Popen[bytes]) -> None:
    os.killpg(view.pid, signal.SIGTERM)


def browser_goes(view: subprocess.Popen[bytes]) -> None:
    assert view.stdin is not None
    view.stdin.close()


@pytest.mark.parametrize("end", [sigterm, browser_goes], ids=["sigterm", "input-closed"])
def test_a_served_view_ends(tmp_path: Path, end: Callable[[subprocess.Popen[bytes]], None]) -> None:
    save(tmp_path, IH_FIGHT)
    view = started_view(tmp_path)
    try:
        end(view)
        assert ends_within(view, 15), "the view went on"
    finally:
        if view.poll() is None:
            os.killpg(view.pid, signal.SIGKILL)
            view.wait()
