"""Issue 27 §4, verified from outside: a served view (``st-console player --served``) ends when
its own process alone gets SIGTERM (the shell ``exec``s it: no shell keeps the signal from it)
and when the server sends textual-serve's ``quit`` packet as its browser goes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from player_support import IH_FIGHT, save
from test_served_view_ends import ends_within, started_view

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def sigterm_the_view_alone(view: subprocess.Popen[bytes]) -> None:
    os.kill(view.pid, signal.SIGTERM)


def quit_packet(view: subprocess.Popen[bytes]) -> None:
    assert view.stdin is not None
    payload = json.dumps({"type": "quit"}).encode()
    view.stdin.write(b"M" + len(payload).to_bytes(4, "big") + payload)
    view.stdin.flush()


@pytest.mark.parametrize("end", [sigterm_the_view_alone, quit_packet], ids=["pid", "quit"])
def test_the_served_view_quits(
    tmp_path: Path, end: Callable[[subprocess.Popen[bytes]], None]
) -> None:
    save(tmp_path, IH_FIGHT)
    view = started_view(tmp_path)
    try:
        end(view)
        assert ends_within(view, 15), "the view went on"
    finally:
        if view.poll() is None:
            os.killpg(view.pid, signal.SIGKILL)
            view.wait()
