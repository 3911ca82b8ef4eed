"""What every part of a scene screen's shell stands on (console/screens/shell.py and the parts it
is made of: ``shell_keys``, ``shell_timeline``, ``shell_actions``).

The scene and the status line as reactives, the state :class:`~console.screens.shell.SceneScreen`
sets when it is made, the command line, and how a refusal is shown. The parts never import the
shell: it stands on them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.reactive import reactive
from textual.screen import Screen

from console.i18n import Translator
from console.widgets.command_line import CommandLine

if TYPE_CHECKING:
    from console.timeline import Timeline
    from engine.session import History, Scene


class ShellBase(Screen[None]):
    """The scene, the status line, the command line and refusals of a scene screen."""

    # repaint=False: a screen-level repaint redraws every pane; the panes repaint themselves.
    scene: reactive[Scene | None] = reactive(None, always_update=True, repaint=False)
    status: reactive[str] = reactive("", repaint=False)

    t: Translator
    """The table's language."""
    history: History
    """The scene and its undo/redo (handed over when the screen is redrawn in a new language)."""
    read_only: bool
    read_only_holder: str
    """Who holds the campaign's lock when read-only (the app sets it; shown on refusals)."""
    ended: bool
    """The scene has ended (a new one started after it): read-only until ``scene reopen``."""
    timeline: Timeline | None
    """The timeline while the Storyteller scrubs it (``T``), else ``None`` (issue 26)."""

    @property
    def command_line(self) -> CommandLine:
        return self.query_one(CommandLine)

    def refuse(self, reason: str, source: str) -> None:
        """Show why a command was refused: inline under the command line, or as a notification."""
        if source == "command-line":
            self.command_line.show_error(reason)
        else:
            self.status = "✗ " + reason
            self.notify(reason, severity="error", timeout=6)

    if TYPE_CHECKING:

        def run_command(self, command: object, source: str = "key") -> bool:
            """Apply one command (console/screens/shell.py)."""
            ...

        def refresh_keys(self) -> None:
            """Redraw the Footer when what can be done changed (console/screens/shell_keys.py)."""
            ...
