"""Two consoles: a live lock is respected and names its holder; a stale one (a dead process, an
impossible pid, a killed holder not yet reaped, an unreadable file) is taken over (README "Two
consoles")."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from saves import LockHeld, open_store


def _lock(directory: Path, pid: int, host: str | None = None) -> None:
    holder = {
        "schema_version": 1,
        "pid": pid,
        "host": host or socket.gethostname(),
        "program": "st-console",
        "since": "2026-11-22 20:00:00",
    }
    (directory / "lock").write_text(json.dumps(holder))


def _directory(root: Path) -> Path:
    open_store(root).open_campaign("Locked", create=True).close()
    return next((root / "campaigns").iterdir())


def test_a_live_lock_is_respected_and_names_its_holder(tmp_path: Path) -> None:
    directory = _directory(tmp_path)
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        _lock(directory, sleeper.pid)
        store = open_store(tmp_path)
        with pytest.raises(LockHeld) as caught:
            store.open_campaign("Locked")
        assert f"pid {sleeper.pid}" in str(caught.value)
        assert "read-only" in str(caught.value)
        with store.open_campaign("Locked", read_only=True) as campaign:
            assert campaign.name == "Locked"
        assert store.list_campaigns()[0].holder is not None
    finally:
        sleeper.kill()
        sleeper.wait()


def test_a_stale_lock_of_a_dead_process_is_taken_over(tmp_path: Path) -> None:
    directory = _directory(tmp_path)
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    _lock(directory, dead.pid)
    with open_store(tmp_path).open_campaign("Locked") as campaign:
        holder = json.loads((directory / "lock").read_text())
        assert holder["pid"] == campaign.holder.pid if campaign.holder else False
    assert not (directory / "lock").exists()


def test_an_unreadable_lock_is_stale(tmp_path: Path) -> None:
    directory = _directory(tmp_path)
    (directory / "lock").write_text("")
    with open_store(tmp_path).open_campaign("Locked") as campaign:
        assert campaign.holder is not None


def test_a_lock_held_on_another_host_is_respected(tmp_path: Path) -> None:
    directory = _directory(tmp_path)
    _lock(directory, 1, host="another-machine")
    with pytest.raises(LockHeld, match="another-machine"):
        open_store(tmp_path).open_campaign("Locked")


def test_a_second_open_in_the_same_process_is_refused(tmp_path: Path) -> None:
    _directory(tmp_path)
    store = open_store(tmp_path)
    with store.open_campaign("Locked"), pytest.raises(LockHeld):
        store.open_campaign("Locked")


@pytest.mark.parametrize("pid", [2**31, 2**63, -5, 10**30])
def test_a_lock_with_an_impossible_pid_is_stale(tmp_path: Path, pid: int) -> None:
    directory = _directory(tmp_path)
    _lock(directory, pid)
    store = open_store(tmp_path)
    assert all(info.holder is None for info in store.list_campaigns())
    with store.open_campaign("Locked") as campaign:
        assert campaign.holder is not None


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_a_killed_holder_that_is_still_a_zombie_is_dead(tmp_path: Path) -> None:
    _directory(tmp_path)
    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from saves import open_store; "
            "c = open_store(sys.argv[1]).open_campaign('Locked'); print('held', flush=True); "
            "time.sleep(60)",
            str(tmp_path),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "held"
        os.kill(child.pid, signal.SIGKILL)
        for _ in range(200):  # not reaped: a zombie until wait()
            if Path(f"/proc/{child.pid}/stat").read_text().rpartition(")")[2].split()[0] == "Z":
                break
            time.sleep(0.01)
        with open_store(tmp_path).open_campaign("Locked") as campaign:
            assert not campaign.read_only
    finally:
        child.kill()
        child.wait()
