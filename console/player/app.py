"""``st-console player``: the players' view, a read-only Textual app that follows the ST's scene.

It takes no commands and writes nothing to the campaign (INTERFACE.md, "Players' view"). It
watches the few files that say what the ST shows (:class:`saves.follow.Follower`): on Linux it
sleeps until the kernel says their folders changed (``inotify``, :mod:`console.player.watch`;
issue 30: polling cost 3.6 times a bare Textual app's idle CPU), elsewhere with a cheap
``stat`` poll: every :data:`FAST_POLL` seconds right after a change, backing off to
:data:`SLOW_POLL` when nothing changes (a few ``stat`` calls a second; no busy loop). A change is
loaded in a worker thread through saves' own read-only loading, so a damaged, newer or
half-written file is refused by the same checks as everywhere else: the view keeps showing the last
good state with a one-line message, never a traceback.
"""

from __future__ import annotations

import contextlib
import threading
from pathlib import Path

from rich.console import RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from console.i18n import Translator
from console.player import presence, scene_view
from console.player.watch import FolderWatch, folder_watch
from console.textual_compat import keep_wide_characters_whole
from saves.follow import Followed, Follower, Stamp
from saves.store import default_save_dir

FAST_POLL = 0.1
"""Seconds between two looks at the files right after a change (the ST is busy)."""
SLOW_POLL = 0.3
"""The longest wait between two looks when nothing changes: a change shows within this plus
the load time (issue 16 asks for 2 seconds at most, 500 ms median)."""
BACK_OFF = 1.5
"""Each look that finds nothing new waits this much longer, up to :data:`SLOW_POLL`."""
WATCH_SAFETY = 2.0
"""Where folders are watched (Linux): the longest sleep without a change, after which the view
looks anyway (a change the kernel could not report, the ``serve`` server gone)."""


class PlayerApp(scene_view.Following, App[None]):
    """The players' view of the campaign's current scene."""

    CSS = """
    Screen { background: $background; }
    #heading { height: auto; padding: 1 2 0 2; text-style: bold; }
    #notice { height: auto; padding: 0 2; color: $warning; }
    #notice.-empty { display: none; }
    #body-scroll { height: 1fr; padding: 1 2; }
    #body { height: auto; }
    """
    ENABLE_COMMAND_PALETTE = False
    TITLE = "ST Console — players"

    def __init__(
        self,
        save_dir: str | Path | None = None,
        campaign: str | None = None,
        lang: str = "en",
    ) -> None:
        from console import cjk_wrap

        keep_wide_characters_whole()  # a Chinese character over a widget's edge drawn whole
        cjk_wrap.install()  # Chinese wraps between any two characters
        super().__init__()
        self.t = Translator(lang)
        root = Path(save_dir) if save_dir else default_save_dir()
        self.follower = Follower(root, campaign)
        self._presence = presence.announce(root)
        """Tells the ST's console that a view follows (no file: see console/player/presence)."""
        self.shown: Followed | None = None
        """The last scene loaded whole; kept on screen when a later read fails."""
        self.problem: str | None = None
        self.loads = 0
        """Scenes loaded so far (tests and the benchmark wait on it)."""
        self._signature: tuple[Stamp, ...] | None = None
        self._interval = FAST_POLL
        self._loading = False
        self._drawn = False
        self._watch: FolderWatch | None = None
        self._watcher: threading.Thread | None = None
        self._stopping = False

    def compose(self) -> ComposeResult:
        yield Static(id="heading")
        yield Static(id="notice", classes="-empty")
        with VerticalScroll(id="body-scroll"):
            yield Static(Text(self.t("player.loading"), style="dim"), id="body")

    def on_mount(self) -> None:
        self._drawn = True
        self._watch = folder_watch()
        if self._watch is None:
            self._look()
            return
        self._watch.watch(self.follower.folders())
        self._look_once()
        self._watcher = threading.Thread(target=self._watch_loop, name="watch", daemon=True)
        self._watcher.start()

    def on_unmount(self) -> None:
        if self._presence is not None:
            self._presence.close()
        if self._watch is not None:
            self._stopping = True
            self._watch.wake()
            if self._watcher is not None:
                self._watcher.join(2)
            self._watch.close()

    def _watch_loop(self) -> None:
        """In a thread: sleep until the kernel says a watched folder changed (or
        :data:`WATCH_SAFETY` seconds pass), then have the UI thread look at the files. A
        safety look that finds the files as last seen leaves the UI thread asleep (waking it
        every 2 seconds for nothing cost a third more than a bare Textual app's idle CPU)."""
        watch = self._watch
        assert watch is not None
        while not self._stopping:
            watch.watch(self.follower.folders())
            changed = watch.wait(WATCH_SAFETY)
            if self._stopping:
                return
            seen = self._signature
            if not changed and not self._loading and self.follower.signature() == seen:
                continue  # nothing new: the UI thread sleeps on
            with contextlib.suppress(RuntimeError):  # the app closed meanwhile
                self.call_from_thread(self._look_once)

    # -- following -----------------------------------------------------------------------------

    def _look(self) -> None:
        """One look at the files; load when they changed; plan the next look (polling, where
        folders cannot be watched)."""
        if self._look_once():
            self._interval = FAST_POLL
        else:
            self._interval = min(self._interval * BACK_OFF, SLOW_POLL)
        self.set_timer(self._interval, self._look)

    def _look_once(self) -> bool:
        """Look at the files; start loading when they changed (``True``)."""
        if self._loading:
            return True
        signature = self.follower.signature()
        if signature == self._signature:
            return False
        self._signature = signature
        self._loading = True
        self.run_worker(self._load, thread=True, exclusive=True, group="load")
        return True

    def _load(self) -> None:
        """In a worker thread: read the scene; hand the result to the UI thread."""
        outcome, seen = scene_view.read(self.t, self.follower)
        with contextlib.suppress(RuntimeError):  # the app closed meanwhile
            self.call_from_thread(self._loaded, outcome, seen)

    def _loaded(self, outcome: Followed | str, seen: tuple[Stamp, ...]) -> None:
        self._loading = False
        if self._watch is not None:
            self._watch.wake()  # the followed folders may have changed: watch them
            self.set_timer(FAST_POLL, self._look_once)  # a change made while it loaded
        self.take(outcome, seen)
        self.refresh_view()

    # -- drawing -------------------------------------------------------------------------------

    def on_resize(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        if not self._drawn:
            return
        t = self.t
        notice = self.query_one("#notice", Static)
        said = scene_view.notice(t, self.problem, self.shown is not None)
        if said:
            notice.update(Text(said))
            notice.remove_class("-empty")
        else:
            notice.update("")
            notice.add_class("-empty")
        if self.shown is None:
            return
        heading, body = self.render_scene(
            self.shown, max(self.size.width - 4, 40), max(self.size.height - 6, 10)
        )
        self.query_one("#heading", Static).update(heading)
        self.query_one("#body", Static).update(body)

    def render_scene(
        self, followed: Followed, width: int, height: int = 24
    ) -> tuple[Text, RenderableType]:
        """The heading and the body for a scene (what the players may see, nothing more)."""
        return scene_view.render_scene(self.t, followed, width, height)


def main(save_dir: str | None, campaign: str | None, lang: str) -> int:
    """Run the players' view in this terminal."""
    PlayerApp(save_dir=save_dir, campaign=campaign, lang=lang).run()
    return 0
