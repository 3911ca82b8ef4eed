"""The timeline of a scene screen (issue 26): ``T`` shows the scene as it stood after any journal
entry, read-only; ``p`` recaps that moment in the players' view, ``f`` forks a campaign from it,
Esc comes back to now. Nothing is written to the scene while it is shown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from console.i18n import save_error_text
from console.screens.shell_base import ShellBase
from console.widgets.dice_log import DiceLog

if TYPE_CHECKING:
    from engine.session import Scene


class ShellTimeline(ShellBase):
    """The timeline's keys and what they change on the screen."""

    _read_only_before = False
    """Whether the scene was read-only before the timeline was shown."""
    _recapping = False
    """The players' view shows a moment of the timeline (``p``), until Esc."""

    def action_timeline(self, at: int | None = None) -> None:
        """``T``: the scene as it stood after a journal entry, read-only (the last at first);
        nothing is written while it is shown."""
        from console.timeline import Timeline

        present = self.history.scene
        if self.timeline is None:
            self.timeline = Timeline(present, len(present.journal) if at is None else 0)
            self._read_only_before = self.read_only
            self.read_only = True  # every key that would change the scene is greyed out
        if at is not None:
            self.timeline.go(at)
        self._show_moment()

    def on_unmount(self) -> None:
        """A screen replaced while recapping (a new language, another scene) ends the recap."""
        if self._recapping:
            self._set_recap(None, 0)

    def on_dice_log_chosen(self, message: DiceLog.Chosen) -> None:
        """A line of the log clicked: the timeline after the entry it came from."""
        message.stop()
        self.action_timeline(message.entry)

    def timeline_caption(self) -> str | None:
        """The title's "entry 212 of 530 · round 3 · 20:41" while the timeline is shown."""
        return self.timeline.caption(self.t) if self.timeline is not None else None

    def _show_moment(self) -> None:
        timeline = self.timeline
        if timeline is None:
            return
        self.scene = timeline.scene()
        self.status = "⏪ " + self.t("timeline.status", moment=timeline.caption(self.t))
        self.refresh_keys()
        refresh_title = getattr(self.app, "refresh_title", None)
        if callable(refresh_title):
            refresh_title(self.history.scene)

    def action_timeline_step(self, by: int) -> None:
        if self.timeline is not None and self.timeline.step(by):
            self._show_moment()

    def action_timeline_page(self, by: int) -> None:
        if self.timeline is not None and self.timeline.page(by):
            self._show_moment()

    def action_timeline_start(self) -> None:
        if self.timeline is not None and self.timeline.go(0):
            self._show_moment()

    def action_timeline_end(self) -> None:
        if self.timeline is not None and self.timeline.go(self.timeline.length):
            self._show_moment()

    def action_timeline_leave(self) -> None:
        """``Esc``: back to now, the scene as it is (it never changed)."""
        if self.timeline is None:
            return
        self.timeline = None
        self.read_only = self._read_only_before
        if self._recapping:
            self._set_recap(None, 0)
        self.scene = self.history.scene
        self.status = "✓ " + self.t("timeline.left")
        self.refresh_keys()
        refresh_title = getattr(self.app, "refresh_title", None)
        if callable(refresh_title):
            refresh_title(self.history.scene)

    def action_timeline_recap(self) -> None:
        """``p`` in the timeline: the players' view recaps this moment (a banner says which),
        or, on the moment it already recaps, goes back to now; Esc also ends the recap. Only
        the campaign's index records it: the scene is not written."""
        timeline = self.timeline
        if timeline is None:
            return
        persistence = getattr(self.app, "persistence", None)
        campaign = getattr(persistence, "campaign", None)
        if campaign is None or campaign.read_only:
            self.refuse(self.t("timeline.recap-read-only"), "key")
            return
        pinned = campaign.recap
        here = (self.history.scene.name, timeline.at)
        if self._recapping and pinned is not None and pinned == here:
            self._set_recap(None, 0)
            self.status = "✓ " + self.t("timeline.recap-ended")
            return
        if self._set_recap(*here):
            self.status = "✓ " + self.t("timeline.recapping", moment=timeline.caption(self.t))

    def _set_recap(self, scene: str | None, at: int) -> bool:
        """Write the recap (``None``: back to now) to the campaign's index; whether it did."""
        from saves.errors import SaveError

        campaign = getattr(getattr(self.app, "persistence", None), "campaign", None)
        if campaign is None:
            return False
        try:
            campaign.set_recap(scene, at)
        except (SaveError, OSError) as error:
            self.refuse(save_error_text(error, self.t.lang), "key")
            return False
        self._recapping = scene is not None
        return True

    def action_timeline_fork(self) -> None:
        """``f`` in the timeline: a new campaign from this moment (asks its name, "NAME (from
        entry N)" first), then opened; the original is untouched."""
        timeline = self.timeline
        persistence = getattr(self.app, "persistence", None)
        if timeline is None or persistence is None or not persistence.campaign_name:
            self.refuse(self.t("campaign.none-open"), "key")
            return
        from console.screens.dialogs import TextDialog
        from saves.forks import default_fork_name

        at, scene = timeline.at, timeline.scene()
        campaign = persistence.campaign_name

        def chosen(name: str | None) -> None:
            if name and name.strip():
                self.fork_to(campaign, scene, at, name.strip())

        title = self.t("timeline.fork-title", at=at)
        self.app.push_screen(TextDialog(title, default_fork_name(campaign, at)), chosen)

    def fork_to(self, campaign: str, scene: Scene, at: int, name: str) -> None:
        """Make the fork and open it (the app's ``open_scene``); a taken name is refused."""
        from saves.campaign_index import ForkOrigin
        from saves.errors import SaveError
        from saves.forks import fork_scene

        store = self.app.persistence.store  # type: ignore[attr-defined]
        try:
            made = fork_scene(store, ForkOrigin(campaign, scene.name, at), scene, name)
        except SaveError as error:
            self.refuse(save_error_text(error, self.t.lang), "key")
            return
        self.app.notify(self.t("timeline.forked", name=made, at=at), timeout=6)
        self.app.open_scene(made, scene.name)  # type: ignore[attr-defined]
