"""The roll dialog (RULES.md §1.1): build a check, watch its exact odds change as you type, roll.

The fields make a ``roll …`` line of the console language (INTERFACE.md §3); the same parser the
command line uses reads it, so the odds shown are those of exactly the check that will be rolled.
The dialog answers with the parsed command (a :class:`CommandDialog` that stays open); the scene
screen runs it through its one path into the engine and the dialog shows the result with its
faces; the roll is logged in the scene for the selected combatant (``by=NAME``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Checkbox, Input, Label, Select, Static

from console import render
from console.i18n import Translator
from console.keymap import ROLL_KEYS, bindings_for
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
from engine.dice import command as dice_command
from engine.dice import ww
from engine.dice.odds import check_odds, mist_odds
from engine.errors import RuleError
from engine.language import WHOLE_NUMBER, quote, tokenize
from engine.settings import Interpretations

POOL_TYPING = r"[-+]?[0-9]*([akmAKM][0-9]*)*"
"""What the ih-d10 pool field lets one type: a whole number or ``XaY[k8][m10]``."""


@dataclass(frozen=True, slots=True)
class WillpowerState:
    """The roller's willpower as the dialog shows it (RULES.md §1.7)."""

    left: int
    most: int
    waiting: bool = False
    """+3 DP already spent (``willpower NAME +3dp``) and not yet rolled: this roll takes it."""
    rolled: bool = False
    """This action's +3 DP has already gone into a roll (once per action)."""


def _with_settings(command: Any, settings: Interpretations) -> Any:
    from engine.commands import _with_settings as with_settings

    return with_settings(command, settings)


def roll_line(
    system: str,
    value: str,
    *,
    again: str = "",
    level: str = "",
    bonus: str = "",
    penalty: str = "",
    untrained: str = "",
    willpower: bool = False,
    dc: str = "",
    by: str | None = None,
    hidden: bool = False,
) -> str:
    """The ``roll`` command line for the dialog's fields (blank and default values left out).

    An ih-d10 pool written in the dice bots' notation (``5a8``, issue 28) makes a ``ww`` line
    instead: its again is the notation's, not the again field's.
    """
    pool = value.strip() or "0"
    bots = system == "ih-d10" and WHOLE_NUMBER.fullmatch(pool) is None
    parts = ["ww", pool] if bots else ["roll", system, pool]
    if bots:
        again = ""
    if system != "mist":
        for flag, text in (
            ("--again", again),
            ("--level", level),
            ("--bonus", bonus),
            ("--penalty", penalty),
            ("--untrained", untrained),
            ("--dc", dc),
        ):
            default = {"--again": "10", "--level": "1"}.get(flag)
            if text.strip() and text.strip() != default:
                parts += [flag, text.strip()]
        if willpower:
            parts.append("--willpower")
    if by:
        parts.append(f"by={quote(by)}")
    if hidden:
        parts.append("hidden")  # a secret roll, e.g. passive perception (RULES.md §1.6)
    return " ".join(parts)


class RollDialog(OddsForm, CommandDialog):
    """A check for ``ih-d10``/``ih-d6`` (or an action roll for ``mist``) with live exact odds."""

    CSS_PATH = "roll_dialog.tcss"
    BINDINGS = bindings_for(ROLL_KEYS)
    STAYS_OPEN = True

    def __init__(
        self,
        probe: Probe,
        translate: Translator,
        system: str,
        who: str | None,
        *,
        interpretations: Interpretations | None = None,
        willpower: WillpowerState | None = None,
    ) -> None:
        super().__init__(probe)
        self.t = translate
        self.system = system
        self.who = who
        self.interpretations = interpretations
        """The scene's [I-n] settings: the odds shown are those the scene's roll will have."""
        self.willpower = willpower
        """The roller's willpower (RULES.md §1.7), when the roller is in the fight."""
        self.line: str | None = None
        self.command: dice_command.RollCommand | None = None
        """The roll the fields make now (``None`` while they make none): what is rolled."""

    def compose(self) -> ComposeResult:
        t = self.t
        mist = self.system == "mist"
        with Vertical(id="roll-box"):
            title = t("roll.title", system=self.system)
            if self.who:
                title += " — " + self.who
            yield Label(title, id="roll-title")
            with Horizontal(classes="row"):
                yield Label(t("roll.power-label" if mist else "roll.dp-label"), classes="label")
                if self.system == "ih-d10":  # also the bots' pool notation, 5a8 (issue 28)
                    yield OrderedInput("3", id="value", restrict=POOL_TYPING, classes="field")
                else:
                    yield OrderedInput("3", id="value", type="integer", classes="field")
                if mist:
                    yield Checkbox(t("roll.hidden-label"), id="hidden")
                if self.system == "ih-d10":
                    yield Label(t("roll.again-label"), classes="label")
                    yield Select(
                        [(t("roll.again", n=n), str(n)) for n in (10, 9, 8)],
                        value="10",
                        allow_blank=False,
                        id="again",
                    )
                elif self.system == "ih-d6":
                    yield Label(t("roll.level-label"), classes="label")
                    yield Select(
                        [(f"{t('roll.level')} {n}", str(n)) for n in (1, 2, 3)],
                        value="1",
                        allow_blank=False,
                        id="level",
                    )
            if not mist:
                with Horizontal(classes="row"):
                    yield from bonus_and_penalty(t)
                    yield from number_field(t, "roll.dc-label", "dc", "—")
                with Horizontal(classes="row"):
                    yield Label(t("roll.untrained-label"), classes="label")
                    yield Select(
                        [
                            (t("roll.trained"), ""),
                            (t("roll.untrained.physical"), "physical"),
                            (t("roll.untrained.social"), "social"),
                            (t("roll.untrained.mental"), "mental"),
                        ],
                        value="",
                        allow_blank=False,
                        id="untrained",
                    )
                    yield Checkbox(
                        t("roll.willpower"),
                        self.willpower is not None and self.willpower.waiting,
                        id="willpower",
                        disabled=self.willpower is not None and self.willpower.waiting,
                    )
                    yield Checkbox(t("roll.hidden-label"), id="hidden")
                if self.willpower is not None:
                    yield Static(self._willpower_note(self.willpower), id="willpower-note")
            yield Static("", id="odds-summary")
            yield OddsChart(id="odds-chart")
            yield Static("", id="roll-result")
            yield roll_buttons(t)

    def on_mount(self) -> None:
        self.query_one("#value", Input).focus()
        self.update_odds()

    def _willpower_note(self, state: WillpowerState) -> str:
        """What the willpower box does for this roller (RULES.md §1.7: one spend, one roll)."""
        t, name = self.t, self.who or ""
        if state.waiting:
            return t("roll.willpower-waiting", name=name)
        if state.rolled:
            return t("roll.willpower-used", name=name)
        if state.left < 1:
            return t("roll.willpower-none", name=name)
        return t("roll.willpower-left", name=name, left=state.left, most=state.most)

    def current_line(self) -> str:
        """The ``roll`` line the fields make now."""
        return roll_line(
            self.system,
            self.field("value"),
            again=self.field("again"),
            level=self.field("level"),
            bonus=self.field("bonus"),
            penalty=self.field("penalty"),
            untrained=self.field("untrained"),
            willpower=bool(self.field("willpower")),
            dc=self.field("dc"),
            by=self.who,
            hidden=bool(self.field("hidden")),
        )

    def update_odds(self) -> None:
        """Recompute the exact odds of the check as it stands (engine/dice/odds.py)."""
        t = self.t
        summary = self.query_one("#odds-summary", Static)
        chart = self.query_one(OddsChart)
        line = self.current_line()
        try:
            tokens = tokenize(line)
            assert tokens is not None
            command = (ww.parse if ww.is_ww(tokens.verb) else dice_command.parse)(tokens)
            if self.interpretations is not None:
                command = _with_settings(command, self.interpretations)
            if command.mist is not None:
                odds_m = mist_odds(command.mist.power, command.mist.interpretations)
                chart.show(dict(odds_m.distribution), 9)
                summary.update(
                    t(
                        "roll.mist-odds",
                        fail=render.percent(odds_m.p_fail),
                        mixed=render.percent(odds_m.p_mixed),
                        success=render.percent(odds_m.p_success),
                    )
                )
            elif command.check is not None:
                odds = check_odds(command.check)
                check = command.check
                dc = check.dc
                chart.show(
                    dict(enumerate(odds.distribution)), max(dc, 1) if dc is not None else None
                )
                chance = t("roll.chance")
                if check.system == "ih-d10" and check.chance_again != check.again:
                    chance = t("roll.chance-ten-again", again=check.again)  # [I-7]
                summary.update(check_odds_words(t, odds, chance))
            self.line = line
            self.command = command
            self._show_again(command)
        except RuleError as error:
            self.line = None
            self.command = None
            chart.show({}, None)
            summary.update(Text(error.render(self.t.lang), style="red"))

    def _show_again(self, command: dice_command.RollCommand) -> None:
        """A pool in the bots' notation (``5a8``) carries its again: the again choice shows it
        and is locked while the pool says it (it said 10-again over an 8-again roll)."""
        if self.system != "ih-d10" or command.check is None:
            return
        choice = self.query_one("#again", Select)
        bots = WHOLE_NUMBER.fullmatch(self.field("value").strip() or "0") is None
        if bots:
            choice.value = str(command.check.again)
        choice.disabled = bots

    def action_roll(self) -> None:
        """Answer with the roll the fields make (the scene rolls it; its faces are shown)."""
        self.send()

    def action_close(self) -> None:
        self.dismiss(None)
