"""The console's hold on the save directory: one open campaign, autosave off the UI thread.

Wraps :class:`saves.store.Store` and :class:`saves.campaign.Campaign` (the saves engineer's API)
with what the console needs: open the last scene or the demo, save the newest scene after every
command without blocking, and fall back to read-only when another console holds the lock.

The autosave is ONE long-lived writer thread (started by :meth:`Persistence.start_writer`), not
a thread per command: :meth:`Persistence.queue` replaces the scene's pending version (several
saves of a scene queued while a write runs are coalesced: only the newest is written) and wakes
the writer, which reports each write's outcome through a callback (the app hands it to the UI
thread). :meth:`Persistence.close` and :meth:`Persistence.shutdown` write what is still pending.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from pathlib import Path

from engine.session import Scene
from saves.campaign import Campaign
from saves.errors import LockHeld, SaveError
from saves.store import Store, open_store

Report = Callable[[Exception | None], None]
"""Told after each autosave write, in the writer thread: ``None`` when written, else why not."""


def _key(scene: Scene) -> str:
    return scene.name.casefold()


class Persistence:
    """The store and the one campaign the console has open."""

    def __init__(self, save_dir: Path | str | None) -> None:
        self.store: Store = open_store(save_dir)
        self.campaign: Campaign | None = None
        self.campaign_name = ""
        self.holder: str | None = None
        """Who holds the open campaign's lock when it was opened read-only."""
        self._pending: dict[str, Scene] = {}
        """The newest unsaved version of each scene, oldest first (by casefolded name)."""
        self._lock = threading.Lock()
        self._wake = threading.Condition(self._lock)
        self._write = threading.Lock()
        self._generation = 0
        self._stopping = False
        self._writer: threading.Thread | None = None
        self._report: Report | None = None

    @property
    def root(self) -> Path:
        return self.store.root

    @property
    def read_only(self) -> bool:
        return self.campaign is None or self.campaign.read_only

    def open_campaign(self, name: str, *, create: bool = False) -> str | None:
        """Open ``name`` for writing, or read-only when another console holds it.

        Returns:
            The lock holder's description when opened read-only, else ``None``.

        Raises:
            SaveError: not found (and not ``create``), or a damaged index.
        """
        self.close()
        holder: str | None = None
        try:
            campaign = self.store.open_campaign(name, create=create)
        except LockHeld as held:
            holder = held.holder
            campaign = self.store.open_campaign(name, read_only=True)
        if holder is None and campaign.recap is not None:
            # issue 26: a recap a console left behind (it quit while recapping) ends here:
            # the players' view shows the present until the ST recaps again
            with contextlib.suppress(SaveError, OSError):
                campaign.set_recap(None)
        self.campaign = campaign
        self.campaign_name = campaign.name
        self.holder = holder
        return holder

    def require(self) -> Campaign:
        if self.campaign is None:
            raise SaveError.of("saves.persistence.none-open")
        return self.campaign

    def remember(self, scene: str) -> None:
        """Make ``scene`` the one reopened next time (the campaign's and the store's last)."""
        campaign = self.require()
        if not campaign.read_only:
            campaign.set_current_scene(scene)
        self.store.set_last_opened(campaign.name, scene)

    # -- autosave -----------------------------------------------------------------------------

    @property
    def pending(self) -> bool:
        """Whether a scene is waiting to be written."""
        with self._lock:
            return bool(self._pending)

    @property
    def idle(self) -> bool:
        """Whether nothing is pending and no write is running."""
        with self._lock:
            return not self._pending and not self._write.locked()

    def start_writer(self, report: Report) -> None:
        """Start the autosave writer thread (once; later calls do nothing)."""
        if self._writer is not None:
            return
        self._report = report
        self._writer = threading.Thread(target=self._write_loop, name="autosave", daemon=True)
        self._writer.start()

    def queue(self, scene: Scene) -> None:
        """Make ``scene`` the next version of it to be written and wake the writer.

        An older pending version of the same scene is dropped (coalesced).
        """
        with self._wake:
            self._pending.pop(_key(scene), None)
            self._pending[_key(scene)] = scene
            self._generation += 1
            self._wake.notify()

    def _write_loop(self) -> None:
        """The writer thread: write what is pending, report, sleep until something is queued.

        After a failed write it waits for the next command (a new generation) rather than
        retrying in a loop; the failed scene stays pending and is written with the next one.
        """
        failed_at: int | None = None
        while True:
            with self._wake:
                while not self._stopping and (not self._pending or self._generation == failed_at):
                    self._wake.wait()
                if self._stopping:
                    return
                generation = self._generation
            error: Exception | None = None
            try:
                self.flush()
                failed_at = None
            except (SaveError, OSError) as problem:  # said in the table's language by the app
                error, failed_at = problem, generation
            if self._report is not None:
                self._report(error)

    def flush(self) -> bool:
        """Write every pending scene now (the writer thread, or on close). Returns whether it wrote.

        Raises:
            SaveError: a write failed; what was not written stays pending for the next try.
        """
        with self._write:
            with self._lock:
                scenes = tuple(self._pending.values())
                self._pending.clear()
            if not scenes:
                return False
            for index, scene in enumerate(scenes):
                try:
                    self.require().save_scene(scene)
                except (SaveError, OSError):
                    with self._lock:
                        unwritten = {_key(rest): rest for rest in scenes[index:]}
                        unwritten.update(self._pending)  # newer versions queued meanwhile win
                        self._pending = unwritten
                    raise
            return True

    def stop_writer(self, timeout: float = 30.0) -> None:
        """Stop the writer thread after its current write (it may be waiting on the UI thread:
        call this off the UI thread while the app runs)."""
        writer = self._writer
        if writer is None:
            return
        with self._wake:
            self._stopping = True
            self._wake.notify()
        writer.join(timeout)
        self._writer = None

    def shutdown(self) -> None:
        """Stop the writer, write what is pending and release the campaign (quitting)."""
        self.stop_writer()
        self.close()

    def close(self) -> None:
        """Release the campaign (its lock too); pending writes are flushed first."""
        if self.campaign is None:
            return
        try:
            if not self.campaign.read_only:
                self.flush()
        finally:
            self.campaign.close()
            self.campaign = None
            self.campaign_name = ""
