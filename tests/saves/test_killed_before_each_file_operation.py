"""A crash at every file-system operation of a scripted session, as SQLite's tests do (README
"Safe on disk": crashes, restores). See test_killed_while_autosaving.py for SIGKILL at random
moments.

The session (create a campaign, autosave a scene command by command across journal chunk
boundaries and undos, backups and their rotation, close, reopen, close) runs in a forked child
that, just before each of its file-system operations N, copies the save directory as it is at
that moment to ``crash-N``: what a death there (``os._exit``, no clean-up: as a SIGKILL) leaves
on disk, since a dying process loses only what it had not yet handed to the kernel, and a copy
reads only what the kernel has (an fsync is a crash point, and a no-op: a process death loses no
page cache). One run makes every crash point's directory (once per point, a fork each, took
minutes); a few points are also reached by a real death (``_fork_and_die``), the copies' check.
After each crash point the save directory must load: the campaign (once its index exists), the
scene equal to the last version whose save returned or the one being saved, the campaign's cast
(issue 25) the one that scene carries, every backup not marked damaged loading whole, and the
campaign opening for writing again.
"""

from __future__ import annotations

import json
import os
import shutil
import stat
import sys
import tempfile
import traceback
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

REAL_DEATHS = 3
"""How many crash points of each test are also reached by a real death of a forked child."""


def _versions() -> list[Scene]:
    """The scene after each command of the session: chunks sealed (CHUNK is 4 here) and
    dropped again by undo."""
    lines = (LINES[index % len(LINES)].format(index) for index in range(16))
    return list(scenes_after(build_mist(3, 7), lines))


def _session(root: Path, versions: list[Scene], saved: Callable[[int], None]) -> None:
    """The scripted session; tells ``saved`` the number of each save that returned."""
    store = open_store(root)
    opened = store.open_campaign("Crash", create=True)
    half = len(versions) // 2
    for number, scene in enumerate(versions[:half], start=1):
        opened.save_scene(scene)
        saved(number)
    opened.close()
    opened = store.open_campaign("Crash")
    for number, scene in enumerate(versions[half:], start=half + 1):
        opened.save_scene(scene)
        saved(number)
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
COPY2 = shutil.copy2
LINK = os.link


def _before_each_operation(hook: Callable[[int], None]) -> None:
    """In this (forked) process, call ``hook(N)`` just before its file-system operation number
    N (what the hook itself does is not counted)."""
    count = 0
    busy = False

    def counted(function):  # type: ignore[no-untyped-def]
        def wrapper(*args, **kwargs):  # type: ignore[no-untyped-def]
            nonlocal count, busy
            if busy:
                return function(*args, **kwargs)
            count += 1
            busy = True
            try:
                hook(count)
            finally:
                busy = False
            if function is FSYNC:
                return None  # a crash point, but a process death loses no page cache
            return function(*args, **kwargs)

        return wrapper

    for module, name in OPERATIONS:
        setattr(module, name, counted(getattr(module, name)))


def _copy_tree(source: Path, target: Path) -> None:
    """Copy ``source`` to ``target`` as it is on disk: symbolic links as links, and files
    hard-linked to each other (a backup shares the scenes' sealed chunks) linked again."""
    first: dict[tuple[int, int], Path] = {}
    for folder, folders, files in os.walk(source):
        here = Path(folder)
        there = target / here.relative_to(source)
        there.mkdir()
        for name in [*folders, *files]:
            found = os.lstat(here / name)
            if stat.S_ISLNK(found.st_mode):
                os.symlink(os.readlink(here / name), there / name)
                if name in folders:
                    folders.remove(name)
            elif name in folders:
                continue
            elif (found.st_dev, found.st_ino) in first:
                LINK(first[found.st_dev, found.st_ino], there / name)
            else:
                COPY2(here / name, there / name)
                first[found.st_dev, found.st_ino] = there / name


def _photographed(
    root: Path, into: Path, call: Callable[[Callable[[int], None]], object]
) -> list[int]:
    """Run ``call(saved)`` in a forked child that copies ``root`` to ``into / f"crash-{N}"``
    just before each of its file-system operations N (no copy while ``root`` does not exist
    yet): the save directory a death before operation N leaves. Returns, for each operation
    in turn, the last number ``call`` had told ``saved`` by then (0: none)."""
    into.mkdir(parents=True, exist_ok=True)
    result_r, result_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child)
        try:
            os.close(result_r)
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, 1)
            last = [0]
            seen: list[int] = []

            def photograph(number: int) -> None:
                seen.append(last[0])
                if root.exists():
                    _copy_tree(root, into / f"crash-{number}")

            def saved(number: int) -> None:
                last[0] = number

            _before_each_operation(photograph)
            call(saved)
            with os.fdopen(result_w, "w") as handle:
                json.dump(seen, handle)
            os._exit(0)
        except BaseException:
            traceback.print_exc(file=sys.stderr)
        finally:
            os._exit(3)
    os.close(result_w)
    with os.fdopen(result_r) as handle:
        text = handle.read()
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    seen: list[int] = json.loads(text)
    return seen


def _fork_and_die(call: Callable[[Callable[[int], None]], object], crash_at: int) -> int:
    """Run ``call(saved)`` in a forked child that dies (``os._exit``) just before its
    file-system operation ``crash_at``; the last number it had told ``saved``."""
    result_r, result_w = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover (the child)
        try:
            os.close(result_r)
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, 1)
            os.dup2(quiet, 2)

            def die(number: int) -> None:
                if number == crash_at:
                    os._exit(KILLED)

            _before_each_operation(die)
            call(lambda n: os.write(result_w, f"{n}\n".encode()))
            os._exit(0)
        finally:
            os._exit(3)
    os.close(result_w)
    with os.fdopen(result_r) as handle:
        told = handle.read().split()
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == KILLED, crash_at
    return int(told[-1]) if told else 0


def _real_deaths(total: int) -> list[int]:
    """The crash points also reached by a real death: spread over the ``total``."""
    return sorted({max(1, total * (k + 1) // (REAL_DEATHS + 1)) for k in range(REAL_DEATHS)})


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


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_crash_at_every_file_system_operation_leaves_good_saves(
    crash_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(scenefile, "CHUNK", 4)
    monkeypatch.setattr(campaign, "BACKUP_EVERY", 3)
    monkeypatch.setattr(backups, "KEEP", 2)
    monkeypatch.setattr(backups, "KEEP_GOOD", 1)
    versions = _versions()
    live = crash_dir / "full"
    seen = _photographed(live, crash_dir, lambda saved: _session(live, versions, saved))
    total = len(seen)
    assert seen[-1] == len(versions)
    assert total > 100
    _check(live, versions, len(versions))
    for crash_at, confirmed in enumerate(seen, start=1):
        root = crash_dir / f"crash-{crash_at}"
        _check(root, versions, confirmed)
        shutil.rmtree(root, ignore_errors=True)
    for crash_at in _real_deaths(total):
        root = crash_dir / f"died-{crash_at}"
        confirmed = _fork_and_die(
            lambda saved, root=root: _session(root, versions, saved),  # type: ignore[misc]
            crash_at,
        )
        assert confirmed == seen[crash_at - 1], crash_at
        _check(root, versions, confirmed)
    print(f"{total} crash points")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_a_crash_at_every_file_system_operation_of_a_restore_leaves_old_or_restored(
    crash_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A restore must never leave the campaign without an index (moving the live files aside,
    then copying the backup in, did). Killed before each operation of a restore, the campaign
    must open (for writing, and in the list) with the old or the restored state."""
    monkeypatch.setattr(scenefile, "CHUNK", 4)
    versions = _versions()
    seed = crash_dir / "seed"
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

    def restore(root: Path) -> Callable[[Callable[[int], None]], object]:
        shutil.copytree(seed, root, symlinks=True)
        return lambda saved: open_store(root).restore_backup("Crash", backup.id)

    live = crash_dir / "full"
    total = len(_photographed(live, crash_dir, restore(live)))
    assert total > 5
    with open_store(live).open_campaign("Crash", read_only=True) as opened:
        assert opened.load_scene("Case") == restored
    outcomes = set()

    def check(root: Path, crash_at: int) -> None:
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

    for crash_at in range(1, total + 1):
        check(crash_dir / f"crash-{crash_at}", crash_at)
    for crash_at in _real_deaths(total):
        root = crash_dir / f"died-{crash_at}"
        _fork_and_die(restore(root), crash_at)
        check(root, crash_at)
    assert outcomes == {"old", "restored"}
    print(f"{total} crash points in a restore")


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
@pytest.mark.parametrize("text", [SCRIPT, SCRIPT_CAST], ids=["scenes", "cast-between-scenes"])
def test_a_script_killed_at_every_file_operation_leaves_none_of_it_and_runs_again_once(
    crash_dir: Path, monkeypatch: pytest.MonkeyPatch, text: str
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

    def script(root: Path) -> Callable[[Callable[[int], None]], object]:
        def run(saved: Callable[[int], None]) -> None:
            assert _run_script(root, text) == 0

        return run

    full = copy("full")
    total = len(_photographed(full, crash_dir, script(full)))
    assert total > 20
    after = _campaign_scenes(full, "Table")
    assert list(after) == ["First", "Second", "Third", "the cast"]
    assert after["First"] != before["First"] or text is SCRIPT_CAST
    assert after["the cast"] != ()
    if text is SCRIPT_CAST:  # 7 - 2 + 1 in Second, - 1 in Third, - 1 in Second: one cast
        (ann,) = after["the cast"]  # type: ignore[misc]
        assert (ann.condition.health, ann.condition.willpower) == (4, 3)
    outcomes = set()

    def check(root: Path, crash_at: int) -> None:
        found = _campaign_scenes(root, "Table")
        assert found in (before, after), crash_at
        outcomes.add("none" if found == before else "all")
        if found == before:
            assert _run_script(root, text) == 0
            assert _campaign_scenes(root, "Table") == after, crash_at
        shutil.rmtree(root)

    for crash_at in range(1, total + 1):
        check(crash_dir / f"crash-{crash_at}", crash_at)
    for crash_at in _real_deaths(total):
        root = copy(f"died-{crash_at}")
        _fork_and_die(script(root), crash_at)
        check(root, crash_at)
    assert outcomes == {"none", "all"}
    print(f"{total} crash points in a script")


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_an_import_killed_at_every_file_operation_leaves_all_or_none_of_it(
    crash_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30: an import into an existing campaign, killed before each of its file-system
    operations: afterwards the campaign opens with every imported scene and its mission, or
    with none of them."""
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

    def importing(root: Path) -> Callable[[Callable[[int], None]], object]:
        shutil.copytree(seed, root, symlinks=True)
        return lambda saved: import_file(open_store(root), export)

    full = crash_dir / "full"
    total = len(_photographed(full, crash_dir, importing(full)))
    assert total > 5
    after = _campaign_scenes(full, "Crash")
    assert list(after) == ["Kept", "Case", "Other", "the cast"]
    outcomes = set()

    def check(root: Path, crash_at: int) -> None:
        found = _campaign_scenes(root, "Crash")
        assert found in (before, after), crash_at
        with open_store(root).open_campaign("Crash", read_only=True) as opened:
            missions = [(m.name, m.scenes) for m in opened.missions()]
        assert missions == ([("The Hound", ("Case",))] if found == after else []), crash_at
        outcomes.add("none" if found == before else "all")
        shutil.rmtree(root)

    for crash_at in range(1, total + 1):
        check(crash_dir / f"crash-{crash_at}", crash_at)
    for crash_at in _real_deaths(total):
        root = crash_dir / f"died-{crash_at}"
        _fork_and_die(importing(root), crash_at)
        check(root, crash_at)
    assert outcomes == {"none", "all"}
    print(f"{total} crash points in an import")
