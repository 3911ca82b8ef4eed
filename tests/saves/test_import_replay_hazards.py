"""The two-process import's hazards (issue 30 point 9, :mod:`saves.import_replay`): the
refusal named in order, an interrupt, a killed import, one processor, SIGCHLD ignored, a named
state that fails to decode: the result is always the one replaying the whole journal in order
gives, and no other process is left behind."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from test_import_two_processes import Spy, _edited, _imported, _short_parts, exported

from saves import import_file, import_replay, open_store
from saves.errors import ImportRefused

__all__ = ["_short_parts", "exported"]  # fixtures of the two-process tests, used here too


def test_a_bad_command_in_the_journal_is_named_before_one_in_the_redo_stack(
    exported: tuple[Path, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The redo stack's commands are checked after the journal's, in one process or two."""
    path, _ = exported

    def both(raw: dict[str, Any]) -> None:
        raw["undone"] = [dict(raw["journal"][-1], text="y" * 5000)]
        raw["journal"][10]["text"] = "x" * 5000

    edited = _edited(path, tmp_path, both)
    told = []
    for fork in (True, False):
        Spy(monkeypatch, fork)
        with pytest.raises(ImportRefused) as refused:
            import_file(open_store(tmp_path / f"saves-{fork}"), edited)
        told.append((refused.value.code, refused.value.params["entry"], str(refused.value)))
    assert told[0] == told[1] and told[0][:2] == ("saves.exports.line-too-long", 11)


def test_an_interrupt_while_the_other_process_replays_stops_it(
    exported: tuple[Path, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever ends the wait (an interrupt, no memory left to encode), no fork is left behind."""
    import os

    import saves.imports

    path, _ = exported
    spy = Spy(monkeypatch)
    monkeypatch.setattr(import_replay._Other, "ready", lambda other: False)
    save = import_replay.replay

    def interrupted() -> bool:
        raise KeyboardInterrupt

    monkeypatch.setattr(
        saves.imports, "replay", lambda *args: save(*args[:3], interrupted, *args[4:])
    )
    with pytest.raises(KeyboardInterrupt):
        import_file(open_store(tmp_path / "saves"), path)
    assert spy.cancelled == 1 and spy.answers == []
    with pytest.raises(ChildProcessError):
        os.waitpid(-1, os.WNOHANG)  # stopped and waited for: no child of this process is left


def test_one_processor_replays_alone(
    exported: tuple[Path, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README promises two processes only on a machine with two processors."""
    path, scene = exported
    monkeypatch.setattr(import_replay, "processors", lambda: 1)
    assert not import_replay.may_fork()
    started = []
    monkeypatch.setattr(import_replay, "_start", lambda work: started.append(work))
    imported = _imported(path, tmp_path / "saves")
    assert started == [] and imported.state == scene.state


def _running(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie no longer runs


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the death signal is Linux's")
def test_the_other_process_ends_with_an_import_killed_midway(tmp_path: Path) -> None:
    """A killed import leaves no copy replaying on for nothing (its part may take a minute)."""
    code = (
        "import time\n"
        "from saves import import_replay\n"
        "other = import_replay._start(lambda: time.sleep(120))\n"
        "print(other.pid, flush=True)\n"
        "time.sleep(120)\n"
    )
    importer = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert importer.stdout is not None
        fork = int(importer.stdout.readline())
        assert _running(fork)
    finally:
        importer.kill()
        importer.wait()
    deadline = time.monotonic() + 10
    while _running(fork) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _running(fork)


def test_only_a_scene_state_itself_has_fields_left_out_of_equality() -> None:
    """``same_exactly`` compares the fields ``==`` leaves out at the top of a state only: a
    field left out deeper (in a combatant, a sheet…) would let a named state that is not the
    replayed one through, so none may be (give ``same_exactly`` a walk first)."""
    import dataclasses
    import importlib
    import pkgutil

    import engine

    left_out = set()
    for module in pkgutil.walk_packages(engine.__path__, "engine."):
        for value in vars(importlib.import_module(module.name)).values():
            if not (dataclasses.is_dataclass(value) and isinstance(value, type)):
                continue
            if any(not field.compare for field in dataclasses.fields(value)):
                left_out.add(f"{value.__module__}.{value.__qualname__}")
    assert left_out == {"engine.ih.encounter.Encounter", "engine.session.Scene"}


def test_with_sigchld_ignored_the_other_process_is_not_signalled_once_gone(
    exported: tuple[Path, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A process started with SIGCHLD ignored has its children waited for by the system: the
    import then replays the part here, and never signals an id another process may have."""
    import os
    import signal

    path, scene = exported
    spy = Spy(monkeypatch)
    killed = []
    monkeypatch.setattr(os, "kill", lambda pid, sig: killed.append(pid))
    before = signal.signal(signal.SIGCHLD, signal.SIG_IGN)
    try:
        imported = _imported(path, tmp_path / "saves")
    finally:
        signal.signal(signal.SIGCHLD, before)
    assert spy.answers == [False] and killed == []
    assert imported.state == scene.state and imported.journal == scene.journal


def test_an_interrupt_in_this_process_part_checks_nothing_more(
    exported: tuple[Path, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import saves.imports

    path, _ = exported
    spy = Spy(monkeypatch)
    checked: list[tuple[int, int]] = []
    replay_part = import_replay._replay_part

    def interrupted(scene: Any, state: Any, start: int, end: int) -> Any:
        if start == 0:
            raise KeyboardInterrupt
        return replay_part(scene, state, start, end)

    monkeypatch.setattr(import_replay, "_replay_part", interrupted)
    save = import_replay.replay

    def replay(scene: Any, marks: Any, check: Any, *rest: Any) -> Any:
        def counted(start: int, end: int) -> None:
            checked.append((start, end))
            check(start, end)

        return save(scene, marks, counted, *rest)

    monkeypatch.setattr(saves.imports, "replay", replay)
    with pytest.raises(KeyboardInterrupt):
        import_file(open_store(tmp_path / "saves"), path)
    assert spy.cancelled == 1 and len(checked) == 1 and checked[0][0] == 0


def test_a_named_state_that_fails_to_decode_in_any_way_is_left_out(
    exported: tuple[Path, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A named state is never needed: however its decoding fails, the scene imports as one
    process replaying it whole would (not as a crash of the replay)."""
    import saves.imports

    path, scene = exported
    spy = Spy(monkeypatch)

    def fails(*_: Any) -> Any:
        raise KeyError("order")

    monkeypatch.setattr(saves.imports, "whole_state", fails)
    imported = _imported(path, tmp_path / "saves")
    assert spy.answers == [] and spy.cancelled == 0
    assert imported.state == scene.state and imported.journal == scene.journal
