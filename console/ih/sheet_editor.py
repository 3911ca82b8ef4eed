"""The sheet editor (RULES.md §2): fill a character sheet from the keyboard in a minute.

Arrow keys move between the nine attributes, the twelve skills and Size; a digit sets the value
under the cursor (``b`` then a digit: the skill's bonus successes), ``+``/``-`` step it. The
derived traits (RULES.md §2.2) and every creation budget over or under (§2.3) update as you
type: each edit is applied by the engine to a copy of the sheet, so what the editor shows is
exactly what the command will make. Saving returns the command objects (one ``sheet``
command for the traits typed in a row, and the ``specialty``/``feat``/``language`` ones), which
the scene screen runs through the one path into the engine; the journal then covers them.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import TypeVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from console.i18n import Translator, fit
from console.ih import sheet_text
from console.keymap import EDITOR_KEYS, merged
from console.screens.dialogs import TextDialog
from console.textual_compat import bindings_of, set_bindings
from engine import commands
from engine.errors import RuleError
from engine.fullwidth import ascii_forms
from engine.ih import commands as ih
from engine.ih.encounter import Encounter
from engine.ih.sheet import Sheet
from engine.ih.sheet_view import derived_of, problems
from engine.ih.traits import Attribute, Skill
from engine.language import quote
from engine.settings import Interpretations

GRID: tuple[tuple[str, ...], ...] = (
    ("strength", "intelligence", "presence"),
    ("dexterity", "wits", "manipulation"),
    ("stamina", "resolve", "composure"),
    ("athletics", "academics", "insight"),
    ("firearms", "devices", "stealth"),
    ("martial", "crafts", "expression"),
    ("survival", "concentration", "socialize"),
    ("size", "defense_bonus"),
)
"""The editor's cells: attributes by category (RULES.md §2.1 table), skills, then Size and the
sheet's defense bonus successes (gear, powers: RULES.md §3.8)."""
FIELDS = {"defense_bonus": "defense-bonus"}
"""Cells whose ``sheet`` field has another name than the cell."""

SKILLS = frozenset(s.value for s in Skill)
ATTRIBUTES = frozenset(a.value for a in Attribute)
DERIVED = (  # fields of engine.ih.sheet_view.Derived, in the order shown
    "speed",
    "initiative",
    "defense",
    "health",
    "willpower",
    "will_save",
    "reflex_save",
    "fortitude_save",
    "sensing_range_m",
)
CELL = 22
MAX_VALUE = 10


K = TypeVar("K")
Pairs = tuple[tuple[K, int], ...]


def _put(pairs: Pairs[K], new: Pairs[K]) -> Pairs[K]:
    """``pairs`` with ``new`` set in them (a key already there keeps its place)."""
    return tuple({**dict(pairs), **dict(new)}.items())


class SheetEditor(ModalScreen[list[ih.Command] | None]):
    """Edit one sheet; returns the commands to run, or ``None`` when cancelled."""

    DEFAULT_CSS = """
    SheetEditor { align: center middle; }
    SheetEditor > Vertical {
        width: 100%; max-width: 96; height: 100%; max-height: 40;
        background: $panel; border: round $primary; padding: 0 1;
    }
    SheetEditor #sheet-title { height: 1; text-style: bold; }
    SheetEditor #sheet-grid { height: 10; }
    SheetEditor #sheet-derived { height: auto; color: $text; }
    SheetEditor #sheet-entries { height: auto; }
    SheetEditor #sheet-problems { height: 1fr; }
    SheetEditor #sheet-keys { height: auto; color: $text-muted; }
    SheetEditor #sheet-status { height: 1; }
    """

    def __init__(
        self,
        translate: Translator,
        sheet: Sheet,
        system: str,
        settings: Interpretations,
        *,
        new: bool = False,
    ) -> None:
        super().__init__()
        self.t = translate
        self.system = system
        self.settings = settings
        self.state = Encounter(system=system, interpretations=settings, sheets=(sheet,))
        self.name_ = sheet.name
        self.row = 0
        self.column = 0
        self.bonus_mode = False
        self.steps: list[ih.Command] = []
        """What was typed, in order (values typed in a row make one ``sheet`` command)."""
        if new:
            self.steps.append(ih.SetSheet(sheet.name, pc=sheet.side == "pc"))
        set_bindings(self, merged(bindings_of(self), EDITOR_KEYS, translate))

    # -- layout -------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("", id="sheet-title")
            yield Static("", id="sheet-grid")
            yield Static("", id="sheet-derived")
            yield Static("", id="sheet-entries")
            yield Static("", id="sheet-problems")
            yield Static(self._keys_text(), id="sheet-keys")
            yield Static("", id="sheet-status")

    def on_mount(self) -> None:
        self.redraw()

    @property
    def sheet(self) -> Sheet:
        return self.state.sheets[0]

    @property
    def cell(self) -> str:
        return GRID[self.row][min(self.column, len(GRID[self.row]) - 1)]

    def _keys_text(self) -> str:
        return self.t("sheet.keys")

    # -- drawing ------------------------------------------------------------------------------

    def redraw(self, *, values_only: bool = False) -> None:
        """Draw the sheet (a few Text lines: well under a frame, see the benchmark).

        A changed value redraws only what depends on values: the grid, the derived traits and
        the budgets (``values_only``)."""
        t = self.t
        sheet = self.sheet
        if not values_only:
            title = Text()
            title.append(sheet.name, style="bold")
            title.append(f"  {t('sheet.side.' + sheet.side)}  {sheet.system}", style="dim")
            self.query_one("#sheet-title", Static).update(title)
            self.query_one("#sheet-entries", Static).update(self.entries_text())
        # The grid and the budgets have a fixed size: no new layout for a changed value.
        self.query_one("#sheet-grid", Static).update(self.grid_text(), layout=False)
        self.query_one("#sheet-derived", Static).update(self.derived_text())
        self.query_one("#sheet-problems", Static).update(self.problems_text(), layout=False)

    def _value(self, name: str) -> int:
        character = self.sheet.character
        if name in ATTRIBUTES:
            return character.attributes.of(Attribute(name))
        if name in SKILLS:
            return character.skills.of(Skill(name))
        if name == "defense_bonus":
            return character.bonuses.defense_bonus
        return character.size

    def grid_text(self) -> Text:
        t = self.t
        text = Text()
        text.append(" " * 8)
        for category in ("physical", "mental", "social"):
            text.append(fit(t(f"trait.{category}"), CELL), style="bold underline")
        for row_index, row in enumerate(GRID):
            text.append("\n")
            head = ""
            if row_index == 0:
                head = t("sheet.attributes")
            elif row_index == 3:
                head = t("sheet.skills")
            text.append(fit(head, 8), style="bold")
            for column_index, name in enumerate(row):
                value = self._value(name)
                label = sheet_text.trait(t, name)
                number = f"{value:>2}"
                bonus = self.sheet.skill_bonus(Skill(name)) if name in SKILLS else 0
                extra = f"+{bonus}" if bonus else ""
                cell = fit(label, CELL - 6) + number + fit(extra, 4)
                here = row_index == self.row and column_index == min(self.column, len(row) - 1)
                style = "reverse bold" if here else ("dim" if name in SKILLS and not value else "")
                if here and self.bonus_mode:
                    style = "reverse bold yellow"
                text.append(cell, style=style)
        return text

    def derived_text(self) -> Text:
        t = self.t
        values = derived_of(self.sheet, self.settings)
        text = Text()
        text.append(t("sheet.derived") + " ", style="bold")
        for index, name in enumerate(DERIVED):
            if index:
                text.append(" · ", style="dim")
            value = str(getattr(values, name))
            if name == "defense" and values.defense_bonus:
                value += f" (+{values.defense_bonus})"
            if name == "sensing_range_m":
                value += " m"
            text.append(sheet_text.trait(t, name) + " ")
            text.append(value, style="bold cyan")
        return text

    def entries_text(self) -> Text:
        t = self.t
        character = self.sheet.character
        text = Text()
        specialties = t("word.list-sep").join(
            s.name
            + ("" if t.is_chinese else " ")
            + t("word.parenthesised", text=sheet_text.trait(t, s.skill.value))
            + f" {s.level}"
            for s in character.specialties
        )
        feats = t("word.list-sep").join(f"{f.name} {f.level}" for f in character.feats)
        languages = t("word.list-sep").join(
            f"{x.name} {x.level}{'*' if x.native else ''}" for x in character.languages
        )
        for key, value in (
            ("trait.specialty", specialties),
            ("sheet.feats", feats),
            ("sheet.languages", languages),
        ):
            text.append(t(key) + t.colon, style="bold")
            text.append((value or "—") + "  ")
        concept = character.concept
        words = [
            f"{t('sheet.concept.' + name)} {value}"  # 年龄 34 in Chinese, age 34 in English
            for name, value in (
                ("gender", concept.gender),
                ("age", concept.age),
                ("height-weight", concept.height_weight),
                ("race", concept.race if concept.race != "human" else ""),
                ("nationality", concept.nationality),
                ("appearance", concept.appearance),
                ("personality", concept.personality),
                ("background", concept.background),
                ("origin", character.origin.name),
                ("impulse", character.origin.impulse),
                ("origin-trait", character.origin.trait),
            )
            if value
        ]
        if words:
            text.append("\n" + " · ".join(words), style="italic")
        return text

    def problems_text(self) -> Text:
        t = self.t
        found = problems(self.sheet, self.settings)
        if not found:
            return Text("✓ " + t("sheet.budgets-ok"), style="green")
        text = Text(t("sheet.budgets", count=len(found)), style="bold yellow")
        for item in found:
            text.append("\n• " + sheet_text.problem(t, item), style="yellow")
        return text

    def say(self, message: str, error: bool = False) -> None:
        self.query_one("#sheet-status", Static).update(
            Text(message, style="red" if error else "green")
        )

    # -- editing ------------------------------------------------------------------------------

    def _apply(self, command: ih.Command) -> bool:
        """Apply one command to the editor's copy; show the refusal if any."""
        try:
            state, _ = commands.apply(self.state, self.system, command, random.Random(0))
        except RuleError as error:
            self.say("✗ " + error.render(self.t.lang), error=True)
            return False
        assert isinstance(state, Encounter)
        self.state = state
        self.say("")
        return True

    def set_value(self, name: str, value: int, bonus: bool = False) -> None:
        """Set a trait (or a skill's bonus successes) and redraw what depends on it."""
        if bonus:
            change = ih.SetSheet(self.name_, skill_bonuses=((Skill(name), value),))
        else:
            change = ih.SetSheet(self.name_, traits=((FIELDS.get(name, name), value),))
        if not self._apply(change):
            return
        last = self.steps[-1] if self.steps else None
        if isinstance(last, ih.SetSheet) and last.pc is None:  # values typed in a row
            self.steps[-1] = replace(
                last,
                traits=_put(last.traits, change.traits),
                skill_bonuses=_put(last.skill_bonuses, change.skill_bonuses),
            )
        else:
            self.steps.append(change)
        self.redraw(values_only=True)

    def on_key(self, event: events.Key) -> None:
        digit = ascii_forms(event.character or "")  # a full-width ３ is a 3 (issue 27)
        if len(digit) == 1 and digit in "0123456789":
            event.stop()
            event.prevent_default()
            name = self.cell
            if self.bonus_mode and name in SKILLS:
                self.bonus_mode = False
                self.set_value(name, int(digit), bonus=True)
                return
            self.bonus_mode = False
            self.set_value(name, int(digit))

    def action_move(self, columns: int, rows: int) -> None:
        self.bonus_mode = False
        self.row = (self.row + rows) % len(GRID)
        width = len(GRID[self.row])
        if columns:  # from the cell shown (a short row shows its last one)
            self.column = max(0, min(min(self.column, width - 1) + columns, width - 1))
        self.query_one("#sheet-grid", Static).update(self.grid_text(), layout=False)

    def action_step(self, amount: int) -> None:
        name = self.cell
        value = max(0, min(self._value(name) + amount, MAX_VALUE))
        self.set_value(name, value)

    def action_bonus_mode(self) -> None:
        if self.cell in SKILLS:
            self.bonus_mode = True
            self.query_one("#sheet-grid", Static).update(self.grid_text(), layout=False)
            self.say(self.t("sheet.bonus-hint", skill=sheet_text.trait(self.t, self.cell)))

    def action_toggle_side(self) -> None:
        command = ih.SetSheet(self.name_, pc=not self.sheet.pc)
        if self._apply(command):
            self.steps.append(command)
            self.redraw()

    def action_entry(self, what: str) -> None:
        """Ask for the rest of a ``specialty``/``feat``/``language`` line (its own syntax, typed
        as on the command line: the words the Storyteller types are read by the one parser)."""
        t = self.t

        def typed(rest: str | None) -> None:
            if not rest:
                return
            try:
                command = commands.parse(" ".join((what, quote(self.name_), rest)), self.system)
            except RuleError as error:
                self.say("✗ " + error.render(self.t.lang), error=True)
                return
            entry = (ih.SetSpecialty, ih.SetFeat, ih.SetLanguage)
            if isinstance(command, entry) and self._apply(command):
                self.steps.append(command)
                self.redraw()

        self.app.push_screen(
            TextDialog(t(f"sheet.entry-title.{what}"), placeholder=t(f"sheet.entry-hint.{what}")),
            typed,
        )

    def action_save(self) -> None:
        self.dismiss(list(self.steps))

    def action_cancel(self) -> None:
        self.dismiss(None)
