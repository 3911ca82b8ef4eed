"""Issue 27 §1–§2 in a real terminal, as a Chinese table types: zh at 80×24, each dialog key
and its full-width text in one tmux ``send-keys`` (an input method gives ``１２``, ``：``,
``，；（）``): the numbers land in number fields as ASCII, the text whole in text fields, and
``：`` opens the command line."""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_typing_in_tmux import Tmux, console_in_tmux, wait_for, wait_gone

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")

SESSION = "input-typing"  # the name test_typing_in_tmux's helpers look at


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[Tmux]:
    """The console in Chinese on the FIGHT scene in an 80×24 pane of a tmux server of its own."""
    with console_in_tmux(tmp_path, "zh", (80, 24)) as run:
        yield run


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
