"""Issue 30 point 6: a kill while ``st-console.json`` is written leaves its temporary; the next
start removes it at once (the hostile re-check restarted within seconds, and a temporary
was kept for a minute as possibly another program's write). A writer holds a lock on its
temporary until it is renamed, so one nobody holds is a killed writer's; one a live writer
holds is left alone whatever its age."""

from __future__ import annotations

import fcntl
import os
import time
from pathlib import Path

import pytest

import saves.storage as storage
from saves import open_store
from saves.storage import is_abandoned, write_atomic


def _aged(path: Path, seconds: float) -> Path:
    then = time.time() - seconds
    os.utime(path, (then, then))
    return path


def test_a_temporary_nobody_holds_is_removed_at_the_next_start(tmp_path: Path) -> None:
    left = tmp_path / ".st-console.json.k1ll3d.tmp"
    left.write_text('{"last": {"1": {"campa')
    _aged(left, 5)  # a minute is not waited for
    open_store(tmp_path)
    assert not left.exists()


def test_a_temporary_a_live_writer_holds_is_kept(tmp_path: Path) -> None:
    held = tmp_path / ".st-console.json.wr1t1ng.tmp"
    held.write_text("{")
    with held.open("rb") as writer:
        fcntl.flock(writer.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        _aged(held, 5)
        assert not is_abandoned(held)
        open_store(tmp_path)
        assert held.exists()
    assert is_abandoned(held)


def test_the_writer_holds_its_temporary_until_it_is_renamed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[bool] = []
    real = os.replace

    def replace(source: str, target: Path) -> None:
        seen.append(is_abandoned(Path(source)))
        real(source, target)

    monkeypatch.setattr(storage.os, "replace", replace)
    write_atomic(tmp_path / "st-console.json", b"{}")
    assert seen == [False]
    assert (tmp_path / "st-console.json").read_bytes() == b"{}"
    assert not list(tmp_path.glob(".*.tmp"))
