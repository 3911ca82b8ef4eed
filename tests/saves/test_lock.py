"""Two consoles: a live lock is respected and names its holder; a stale one is taken over."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
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
