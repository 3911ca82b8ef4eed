"""Issue 12: a crash at every file-system operation of a scripted session, as SQLite's tests
do. The session (create a campaign, autosave a scene command by command across journal chunk
boundaries and undos, backups and their rotation, close, reopen, close) runs once to count its
operations; then once per operation N in a forked child that dies (``os._exit``, no clean-up:
as a SIGKILL) just before operation N. After each death the save directory must load: the
campaign (once its index exists), the scene equal to the last version whose save returned or
the one being saved, every backup not marked damaged loading whole, and the campaign opening
for writing again.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from saves_fixtures import build_mist

from engine import commands
from engine.errors import RuleError
from engine.session import History, Scene
from saves import backups, campaign, open_store, scenefile

KILLED = 77
LINES = ('clue "trace {}"', "status Mei hurt 1", "undo", "undo", 'clue "x{}"', "phase next")


def _versions() -> list[Scene]:
    """The scene after each command of the session: chunks sealed (CHUNK is 4 here) and
    dropped again by undo."""
    history = History(build_mist(3, 7))
    out = [history.scene]
    for index in range(16):
        line = LINES[index % len(LINES)].format(index)
        try:
            history.execute(commands.parse(line, "mist"), line)
        except RuleError:
            continue
        out.append(history.scene)
    return out


def _session(root: Path, versions: list[Scene], confirmed: int) -> None:
    """The scripted session; writes each confirmed save's number to fd ``confirmed``."""
    store = open_store(root)
    opened = store.open_campaign("Crash", create=True)
    half = len(versions) // 2
    for number, scene in enumerate(versions[:half], start=1):
        opened.save_scene(scene)
        os.write(confirmed, f"{number}\n".encode())
    opened.close()
    opened = store.open_campaign("Crash")
    for number, scene in enumerate(versions[half:], start=half + 1):
        opened.save_scene(scene)
        os.write(confirmed, f"{number}\n".encode())
    opened.close()
    store.set_last_opened("Crash", versions[-1].name)


OPERATIONS = [
    (os, "replace"),
    (os, "rename"),
    (os, "link"),
    (os, "unlink"),
    (os, "rmdir"),
    (os, "mkdir"),
    (os, "fsync"),
    (tempfile, "mkstemp"),
    (shutil, "copy2"),
]


FSYNC = os.fsync


def _child(root: Path, versions: list[Scene], crash_at: int, confirmed: int, total: int) -> None:
    count = 0

    def counted(function):  # type: ignore[no-untyped-def]
        def wrapper(*args, **kwargs):  # type: ignore[no-untyped-def]
            nonlocal count
            count += 1
            if count == crash_at:
                os._exit(KILLED)
            if function is FSYNC:
                return None  # a crash point, but a process death loses no page cache
            return function(*args, **kwargs)

        return wrapper

    for module, name in OPERATIONS:
        setattr(module, name, counted(getattr(module, name)))
    _session(root, versions, confirmed)
    os.write(total, f"{count}\n".encode())
    os._exit(0)


def _fork(root: Path, versions: list[Scene], crash_at: int) -> tuple[int, int, int]:
    """Run the session in a child that dies before operation ``crash_at``.

    Returns: its exit status, the number of saves that returned, the operations counted.
    """
    confirmed_r, confirmed_w = os.pipe()
    total_r, total_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child)
        try:
            os.close(confirmed_r)
            os.close(total_r)
            _child(root, versions, crash_at, confirmed_w, total_w)
        finally:
            os._exit(3)
    os.close(confirmed_w)
    os.close(total_w)
    _, status = os.waitpid(pid, 0)
    with os.fdopen(confirmed_r) as handle:
        confirmed = len(handle.read().split())
    with os.fdopen(total_r) as handle:
        text = handle.read().strip()
    return os.waitstatus_to_exitcode(status), confirmed, int(text) if text else 0


def _check(root: Path, versions: list[Scene], confirmed: int) -> None:
    store = open_store(root)
    infos = store.list_campaigns()
    assert all(info.problem is None for info in infos), [info.problem for info in infos]
    if not infos:
        assert confirmed == 0
        return
    with store.open_campaign("Crash") as opened:
        assert not opened.read_only
        if opened.has_scene("Case"):
            scene = opened.load_scene("Case")
            candidates = versions[max(confirmed - 1, 0) : confirmed + 1]
            assert any(scene == candidate for candidate in candidates), confirmed
        else:
            assert confirmed == 0
    for backup in store.backups("Crash"):
        if backup.damaged:
            continue
        with store.open_backup("Crash", backup.id) as copy:
            for name in copy.scene_names():
                copy.load_scene(name)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_crash_at_every_file_system_operation_leaves_good_saves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(scenefile, "CHUNK", 4)
    monkeypatch.setattr(campaign, "BACKUP_EVERY", 3)
    monkeypatch.setattr(backups, "KEEP", 2)
    monkeypatch.setattr(backups, "KEEP_GOOD", 1)
    versions = _versions()
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):  # memory: the test measures crash points,
        tmp_path = Path(tempfile.mkdtemp(prefix="st-crash-", dir=shm))  # not the disk
        request_cleanup = True
    else:
        request_cleanup = False
    try:
        _run_all(tmp_path, versions)
    finally:
        if request_cleanup:
            shutil.rmtree(tmp_path, ignore_errors=True)


def _run_all(tmp_path: Path, versions: list[Scene]) -> None:
    status, confirmed, total = _fork(tmp_path / "full", versions, crash_at=0)
    assert (status, confirmed) == (0, len(versions))
    assert total > 100
    for crash_at in range(1, total + 1):
        root = tmp_path / f"crash-{crash_at}"
        status, confirmed, _ = _fork(root, versions, crash_at)
        assert status == KILLED
        _check(root, versions, confirmed)
        shutil.rmtree(root)
    print(f"{total} crash points")
