"""The check dialog: a roll dialog filled from the sheet (RULES.md §3.10).

Pick who rolls, an attribute, a skill and a specialty of their sheet; the pool is worked out by
the engine (``engine.ih.checks.check_pool``) and shown line by line (attribute, skill,
specialty, modifiers, willpower, bonus successes, the untrained rule), with the exact odds of
that very check as the roll dialog shows them. Rolling runs a ``check`` line through the scene
screen (the one path into the engine), so the willpower spend and the log are the engine's.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from console import render, sheet_text
from console.i18n import Translator
from console.keymap import CHECK_KEYS, bindings_for
from console.screens.dialogs import EarlyKeys, settle_cursors
from console.screens.odds_form import OddsForm
from console.widgets.odds_chart import OddsChart
from console.widgets.ordered_input import OrderedInput
from engine.dice.ih import validate_spec
from engine.dice.odds import check_odds
from engine.errors import RuleError
from engine.ih.checks import check_pool, roller_sheet
from engine.ih.traits import Attribute, Skill
from engine.language import parse_int, quote
from engine.session import Scene

Roller = Callable[[str], tuple[Any, ...] | None]
NONE = ""


def check_line(
    who: str,
    traits: str,
    *,
    dc: str = "",
    bonus: str = "",
    penalty: str = "",
    again: str = "",
    level: str = "",
    willpower: bool = False,
    hidden: bool = False,
) -> str:
    """The ``check`` command line for the dialog's fields (blank and default values left out)."""
    plain = re.fullmatch(r"[\w+-]+", traits) is not None
    parts = ["check", quote(who), traits if plain else quote(traits)]
    for flag, text, default in (
        ("--dc", dc, None),
        ("--bonus", bonus, "0"),
        ("--penalty", penalty, "0"),
        ("--again", again, "10"),
        ("--level", level, "1"),
    ):
        if text.strip() and text.strip() != default:
            parts += [flag, text.strip()]
    if willpower:
        parts.append("--willpower")
    if hidden:
        parts.append("hidden")
    return " ".join(parts)


class CheckDialog(OddsForm, EarlyKeys, ModalScreen[str | None]):
    """A check from a sheet with its pool breakdown and live exact odds."""

    DEFAULT_CSS = """
    CheckDialog { align: center middle; }
    CheckDialog > Vertical {
        width: 100%; max-width: 100; height: 100%; max-height: 36;
        border: thick $primary; background: $panel; padding: 0 1;
    }
    CheckDialog #check-title { height: 1; text-style: bold; }
    CheckDialog .row { height: 3; }
    CheckDialog .label { padding: 1 1 0 0; width: auto; }
    CheckDialog Select { width: 1fr; min-width: 12; }
    CheckDialog .field { width: 8; }
    CheckDialog #check-top { height: auto; }
    CheckDialog #check-fields { width: 1fr; height: auto; }
    CheckDialog #check-breakdown { width: 26; height: auto; padding: 0 0 0 1; }
    CheckDialog Checkbox { width: auto; }
    CheckDialog #check-summary { height: 1; text-style: bold; }
    CheckDialog #check-chart { height: 1fr; min-height: 2; }
    CheckDialog #check-result { height: 2; }
    CheckDialog .buttons { height: 3; }
    """
    BINDINGS = bindings_for(CHECK_KEYS)

    def __init__(
        self,
        translate: Translator,
        scene: Callable[[], Scene],
        who: str | None,
        roller: Roller | None = None,
        traits: str = "dexterity+firearms",
    ) -> None:
        super().__init__()
        self.t = translate
        self.scene = scene
        self.roller = roller
        self.line: str | None = None
        state: Any = scene().state
        names = [x.name for x in state.order if x.sheet is not None]
        taken = {n.casefold() for n in names}
        names += [s.name for s in state.sheets if s.key not in taken]
        self.names = names
        self.who = who if who is not None and who in names else (names[0] if names else "")
        first, _, rest = traits.partition("+")
        self.attribute = first
        self.skill = rest.split("+")[0] if rest else NONE

    @property
    def system(self) -> str:
        return self.scene().system

    def compose(self) -> ComposeResult:
        t = self.t
        with Vertical():
            yield Label(t("check.title", system=self.system), id="check-title")
            with Horizontal(id="check-top"):
                with Vertical(id="check-fields"):
                    with Horizontal(classes="row"):
                        yield Select(
                            [(n, n) for n in self.names] or [("—", "")],
                            value=self.who or Select.BLANK,
                            allow_blank=not self.names,
                            id="who",
                        )
                        yield Select(
                            [(sheet_text.trait(t, a.value), a.value) for a in Attribute],
                            value=self.attribute if self.attribute in set(Attribute) else "wits",
                            allow_blank=False,
                            id="attribute",
                        )
                        yield Select(
                            [(t("check.no-skill"), NONE)]
                            + [(sheet_text.trait(t, s.value), s.value) for s in Skill],
                            value=self.skill if self.skill in set(Skill) else NONE,
                            allow_blank=False,
                            id="skill",
                        )
                    with Horizontal(classes="row"):
                        yield Select(
                            [(t("check.no-specialty"), NONE)],
                            value=NONE,
                            allow_blank=False,
                            id="specialty",
                        )
                        yield Label(t("check.modifier-label"), classes="label")
                        yield OrderedInput("", id="modifier", classes="field", placeholder="±0")
                        yield Label(t("roll.dc-label"), classes="label")
                        yield OrderedInput(
                            "", id="dc", type="integer", classes="field", placeholder="—"
                        )
                    with Horizontal(classes="row"):
                        yield Label(t("roll.bonus-label"), classes="label")
                        yield OrderedInput(
                            "", id="bonus", type="integer", classes="field", placeholder="0"
                        )
                        yield Label(t("roll.penalty-label"), classes="label")
                        yield OrderedInput(
                            "", id="penalty", type="integer", classes="field", placeholder="0"
                        )
                    with Horizontal(classes="row"):
                        yield Checkbox(t("roll.willpower"), id="willpower")
                        yield Checkbox(t("roll.hidden-label"), id="hidden")
                yield Static("", id="check-breakdown")
            yield Static("", id="check-summary")
            yield OddsChart(id="check-chart")
            yield Static("", id="check-result")
            with Horizontal(classes="row buttons"):
                yield Button(t("roll.roll"), variant="primary", id="roll")
                yield Button(t("roll.close"), id="close")

    def on_mount(self) -> None:
        settle_cursors(self)
        self._fill_specialties()
        self.query_one("#attribute", Select).focus()
        self.keys_ready()
        self.update_odds()

    def _value(self, widget_id: str) -> str:
        widget = self.query_one(f"#{widget_id}")
        if isinstance(widget, Input):
            return widget.value
        if isinstance(widget, Select):
            value = widget.value
            return value if isinstance(value, str) else ""
        if isinstance(widget, Checkbox):
            return "yes" if widget.value else ""
        return ""

    def _sheet(self) -> Any:
        who = self._value("who")
        if not who:
            return None
        try:
            state: Any = self.scene().state
            return roller_sheet(state, who)
        except RuleError:
            return None

    def _fill_specialties(self) -> None:
        sheet = self._sheet()
        select = self.query_one("#specialty", Select)
        skill = self._value("skill")
        options = [(self.t("check.no-specialty"), NONE)]
        if sheet is not None:
            options += [
                (f"{s.name} {s.level}", s.name)
                for s in sheet.character.specialties
                if s.skill.value == skill
            ]
        select.set_options(options)
        select.value = NONE

    def traits(self) -> str:
        parts = [self._value("attribute")]
        for widget_id in ("skill", "specialty"):
            value = self._value(widget_id)
            if value:
                parts.append(value)
        modifier = self._value("modifier").strip()
        if modifier and modifier not in ("0", "+0", "-0"):
            number = parse_int(modifier, self.t("check.modifier-label"))
            parts.append(f"{number:+d}" if number < 0 else str(number))
        return "+".join(parts).replace("+-", "-")

    def current_line(self) -> str:
        return check_line(
            self._value("who"),
            self.traits(),
            dc=self._value("dc"),
            bonus=self._value("bonus"),
            penalty=self._value("penalty"),
            willpower=bool(self._value("willpower")),
            hidden=bool(self._value("hidden")),
        )

    def update_odds(self) -> None:
        """The pool from the sheet, line by line, and the exact odds of this check."""
        t = self.t
        summary = self.query_one("#check-summary", Static)
        breakdown = self.query_one("#check-breakdown", Static)
        chart = self.query_one(OddsChart)
        try:
            sheet = self._sheet()
            if sheet is None:
                raise RuleError("check.no-sheet")
            scene = self.scene()
            state: Any = scene.state
            traits = self.traits()
            pool = check_pool(sheet, traits, state.interpretations, scene.system)
            willpower = bool(self._value("willpower"))
            dc_text, bonus, penalty = (
                self._value("dc"),
                self._value("bonus"),
                self._value("penalty"),
            )
            spec = pool.spec(
                scene.system,
                state.interpretations,
                willpower=willpower,
                dc=parse_int(dc_text, "DC") if dc_text.strip() else None,
                bonus=parse_int(bonus, "bonus") if bonus.strip() else 0,
                penalty=parse_int(penalty, "penalty") if penalty.strip() else 0,
            )
            validate_spec(spec)
            lines = sheet_text.breakdown(t, pool, willpower)
            breakdown.update(Text("\n").join(lines))
            odds = check_odds(spec)
            chart.show(
                dict(enumerate(odds.distribution)), max(spec.dc, 1) if spec.dc is not None else None
            )
            words = t(
                "roll.odds",
                expected=f"{odds.expected:.2f}",
                dramatic=render.percent(odds.p_dramatic_failure),
            )
            if odds.p_success is not None:
                words = t("roll.p-success", p=render.percent(odds.p_success)) + "  " + words
            if odds.chance:
                words = t("roll.chance") + "  " + words
            summary.update(words)
            self.line = self.current_line()
        except RuleError as error:
            self.line = None
            chart.show({}, None)
            breakdown.update("")
            summary.update(Text(error.render(t.lang), style="red"))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id in ("who", "skill"):
            self._fill_specialties()
        self.update_odds()

    def submit(self) -> None:
        self.action_roll()

    def action_roll(self) -> None:
        """Roll the check in the scene and show its faces; without a roller, return the line."""
        self.update_odds()
        if self.line is None:
            return
        if self.roller is None:
            self.dismiss(self.line)
            return
        events = self.roller(self.line)
        if events is None:
            return
        lines = [render.roll_event(self.t, self.system, event) for event in events]
        shown = [line for line in lines if line is not None]
        self.query_one("#check-result", Static).update(shown[-1] if shown else "")
        self.update_odds()

    def action_close(self) -> None:
        self.dismiss(None)
