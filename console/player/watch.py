"""Waiting for the save files to change without polling: Linux ``inotify`` (issue 30).

The players' view looked at its files' sizes and times several times a second, which cost
3.6 times a bare Textual app's idle CPU. A :class:`FolderWatch` asks the kernel to wake it
when anything in a few folders is created, written, renamed or removed (every save replaces its
file by a rename, so one event per save at least); the view then looks at its files as before.
Where ``inotify`` is not to be had (not Linux, no ``libc``), :func:`folder_watch` gives
``None`` and the view polls as it always did.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import select
from pathlib import Path

IN_MODIFY = 0x002
IN_ATTRIB = 0x004
IN_CLOSE_WRITE = 0x008
IN_MOVED_FROM = 0x040
IN_MOVED_TO = 0x080
IN_CREATE = 0x100
IN_DELETE = 0x200
IN_DELETE_SELF = 0x400
IN_MOVE_SELF = 0x800
IN_NONBLOCK = 0o4000
IN_CLOEXEC = 0o2000000

MASK = (
    IN_MODIFY
    | IN_ATTRIB
    | IN_CLOSE_WRITE
    | IN_MOVED_FROM
    | IN_MOVED_TO
    | IN_CREATE
    | IN_DELETE
    | IN_DELETE_SELF
    | IN_MOVE_SELF
)
"""Whatever may change what a file in the folder holds, or the folder itself."""


class FolderWatch:
    """Wakes :meth:`wait` when something changes in the watched folders."""

    def __init__(self, libc: ctypes.CDLL, fd: int) -> None:
        self._libc = libc
        self._fd = fd
        self._watches: dict[Path, int] = {}
        self._wake_r, self._wake_w = os.pipe()

    def watch(self, folders: list[Path]) -> None:
        """Watch exactly ``folders`` (those that exist); stop watching the others."""
        wanted = {folder for folder in folders if folder.is_dir()}
        for folder in list(self._watches):
            if folder not in wanted:
                self._libc.inotify_rm_watch(self._fd, self._watches.pop(folder))
        for folder in wanted - set(self._watches):
            number = self._libc.inotify_add_watch(self._fd, os.fsencode(folder), MASK)
            if number >= 0:
                self._watches[folder] = number

    def fileno(self) -> int:
        """The kernel's descriptor: readable when something changed (for an event loop's
        ``add_reader``; :meth:`wait` with 0 then reads the events)."""
        return self._fd

    @property
    def folders(self) -> set[Path]:
        return set(self._watches)

    def wait(self, timeout: float) -> bool:
        """Block until a change (``True``), :meth:`wake` or ``timeout`` seconds (``False``)."""
        ready, _, _ = select.select([self._fd, self._wake_r], [], [], timeout)
        changed = False
        if self._fd in ready:
            changed = True
            with contextlib.suppress(BlockingIOError, OSError):
                while os.read(self._fd, 65536):
                    pass
        if self._wake_r in ready:
            with contextlib.suppress(OSError):
                os.read(self._wake_r, 512)
        return changed

    def wake(self) -> None:
        """Make a :meth:`wait` in another thread return now."""
        with contextlib.suppress(OSError):
            os.write(self._wake_w, b"x")

    def close(self) -> None:
        for fd in (self._fd, self._wake_r, self._wake_w):
            with contextlib.suppress(OSError):
                os.close(fd)


def folder_watch() -> FolderWatch | None:
    """A new :class:`FolderWatch`, or ``None`` where ``inotify`` is not available."""
    if not hasattr(select, "select") or os.name != "posix":
        return None
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        init = libc.inotify_init1
    except (OSError, AttributeError):
        return None
    init.restype = ctypes.c_int
    libc.inotify_add_watch.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32]
    libc.inotify_rm_watch.argtypes = [ctypes.c_int, ctypes.c_int]
    fd = init(IN_NONBLOCK | IN_CLOEXEC)
    if fd < 0:
        return None
    return FolderWatch(libc, fd)
