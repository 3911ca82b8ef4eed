"""The console app's Textual overrides: what Textual does for any app, done the console's way.

The palette's key and Textual's own palette entries in the table's language, screenshots in the
save directory, a dialog's keys named in the table's language, and runs (tests, screenshots)
that start once the first scene is open. :class:`ConsoleChrome` is the base of
:class:`console.app.STConsoleApp`, which gives it ``t``, ``opened`` and ``persistence``; nothing
here decides what the console does.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from textual.app import App, AutopilotCallbackType
from textual.command import CommandPalette

from console.i18n import Translator
from console.key_burst import KeyGate
from console.screens.start import START_CSS
from console.textual_compat import (
    SaidCommandPalette,
    bindings_of,
    keep_wide_characters_whole,
    notifications,
    unnotify,
)

if TYPE_CHECKING:
    from textual.command import Provider
    from textual.pilot import Pilot

    from console.persistence import Persistence


def actions_provider() -> type[Provider]:
    """The palette's provider of every action, imported when the palette first opens."""
    from console.screens.palette import ActionsProvider

    return ActionsProvider


class ConsoleChrome(KeyGate):
    """Textual's app with the console's palette, screenshots, dialogs and runs."""

    COMMANDS: ClassVar = App.COMMANDS | {actions_provider}
    CSS = (
        """
    /* Notifications sit above the command line, status line and footer, never over them. */
    ToastRack { margin-bottom: 4; }
    """
        + START_CSS
    )
    ENABLE_COMMAND_PALETTE = True

    t: Translator
    """The table's language (set by the app)."""
    opened: asyncio.Event
    """Set once the first scene (or the dialog about a damaged file) is up (set by the app)."""

    if TYPE_CHECKING:

        @property
        def persistence(self) -> Persistence:
            """The save directory and the open campaign (the app's)."""
            ...

    def __init__(self) -> None:
        from console import cjk_wrap

        keep_wide_characters_whole()  # a Chinese character over a widget's edge drawn whole
        cjk_wrap.install()  # Chinese wraps between any two characters
        super().__init__()

    def label_palette(self) -> None:
        """The Footer's command-palette key (Textual's own, "palette") in the console's language."""
        from console.keymap import palette_binding

        key = self.COMMAND_PALETTE_BINDING
        bindings_of(self).key_to_bindings[key] = [
            palette_binding(key, self.COMMAND_PALETTE_DISPLAY, self.t)
        ]

    def action_command_palette(self) -> None:
        """Textual's palette, its placeholder and "no matches" in the table's language."""
        is_open = any(isinstance(screen, CommandPalette) for screen in self.screen_stack)
        if self.use_command_palette and not is_open:
            self.push_screen(self.said_palette("palette.search", id="--command-palette"))

    def search_themes(self) -> None:
        """The palette's Theme entry: the themes, searched in the table's language."""
        from textual.theme import ThemeProvider

        self.push_screen(self.said_palette("palette.search-themes", providers=[ThemeProvider]))

    def said_palette(self, placeholder: str, **options: Any) -> SaidCommandPalette:
        """A command palette whose words are in the table's language."""
        return SaidCommandPalette(
            placeholder=self.t(placeholder), no_matches=self.t("palette.no-matches"), **options
        )

    def get_system_commands(self, screen: Any) -> Any:
        """Textual's own palette entries (Theme, Quit, Keys, Screenshot…) in the console's
        language: a Chinese table sees no English there (issue 27)."""
        for command in super().get_system_commands(screen):
            key = "palette.system." + command.title.lower()
            if self.t.has(key):
                command = command._replace(title=self.t(key), help=self.t(key + "-help"))
            yield command

    def deliver_screenshot(
        self,
        filename: str | None = None,
        path: str | None = None,
        time_format: str | None = None,
    ) -> str | None:
        """Save an SVG of the screen in the save directory (else the current one) and say
        where, in the console's language. Textual's own wrote to ``~/Downloads``, which a
        server or a fresh account may not have, and said so in English (issue 27)."""
        if path is not None:
            folder = Path(path)
        else:
            try:
                folder = self.persistence.root
            except Exception:  # noqa: BLE001 - no save directory: the current one
                folder = Path.cwd()
            if not folder.is_dir():
                folder = Path.cwd()
        try:
            saved = self.save_screenshot(filename, str(folder), time_format)
        except OSError as error:
            reason = error.strerror or str(error)
            self.notify(
                self.t("status.screenshot-failed", folder=str(folder), reason=reason),
                severity="error",
                timeout=10,
            )
            return None
        self.notify(
            self.t("status.screenshot", path=saved), title=self.t("status.screenshot-title")
        )
        return saved

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
            for notification in notifications(self):
                if notification.message == demo:
                    unnotify(self, notification)
        return super().push_screen(screen, *args, **kwargs)

    async def run_async(self, **options: Any) -> None:
        """Textual's ``run_async``; an auto pilot (screenshots) starts once the scene is open."""
        steer: AutopilotCallbackType | None = options.pop("auto_pilot", None)
        if steer is not None:
            go = steer

            async def after_opening(pilot: Pilot[object]) -> None:
                await self.opened.wait()
                await pilot.pause()
                await go(pilot)

            options["auto_pilot"] = after_opening
        return await super().run_async(**options)

    @asynccontextmanager
    async def run_test(self, **options: Any) -> AsyncGenerator[Pilot[None], None]:
        """Textual's ``run_test``, handing over the pilot once the first scene is open."""
        async with super().run_test(**options) as pilot:
            await self.opened.wait()
            await pilot.pause()
            yield pilot
