"""The shell every scene screen shares: title, command line, status line, footer, undo/redo.

A scene screen owns the scene as a reactive and the in-memory :class:`~engine.session.History`;
every change goes through :meth:`SceneScreen.run_command`, the one path into the engine
(``History.execute``), whether it came from a key, a dialog or the command line. Keys and
dialogs hand it a command object and the journal keeps ``format_command(command)``; only the
command line hands it text, parsed here (STYLE.md: a key never formats a line for the parser to
read back). A family screen (Infinite Horror, M.I.S.T.) adds its panes and keys.

The shell is made of parts, each its own module: what they all stand on (``shell_base``: the
scene and status reactives, the command line, refusals), which keys can be used now
(``shell_keys``), the timeline (``shell_timeline``) and the shared keys that are not commands
(``shell_actions``). The parts never import this module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.widget import Widget
from textual.widgets import Static

from console import event_text
from console.i18n import Translator
from console.keymap import APP_KEYS, TIMELINE_KEYS, KeySpec, merged
from console.messages import (
    CommandRequested,
    NewSceneRequested,
    SceneEdited,
)
from console.screens.command_dialog import CommandDialog, SceneLook
from console.screens.dialogs import settle_cursors
from console.screens.shell_actions import ShellActions
from console.screens.shell_keys import ShellKeys
from console.screens.shell_timeline import ShellTimeline
from console.textual_compat import bindings_of, set_bindings
from console.widgets.command_line import CommandLine, Vocabulary
from console.widgets.dice_log import DiceLog
from console.widgets.fitting_footer import FittingFooter
from console.widgets.title_bar import TitleBar
from engine.errors import RuleError

if TYPE_CHECKING:
    from console.timeline import Timeline
    from engine.session import History, Scene


class SceneScreen(ShellKeys, ShellTimeline, ShellActions):
    """Base of the family screens: holds the scene, runs commands, shows what happened."""

    SCREEN_KEYS: ClassVar[tuple[KeySpec, ...]] = ()
    """The family screen's own keys (added to the shell's)."""
    PLACEHOLDER_KEY: ClassVar[str] = "command.placeholder"
    """The locale key of the command line's example (each family shows one of its own verbs)."""

    def __init__(
        self,
        scene: Scene,
        translate: Translator,
        *,
        read_only: bool = False,
        history: History | None = None,
    ) -> None:
        super().__init__()
        self.t = translate
        from engine.session import History

        self.history = history if history is not None else History(scene)
        """The scene and its undo/redo (handed over when the screen is redrawn in a new
        language)."""
        self.read_only = read_only
        self.read_only_holder = ""
        """Who holds the campaign's lock when read-only (the app sets it; shown on refusals)."""
        self._keys_state: tuple[bool | None, ...] = ()
        self.copied = ""
        """What ``y``/``Y`` last put on the clipboard (the terminal's clipboard cannot be read)."""
        self._look: SceneLook | None = None
        """The scene last looked at and the engine's answers (see :meth:`look`)."""
        self.ended = False
        """The scene has ended (a new one started after it): read-only until ``scene reopen``."""
        self._ending_confirmed = False
        """The Storyteller said yes to ending the scene or movie (see :meth:`_confirm_ending`)."""
        self.timeline: Timeline | None = None
        """The timeline while the Storyteller scrubs it (``T``), else ``None`` (issue 26)."""
        self._read_only_before = read_only
        self._recapping = False
        """The players' view shows a moment of the timeline (``p``), until Esc."""
        keys = APP_KEYS + self.SCREEN_KEYS + TIMELINE_KEYS
        set_bindings(self, merged(bindings_of(self), keys, translate))
        self.set_reactive(SceneScreen.scene, scene)

    # -- layout ---------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield TitleBar(icon="⚄")
        yield from self.compose_body()
        yield CommandLine(self.t(self.PLACEHOLDER_KEY), id="command-line")
        yield Static("", id="status", markup=False)
        yield FittingFooter()

    def compose_body(self) -> ComposeResult:
        """The family's panes."""
        yield from ()

    def on_mount(self) -> None:
        settle_cursors(self)
        self.refresh_vocabulary()
        self.mutate_reactive(SceneScreen.scene)
        if self.status:  # set before the screen was mounted (a warning on opening)
            self.show_status(self.status)
        self.show_log(self.history.scene)
        home = self.home()
        if home is not None:
            home.focus()

    def dice_log(self, widget_id: str, title_key: str) -> DiceLog:
        """The family's log of the journal's rolls, titled in the table's language."""
        log = DiceLog(id=widget_id)
        log.border_title = self.t(title_key)
        return log

    def show_log(self, scene: Scene) -> None:
        """Redraw the family's log of rolls from ``scene``'s journal (on mount, after a change)."""

    def names(self) -> tuple[str, ...]:
        """Names the command line completes (the family's combatants, characters…)."""
        return ()

    def refresh_vocabulary(self) -> None:
        """Hand the command line the verbs and names it completes."""
        from engine import commands

        system = self.history.scene.system
        self.command_line.vocabulary = Vocabulary(verbs=commands.verbs(system), names=self.names())

    # -- the one path into the engine -----------------------------------------------------------

    def run_command(self, command: object, source: str = "key") -> bool:
        """Apply one command; show the reason if it is refused.

        ``command`` is a command object (a key, a dialog, a pane's :class:`CommandRequested`)
        or a line of the console language typed on the command line.

        Returns:
            Whether the scene took the command. A refused command leaves the scene as it was.
        """
        return self.run_command_events(command, source) is not None

    def run_command_events(self, command: object, source: str = "key") -> tuple[Any, ...] | None:
        """:meth:`run_command`, returning the command's events (``None`` when refused)."""
        from engine import commands

        try:
            if isinstance(command, str):
                from engine.limits import check_line

                check_line(command)  # an over-long line is refused before any other work
                text = command.strip()
                from console.screens.campaign_screen import NOT_MINE, campaign_command

                if (done := campaign_command(self, text, source)) is not NOT_MINE:
                    return done  # type: ignore[return-value]  # scene reopen/open, cast …
                command = commands.parse(text, self.history.scene.system)
                if command is None:
                    return ()
            else:
                from engine.limits import check_command

                if not isinstance(command, commands.Command):
                    raise TypeError(f"Not a command: {command!r}")
                check_command(command)  # the ranges the parser checks a typed line against
                text = commands.format_command(command)
            if isinstance(command, commands.NewScene):
                self.post_message(NewSceneRequested(command.name, command.system, command.split))
                return ()
            if self.timeline is not None:
                self.refuse(self.t("timeline.read-only"), source)
                return None
            if self.read_only:
                if self.ended:
                    raise RuleError("app.scene-ended", name=self.history.scene.name)
                raise RuleError("app.read-only")
            if not self._ending_confirmed and self._confirm_ending(command, source):
                return ()
            made = self.made_at()
            events = self.history.execute(command, text, made)
        except RuleError as error:
            self.refuse(error.render(self.t.lang), source)  # error.<code> in the table's language
            return None
        self.scene = self.history.scene
        self.refresh_vocabulary()
        self.after_command(text, events)
        self.post_message(SceneEdited(self.history.scene))
        self.refresh_keys()
        return events

    def _confirm_ending(self, command: object, source: str) -> bool:
        """Ask before a command that ends the scene or the movie, saying what carries to the
        next (issue 25); it runs on yes. Whether it asked (a command the engine would refuse
        is not asked about: the refusal is shown at once)."""
        from console.scene_end import ending_question

        question = ending_question(self.t, self.history.scene.state, command)
        if question is None or self.refusal(command) is not None:
            return False

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            self._ending_confirmed = True
            try:
                self.run_command_events(command, source)
            finally:
                self._ending_confirmed = False

        from console.screens.dialogs import ConfirmDialog

        self.app.push_screen(ConfirmDialog(self.t, question), answered)
        return True

    def made_at(self) -> int:
        """The Unix second a command is made now, by the app's clock (fixed in tests): the
        journal keeps it for the SealDice log export (issue 28)."""
        from datetime import datetime

        clock = getattr(self.app, "clock", datetime.now)
        return int(clock().timestamp())

    def look(self) -> SceneLook:
        """The scene as it is, read-only, and why the engine would refuse a command in it: what
        a dialog is given when it opens (:class:`~console.screens.command_dialog.Probe`). The
        same look until the scene, the language or the lock changes, so its answers are
        remembered: the keys ask a dozen times a keypress."""
        scene = self.history.scene
        look = self._look
        if (
            look is None
            or look.scene is not scene
            or look.lang != self.t.lang
            or look.read_only != self.read_only
        ):
            look = self._look = SceneLook(scene, self.t.lang, self.read_only)
        return look

    def refusal(self, command: object) -> str | None:
        """Why the engine would refuse ``command`` in the scene as it is (``None``: it would
        take it): :func:`engine.refusal.refusal`, no dice rolled and nothing kept."""
        return self.look().refusal(command)

    def open_dialog(
        self,
        dialog: CommandDialog,
        then: Callable[[tuple[Any, ...]], None] | None = None,
    ) -> None:
        """Show a dialog; run the command it answers with through the one path, then ``then``
        with the command's events (not called when cancelled or refused). A dialog that stays
        open (``STAYS_OPEN``) is handed the events to show (:meth:`CommandDialog.show_outcome`)."""

        def run(command: object) -> tuple[Any, ...] | None:
            events = self.run_command_events(command, "dialog")
            if events is not None and then is not None:
                then(events)
            return events

        def answered(command: object) -> None:
            if command is not None:
                run(command)

        def outcome(command: object) -> None:
            events = run(command)
            dialog.see(self.look())
            dialog.show_outcome(events)

        dialog.answered.subscribe(self, outcome, True)
        self.app.push_screen(dialog, answered)

    def after_command(self, text: str, events: tuple[Any, ...]) -> None:
        """Say what happened in the status line (for undo: which command was taken back)."""
        verb = text.strip().lower()
        scene = self.history.scene
        if verb == "undo" and scene.undone:
            self.status = "✓ " + self.t("status.undone", command=scene.undone[-1].text)
            return
        if verb == "redo" and scene.journal:
            self.status = "✓ " + self.t("status.redone", command=scene.journal[-1].text)
            return
        described = [event_text.describe(self.t, event) for event in events]
        self.status = (
            "✓ "
            + text.strip()
            + ("  —  " + self.t("report.separator").join(described) if described else "")
        )

    def on_command_requested(self, message: CommandRequested) -> None:
        message.stop()
        accepted = self.run_command(message.command, message.source)
        if accepted and message.source == "command-line":
            self.command_line.close()

    def home(self) -> Widget | None:
        """The pane that has the focus when no dialog or line does."""
        return None

    def on_command_line_closed(self, message: CommandLine.Closed) -> None:
        message.stop()  # the line moved the focus itself, at once (a late move would take it
        # away from a line opened again by the next keys of a burst)

    def watch_status(self, status: str) -> None:
        if self.is_mounted:
            self.show_status(status)

    def show_status(self, status: str) -> None:
        """Put ``status`` in the status line (✗ red, ⚠ yellow)."""
        style = "red" if status.startswith("✗") else "yellow" if status.startswith("⚠") else ""
        self.query_one("#status", Static).update(Text(status, style=style), layout=False)
