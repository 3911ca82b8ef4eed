"""The check dialog: a roll dialog filled from the sheet (RULES.md §3.10).

Pick who rolls, an attribute, a skill and a specialty of their sheet; the pool is worked out by
the engine (``engine.ih.checks.check_pool``) and shown line by line (attribute, skill,
specialty, modifiers, willpower, bonus successes, the untrained rule), with the exact odds of
that very check as the roll dialog shows them. The fields make one
:class:`~engine.ih.commands.Check`; rolling answers with it (a :class:`CommandDialog` that stays
open) and the scene screen runs it through its one path into the engine, so the willpower spend
and the log are the engine's, and the dialog shows the result.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Label, Select, Static

from console import sheet_text
from console.i18n import Translator
from console.keymap import CHECK_KEYS, bindings_for
from console.screens.command_dialog import CommandDialog, Probe
from console.screens.odds_form import (
    OddsForm,
    bonus_and_penalty,
    check_odds_words,
    number_field,
    roll_buttons,
)
from console.widgets.odds_chart import OddsChart
from console.widgets.ordered_input import OrderedInput
from engine.dice.ih import validate_spec
from engine.dice.odds import check_odds
from engine.errors import RuleError
from engine.ih import commands as ih
from engine.ih.checks import check_pool, roller_sheet
from engine.ih.traits import Attribute, Skill
from engine.language import parse_int
from engine.session import Scene

NONE = ""


class CheckDialog(OddsForm, CommandDialog):
    """A check from a sheet with its pool breakdown and live exact odds."""

    SUMMARY = "check-summary"
    RESULT = "check-result"
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
    STAYS_OPEN = True

    def __init__(
        self,
        probe: Probe,
        translate: Translator,
        scene: Callable[[], Scene],
        who: str | None,
        traits: str = "dexterity+firearms",
    ) -> None:
        super().__init__(probe)
        self.t = translate
        self.scene = scene
        self.command: ih.Check | None = None
        """The check the fields make now (``None`` while they make none): what is rolled."""
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
                        yield from number_field(t, "roll.dc-label", "dc", "—")
                    with Horizontal(classes="row"):
                        yield from bonus_and_penalty(t)
                    with Horizontal(classes="row"):
                        yield Checkbox(t("roll.willpower"), id="willpower")
                        yield Checkbox(t("roll.hidden-label"), id="hidden")
                yield Static("", id="check-breakdown")
            yield Static("", id="check-summary")
            yield OddsChart(id="check-chart")
            yield Static("", id="check-result")
            yield roll_buttons(t)

    def on_mount(self) -> None:
        self._fill_specialties()
        self.query_one("#attribute", Select).focus()
        self.update_odds()

    def _sheet(self) -> Any:
        who = self.field("who")
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
        skill = self.field("skill")
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
        parts = [self.field("attribute")]
        for widget_id in ("skill", "specialty"):
            value = self.field(widget_id)
            if value:
                parts.append(value)
        modifier = self.field("modifier").strip()
        if modifier and modifier not in ("0", "+0", "-0"):
            number = parse_int(modifier, self.t("check.modifier-label"))
            parts.append(f"{number:+d}" if number < 0 else str(number))
        return "+".join(parts).replace("+-", "-")

    def current_command(self) -> ih.Check:
        """The check the fields make now.

        Raises:
            RuleError: a field that is not a whole number where one is needed.
        """

        def number(widget_id: str, what: str) -> int | None:
            text = self.field(widget_id).strip()
            return parse_int(text, what) if text else None

        return ih.Check(
            name=self.field("who"),
            traits=self.traits(),
            dc=number("dc", "DC"),
            willpower=bool(self.field("willpower")),
            bonus=number("bonus", "bonus") or 0,
            penalty=number("penalty", "penalty") or 0,
            hidden=bool(self.field("hidden")),
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
            command = self.current_command()
            pool = check_pool(sheet, command.traits, state.interpretations, scene.system)
            spec = pool.spec(
                scene.system,
                state.interpretations,
                willpower=command.willpower,
                dc=command.dc,
                bonus=command.bonus,
                penalty=command.penalty,
            )
            validate_spec(spec)
            lines = sheet_text.breakdown(t, pool, command.willpower)
            breakdown.update(Text("\n").join(lines))
            odds = check_odds(spec)
            chart.show(
                dict(enumerate(odds.distribution)), max(spec.dc, 1) if spec.dc is not None else None
            )
            summary.update(check_odds_words(t, odds, t("roll.chance")))
            self.command = command
        except RuleError as error:
            self.command = None
            chart.show({}, None)
            breakdown.update("")
            summary.update(Text(error.render(t.lang), style="red"))

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id in ("who", "skill"):
            self._fill_specialties()
        self.update_odds()

    def action_roll(self) -> None:
        """Answer with the check the fields make (the scene rolls it; its faces are shown)."""
        self.send()

    def action_close(self) -> None:
        self.dismiss(None)
