"""Issue 27 §1–§2 in a real terminal, as a Chinese table types: zh at 80×24, each dialog key
and its full-width text in one tmux ``send-keys`` (an input method gives ``１２``, ``：``,
``，；（）``): the numbers land in number fields as ASCII, the text whole in text fields, and
``：`` opens the command line."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from console_support import FIGHT, save_scene
from test_typing_in_tmux import Tmux, wait_for, wait_gone

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")

SESSION = "input-typing"  # the name test_typing_in_tmux's helpers look at


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[Tmux]:
    """The console in Chinese on the FIGHT scene in an 80×24 pane of a tmux server of its own."""
    assert TMUX is not None
    socket = tmp_path / "tmux.sock"
    save_dir = tmp_path / "saves"
    save_scene(save_dir, FIGHT)

    def run(*args: str) -> str:
        done = subprocess.run(
            [TMUX, "-S", str(socket), *args], capture_output=True, text=True, check=True
        )
        return done.stdout

    console = (
        f"{sys.executable} -m console --save-dir {save_dir} --campaign Test --scene Fight --lang zh"
    )
    run("new-session", "-d", "-s", SESSION, "-x", "80", "-y", "24", console)
    try:
        wait_for(run, "Ann", timeout=30)
        yield run
    finally:
        subprocess.run([TMUX, "-S", str(socket), "kill-server"], capture_output=True)


def send(tmux: Tmux, text: str) -> None:
    tmux("send-keys", "-t", SESSION, "-l", "--", text)


def test_full_width_text_typed_after_each_key_lands_whole(tmux: Tmux) -> None:
    send(tmux, "r１２")
    wait_for(tmux, "骰池")
    deadline = time.monotonic() + 15
    pool = ""
    while time.monotonic() < deadline and "12" not in pool:
        shown = tmux("capture-pane", "-p", "-t", SESSION)
        pool = next((line for line in shown.splitlines() if "骰池" in line), "")
        time.sleep(0.2)
    assert "12" in pool and "１２" not in pool, pool  # the pool field, read as ASCII
    tmux("send-keys", "-t", SESSION, "Escape")
    wait_gone(tmux, "骰池")
    send(tmux, "e祝福，光环（弱）")
    wait_for(tmux, "祝福，光环（弱）")
    tmux("send-keys", "-t", SESSION, "Escape")
    wait_gone(tmux, "祝福，光环（弱）")
    send(tmux, "：note Ann “左臂：擦伤；”")
    tmux("send-keys", "-t", SESSION, "Enter")
    wait_for(tmux, "Ann 的备注：左臂：擦伤；")
