"""Autosave: every change is written by the writer thread, and the title says how it went.

After each command the scene screen posts ``SceneEdited``; the app hands the scene and its
persistence to :meth:`Autosave.queue`, which gives it to the writer thread of
``console/persistence.py`` (the UI never waits for the disk, STYLE.md). After each write the
thread posts :class:`~console.messages.AutosaveWritten` to the app, without waiting for it; the
app hands the outcome back to :meth:`Autosave.settle`, and the title's autosave state ("saving",
"saved ✓", "NOT SAVED" and why) follows. Nothing here knows the app.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from typing import TYPE_CHECKING

from console.messages import AutosaveWritten

if TYPE_CHECKING:
    from textual.message import Message

    from console.persistence import Persistence
    from engine.session import Scene


class Autosave:
    """Queues scenes for the writer thread; posts each outcome with ``post`` (the app's
    ``post_message``, safe to call from another thread)."""

    def __init__(self, post: Callable[[Message], object]) -> None:
        self.post = post
        self.state = "off"
        """What the title shows: off, saving, saved, failed or read-only."""

    def queue(self, persistence: Persistence, scene: Scene) -> None:
        """Write ``scene`` soon, never blocking (in the UI thread)."""
        persistence.start_writer(self.written)
        persistence.queue(scene)
        self.state = "saving"

    def written(self, error: Exception | None) -> None:
        """In the writer thread after each write: post the outcome to the UI thread.

        Without waiting for it (``call_from_thread`` would hold the writer until the UI thread
        ran it, and leave an unawaited coroutine behind when the app stops first).
        """
        with suppress(RuntimeError):  # the app has stopped: Persistence.shutdown writes the rest
            self.post(AutosaveWritten(error))

    def settle(self, error: Exception | None, pending: bool) -> None:
        """In the UI thread: the state after a write ("failed", or "saving" while more writes
        are ``pending``, else "saved")."""
        if error is not None:
            self.state = "failed"
        else:
            self.state = "saving" if pending else "saved"
