"""One writer per campaign: a lock file naming who holds it (two consoles on one campaign).

The lock is a small JSON file ``lock`` in the campaign's directory: pid, host, program, the
time it was taken and, on Linux, the process's start time (so a pid reused by an unrelated
process after a crash is not mistaken for the holder). It is created complete and exclusively
(written to a temporary file, then hard-linked to ``lock``, which fails if ``lock`` exists).
A lock whose holder is dead on this host is stale and taken over; a live holder, or a holder
on another host, is reported with :class:`~saves.errors.LockHeld`.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from saves.errors import LockHeld, SaveError
from saves.storage import fsync_dir

LOCK_NAME = "lock"


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a lock."""

    pid: int
    host: str
    program: str
    since: str
    started: str = ""

    def describe(self) -> str:
        """``st-console (pid 4242 on host tabletop, since 2026-11-22 20:01:07)``."""
        return f"{self.program} (pid {self.pid} on host {self.host}, since {self.since})"


def _process_started(pid: int) -> str:
    """The kernel's start time of ``pid`` (Linux), or ``""`` where it cannot be known."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    fields = stat.rpartition(")")[2].split()
    return fields[19] if len(fields) > 19 else ""


MAX_PID = 2**31
"""No process id is this large (a C ``pid_t``): a lock naming one is unreadable, hence stale
(a pid of 2**31 raised OverflowError)."""


def _zombie(pid: int) -> bool:
    """Whether ``pid`` has exited and waits to be reaped (Linux: state ``Z`` or ``X``)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    fields = stat.rpartition(")")[2].split()
    return bool(fields) and fields[0] in ("Z", "X")


def is_alive(holder: Holder) -> bool:
    """Whether the holder's process still runs (only knowable on this host).

    A killed holder that its parent has not reaped yet (a zombie) is dead: it will never
    write again.
    """
    if not 0 < holder.pid < MAX_PID:
        return False
    try:
        os.kill(holder.pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except (OSError, OverflowError):
        return False
    if _zombie(holder.pid):
        return False
    if holder.started:
        started = _process_started(holder.pid)
        if started and started != holder.started:
            return False  # the pid was reused by another process
    return True


def me(program: str | None = None) -> Holder:
    """This process as a lock holder."""
    name = program or Path(sys.argv[0]).name or "python"
    return Holder(
        pid=os.getpid(),
        host=socket.gethostname(),
        program=name,
        since=time.strftime("%Y-%m-%d %H:%M:%S"),
        started=_process_started(os.getpid()),
    )


def read_holder(path: Path) -> Holder | None:
    """The holder a lock file names; ``None`` when it is unreadable (then it is stale)."""
    try:
        raw = path.read_bytes()
        if len(raw) > 64 * 1024:
            return None
        data = json.loads(raw.decode("utf-8"))
        pid = data["pid"]
        if type(pid) is not int or not 0 < pid < MAX_PID:
            return None
        return Holder(
            pid=pid,
            host=str(data["host"]),
            program=str(data["program"]),
            since=str(data["since"]),
            started=str(data.get("started", "")),
        )
    except FileNotFoundError:
        raise
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None


class CampaignLock:
    """The write lock of one campaign directory; release it with :meth:`release`."""

    def __init__(self, directory: Path, holder: Holder) -> None:
        self.path = directory / LOCK_NAME
        self.holder = holder
        self.held = False

    def acquire(self) -> None:
        """Take the lock, taking over a stale one.

        Raises:
            LockHeld: a live process (or one on another host) holds it.
        """
        for _ in range(5):
            if self._create():
                self.held = True
                return
            try:
                raw = self.path.read_bytes()
                other = read_holder(self.path)
            except FileNotFoundError:
                continue
            if other is not None and (other.host != self.holder.host or is_alive(other)):
                raise LockHeld(self.path, other.describe())
            self._take_over_stale(raw)
        raise SaveError.of("saves.lock.changing", self.path, path=self.path)

    def _create(self) -> bool:
        body = json.dumps(
            {
                "schema_version": 1,
                "pid": self.holder.pid,
                "host": self.holder.host,
                "program": self.holder.program,
                "since": self.holder.since,
                "started": self.holder.started,
            }
        ).encode("utf-8")
        fd, temp = tempfile.mkstemp(prefix=".lock.", dir=self.path.parent)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(body)
                handle.flush()
                os.fsync(handle.fileno())
            try:
                os.link(temp, self.path)
            except FileExistsError:
                return False
            except OSError:
                try:  # a file system without hard links
                    fd2 = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
                except FileExistsError:
                    return False
                with os.fdopen(fd2, "wb") as handle:
                    handle.write(body)
            fsync_dir(self.path.parent)
            return True
        finally:
            with contextlib.suppress(OSError):
                os.unlink(temp)

    def _take_over_stale(self, stale: bytes) -> None:
        """Move the stale lock aside; if another taker replaced it meanwhile, put theirs back."""
        aside = self.path.with_name(f".{LOCK_NAME}.stale.{os.getpid()}")
        try:
            os.rename(self.path, aside)
        except FileNotFoundError:
            return
        try:
            if aside.read_bytes() != stale:
                with contextlib.suppress(OSError):
                    os.link(aside, self.path)
        except OSError:
            pass
        with contextlib.suppress(OSError):
            os.unlink(aside)

    def release(self) -> None:
        """Give the lock back, if it is still ours."""
        if not self.held:
            return
        self.held = False
        try:
            current = read_holder(self.path)
        except FileNotFoundError:
            return
        if current is not None and (current.pid, current.host) == (
            self.holder.pid,
            self.holder.host,
        ):
            with contextlib.suppress(OSError):
                os.unlink(self.path)
