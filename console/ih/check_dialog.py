"""The check dialog: a roll dialog filled from the sheet (RULES.md §3.10).

Pick who rolls, an attribute, a skill and a specialty of their sheet; the pool is worked out by
the engine (``engine.ih.checks.check_pool``) and shown line by line (attribute, skill,
specialty, modifiers, willpower, bonus successes, the untrained rule), with the exact odds of
that very check as the roll dialog shows them. The fields make one
:class:`~engine.ih.commands.Check`; rolling answers with it (a :class:`CommandDialog` that stays
open) and the scene screen runs it through its one path into the engine, so the willpower spend
and the log are the engine's, and the dialog shows the result.

Opposed (``vs=OTHER:TRAITS``): pick the opponent and their attribute and skill; both pools are
shown line by line and the odds become the roller's chance to win, to lose, and the ties with
the side the scene's [I-15] gives them to, from both exact distributions
(``engine.ih.opposed_odds``). After the roll the dialog says who won by how much.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Label, Select, Static

from console import render
from console.i18n import Translator
from console.ih import sheet_text
from console.ih.view import encounter_of
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
from engine.ih.checks import CheckPool, check_pool, roller_sheet
from engine.ih.opposed_odds import OpposedOdds, opposed_odds
from engine.ih.sheet_events import CheckMade
from engine.ih.traits import Attribute, Skill
from engine.language import parse_int

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
    CheckDialog SelectCurrent Static#label { height: 1; text-wrap: nowrap; }
    CheckDialog SelectCurrent Static#label { text-overflow: ellipsis; }
    CheckDialog .field { width: 8; }
    CheckDialog #check-top { height: auto; }
    CheckDialog #check-fields { width: 1fr; height: auto; }
    CheckDialog #check-breakdown { width: 26; height: auto; padding: 0 0 0 1; }
    CheckDialog .flags { height: 1; }
    CheckDialog Checkbox { width: auto; margin-right: 2; }
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
        who: str | None,
        traits: str = "dexterity+firearms",
    ) -> None:
        super().__init__(probe)
        self.t = translate
        self.command: ih.Check | None = None
        """The check the fields make now (``None`` while they make none): what is rolled."""
        self.opposed: OpposedOdds | None = None
        """The exact odds of the opposed check the fields make (``None`` when not opposed)."""
        state: Any = probe.scene.state
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
        return self.probe.scene.system

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
                        yield Select(
                            [(t("check.no-opponent"), NONE)]
                            + [(t("check.opponent-line", name=n), n) for n in self.names],
                            value=NONE,
                            allow_blank=False,
                            id="opponent",
                        )
                        yield Select(
                            [(sheet_text.trait(t, a.value), a.value) for a in Attribute],
                            value="wits",
                            allow_blank=False,
                            id="opponent-attribute",
                        )
                        yield Select(
                            [(t("check.no-skill"), NONE)]
                            + [(sheet_text.trait(t, s.value), s.value) for s in Skill],
                            value=NONE,
                            allow_blank=False,
                            id="opponent-skill",
                        )
                    with Horizontal(classes="flags"):
                        yield Checkbox(t("roll.willpower"), id="willpower", compact=True)
                        yield Checkbox(t("roll.hidden-label"), id="hidden", compact=True)
                yield Static("", id="check-breakdown")
            yield Static("", id="check-summary")
            yield OddsChart(id="check-chart")
            yield Static("", id="check-result")
            yield roll_buttons(t)

    def on_mount(self) -> None:
        self._fill_specialties()
        self.query_one("#attribute", Select).focus()
        self.update_odds()

    def _sheet(self, widget_id: str = "who") -> Any:
        who = self.field(widget_id)
        if not who:
            return None
        try:
            state: Any = self.probe.scene.state
            return roller_sheet(state, who)
        except RuleError:
            return None

    def opponent_traits(self) -> str | None:
        """``wits+stealth`` for the opponent's attribute and skill; ``None`` when not opposed."""
        if not self.field("opponent"):
            return None
        skill = self.field("opponent-skill")
        attribute = self.field("opponent-attribute")
        return f"{attribute}+{skill}" if skill else attribute

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

        opponent = self.field("opponent") or None
        dc = number("dc", "DC")
        if opponent is not None and dc is not None:
            raise RuleError("ih.check.dc-and-vs")
        return ih.Check(
            name=self.field("who"),
            traits=self.traits(),
            dc=dc,
            opponent=opponent,
            opponent_traits=self.opponent_traits(),
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
            scene = self.probe.scene
            state: Any = scene.state
            command = self.current_command()
            pool = check_pool(
                sheet,
                command.traits,
                state.interpretations,
                scene.system,
                save=command.opponent is None,  # §1.6: a save is never the acting side
            )
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
            odds = check_odds(spec)
            chart.show(
                dict(enumerate(odds.distribution)), max(spec.dc, 1) if spec.dc is not None else None
            )
            words: str | Text = check_odds_words(t, odds, t("roll.chance"))
            if command.opponent is not None:
                other = self._opponent_pool(command)
                lines.append(Text(t("check.opponent-line", name=command.opponent), style="bold"))
                lines += sheet_text.breakdown(t, other)
                theirs = check_odds(other.spec(scene.system, state.interpretations))
                self.opposed = opposed_odds(
                    odds.distribution, theirs.distribution, state.interpretations
                )
                words = opposed_words(t, command, self.opposed)
            else:
                self.opposed = None
            breakdown.update(Text("\n").join(lines))
            summary.update(words)
            self.command = command
        except RuleError as error:
            self.command = self.opposed = None
            chart.show({}, None)
            breakdown.update("")
            summary.update(Text(error.render(t.lang), style="red"))

    def _opponent_pool(self, command: ih.Check) -> CheckPool:
        """The opponent's pool as the engine rolls it (its sheet; no options of its own).

        Raises:
            RuleError: the opponent is the roller, or has no sheet, or the traits are refused.
        """
        scene = self.probe.scene
        state = encounter_of(scene)
        opponent = command.opponent or ""
        if opponent.casefold() == command.name.casefold():
            raise RuleError("ih.check.opposed-self", name=command.name)
        sheet = roller_sheet(state, opponent)
        return check_pool(
            sheet, command.opponent_traits or "", state.interpretations, scene.system, save=True
        )

    def verdict(self, events: tuple[object, ...]) -> Text | None:
        """For an opposed check, who won by how much (over the roll's faces)."""
        made = [e for e in events if isinstance(e, CheckMade) and e.opponent is not None]
        return verdict(self.t, made[-1]) if made else None

    def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id in ("who", "skill"):
            self._fill_specialties()
        self.update_odds()

    def action_roll(self) -> None:
        """Answer with the check the fields make (the scene rolls it; its faces are shown)."""
        self.send()

    def action_close(self) -> None:
        self.dismiss(None)


def opposed_words(t: Translator, command: ih.Check, odds: OpposedOdds) -> str:
    """The roller's chance to win and to lose, and the ties with the side [I-15] gives them to."""
    holder = command.opponent if odds.ties_to_defender else command.name
    if not odds.ties_to_defender and odds.p_tie_zero > 0:
        holder = f"{holder}{t('check.opposed-zero')}"
    return t(
        "check.opposed-odds",
        name=command.name,
        win=render.percent(odds.p_win),
        lose=render.percent(odds.p_lose),
        tie=render.percent(odds.p_tie),
        holder=holder,
    )


def verdict(t: Translator, event: CheckMade) -> Text:
    """Who won an opposed check and by how much (a tie is won as [I-15] says)."""
    mine = event.record.check.final_successes
    theirs = event.opponent.check.final_successes if event.opponent is not None else 0
    winner = event.record.by if event.success else (event.opponent.by if event.opponent else "")
    if mine == theirs:
        words = t("check.won-tie", name=winner, count=mine)
    else:
        words = t("check.won-by", name=winner, margin=abs(mine - theirs))
    return Text(words, style="bold green" if event.success else "bold red")
