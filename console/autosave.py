"""Autosave: every change is written by the writer thread, and the title says how it went.

After each command the scene screen posts ``SceneEdited``; the app hands the scene to the
writer thread of ``console/persistence.py`` (the UI never waits for the disk, STYLE.md). After
each write the thread reports here, and the outcome is handed to the UI thread without waiting
for it: the title's autosave state ("saving", "saved ✓", "NOT SAVED" and why) follows.
"""

from __future__ import annotations

import asyncio
import contextvars
from contextlib import suppress
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from console.app import STConsoleApp
    from engine.session import Scene


class Autosave:
    """The app's autosave: queues scenes for the writer thread and shows each outcome."""

    def __init__(self, app: STConsoleApp) -> None:
        self.app = app
        self.state = "off"
        """What the title shows: off, saving, saved, failed or read-only."""
        self._ui_loop: tuple[asyncio.AbstractEventLoop, contextvars.Context] | None = None
        """The UI thread's event loop and context (the active app), where the writer thread
        reports each autosave."""

    def queue(self, scene: Scene) -> None:
        """Write ``scene`` soon, never blocking (in the UI thread)."""
        persistence = self.app.persistence
        self._ui_loop = (asyncio.get_running_loop(), contextvars.copy_context())
        persistence.start_writer(self.written)
        persistence.queue(scene)
        self.state = "saving"

    def written(self, error: str | None) -> None:
        """In the writer thread after each write: hand the outcome to the UI thread.

        Without waiting for it (``call_from_thread`` would hold the writer until the UI thread
        ran it, and leave an unawaited coroutine behind when the app stops first).
        """
        if self._ui_loop is None:
            return
        loop, context = self._ui_loop
        with suppress(RuntimeError):  # the app has stopped: Persistence.shutdown writes the rest
            loop.call_soon_threadsafe(self.done, error, context=context)

    def done(self, error: str | None) -> None:
        """The title's autosave state after a write ("saved ✓", or "NOT SAVED" and why)."""
        app = self.app
        if error is not None:
            self.state = "failed"
            app.notify(app.t("status.save-failed", reason=error), severity="error", timeout=10)
        else:
            self.state = "saving" if app.persistence.pending else "saved"
        app.refresh_title()
