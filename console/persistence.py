"""The console's hold on the save directory: one open campaign, autosave off the UI thread.

Wraps :class:`saves.store.Store` and :class:`saves.campaign.Campaign` (the saves engineer's API)
with what the console needs: open the last scene or the demo, save the newest scene after every
command without blocking (only the newest pending scene is written), and fall back to read-only
when another console holds the lock.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from pathlib import Path

from engine.session import Scene
from saves.campaign import Campaign
from saves.errors import LockHeld, SaveError
from saves.store import Store, open_store


@dataclass(frozen=True, slots=True)
class Opened:
    """What was opened: the campaign, the scene, and whether it is read-only and why."""

    campaign: str
    scene: Scene
    read_only: bool
    holder: str | None = None


class Persistence:
    """The store and the one campaign the console has open."""

    def __init__(self, save_dir: Path | str | None) -> None:
        self.store: Store = open_store(save_dir)
        self.campaign: Campaign | None = None
        self.campaign_name = ""
        self.holder: str | None = None
        """Who holds the open campaign's lock when it was opened read-only."""
        self._pending: Scene | None = None
        self._lock = threading.Lock()
        self._write = threading.Lock()

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
        self.campaign = campaign
        self.campaign_name = campaign.name
        self.holder = holder
        return holder

    def require(self) -> Campaign:
        if self.campaign is None:
            raise SaveError("No campaign is open.")
        return self.campaign

    def remember(self, scene: str) -> None:
        """Make ``scene`` the one reopened next time (the campaign's and the store's last)."""
        campaign = self.require()
        if not campaign.read_only:
            campaign.set_current_scene(scene)
        self.store.set_last_opened(campaign.name, scene)

    # -- autosave -----------------------------------------------------------------------------

    def queue(self, scene: Scene) -> None:
        """Make ``scene`` the next to be written (an older pending scene is dropped)."""
        with self._lock:
            self._pending = scene

    def flush(self) -> bool:
        """Write the pending scene, if any (run in a worker thread). Returns whether it wrote.

        Raises:
            SaveError: the write failed; the scene stays pending for the next try.
        """
        with self._write:
            with self._lock:
                scene, self._pending = self._pending, None
            if scene is None:
                return False
            try:
                self.require().save_scene(scene)
            except SaveError:
                with self._lock:
                    if self._pending is None:
                        self._pending = scene
                raise
            return True

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
