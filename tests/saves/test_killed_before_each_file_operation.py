"""A crash at every file-system operation of a scripted session, as SQLite's tests do (README
"Safe on disk": crashes, restores). See test_killed_while_autosaving.py for SIGKILL at random
moments.

The session (create a campaign, autosave a scene command by command across journal chunk
boundaries and undos, backups and their rotation, close, reopen, close) runs once to count its
operations; then once per operation N in a forked child that dies (``os._exit``, no clean-up:
as a SIGKILL) just before operation N. After each death the save directory must load: the
campaign (once its index exists), the scene equal to the last version whose save returned or
the one being saved, the campaign's cast (issue 25) the one that scene carries, every backup not
marked damaged loading whole, and the campaign opening for writing again.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from saves_fixtures import build_mist, scenes_after

from engine.mist import carry
from engine.session import Scene
from saves import backups, campaign, open_store, scenefile

KILLED = 77
LINES = ('clue "trace {}"', "status Mei hurt 1", "undo", "undo", 'clue "x{}"', "phase next")


def _versions() -> list[Scene]:
    """The scene after each command of the session: chunks sealed (CHUNK is 4 here) and
    dropped again by undo."""
    lines = (LINES[index % len(LINES)].format(index) for index in range(16))
    return list(scenes_after(build_mist(3, 7), lines))


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


def _die_before_operation(crash_at: int) -> Callable[[], int]:
    """Make this (forked) process die, as by SIGKILL, just before its file-system operation
    number ``crash_at`` (0: never); returns how many operations it has counted so far."""
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
    return lambda: count


def _child(root: Path, versions: list[Scene], crash_at: int, confirmed: int, total: int) -> None:
    counted = _die_before_operation(crash_at)
    _session(root, versions, confirmed)
    os.write(total, f"{counted()}\n".encode())
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
            # the campaign's cast (issue 25): what the scene saved last or being saved carries
            cast = opened.mist_cast()
            carried = [carry.carried(v.state, scene_ended=False) for v in candidates]
            assert cast in carried or (cast is None and confirmed <= 1), confirmed
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


def _restore_child(root: Path, backup_id: str, crash_at: int, total: int) -> None:
    counted = _die_before_operation(crash_at)
    open_store(root).restore_backup("Crash", backup_id)
    os.write(total, f"{counted()}\n".encode())
    os._exit(0)


def _fork_restore(root: Path, backup_id: str, crash_at: int) -> tuple[int, int]:
    total_r, total_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child)
        try:
            os.close(total_r)
            _restore_child(root, backup_id, crash_at, total_w)
        finally:
            os._exit(3)
    os.close(total_w)
    _, status = os.waitpid(pid, 0)
    with os.fdopen(total_r) as handle:
        text = handle.read().strip()
    return os.waitstatus_to_exitcode(status), int(text) if text else 0


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_crash_at_every_file_system_operation_of_a_restore_leaves_old_or_restored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restore must never leave the campaign without an index (moving the live files aside,
    then copying the backup in, did). Killed before each operation of a restore, the campaign
    must open (for writing, and in the list) with the old or the restored state."""
    monkeypatch.setattr(scenefile, "CHUNK", 4)
    versions = _versions()
    seed = tmp_path / "seed"
    store = open_store(seed)
    opened = store.open_campaign("Crash", create=True)
    for scene in versions[:5]:
        opened.save_scene(scene)
    opened.close()
    with store.open_campaign("Crash") as opened:
        for scene in versions[5:]:
            opened.save_scene(scene)
    with store.open_campaign("Crash", read_only=True) as opened:
        old = opened.load_scene("Case")
    choice = [
        b for b in store.backups("Crash") if store.open_backup("Crash", b.id).has_scene("Case")
    ]
    backup = choice[-1]  # the oldest with the scene
    with store.open_backup("Crash", backup.id) as copy:
        restored = copy.load_scene("Case")
    assert restored != old

    def run(crash_at: int) -> tuple[Path, int, int]:
        root = tmp_path / f"crash-{crash_at}"
        shutil.copytree(seed, root, symlinks=True)
        status, total = _fork_restore(root, backup.id, crash_at)
        return root, status, total

    root, status, total = run(0)
    assert status == 0 and total > 5
    with open_store(root).open_campaign("Crash", read_only=True) as opened:
        assert opened.load_scene("Case") == restored
    shutil.rmtree(root)
    outcomes = set()
    for crash_at in range(1, total + 1):
        root, status, _ = run(crash_at)
        assert status == KILLED
        check = open_store(root)
        infos = check.list_campaigns()
        assert [(info.name, info.problem) for info in infos] == [("Crash", None)], crash_at
        with check.open_campaign("Crash") as opened:
            assert not opened.read_only
            scene = opened.load_scene("Case")
            assert scene in (old, restored), crash_at
            outcomes.add("restored" if scene == restored else "old")
        if scene == restored:  # the files that were live are kept aside, whole
            directory = check.find("Crash")
            assert directory is not None
            aside = sorted((directory / backups.BROKEN).iterdir())
            with open_store(root).open_directory(aside[-1], read_only=True) as kept:
                assert kept.load_scene("Case") == old
        shutil.rmtree(root)
    assert outcomes == {"old", "restored"}
    print(f"{total} crash points in a restore")


def _fork_call(call: Callable[[], object], crash_at: int) -> tuple[int, int]:
    """Run ``call`` in a child that dies before its file-system operation ``crash_at``
    (0: never); its exit status and the operations it counted."""
    total_r, total_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child)
        try:
            os.close(total_r)
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, 1)
            os.dup2(quiet, 2)
            counted = _die_before_operation(crash_at)
            call()
            os.write(total_w, f"{counted()}\n".encode())
            os._exit(0)
        finally:
            os._exit(3)
    os.close(total_w)
    _, status = os.waitpid(pid, 0)
    with os.fdopen(total_r) as handle:
        text = handle.read().strip()
    return os.waitstatus_to_exitcode(status), int(text) if text else 0


@pytest.fixture
def crash_dir(tmp_path: Path) -> Iterator[Path]:
    """A folder in memory where there is one (the tests measure crash points, not the disk)."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    root = Path(tempfile.mkdtemp(prefix="st-crash-", dir=shm))
    try:
        yield root
    finally:
        shutil.rmtree(root, ignore_errors=True)


def _campaign_scenes(root: Path, name: str) -> dict[str, object]:
    """Every scene of the campaign, opened for writing (as the next console or ``run`` would:
    an unfinished unit is rolled back first)."""
    with open_store(root).open_campaign(name) as opened:
        assert not opened.read_only
        scenes = {each: opened.load_scene(each) for each in opened.scene_names()}
        cast = opened.roster()
    # The wall-clock second each command was made (the SealDice log's time) is not the state:
    # a script run again a second later makes the same scenes.
    found: dict[str, object] = {
        key: replace(scene, journal=tuple(replace(entry, time=None) for entry in scene.journal))
        for key, scene in scenes.items()
    }
    found["the cast"] = cast  # cast.json (issue 25) is part of the unit too
    return found


SCRIPT = """\
roll ih-d10 3
add Zed init=4 health=6
damage Zed 2
scene new "Second" ih-d10
sheet Ann pc stamina=2 resolve=2 composure=2
add Ann from=Ann init=3
damage Ann 2
begin
scene new "Third" mist
pc Mei
clue "a trace"
"""


SCRIPT_CAST = """\
scene new "Second" ih-d10
sheet Ann pc stamina=2 resolve=2 composure=2
add Ann from=Ann init=3
damage Ann 2
cast heal Ann 1
scene new "Third" ih-d10 split
add Ann from=Ann init=2
damage Ann 1
scene open "Second"
cast willpower Ann -1
damage Ann 1
"""
"""A script that writes cast.json as it runs (issue 25: ``cast COMMAND`` between scenes, a split
party sharing the cast): its unit is begun before its first line."""


def _run_script(root: Path, script: str = SCRIPT) -> int:
    import io
    import sys

    from console.cli import main

    sys.stdin = io.StringIO(script)
    return main(["run", "-", "--campaign", "Table", "--seed", "5", "--save-dir", str(root)])


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
@pytest.mark.parametrize("script", [SCRIPT, SCRIPT_CAST], ids=["scenes", "cast-between-scenes"])
def test_a_script_killed_at_every_file_operation_leaves_none_of_it_and_runs_again_once(
    crash_dir: Path, monkeypatch: pytest.MonkeyPatch, script: str
) -> None:
    """Issue 30: a ``run --campaign`` script touching its campaign's current scene and making
    two more, killed before each of its file-system operations: the campaign then holds the
    whole script or none of it (never some scenes saved), and running the script again after
    a kill that left none of it gives exactly what one run gives (nothing applied twice)."""
    import io

    from console.cli import main

    monkeypatch.setattr(scenefile, "CHUNK", 4)
    seed = crash_dir / "seed"
    monkeypatch.setattr("sys.stdin", io.StringIO('scene new "First" ih-d10\nadd Bob init=9\n'))
    assert main(["run", "-", "--campaign", "Table", "--seed", "5", "--save-dir", str(seed)]) == 0
    before = _campaign_scenes(seed, "Table")
    assert list(before) == ["First", "the cast"] and before["the cast"] == ()

    def copy(name: str) -> Path:
        root = crash_dir / name
        shutil.copytree(seed, root, symlinks=True)
        return root

    full = copy("full")
    status, total = _fork_call(lambda: _run_script(full, script), 0)
    assert status == 0 and total > 20
    after = _campaign_scenes(full, "Table")
    assert list(after) == ["First", "Second", "Third", "the cast"]
    assert after["First"] != before["First"] or script is SCRIPT_CAST
    assert after["the cast"] != ()
    if script is SCRIPT_CAST:  # 7 - 2 + 1 in Second, - 1 in Third, - 1 in Second: one cast
        (ann,) = after["the cast"]  # type: ignore[misc]
        assert (ann.condition.health, ann.condition.willpower) == (4, 3)
    outcomes = set()
    for crash_at in range(1, total + 1):
        root = copy(f"crash-{crash_at}")
        status, _ = _fork_call(lambda root=root: _run_script(root, script), crash_at)  # type: ignore[misc]
        assert status == KILLED
        found = _campaign_scenes(root, "Table")
        assert found in (before, after), crash_at
        outcomes.add("none" if found == before else "all")
        if found == before:
            assert _run_script(root, script) == 0
            assert _campaign_scenes(root, "Table") == after, crash_at
        shutil.rmtree(root)
    assert outcomes == {"none", "all"}
    print(f"{total} crash points in a script")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_an_import_killed_at_every_file_operation_leaves_all_or_none_of_it(
    crash_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30: an import into an existing campaign, killed before each of its file-system
    operations: afterwards the campaign opens with every imported scene and its mission, or
    with none of them."""
    import json

    from saves import export_document, import_file

    monkeypatch.setattr(scenefile, "CHUNK", 4)
    versions = _versions()
    source = open_store(crash_dir / "source")
    with source.open_campaign("Crash", create=True) as opened:
        opened.save_scene(versions[-1])
        opened.save_scene(replace(versions[6], name="Other"))
        opened.set_mission("Case", "The Hound")
    export = crash_dir / "export.json"
    export.write_text(json.dumps(export_document(source, "Crash")))
    seed = crash_dir / "seed"
    with open_store(seed).open_campaign("Crash", create=True) as opened:
        opened.save_scene(replace(versions[2], name="Kept"))
    before = _campaign_scenes(seed, "Crash")

    def run(crash_at: int) -> tuple[Path, int, int]:
        root = crash_dir / f"crash-{crash_at}"
        shutil.copytree(seed, root, symlinks=True)
        status, total = _fork_call(lambda: import_file(open_store(root), export), crash_at)
        return root, status, total

    root, status, total = run(0)
    assert status == 0 and total > 5
    after = _campaign_scenes(root, "Crash")
    assert list(after) == ["Kept", "Case", "Other", "the cast"]
    shutil.rmtree(root)
    outcomes = set()
    for crash_at in range(1, total + 1):
        root, status, _ = run(crash_at)
        assert status == KILLED
        found = _campaign_scenes(root, "Crash")
        assert found in (before, after), crash_at
        with open_store(root).open_campaign("Crash", read_only=True) as opened:
            missions = [(m.name, m.scenes) for m in opened.missions()]
        assert missions == ([("The Hound", ("Case",))] if found == after else []), crash_at
        outcomes.add("none" if found == before else "all")
        shutil.rmtree(root)
    assert outcomes == {"none", "all"}
    print(f"{total} crash points in an import")
