"""The Textual console: opens the last scene or the demo, one screen per rule family.

``main(args)`` is called by ``console/cli.py`` with ``--save-dir``, ``--campaign``, ``--scene``
and ``--lang`` (INTERFACE.md §1). :class:`STConsoleApp` takes the same values plus a seed and a
clock, so tests run it against a temporary save directory with fixed dice and a fixed time.
"""

from __future__ import annotations

import asyncio
import contextvars
import importlib
import time
from collections.abc import AsyncGenerator, Callable
from contextlib import asynccontextmanager, suppress
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeGuard

from textual import events
from textual.app import App, AutopilotCallbackType, ComposeResult
from textual.message import Message

from console.i18n import Translator
from console.messages import SceneEdited
from console.screens.start import START_CSS, start_frame

if TYPE_CHECKING:
    import argparse

    from textual.command import Provider
    from textual.pilot import Pilot

    from console.persistence import Persistence
    from console.screens.shell import NewSceneRequested, SceneScreen
    from engine.session import History, Scene
    from saves.errors import BadFile

# The engine and the saves are imported when the first scene is opened, after the first frame
# is on screen: importing them is most of a cold start (tests/benchmarks/bench_console.py).

Clock = Callable[[], datetime]

VIEWERS_EVERY = 5.0
"""Seconds between two looks for players' views following this save directory (the title's
marker; console/player/presence.py)."""

SCREENS_BY_FAMILY: dict[str, str] = {
    "ih": "console.screens.ih_screen:IHScreen",
    "mist": "console.mist.screen:MistScreen",
}
"""The screen class of each rule family, as ``module:Class``.

Imported when a scene of that family is first shown, so starting on one family does not pay
for the other's screen."""


def screen_class(family: str) -> type[SceneScreen]:
    """The scene screen class for a rule family (``ih`` or ``mist``)."""
    from console.screens.shell import SceneScreen

    module_name, _, class_name = SCREENS_BY_FAMILY[family].partition(":")
    found = getattr(importlib.import_module(module_name), class_name)
    if not (isinstance(found, type) and issubclass(found, SceneScreen)):
        raise TypeError(f"{SCREENS_BY_FAMILY[family]} is not a scene screen")
    return found


def actions_provider() -> type[Provider]:
    """The palette's provider of every action, imported when the palette first opens."""
    from console.screens.palette import ActionsProvider

    return ActionsProvider


def is_scene_screen(screen: object) -> TypeGuard[SceneScreen]:
    """Whether ``screen`` is a family's scene screen (without importing the shell early)."""
    from console.screens.shell import SceneScreen

    return isinstance(screen, SceneScreen)


class STConsoleApp(App[None]):
    """The Storyteller's console."""

    COMMANDS: ClassVar = App.COMMANDS | {actions_provider}
    CSS = (
        """
    /* Notifications sit above the command line, status line and footer, never over them. */
    ToastRack { margin-bottom: 4; }
    """
        + START_CSS
    )
    ENABLE_COMMAND_PALETTE = True

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
        self.autosave_state = "off"
        self._ui_loop: tuple[asyncio.AbstractEventLoop, contextvars.Context] | None = None
        """The UI thread's event loop and context (the active app), where the writer thread
        reports each autosave."""
        self.opened = asyncio.Event()
        """Set once the first scene (or the dialog about a damaged file) is up."""
        self.title = self.t("app.title")
        self.label_palette()
        self.title_line = ""
        """What the title bar shows after the app's name: campaign, scene, round, clock, saves."""
        self._viewers = 0
        self._viewers_checked = -VIEWERS_EVERY

    @property
    def persistence(self) -> Persistence:
        """The save directory and the open campaign (made on first use: it loads the saves)."""
        if self._persistence is None:
            from console.persistence import Persistence

            self._persistence = Persistence(self.save_dir)
        return self._persistence

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

    async def run_async(
        self,
        *,
        headless: bool = False,
        inline: bool = False,
        inline_no_clear: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
        auto_pilot: AutopilotCallbackType | None = None,
    ) -> None:
        """Textual's ``run_async``; an auto pilot (screenshots) starts once the scene is open."""
        waiting: AutopilotCallbackType | None = None
        if auto_pilot is not None:
            steer = auto_pilot

            async def after_opening(pilot: Pilot[object]) -> None:
                await self.opened.wait()
                await pilot.pause()
                await steer(pilot)

            waiting = after_opening
        return await super().run_async(
            headless=headless,
            inline=inline,
            inline_no_clear=inline_no_clear,
            mouse=mouse,
            size=size,
            auto_pilot=waiting,
        )

    @asynccontextmanager
    async def run_test(
        self,
        *,
        headless: bool = True,
        size: tuple[int, int] | None = (80, 24),
        tooltips: bool = False,
        notifications: bool = False,
        message_hook: Callable[[Message], None] | None = None,
    ) -> AsyncGenerator[Pilot[None], None]:
        """Textual's ``run_test``, handing over the pilot once the first scene is open."""
        async with super().run_test(
            headless=headless,
            size=size,
            tooltips=tooltips,
            notifications=notifications,
            message_hook=message_hook,
        ) as pilot:
            await self.opened.wait()
            await pilot.pause()
            yield pilot

    def open_initial(self) -> None:
        """The given campaign and scene; else the last used; else the demo (INTERFACE.md §1).

        On a first run (no campaigns yet) the demo is installed before the requested campaign
        and scene are looked up, so ``--campaign Demo --scene NAME`` finds them. Flags naming a
        campaign or scene that does not exist never create one (a typo would leave an empty
        scene behind): the console opens the last scene used (or the campaign's current scene)
        and the status line says what was missing and what was opened instead.
        """
        from console.demo import install_demo

        store = self.persistence.store
        if not store.campaign_names():
            install_demo(store)
            self.notify(self.t("status.demo"), timeout=8)
        campaign, scene = self.want_campaign, self.want_scene
        missing_campaign = campaign is not None and not store.has_campaign(campaign)
        if missing_campaign:
            campaign, scene = None, None
        if campaign is None:
            last = store.last_opened()
            if last is not None and store.has_campaign(last[0]):
                campaign, remembered = last
            else:
                campaign, remembered = install_demo(store)
            scene = remembered if missing_campaign or scene is None else scene
        wanted = self.want_scene is not None and not missing_campaign
        self.open_scene(campaign, scene, wanted=wanted)
        if missing_campaign and self.want_campaign is not None:
            self.warn(
                self.t(
                    "status.no-campaign",
                    campaign=self.want_campaign,
                    known=", ".join(store.campaign_names()),
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
        from engine import session
        from saves.errors import BadFile, SaveError

        missing: str | None = None
        try:
            holder = self.persistence.open_campaign(campaign, create=create)
            opened = self.persistence.require()
            if scene is not None and not opened.has_scene(scene):
                missing, scene = scene, None
            name = scene or opened.current_scene() or next(iter(opened.scene_names()), None)
            if name is None:
                loaded = opened.with_roster(session.new_scene("Scene 1", "ih-d10", self.seed))
                if not opened.read_only:
                    opened.create_scene(loaded)
            else:
                loaded = opened.load_scene(name)
        except BadFile as error:
            self.offer_backup(campaign, error)
            return
        except SaveError as error:
            self.notify(str(error), severity="error", timeout=10)
            if self.screen_stack and is_scene_screen(self.screen):
                return
            from console.demo import install_demo

            fallback = install_demo(self.persistence.store)
            if fallback[0] != campaign:
                self.open_scene(*fallback)
            return
        if holder is not None:
            self.notify(
                self.t("saves.locked", campaign=campaign, holder=holder),
                severity="warning",
                timeout=10,
            )
        if not self.persistence.read_only:
            self.persistence.remember(loaded.name)
        self.autosave_state = "read-only" if self.persistence.read_only else "saved"
        self.show_scene(loaded)
        if missing is not None and wanted:
            known = ", ".join(f"“{known}”" for known in opened.scene_names())
            self.warn(
                self.t(
                    "status.no-scene",
                    scene=missing,
                    campaign=self.persistence.campaign_name,
                    known=known,
                    opened=loaded.name,
                )
            )

    def show_scene(self, scene: Scene, history: History | None = None) -> None:
        """Put the screen of the scene's family on top (replacing the previous scene's)."""
        from engine.commands import family_of

        family = screen_class(family_of(scene.system))
        screen = family(scene, self.t, read_only=self.persistence.read_only, history=history)
        screen.read_only_holder = self.persistence.holder or ""
        self._shown = screen
        if is_scene_screen(self.screen):
            self.switch_screen(screen)
        else:
            self.push_screen(screen)
        self.refresh_title(scene)

    def offer_backup(self, campaign: str, error: BadFile) -> None:
        """A damaged file: offer the newest good backup, never overwrite the damaged one."""
        from saves.errors import SaveError

        store = self.persistence.store
        try:
            backup = store.newest_good_backup(campaign)
        except SaveError:
            self.notify(
                self.t("saves.damaged-no-backup", path=error.path, problem=error.problem),
                severity="error",
                timeout=12,
            )
            from console.demo import install_demo

            fallback = install_demo(store)
            if fallback[0] != campaign:
                self.open_scene(*fallback)
            return

        def answered(yes: bool | None) -> None:
            if yes:
                try:
                    self.persistence.close()
                    store.restore_backup(campaign, backup.id)
                except SaveError as problem:
                    self.notify(str(problem), severity="error", timeout=10)
                    return
                self.open_scene(campaign, None)
            else:
                from console.demo import install_demo

                fallback = install_demo(store)
                self.open_scene(*fallback)

        question = self.t(
            "saves.damaged", path=error.path, problem=error.problem, taken=backup.taken
        )
        from console.screens.dialogs import ConfirmDialog

        self.push_screen(ConfirmDialog(self.t, question), answered)

    def label_palette(self) -> None:
        """The Footer's command-palette key (Textual's own, "palette") in the console's language."""
        from console.keymap import palette_binding

        key = self.COMMAND_PALETTE_BINDING
        self._bindings.key_to_bindings[key] = [
            palette_binding(key, self.COMMAND_PALETTE_DISPLAY, self.t)
        ]

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
            self.notify(str(error), severity="warning", timeout=8)

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` from now on: the title, the scene screen, its keys and its panes."""
        self.t = Translator(lang)
        self.title = self.t("app.title")
        self.label_palette()
        self.title_line = ""
        shown = self._shown
        if shown is not None and is_scene_screen(self.screen) and self.screen is shown:
            self.show_scene(shown.history.scene, shown.history)
            if self._shown is not None:
                name = self.t("language.name")
                self._shown.status = "✓ " + self.t("status.language", language=name)
        self.refresh_title()

    # -- title ----------------------------------------------------------------------------------

    def viewers(self) -> int:
        """Players' views following this save directory (looked up every 5 s at most)."""
        now = time.monotonic()
        if now - self._viewers_checked >= VIEWERS_EVERY:
            from console.player.presence import count_viewers

            self._viewers_checked = now
            self._viewers = count_viewers(self.persistence.root)
        return self._viewers

    def refresh_title(self, scene: Scene | None = None) -> None:
        if not self.screen_stack:
            return  # a timer's tick while the app shuts down
        screen = self.screen if is_scene_screen(self.screen) else None
        if scene is None and screen is not None:
            scene = screen.history.scene
        if scene is None:
            return
        from console import render

        round_number = getattr(scene.state, "round", None)
        phase = getattr(getattr(scene.state, "phase", None), "value", None)
        surprise = None
        if phase == "surprise":
            surprise = "running" if getattr(scene.state, "current", None) else "over"
        text = render.title(
            self.t,
            campaign=self.persistence.campaign_name,
            scene=scene.name,
            round_number=round_number if isinstance(round_number, int) and round_number else None,
            session=self.clock() - self.started,
            autosave=self.autosave_state,
            read_only=self.persistence.read_only,
            viewers=self.viewers(),
            surprise=surprise,
        )
        if text == self.title_line:
            return
        self.title_line = text
        from console.widgets.title_bar import TitleBar

        for screen in reversed(self.screen_stack):
            for bar in screen.query(TitleBar):
                bar.show(text)
            if screen.styles.background.a == 1:
                # Screens under an opaque one are hidden; a change there would redraw the
                # whole screen on top (Textual forwards a covered screen's changes upwards).
                break

    # -- autosave -------------------------------------------------------------------------------

    # -- keys typed in a burst ------------------------------------------------------------------

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and not event.is_forwarded:
            event.typed_on = self.screen  # type: ignore[attr-defined]
        await super().on_event(event)

    async def _on_key(self, event: events.Key) -> None:
        """A key that left while another screen was on top goes to the screen on top now.

        A burst such as ``r9⏎`` arrives in one read: ``9`` and ``⏎`` are on their way to the
        queue before ``r`` has opened the roll dialog. Sent again, they reach the dialog (which
        holds them until its field has the focus, see ``EarlyKeys``) instead of being lost.
        """
        typed_on = getattr(event, "typed_on", None)
        if typed_on is not None and typed_on is not self.screen:
            event.prevent_default()  # App._on_key would run the new screen's bindings now
            self.post_message(events.Key(event.key, event.character))
            return
        screen = self.screen
        if is_scene_screen(screen) and screen.refuse_read_only_key(event.key):
            event.prevent_default()
        # Otherwise Textual goes on to App._on_key (handlers run along the MRO).

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        """Textual's ``push_screen``, with the screen's keys named in the console's language
        (a dialog's class bindings are English, console/keymap.py); a dialog first takes down
        the demo's welcome toast, which sat over the dialog's fields at 80×24 (issue 18)."""
        from textual.screen import ModalScreen, Screen

        from console.keymap import localize

        if isinstance(screen, Screen):
            localize(screen, self.t)
        if isinstance(screen, ModalScreen):
            demo = self.t("status.demo")
            for notification in list(self._notifications):
                if notification.message == demo:
                    self._unnotify(notification)
        return super().push_screen(screen, *args, **kwargs)

    def on_new_scene_requested(self, message: NewSceneRequested) -> None:
        self.new_scene(message.name, message.system)

    def on_scene_edited(self, message: SceneEdited) -> None:
        """Autosave after every command, never blocking: the writer thread takes it from here."""
        if self.persistence.read_only or message.scene is None:
            return
        self._ui_loop = (asyncio.get_running_loop(), contextvars.copy_context())
        self.persistence.start_writer(self.autosave_written)
        self.persistence.queue(message.scene)
        self.autosave_state = "saving"

    def autosave_written(self, error: str | None) -> None:
        """In the writer thread after each write: hand the outcome to the UI thread.

        Without waiting for it (``call_from_thread`` would hold the writer until the UI thread
        ran it, and leave an unawaited coroutine behind when the app stops first).
        """
        if self._ui_loop is None:
            return
        loop, context = self._ui_loop
        with suppress(RuntimeError):  # the app has stopped: Persistence.shutdown writes the rest
            loop.call_soon_threadsafe(self.autosave_done, error, context=context)

    def autosave_done(self, error: str | None) -> None:
        """The title's autosave state after a write ("saved ✓", or "NOT SAVED" and why)."""
        if error is not None:
            self.autosave_state = "failed"
            self.notify(self.t("status.save-failed", reason=error), severity="error", timeout=10)
        else:
            self.autosave_state = "saving" if self.persistence.pending else "saved"
        self.refresh_title()

    def new_scene(self, name: str, system: str) -> None:
        """``scene new``: a new scene in the open campaign, shown at once."""
        from engine import session
        from saves.errors import SaveError

        scene = session.new_scene(name, system, self.seed)
        if self.persistence.campaign is not None:
            scene = self.persistence.campaign.with_roster(scene)
        if not self.persistence.read_only:
            try:
                self.persistence.require().create_scene(scene)
                self.persistence.remember(scene.name)
            except SaveError as error:
                self.notify(str(error), severity="error", timeout=8)
                return
        self.show_scene(scene)

    # -- open / save as -------------------------------------------------------------------------

    def current_scene(self) -> Scene | None:
        for candidate in reversed(self.screen_stack):
            if is_scene_screen(candidate):
                return candidate.history.scene
        return None

    def action_save_as(self) -> None:
        scene = self.current_scene()
        if scene is None:
            return
        initial = f"{self.persistence.campaign_name} / {scene.name}"

        def chosen(value: str | None) -> None:
            if not value:
                return
            campaign, _, name = value.rpartition("/")
            campaign, name = campaign.strip() or self.persistence.campaign_name, name.strip()
            self.save_as(scene, campaign, name)

        from console.screens.dialogs import TextDialog

        self.push_screen(TextDialog(self.t("saves.save-as-title"), initial), chosen)

    def save_as(self, scene: Scene, campaign: str, name: str) -> None:
        """Save a copy of the scene, journal and all, as ``campaign / name`` and switch to it."""
        from saves.errors import SaveError

        try:
            copy = replace(scene, name=name)
            same = campaign.casefold() == self.persistence.campaign_name.casefold()
            if not same or self.persistence.read_only:
                self.persistence.open_campaign(campaign, create=True)
            target = self.persistence.require()
            copy = target.save_scene_as(copy, name)
            self.persistence.remember(copy.name)
        except SaveError as error:
            self.notify(str(error), severity="error", timeout=8)
            return
        self.autosave_state = "saved"
        self.notify(self.t("status.saved-as", campaign=campaign, scene=name))
        self.show_scene(copy)

    def action_open(self) -> None:
        from console.screens.saves_screen import OpenScreen

        def chosen(value: tuple[str, str] | None) -> None:
            if value is not None:
                self.open_scene(*value)

        self.push_screen(OpenScreen(self.t, self.persistence), chosen)

    # -- quit -----------------------------------------------------------------------------------

    async def action_quit(self) -> None:
        """Write what is pending, release the lock, leave."""
        from saves.errors import SaveError

        await self.workers.wait_for_complete()
        try:
            if self._persistence is not None:
                # Off the UI thread: the writer may be handing its last report to this thread.
                await asyncio.to_thread(self._persistence.stop_writer)
                self._persistence.close()
        except SaveError as error:
            self.notify(str(error), severity="error", timeout=10)
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
            print(f"st-console: {error}")
            return 1
    return 0


__all__ = ["SCREENS_BY_FAMILY", "STConsoleApp", "main"]
