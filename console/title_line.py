"""The title line: campaign, scene, round, the session's clock, autosave and players' views.

Redrawn every second and after each change; a title bar is told only when the text changed,
and only on screens that can be seen (console/widgets/title_bar.py draws it). Handed the app
as a :class:`~console.host.Host` (what it needs of it), never importing it.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from console.host import Host
    from console.i18n import Translator
    from engine.session import Scene

VIEWERS_EVERY = 5.0
"""Seconds between two looks for players' views following this save directory (the title's
marker; console/player/presence.py)."""


def where(t: Translator, scene: Scene) -> str:
    """Where the table is (issue 25): an Infinite Horror scene after the first movie is
    ``movie 2 › Fight`` (RULES.md §3.1; in the first there is no other to tell it from). A
    M.I.S.T. scene's season › mission › scene is on the screen's own path line."""
    movie = getattr(scene.state, "movie", None)
    if isinstance(movie, int) and movie > 1:
        return t("title.movie", movie=movie) + " › " + scene.name
    return scene.name


class TitleLine:
    """What the title bar shows after the app's name, kept up to date."""

    def __init__(self, app: Host) -> None:
        self.app = app
        self.text = ""
        self._viewers = 0
        self._viewers_checked = -VIEWERS_EVERY

    def viewers(self) -> int:
        """Players' views following this save directory (looked up every 5 s at most)."""
        now = time.monotonic()
        if now - self._viewers_checked >= VIEWERS_EVERY:
            from console.player.presence import count_viewers

            self._viewers_checked = now
            self._viewers = count_viewers(self.app.persistence.root)
        return self._viewers

    def compose_text(self, scene: Scene) -> str:
        """The title line for ``scene`` now."""
        from console import render

        app = self.app
        caption = getattr(app.screen, "timeline_caption", None)
        moment = caption() if callable(caption) else None
        if isinstance(moment, str):  # issue 26: scrubbing the timeline, read-only
            campaign = app.persistence.campaign_name or app.t("title.no-campaign")
            return " · ".join(
                [campaign, where(app.t, scene), "⏪ " + moment, app.t("title.timeline")]
            )
        state = scene.state
        round_number = getattr(state, "round", None)
        phase = getattr(getattr(state, "phase", None), "value", None)
        surprise = None
        if phase == "surprise":
            surprise = "running" if getattr(state, "current", None) else "over"
        return render.title(
            app.t,
            campaign=app.persistence.campaign_name,
            scene=where(app.t, scene),
            round_number=round_number if isinstance(round_number, int) and round_number else None,
            session=app.clock() - app.started,
            autosave=app.autosave_state,
            read_only=app.persistence.read_only,
            viewers=self.viewers(),
            surprise=surprise,
        )

    def show(self, text: str) -> None:
        """Put ``text`` in the title bars that can be seen, when it changed."""
        if text == self.text:
            return
        self.text = text
        from console.widgets.title_bar import TitleBar

        for screen in reversed(self.app.screen_stack):
            for bar in screen.query(TitleBar):
                bar.show(text)
            if screen.styles.background.a == 1:
                # Screens under an opaque one are hidden; a change there would redraw the
                # whole screen on top (Textual forwards a covered screen's changes upwards).
                break
