"""Extended actions (RULES.md §1.8): start one, roll its next interval, take off
successes when the work is interrupted, drop it. Every change is a command object the screen
answers with (a :class:`CommandDialog` that stays open); the scene screen runs it through its
one path, so undo, the journal and the report cover it, and the roll is shown here."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from console.i18n import Translator
from console.ih.panes import extended_lines
from console.keymap import EXTENDED_KEYS, LIST_KEYS, merged
from console.screens.command_dialog import AskAmount, AskConfirm, CommandDialog, Probe
from console.screens.dialogs import TextDialog
from console.textual_compat import bindings_of, set_bindings
from engine.commands import Command
from engine.errors import RuleError
from engine.ih import commands as ih
from engine.language import quote


class ExtendedScreen(CommandDialog):
    """The scene's extended actions; ``enter`` rolls the highlighted one."""

    DEFAULT_CSS = """
    ExtendedScreen { align: center middle; }
    ExtendedScreen > Vertical {
        width: 100%; max-width: 90; height: 100%; max-height: 30;
        background: $panel; border: round $primary; padding: 0 1;
    }
    ExtendedScreen #extended-title { height: 1; text-style: bold; }
    ExtendedScreen OptionList { height: 1fr; }
    ExtendedScreen #extended-last { height: auto; }
    ExtendedScreen #extended-keys { height: auto; color: $text-muted; }
    """

    STAYS_OPEN = True

    def __init__(self, probe: Probe, translate: Translator, who: str | None) -> None:
        super().__init__(probe)
        self.t = translate
        self.who = who
        set_bindings(self, merged(bindings_of(self), EXTENDED_KEYS, translate))

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.t("extended.title"), id="extended-title")
            options = OptionList(id="extended-list")
            set_bindings(options, merged(bindings_of(options), LIST_KEYS, self.t))
            yield options
            yield Static("", id="extended-last")
            yield Static(self.t("extended.keys"), id="extended-keys")

    def on_mount(self) -> None:
        self.refresh_list()
        self.query_one(OptionList).focus()

    @property
    def tasks(self) -> tuple[Any, ...]:
        state: Any = self.probe.scene.state
        return tuple(getattr(state, "extended", ()))

    def refresh_list(self, keep: str | None = None) -> None:
        options = self.query_one(OptionList)
        keep = keep or self.selected
        options.clear_options()
        if not self.tasks:
            options.add_option(Option(Text(self.t("extended.none"), style="dim"), disabled=True))
            return
        for task in self.tasks:
            options.add_option(Option(Text("\n").join(extended_lines(self.t, task)), id=task.id))
        ids = [task.id for task in self.tasks]
        options.highlighted = ids.index(keep) if keep in ids else len(ids) - 1

    @property
    def selected(self) -> str | None:
        if not self.is_mounted or not self.tasks:
            return None
        index = self.query_one(OptionList).highlighted
        if index is None or index >= len(self.tasks):
            return None
        return str(self.tasks[index].id)

    def show_outcome(self, events: tuple[Any, ...] | None) -> None:
        from console.roll_lines import roll_event

        if events is None:
            return
        shown = [roll_event(self.t, self.probe.scene.system, e) for e in events]
        lines = [x for x in shown if x is not None]
        self.query_one("#extended-last", Static).update(lines[-1] if lines else "")
        self.refresh_list()

    def show_refusal(self, reason: str, command: object) -> None:
        self.query_one("#extended-last", Static).update(Text("✗ " + reason, style="red"))

    def answer(self, command: Command | None) -> None:
        """A command a small dialog over the list answered with (``None``: cancelled)."""
        if command is not None:
            self.submit(command)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_roll()

    def action_roll(self) -> None:
        if self.selected is not None:
            self.submit(ih.RollExtended(self.selected))

    def action_new(self) -> None:
        who = self.who or ""

        def typed(rest: str | None) -> None:
            """The rest of an ``extended`` line as typed (its own syntax, read by the parser)."""
            if not rest:
                return
            from engine import commands

            try:
                command = commands.parse("extended " + rest, self.probe.scene.system)
            except RuleError as error:
                self.show_refusal(error.render(self.t.lang), None)
                return
            self.answer(command)

        self.app.push_screen(
            TextDialog(
                self.t("extended.new-title"),
                initial=f'{quote(who)} "" dexterity+crafts dc=5 interval=minute' if who else "",
                placeholder=self.t("extended.new-hint"),
            ),
            typed,
        )

    def action_lose(self) -> None:
        task = self.selected
        if task is None:
            return

        title = self.t("extended.lose-title", id=task)
        ask = AskAmount(self.probe, lambda count: ih.LoseExtended(task, count), self.t, title)
        self.app.push_screen(ask, self.answer)

    def action_drop(self) -> None:
        task = self.selected
        if task is None:
            return

        question = self.t("extended.drop-question", id=task)
        self.app.push_screen(
            AskConfirm(self.probe, self.t, question, ih.DropExtended(task)), self.answer
        )

    def action_close(self) -> None:
        self.dismiss(None)
