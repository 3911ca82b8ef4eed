"""The Textual console: opens the last scene or the demo, one screen per rule family.

``main(args)`` is called by ``console/cli.py`` with ``--save-dir``, ``--campaign``, ``--scene``
and ``--lang`` (INTERFACE.md §1). :class:`STConsoleApp` takes the same values plus a seed and a
clock, so tests run it against a temporary save directory with fixed dice and a fixed time.

The app composes the pieces around it, each in its own module: which campaign and scene open
(``console/startup.py``), a damaged file's recovery (``console/recovery.py``), the autosave's
writer (``console/autosave.py``), keys typed in a burst (``console/key_burst.py``), the title
line (``console/title_line.py``), Open…/Save as…/new scene (``console/save_as.py``), each
family's screen (``console/families.py``) and its Textual overrides (``console/app_chrome.py``).

The dependencies go one way, from the app down: recovery, Save as… and the title line are
handed the app as a :class:`console.host.Host` and never import this module; the autosave's
writer thread posts :class:`~console.messages.AutosaveWritten`, handled here; the scene screen
posts :class:`~console.messages.NewSceneRequested` and :class:`~console.messages.ReopenRequested`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import ComposeResult

from console.app_chrome import ConsoleChrome
from console.autosave import Autosave
from console.families import is_scene_screen, screen_class
from console.i18n import Translator, lock_holder, save_error_text
from console.messages import AutosaveWritten, NewSceneRequested, ReopenRequested, SceneEdited
from console.screens.start import start_frame
from console.title_line import TitleLine

if TYPE_CHECKING:
    import argparse

    from console.persistence import Persistence
    from console.screens.shell import SceneScreen
    from engine.session import History, Scene

# The engine and the saves are imported when the first scene is opened, after the first frame
# is on screen: importing them is most of a cold start (tests/benchmarks/bench_console.py).

Clock = Callable[[], datetime]


class STConsoleApp(ConsoleChrome):
    """The Storyteller's console (its Textual overrides: console/app_chrome.py)."""

    def __init__(
        self,
        *,
        save_dir: Path | str | None = None,
        campaign: str | None = None,
        scene: str | None = None,
        lang: str | None = None,
        seed: int | None = None,
        clock: Clock | None = None,
        blink: bool = True,
    ) -> None:
        super().__init__()
        self.blink = blink
        """Whether text cursors blink (off for snapshot tests)."""
        from console.language import choose

        self.lang_given = lang
        """``--lang`` (it overrides the language remembered in the save directory)."""
        self.t = Translator(choose(lang, None))
        self.save_dir = save_dir
        self._persistence: Persistence | None = None
        self._shown: SceneScreen | None = None
        """The scene screen shown last (it may not be on the stack yet)."""
        self.want_campaign = campaign
        self.want_scene = scene
        self.seed = seed
        self.clock: Clock = clock or datetime.now
        self.started = self.clock()
        self.autosave = Autosave(self.post_message)
        """Queues scenes for the writer thread, which posts :class:`AutosaveWritten`."""
        self.opened = asyncio.Event()
        """Set once the first scene (or the dialog about a damaged file) is up."""
        self.title = self.t("app.title")
        self.label_palette()
        self.heading = TitleLine(self)
        """What the title bar shows after the app's name: campaign, scene, round, clock, saves."""

    @property
    def persistence(self) -> Persistence:
        """The save directory and the open campaign (made on first use: it loads the saves)."""
        if self._persistence is None:
            from console.persistence import Persistence

            self._persistence = Persistence(self.save_dir)
        return self._persistence

    @property
    def autosave_state(self) -> str:
        """What the title says of the autosave: off, saving, saved, failed or read-only."""
        return self.autosave.state

    @autosave_state.setter
    def autosave_state(self, state: str) -> None:
        self.autosave.state = state

    # -- start ----------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """The first frame, on the default screen under every scene screen (cold start)."""
        yield from start_frame(self.t)

    def on_mount(self) -> None:
        self.call_after_refresh(self.start)
        self.set_interval(1.0, self.refresh_title)

    def start(self) -> None:
        """After the first frame: the user's keymap, then the scene to open."""
        from console.keymap import KeymapError, load_keymap
        from console.language import choose

        try:
            if self.lang_given is None:
                lang = choose(None, self.persistence.store.language())
                if lang != self.t.lang:
                    self.t = Translator(lang)
                    self.title = self.t("app.title")
                    self.label_palette()
            try:
                self.set_keymap(load_keymap(self.persistence.root))
            except KeymapError as error:
                self.notify(self.t("status.keymap-error", reason=str(error)), severity="warning")
            self.open_initial()
        finally:
            self.opened.set()
            self.settle_keys()  # keys typed while it started go to the scene once it is up

    def open_initial(self) -> None:
        """Open what the start-up policy chooses (console/startup.py) and say what was missing."""
        from console.startup import choose_opening

        store = self.persistence.store
        opening = choose_opening(store, self.want_campaign, self.want_scene, self.t.lang)
        if opening.first_run:
            self.notify(self.t("status.demo"), timeout=8)
        self.open_scene(opening.campaign, opening.scene, wanted=opening.wanted)
        if opening.missing_campaign is not None:
            self.warn(
                self.t(
                    "status.no-campaign",
                    campaign=opening.missing_campaign,
                    known=self.t("word.list-sep").join(store.campaign_names()),
                    opened=self.opened_label(),
                )
            )

    def opened_label(self) -> str:
        """``Campaign / Scene`` of what is open now (for the status line)."""
        scene = self.current_scene()
        name = scene.name if scene is not None else ""
        return f"{self.persistence.campaign_name} / {name}"

    def warn(self, message: str) -> None:
        """Say something the ST must read in the scene's status line and as a notification."""
        self.notify(message, severity="warning", timeout=12)
        if self._shown is not None:
            self._shown.status = "⚠ " + message

    def open_scene(
        self, campaign: str, scene: str | None, *, create: bool = False, wanted: bool = True
    ) -> None:
        """Open a campaign and one of its scenes (its current one when ``scene`` is None).

        A named scene that does not exist is not created: the campaign's current scene opens
        and the status line says so (``wanted`` False: a remembered scene, silently replaced).
        """
        from console.recovery import offer_backup, open_demo
        from console.startup import load_scene
        from saves.errors import BadFile, SaveError

        try:
            holder, loaded, missing = load_scene(
                self.persistence,
                campaign,
                scene,
                create=create,
                seed=self.seed,
                first_scene=self.t("scene.first-name"),
            )
        except BadFile as error:
            offer_backup(self, campaign, error)
            return
        except SaveError as error:
            self.notify(save_error_text(error, self.t.lang), severity="error", timeout=10)
            if not (self.screen_stack and is_scene_screen(self.screen)):
                open_demo(self, instead_of=campaign)
            return
        if holder is not None:
            self.notify(
                self.t("saves.locked", campaign=campaign, holder=lock_holder(self.t, holder)),
                severity="warning",
                timeout=10,
            )
        if not self.persistence.read_only:
            self.persistence.remember(loaded.name)
            self.tell_moved_aside()
        self.autosave_state = "read-only" if self.persistence.read_only else "saved"
        self.show_scene(loaded)
        if missing is not None and wanted:
            known = self.t("word.list-sep").join(
                f"“{known}”" for known in self.persistence.require().scene_names()
            )
            self.warn(
                self.t(
                    "status.no-scene",
                    scene=missing,
                    campaign=self.persistence.campaign_name,
                    known=known,
                    opened=loaded.name,
                )
            )

    def show_scene(self, scene: Scene, history: History | None = None, status: str = "") -> None:
        """Put the screen of the scene's family on top (replacing the previous scene's), with
        ``status`` in its status line."""
        from engine.commands import family_of

        family = screen_class(family_of(scene.system))
        campaign = self.persistence.campaign
        ended = campaign is not None and campaign.is_ended(scene.name)
        read_only = self.persistence.read_only or ended
        screen = family(scene, self.t, read_only=read_only, history=history)
        screen.read_only_holder = lock_holder(self.t, self.persistence.holder or "")
        screen.ended = ended
        if ended:  # issue 25: the past stays the past
            screen.status = "⚠ " + self.t("status.scene-ended", name=scene.name)
        if status:
            screen.status = status
        self._shown = screen
        if is_scene_screen(self.screen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        self.refresh_title(scene)

    # -- language -------------------------------------------------------------------------------

    def action_switch_language(self) -> None:
        """The next language (en → zh → zh-Hant), redrawn at once and remembered for next time.

        The scene screen is made again in the new language with the same scene and undo
        history; the choice goes to the save directory's settings (``--lang`` still wins).
        """
        from console.language import following
        from saves.errors import SaveError

        self.set_language(following(self.t.lang))
        try:
            self.persistence.store.set_language(self.t.lang)
        except (SaveError, OSError) as error:
            self.notify(save_error_text(error, self.t.lang), severity="warning", timeout=8)
        self.tell_moved_aside()

    def tell_moved_aside(self) -> None:
        """Say once that a damaged settings file was moved aside (issue 30: it was silent)."""
        from saves.store import SETTINGS

        for aside in self.persistence.store.take_moved_aside():
            told = self.t("saves.settings-moved-aside", file=aside.with_name(SETTINGS), aside=aside)
            self.notify(told, severity="warning", timeout=12)

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on: the title, the scene screen, its keys and its panes."""
        self.t = Translator(lang)
        self.title = self.t("app.title")
        self.label_palette()
        self.heading.text = ""
        shown = self._shown
        if shown is not None and is_scene_screen(self.screen) and self.screen is shown:
            self.show_scene(shown.history.scene, shown.history)
            if self._shown is not None:
                name = self.t("language.name")
                self._shown.status = "✓ " + self.t("status.language", language=name)
        self.refresh_title()

    # -- title ----------------------------------------------------------------------------------

    def refresh_title(self, scene: Scene | None = None) -> None:
        """The title line for ``scene`` (the scene on top when None), told to the title bars."""
        if not self.screen_stack:
            return  # a timer's tick while the app shuts down
        if scene is None:
            # The scene under any dialogs: the clock keeps ticking while one is open (issue 27)
            under = next((s for s in reversed(self.screen_stack) if is_scene_screen(s)), None)
            scene = under.history.scene if under is not None else None
        if scene is not None:
            self.heading.show(self.heading.compose_text(scene))

    @property
    def title_line(self) -> str:
        """What the title bar shows after the app's name (console/title_line.py)."""
        return self.heading.text

    def keys_held(self) -> bool:
        """Keys typed before the first scene is up wait for it (console/key_burst.py)."""
        return not self.opened.is_set()

    def key_refused(self, key: str) -> bool:
        """A key that would change a read-only scene says why it does nothing."""
        screen = self.screen
        return is_scene_screen(screen) and screen.refuse_read_only_key(key)

    def on_new_scene_requested(self, message: NewSceneRequested) -> None:
        from console.save_as import new_scene

        new_scene(self, message.name, message.system, split=message.split)

    def on_reopen_requested(self, message: ReopenRequested) -> None:
        from console.save_as import reopen_scene

        reopen_scene(self)

    def on_scene_edited(self, message: SceneEdited) -> None:
        """Autosave after every command, never blocking (console/autosave.py)."""
        if self.persistence.read_only or message.scene is None:
            return
        self.autosave.queue(self.persistence, message.scene)

    def on_autosave_written(self, message: AutosaveWritten) -> None:
        """The writer thread's report: the title's autosave state ("saved ✓", or "NOT SAVED"
        and why, also said in a notification)."""
        self.autosave.settle(message.error, self.persistence.pending)
        if message.error is not None:
            reason = save_error_text(message.error, self.t.lang)
            self.notify(self.t("status.save-failed", reason=reason), severity="error", timeout=10)
        self.refresh_title()

    def current_scene(self) -> Scene | None:
        for candidate in reversed(self.screen_stack):
            if is_scene_screen(candidate):
                return candidate.history.scene
        return None

    def action_save_as(self) -> None:
        from console.save_as import ask_save_as

        ask_save_as(self)

    def action_open(self) -> None:
        from console.save_as import ask_open

        ask_open(self)

    # -- quit -----------------------------------------------------------------------------------

    async def action_quit(self) -> None:
        """Write what is pending, release the lock, leave."""
        from saves.errors import SaveError

        await self.workers.wait_for_complete()
        shown = self._shown
        if shown is not None and shown.timeline is not None:
            shown.action_timeline_leave()  # a recap ends with the console (issue 26)
        try:
            if self._persistence is not None:
                # Off the UI thread: the writer may be handing its last report to this thread.
                await asyncio.to_thread(self._persistence.stop_writer)
                self._persistence.close()
        except SaveError as error:
            self.notify(save_error_text(error, self.t.lang), severity="error", timeout=10)
            return
        self.exit()


def main(args: argparse.Namespace) -> int:
    """Run the console with the command line's options (INTERFACE.md §1)."""
    app = STConsoleApp(
        save_dir=args.save_dir,
        campaign=args.campaign,
        scene=args.scene,
        lang=getattr(args, "lang", None),
    )
    from saves.errors import SaveError

    try:
        app.run()
    finally:
        try:
            if app._persistence is not None:
                app._persistence.shutdown()
        except SaveError as error:
            print(f"st-console: {save_error_text(error, app.t.lang)}")
            return 1
    return 0


__all__ = ["STConsoleApp", "main"]
