"""Whether a players' view is following: the ST's console shows a marker in its title bar.

The view writes nothing (INTERFACE.md), not even a heartbeat file. Instead, on Linux, each view
binds an *abstract* Unix socket (a name in the kernel, no file anywhere) named for the save
directory it follows; the console counts those names in ``/proc/net/unix``. The name goes away
with the process, however it ends. Elsewhere (macOS, Windows) there is no abstract namespace:
no marker is shown there, and nothing else changes.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import socket
import sys
from pathlib import Path

PREFIX = "st-console-view:"


def _key(save_dir: Path) -> str:
    return hashlib.blake2b(str(save_dir.resolve()).encode("utf-8"), digest_size=8).hexdigest()


def supported() -> bool:
    """Abstract Unix sockets and ``/proc/net/unix``: Linux only."""
    return sys.platform.startswith("linux") and hasattr(socket, "AF_UNIX")


def announce(save_dir: Path) -> socket.socket | None:
    """Let consoles on this machine see a view following ``save_dir`` while the socket lives.

    Returns the socket (keep it; it is closed with the process), or ``None`` when unsupported.
    """
    if not supported():
        return None
    name = f"\0{PREFIX}{_key(save_dir)}:{os.getpid()}"
    marker = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        marker.bind(name)
    except OSError:
        marker.close()
        return None
    return marker


def count_viewers(save_dir: Path) -> int:
    """How many views on this machine follow ``save_dir`` now (0 when unknown)."""
    if not supported():
        return 0
    wanted = f"@{PREFIX}{_key(save_dir)}:"
    with contextlib.suppress(OSError), open("/proc/net/unix", encoding="utf-8") as table:
        return sum(1 for line in table if wanted in line)
    return 0
