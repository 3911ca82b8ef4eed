"""The roster of the campaign's sheets (RULES.md §2): list, edit, add to the fight, check.

The list is read from the scene (its state holds the roster, ``Encounter.sheets``); every change
is a command object the roster answers with (a :class:`CommandDialog` that stays open), run by
the scene screen through its one path, so the journal, undo and the autosave cover it. Each
row shows the side, the derived values the fight uses and how many creation budgets are off
(RULES.md §2.3: an NPC or a veteran may be over budget; it is shown, not refused).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from console.i18n import Translator, fit
from console.ih import sheet_text
from console.keymap import LIST_KEYS, ROSTER_KEYS, merged
from console.screens.command_dialog import AskAmount, AskConfirm, CommandDialog, Probe
from console.screens.dialogs import TextDialog
from console.textual_compat import bindings_of, set_bindings
from engine.commands import Command
from engine.ih import commands as ih
from engine.ih.sheet import Sheet
from engine.ih.sheet_view import derived_of, problems


class RosterScreen(CommandDialog):
    """The campaign's sheets; keys edit, add to the fight, roll a check, delete."""

    DEFAULT_CSS = """
    RosterScreen { align: center middle; }
    RosterScreen > Vertical {
        width: 100%; max-width: 96; height: 100%; max-height: 30;
        background: $panel; border: round $primary; padding: 0 1;
    }
    RosterScreen #roster-title { height: 1; text-style: bold; }
    RosterScreen OptionList { height: 1fr; }
    RosterScreen #roster-keys { height: auto; color: $text-muted; }
    """

    STAYS_OPEN = True

    def __init__(
        self,
        probe: Probe,
        translate: Translator,
        check: Callable[[str], None],
    ) -> None:
        super().__init__(probe)
        self.t = translate
        self.open_check = check
        """Opens the check dialog for a sheet (the scene screen opens it; it runs nothing)."""
        set_bindings(self, merged(bindings_of(self), ROSTER_KEYS, translate))

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.t("roster.title"), id="roster-title")
            options = OptionList(id="roster-list")
            set_bindings(options, merged(bindings_of(options), LIST_KEYS, self.t))
            yield options
            yield Static(self.t("roster.keys"), id="roster-keys")

    def on_mount(self) -> None:
        self.refresh_list()
        self.query_one(OptionList).focus()

    @property
    def sheets(self) -> tuple[Sheet, ...]:
        state: Any = self.probe.scene.state
        return tuple(getattr(state, "sheets", ()))

    def refresh_list(self, select: str | None = None) -> None:
        t = self.t
        state: Any = self.probe.scene.state
        settings = state.interpretations
        options = self.query_one(OptionList)
        keep = select or self.selected
        options.clear_options()
        if not self.sheets:
            options.add_option(Option(Text(t("roster.empty"), style="dim"), id="", disabled=True))
            return
        for sheet in self.sheets:
            values = derived_of(sheet, settings)
            count = len(problems(sheet, settings))
            row = Text()
            row.append(fit(sheet.name, 18), style="bold")
            row.append(fit(t(f"sheet.side.{sheet.side}"), 7 if t.is_chinese else 5))
            row.append(
                fit(
                    f"{sheet_text.trait(t, 'initiative')} {values.initiative}  "
                    f"{sheet_text.trait(t, 'health')} {values.health}  "
                    f"{sheet_text.trait(t, 'willpower')} {values.willpower}  "
                    f"{sheet_text.trait(t, 'defense')} {values.defense}",
                    50,
                )
            )
            if count:
                row.append(t("roster.problems", count=count), style="yellow")
            else:
                row.append("✓", style="green")
            options.add_option(Option(row, id=sheet.name))
        names = [s.name for s in self.sheets]
        if keep in names:
            options.highlighted = names.index(keep)
        else:
            options.highlighted = 0

    @property
    def selected(self) -> str | None:
        if not self.is_mounted:
            return None
        options = self.query_one(OptionList)
        index = options.highlighted
        if index is None or not self.sheets or index >= len(self.sheets):
            return None
        return self.sheets[index].name

    def _sheet(self) -> Sheet | None:
        name = self.selected
        return next((s for s in self.sheets if s.name == name), None)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_edit()

    # -- keys ---------------------------------------------------------------------------------

    def edit(self, sheet: Sheet, new: bool = False) -> None:
        from console.ih.sheet_editor import SheetEditor

        scene = self.probe.scene
        state: Any = scene.state

        def saved(edits: list[ih.Command] | None) -> None:
            for command in edits or []:
                if not self.submit(command):
                    break
            self.refresh_list(sheet.name)

        self.app.push_screen(
            SheetEditor(self.t, sheet, scene.system, state.interpretations, new=new), saved
        )

    def action_edit(self) -> None:
        sheet = self._sheet()
        if sheet is not None:
            self.edit(sheet)

    def action_new(self) -> None:
        def named(name: str | None) -> None:
            if not name:
                return
            if any(s.key == name.casefold() for s in self.sheets):
                existing = next(s for s in self.sheets if s.key == name.casefold())
                self.edit(existing)
                return
            system = self.probe.scene.system
            self.edit(Sheet(name=name, system=system), new=True)

        self.app.push_screen(TextDialog(self.t("roster.new-title")), named)

    def action_add(self) -> None:
        """Add one combatant (blank or 1) or N numbered ones from the sheet (RULES.md §3.3)."""
        sheet = self._sheet()
        if sheet is None:
            return
        state: Any = self.probe.scene.state
        verb = "add" if state.phase.value == "setup" else "join"
        taken = any(x.key == sheet.key for x in state.order)

        def add(count: int) -> ih.AddFromSheet:
            grouped = count if count > 1 or taken else None
            return ih.AddFromSheet(sheet.name, sheet.name, grouped, join=verb == "join")

        title = self.t("roster.add-title", name=sheet.name)
        self.app.push_screen(AskAmount(self.probe, add, self.t, title, default=1), self.answer)

    def action_check(self) -> None:
        sheet = self._sheet()
        if sheet is not None:
            self.open_check(sheet.name)

    def action_delete(self) -> None:
        sheet = self._sheet()
        if sheet is None:
            return

        question = self.t("roster.delete-question", name=sheet.name)
        self.app.push_screen(
            AskConfirm(self.probe, self.t, question, ih.DeleteSheet(sheet.name)), self.answer
        )

    def answer(self, command: Command | None) -> None:
        """A command a small dialog over the roster answered with (``None``: cancelled)."""
        if command is not None:
            self.submit(command)

    def show_outcome(self, events: tuple[Any, ...] | None) -> None:
        self.refresh_list()

    def action_close(self) -> None:
        self.dismiss(None)
