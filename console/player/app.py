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
import os
import threading
import time
from pathlib import Path
from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Static

from console.i18n import Translator, save_error_text
from console.player import ih_text, mist_text, presence, text
from console.player.watch import FolderWatch, folder_watch
from saves.errors import BadFile, NewerVersion, NotFound
from saves.follow import Followed, Follower, Stamp
from saves.store import default_save_dir

FAST_POLL = 0.1
"""Seconds between two looks at the files right after a change (the ST is busy)."""
SLOW_POLL = 0.3
"""The longest wait between two looks when nothing changes: a change shows within this plus
the load time (issue 16 asks for 2 seconds at most, 500 ms median)."""
LEAVE_WITHIN = 3.0
"""Seconds a served view may take to end once asked (SIGTERM, its browser or server gone)."""
BACK_OFF = 1.5
"""Each look that finds nothing new waits this much longer, up to :data:`SLOW_POLL`."""
WATCH_SAFETY = 2.0
"""Where folders are watched (Linux): the longest sleep without a change, after which the view
looks anyway (a change the kernel could not report, the ``serve`` server gone)."""


class PlayerApp(App[None]):
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
        served: bool = False,
    ) -> None:
        super().__init__()
        self.t = Translator(lang)
        self.served = served
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
        self._server_pid = os.getppid()
        """Under ``serve``: the server. If it goes away, so does this view (nobody can see it)."""
        self._watch: FolderWatch | None = None
        self._watcher: threading.Thread | None = None
        self._stopping = False
        self._exiting = False

    def compose(self) -> ComposeResult:
        yield Static(id="heading")
        yield Static(id="notice", classes="-empty")
        with VerticalScroll(id="body-scroll"):
            yield Static(Text(self.t("player.loading"), style="dim"), id="body")

    def on_mount(self) -> None:
        self._drawn = True
        if self.served:
            self._watch_the_server()
        self._watch = folder_watch()
        if self._watch is None:
            self._look()
            return
        self._watch.watch(self.follower.folders())
        self._look_once()
        self._watcher = threading.Thread(target=self._watch_loop, name="watch", daemon=True)
        self._watcher.start()

    # -- under serve: ending with the browser --------------------------------------------------

    _leaving: float | None = None
    """When the view was asked to end (``time.monotonic``), under ``serve``."""

    def _watch_the_server(self) -> None:
        """Under ``serve`` the view ends when nobody can see it any more: on SIGTERM, when the
        server goes (its parent changes), when the browser goes (the server closes the view's
        input), and at the latest :data:`LEAVE_WITHIN` seconds after it was asked to end — a
        view left spinning at 70 % CPU after its page closed was seen (issue 27 §4)."""
        import asyncio
        import signal
        import threading

        with contextlib.suppress(NotImplementedError, RuntimeError):  # not on Windows
            asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, self._leave)
        threading.Thread(target=self._watchdog, name="served-view-watchdog", daemon=True).start()

    def _leave(self) -> None:
        """End the view (in the app's loop)."""
        if self._leaving is None:
            self._leaving = time.monotonic()
        self.exit()

    async def _on_exit_app(self) -> None:
        """Asked to end (the server's "quit" when the page closed): the watchdog's clock starts;
        Textual's own handler runs next (handlers run along the MRO)."""
        if self._leaving is None:
            self._leaving = time.monotonic()

    def _watchdog(self) -> None:
        """In a thread: end the view when its server or its browser is gone, and end the
        process if the app has not ended :data:`LEAVE_WITHIN` seconds after it was asked to."""
        while True:
            time.sleep(0.25)
            if self._leaving is not None:
                if time.monotonic() - self._leaving > LEAVE_WITHIN:
                    os._exit(0)
                continue
            reader = getattr(self._driver, "_key_thread", None)
            browser_gone = reader is not None and reader.ident is not None and not reader.is_alive()
            if os.getppid() != self._server_pid or browser_gone:
                self._leaving = time.monotonic()
                with contextlib.suppress(RuntimeError):  # the app closed meanwhile
                    self.call_from_thread(self.exit)

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
        :data:`WATCH_SAFETY` seconds pass), then have the UI thread look at the files."""
        watch = self._watch
        assert watch is not None
        while not self._stopping:
            watch.watch(self.follower.folders())
            watch.wait(WATCH_SAFETY)
            if self._stopping:
                return
            with contextlib.suppress(RuntimeError):  # the app closed meanwhile
                self.call_from_thread(self._look_once)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """In a browser (``serve``) no key does anything: not even quit or the palette."""
        if self.served:
            return False
        return super().check_action(action, parameters)

    # -- following -----------------------------------------------------------------------------

    def _look(self) -> None:
        """One look at the files; load when they changed; plan the next look (polling, where
        folders cannot be watched)."""
        if self._look_once():
            self._interval = FAST_POLL
        else:
            self._interval = min(self._interval * BACK_OFF, SLOW_POLL)
        if not self._exiting:
            self.set_timer(self._interval, self._look)

    def _look_once(self) -> bool:
        """Look at the files; start loading when they changed (``True``)."""
        if self.served and os.getppid() != self._server_pid:
            self._exiting = True
            self.exit()
            return False
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
        outcome: Followed | str
        try:
            outcome = self.follower.read()
        except Exception as error:  # an untrusted file: a message, never a traceback
            outcome = self.problem_text(error)
        seen = self.follower.seen
        with contextlib.suppress(RuntimeError):  # the app closed meanwhile
            self.call_from_thread(self._loaded, outcome, seen)

    def _loaded(self, outcome: Followed | str, seen: tuple[Stamp, ...]) -> None:
        self._loading = False
        if self._watch is not None:
            self._watch.wake()  # the followed folders may have changed: watch them
            self.set_timer(FAST_POLL, self._look_once)  # a change made while it loaded
        if len(seen) == len(self.follower.signature()):
            self._signature = seen  # the files as they were read: a later change differs
        if isinstance(outcome, str):
            self.problem = outcome
        else:
            self.shown, self.problem = outcome, None
            self.loads += 1
        self.refresh_view()

    def problem_text(self, error: Exception) -> str:
        """What the players read about a file that does not load: its name and what kind of
        problem, not the details (a damaged file's details may quote what it holds)."""
        if isinstance(error, NewerVersion) and error.path is not None:
            return self.t("player.problem.newer", file=error.path.name)
        if isinstance(error, BadFile) and error.path is not None:
            return self.t("player.problem.damaged", file=error.path.name)
        if isinstance(error, NotFound):
            return save_error_text(error, self.t.lang)
        return self.t("player.problem.damaged", file="?")

    # -- drawing -------------------------------------------------------------------------------

    def on_resize(self) -> None:
        self.refresh_view()

    def refresh_view(self) -> None:
        if not self._drawn:
            return
        t = self.t
        notice = self.query_one("#notice", Static)
        if self.problem is not None:
            key = "player.stale" if self.shown is not None else "player.unreadable"
            notice.update(Text(t(key, reason=self.problem)))
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
        t = self.t
        scene = followed.scene
        where = text.Heading(followed.campaign, scene.name)
        state: Any = scene.state
        if scene.family == "ih":
            body: RenderableType = ih_text.ih_view(t, state, width, height)
            top = text.heading(t, where, ih_text.ih_detail(t, state))
        else:
            top = text.heading(t, where, mist_text.mist_detail(t, state))
            body = mist_text.mist_view(t, state, width)
        if followed.recap is not None:  # issue 26: the ST shows a past moment
            at, length = followed.recap
            banner = Text(
                " " + t("player.recap", at=at, length=length) + " ", "bold black on yellow"
            )
            top = Text.assemble(banner, "  ", top)
        return top, body


def main(save_dir: str | None, campaign: str | None, lang: str, served: bool = False) -> int:
    """Run the players' view in this terminal (or, with ``served``, under textual-serve)."""
    PlayerApp(save_dir=save_dir, campaign=campaign, lang=lang, served=served).run()
    return 0
