"""Issue 27 §1 in a real terminal: a dialog key and its text sent to the console in one tmux
``send-keys`` (one read, as a fast typist or a macro gives them) all land in the dialog's field.

The console runs in a tmux server of the test's own (its own socket, killed at the end); the
test is skipped where tmux is not installed.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from console_support import FIGHT, save_scene

TMUX = shutil.which("tmux")
pytestmark = pytest.mark.skipif(TMUX is None, reason="tmux is not installed")

SESSION = "input-typing"

Tmux = Callable[..., str]


@contextlib.contextmanager
def console_in_tmux(tmp_path: Path, lang: str, size: tuple[int, int]) -> Iterator[Tmux]:
    """The console in ``lang`` on the FIGHT scene in a pane of ``size`` of a tmux server of its
    own (its own socket, killed at the end); yields ``tmux(*args)``."""
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
        f"{sys.executable} -m console --save-dir {save_dir} --campaign Test --scene Fight"
        f" --lang {lang}"
    )
    width, height = size
    run("new-session", "-d", "-s", SESSION, "-x", str(width), "-y", str(height), console)
    try:
        wait_for(run, "Ann", timeout=30)
        yield run
    finally:
        subprocess.run([TMUX, "-S", str(socket), "kill-server"], capture_output=True)


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[Tmux]:
    """Run the console on the FIGHT scene in a 120×40 tmux pane; yields ``tmux(*args)``."""
    with console_in_tmux(tmp_path, "en", (120, 40)) as run:
        yield run


def pane(run: Tmux) -> str:
    return run("capture-pane", "-p", "-t", SESSION)


def wait_for(run: Tmux, text: str, *, timeout: float = 15) -> str:
    """The pane once it shows ``text`` (fails with the pane after ``timeout`` seconds)."""
    deadline = time.monotonic() + timeout
    shown = ""
    while time.monotonic() < deadline:
        shown = pane(run)
        if text in shown:
            return shown
        time.sleep(0.2)
    raise AssertionError(f"{text!r} never shown; the pane:\n{shown}")


def wait_gone(run: Tmux, text: str, *, timeout: float = 15) -> str:
    """The pane once ``text`` has left it (a dialog closed by Escape: the keys sent next come
    after the Escape was read, never as an Alt+key sequence with it)."""
    deadline = time.monotonic() + timeout
    shown = pane(run)
    while text in shown and time.monotonic() < deadline:
        time.sleep(0.1)
        shown = pane(run)
    assert text not in shown, f"{text!r} still shown; the pane:\n{shown}"
    return shown


def test_a_dialog_key_and_its_text_in_one_send_keys_land_whole(tmux: Tmux) -> None:
    tmux("send-keys", "-t", SESSION, "-l", "hstrength+brawl")
    shown = wait_for(tmux, "strength+brawl")
    assert "Attack" in shown
    tmux("send-keys", "-t", SESSION, "Escape")
    wait_gone(tmux, "strength+brawl")
    tmux("send-keys", "-t", SESSION, "-l", "aZombie nurse")
    shown = wait_for(tmux, "Zombie nurse")
    assert "Zomie" not in shown
    tmux("send-keys", "-t", SESSION, "Escape")
    wait_gone(tmux, "Zombie nurse")
    tmux("send-keys", "-t", SESSION, "-l", ':note Ann "twenty keys in a burst"')
    tmux("send-keys", "-t", SESSION, "Enter")
    wait_for(tmux, "twenty keys in a burst")
