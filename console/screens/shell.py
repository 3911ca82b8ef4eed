"""The shell every scene screen shares: title, command line, status line, footer, undo/redo.

A scene screen owns the scene as a reactive and the in-memory :class:`~engine.session.History`;
every change goes through :meth:`SceneScreen.run_command`, the one path into the engine
(``History.execute``), whether it came from a key, a dialog or the command line. Keys and
dialogs hand it a command object and the journal keeps ``format_command(command)``; only the
command line hands it text, parsed here (STYLE.md: a key never formats a line for the parser to
read back). A family screen (Infinite Horror, M.I.S.T.) adds its panes and keys.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.actions import parse as parse_action
from textual.app import ComposeResult
from textual.message import Message
from textual.reactive import reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Static

from console import event_text
from console.i18n import Translator
from console.keymap import APP_KEYS, TIMELINE_KEYS, KeySpec, merged
from console.messages import CommandRequested, SceneEdited
from console.screens.dialogs import settle_cursors
from console.textual_compat import binding_chain, bindings_of, bound_to, set_bindings
from console.widgets.command_line import CommandLine, Vocabulary
from console.widgets.dice_log import DiceLog
from console.widgets.title_bar import TitleBar
from engine.errors import RuleError

if TYPE_CHECKING:
    from console.screens.command_dialog import CommandDialog
    from console.timeline import Timeline
    from engine.session import History, Scene

MUTATING = frozenset({"undo", "redo"})
"""Shell actions that change the scene (refused in read-only mode)."""

TIMELINE_MOVES = frozenset(
    {
        "timeline_step",
        "timeline_page",
        "timeline_start",
        "timeline_end",
        "timeline_fork",
        "timeline_recap",
        "timeline_leave",
    }
)
"""The keys of the timeline (issue 26): live only while it is shown."""
TIMELINE_ALSO = frozenset(
    {"help", "quit", "copy_board", "copy_chat", "campaign", "switch_language"}
)
"""Keys that still work in the timeline (they change nothing); every other is greyed out."""


def action_and_parameters(action: str) -> tuple[str, tuple[object, ...]]:
    """``spend('move')`` → ``("spend", ("move",))``: a binding's action as Textual reads it
    (``textual.actions.parse``), so ``check_action`` is asked with the parameters Textual passes."""
    _namespace, name, parameters = parse_action(action)
    return name, parameters


class ReopenRequested(Message):
    """``scene reopen`` on the command line: the app lets the ended scene be changed again."""


class NewSceneRequested(Message):
    """``scene new "NAME" SYSTEM`` on the command line: the app opens a new scene."""

    def __init__(self, name: str, system: str, split: bool = False) -> None:
        super().__init__()
        self.name = name
        self.system = system
        self.split = split


class SceneScreen(Screen[None]):
    """Base of the family screens: holds the scene, runs commands, shows what happened."""

    SCREEN_KEYS: ClassVar[tuple[KeySpec, ...]] = ()
    """The family screen's own keys (added to the shell's)."""
    PLACEHOLDER_KEY: ClassVar[str] = "command.placeholder"
    """The locale key of the command line's example (each family shows one of its own verbs)."""

    # repaint=False: a screen-level repaint redraws every pane; the panes repaint themselves.
    scene: reactive[Scene | None] = reactive(None, always_update=True, repaint=False)
    status: reactive[str] = reactive("", repaint=False)

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
        self._refusals: tuple[Scene | None, dict[object, str | None]] = (None, {})
        """The scene last asked about and the engine's answers (see :meth:`refusal`)."""
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
        yield Footer()

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

    @property
    def command_line(self) -> CommandLine:
        return self.query_one(CommandLine)

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

    def refusal(self, command: object) -> str | None:
        """Why the engine would refuse ``command`` in the scene as it is (``None``: it would
        take it), found by applying it to the state without keeping the result (the
        :class:`~console.screens.command_dialog.Probe` a dialog asks). Remembered until the
        scene changes: the keys ask a dozen times a keypress."""
        import random

        from engine import commands

        scene = self.history.scene
        if self._refusals[0] is not scene:
            self._refusals = (scene, {})
        known = self._refusals[1]
        if command not in known:
            if not isinstance(command, commands.Command):
                raise TypeError(f"Not a command: {command!r}")
            try:
                if self.read_only:
                    raise RuleError("app.read-only")
                from engine.limits import check_command

                check_command(command)  # the ranges a typed line is checked against
                commands.apply(scene.state, scene.system, command, random.Random(0))
                known[command] = None
            except RuleError as error:
                known[command] = error.render(self.t.lang)
        return known[command]

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

        dialog.answered.subscribe(self, lambda command: dialog.show_outcome(run(command)), True)
        self.app.push_screen(dialog, answered)

    def refuse(self, reason: str, source: str) -> None:
        """Show why a command was refused: inline under the command line, or as a notification."""
        if source == "command-line":
            self.command_line.show_error(reason)
        else:
            self.status = "✗ " + reason
            self.notify(reason, severity="error", timeout=6)

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
        self.status = "✓ " + text.strip() + ("  —  " + "; ".join(described) if described else "")

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

    # -- keys -----------------------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out what cannot be done now (STYLE.md): undo with no history, edits read-only."""
        scene = self.history.scene
        if action in TIMELINE_MOVES:
            return self.timeline is not None
        if self.timeline is not None:
            return True if action in TIMELINE_ALSO else None
        if action == "timeline":
            return True if scene.journal else None
        if action == "command_line":
            return not self.command_line.is_open
        if action in MUTATING and self.read_only:
            return None
        if action == "undo":
            return True if scene.journal else None
        if action == "redo":
            return True if scene.undone else None
        return True

    def greyed_out(self, key: str) -> Iterator[tuple[str, tuple[object, ...]]]:
        """The screen's own actions bound to ``key`` that cannot be used now, in order, as
        ``(action, parameters)``; none once one of them can (the key then does what it does).
        A family screen asks the engine why, so a greyed-out key says so (STYLE.md)."""
        for namespace, bindings in binding_chain(self):
            if namespace is not self:
                continue
            for binding in bindings.key_to_bindings.get(key, ()):
                action, parameters = action_and_parameters(binding.action)
                if self.check_action(action, parameters):
                    return
                yield action, parameters

    def refuse_read_only_key(self, key: str) -> bool:
        """Say why a key that would change the scene does nothing in read-only mode.

        A key is refused when one of its bindings is greyed out now but would be enabled with
        the campaign writable. Returns whether the key was refused (and the reason shown).
        """
        if self.timeline is not None:
            live = [
                bool(self.check_action(*action_and_parameters(binding.action)))
                for binding in bound_to(self, key)
            ]
            if live and not any(live):
                reason = self.t("timeline.read-only")
                self.status = "✗ " + reason
                self.notify(reason, severity="warning", timeout=4)
                return True
            return False
        if not self.read_only:
            return False
        refused = False
        for binding in bound_to(self, key):
            action, parameters = action_and_parameters(binding.action)
            if self.check_action(action, parameters):
                return False
            self.read_only = False
            try:
                refused = refused or bool(self.check_action(action, parameters))
            finally:
                self.read_only = True
        if refused:
            holder = self.read_only_holder or self.t("saves.another-console")
            reason = self.t("status.read-only-key", holder=holder)
            if self.ended:
                reason = self.t("error.app.scene-ended", name=self.history.scene.name)
            self.status = "✗ " + reason
            self.notify(reason, severity="warning", timeout=6)
        return refused

    def refresh_keys(self) -> None:
        """Redraw the Footer only when what can be done has changed (it is costly to redraw)."""
        state = tuple(
            self.check_action(*action_and_parameters(binding.action))
            for bindings in bindings_of(self).key_to_bindings.values()
            for binding in bindings
        )
        if state != self._keys_state:
            self._keys_state = state
            self.refresh_bindings()

    # -- the timeline (issue 26) ----------------------------------------------------------------

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
            self.refuse(str(error), "key")
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
            from console.i18n import save_error_text

            self.refuse(save_error_text(error, self.t.lang), "key")
            return
        self.app.notify(self.t("timeline.forked", name=made, at=at), timeout=6)
        self.app.open_scene(made, scene.name)  # type: ignore[attr-defined]

    def action_command_line(self, text: str = "") -> None:
        self.command_line.open(text)

    def action_undo(self) -> None:
        from engine.commands import Undo

        self.run_command(Undo())

    def action_redo(self) -> None:
        from engine.commands import Redo

        self.run_command(Redo())

    def action_copy_chat(self) -> None:
        """``y``: the latest roll, check, attack or M.I.S.T. action as one chat-ready line in the
        table's language, to the clipboard (OSC 52: over SSH and in tmux too; issue 28)."""
        from console.chat_text import last_roll

        self._copy(last_roll(self.t, self.history.scene))

    def action_copy_board(self) -> None:
        """``Y``: the initiative order with the round and the current actor, or the M.I.S.T.
        scene's challenges and statuses, as the players may see them (nothing hidden)."""
        from console.chat_text import board_text

        self._copy(board_text(self.t, self.history.scene.state))

    def _copy(self, text: str | None) -> None:
        if not text:
            self.notify(self.t("chat.nothing"), severity="warning", timeout=4)
            return
        self.app.copy_to_clipboard(text)
        self.copied = text
        self.notify(self.t("chat.copied", text=text), timeout=4)

    def action_help(self) -> None:
        from console.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.t, self))

    def action_new_scene(self) -> None:
        """A dialog for the name and a choice of system (``scene new`` on the command line)."""
        from console.screens.dialogs import NewSceneDialog

        def chosen(value: tuple[str, str] | None) -> None:
            if value is not None:
                self.post_message(NewSceneRequested(*value))

        self.app.push_screen(NewSceneDialog(self.t, self.history.scene.system), chosen)

    def action_campaign(self) -> None:
        """The campaign between scenes (F3): its cast's condition, season, missions, scenes."""
        from console.campaign_view import campaign_json, campaign_lines
        from console.screens.campaign_screen import show_campaign
        from saves.errors import SaveError

        persistence = getattr(self.app, "persistence", None)
        campaign = getattr(persistence, "campaign", None)
        if persistence is None or campaign is None:
            self.refuse(self.t("campaign.none-open"), "key")
            return
        try:
            if not campaign.read_only:
                persistence.flush()  # the last command's autosave, so the cast is the scene's
            lines = campaign_lines(campaign_json(campaign), self.t)
        except (SaveError, OSError) as error:
            self.refuse(str(error), "key")
            return
        show_campaign(self, lines)

    async def action_switch_language(self) -> None:
        await self.app.run_action("switch_language")

    async def action_save_as(self) -> None:
        await self.app.run_action("save_as")

    async def action_open(self) -> None:
        await self.app.run_action("open")

    async def action_quit(self) -> None:
        await self.app.run_action("quit")
