"""What the roll, check and attack dialogs share: any edit redraws the exact odds, Enter or the
primary button rolls, the other button closes (the odds are shown before any die is rolled);
the fields a check has in both the roll and the check dialog; the words of a check's odds."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual.containers import Horizontal
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from console import render
from console.i18n import Translator
from console.roll_lines import roll_event
from console.widgets.ordered_input import OrderedInput


class OddsForm:
    """A command dialog whose fields feed an odds preview; ``SUBMIT`` names its primary button,
    ``SUMMARY`` the line of the odds (where a refusal is said), ``RESULT`` the roll's line."""

    SUBMIT: ClassVar[str] = "roll"
    SUMMARY: ClassVar[str] = "odds-summary"
    RESULT: ClassVar[str] = "roll-result"
    command: object | None
    """The command the fields make now (``None`` while they make none): what is rolled."""

    if TYPE_CHECKING:  # each dialog computes its odds and closes its own way
        t: Translator

        def update_odds(self) -> None: ...
        def action_close(self) -> None: ...
        def submit(self, command: object) -> bool: ...

    def send(self) -> None:
        """Answer with the command the fields make now (the scene rolls it)."""
        self.update_odds()
        if self.command is not None:
            self.submit(self.command)

    def _line(self, widget_id: str) -> Static:
        dialog: Any = self  # a mixin: the dialog is the DOM node
        found: Static = dialog.query_one(f"#{widget_id}", Static)
        return found

    def show_refusal(self, reason: str, command: object) -> None:
        self._line(self.SUMMARY).update(Text(reason, style="red"))

    def show_outcome(self, events: tuple[Any, ...] | None) -> None:
        """The roll's faces in words; the odds then follow the scene as it is after it."""
        if events is None:
            return
        dialog: Any = self  # the roll dialog's system, or the check dialog's scene's
        lines = [roll_event(self.t, dialog.system, event) for event in events]
        shown = [line for line in lines if line is not None]
        verdict = self.verdict(events)
        result = ([verdict] if verdict is not None else []) + shown[-1:]
        self._line(self.RESULT).update(Text("\n").join(result))
        self.update_odds()

    def verdict(self, events: tuple[object, ...]) -> Text | None:
        """A line over the roll's faces that says what the roll decided (none by default)."""
        return None

    def on_input_changed(self, event: Input.Changed) -> None:
        self.update_odds()

    def on_select_changed(self, event: Select.Changed) -> None:
        self.update_odds()

    def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        self.update_odds()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.send()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == self.SUBMIT:
            self.send()
        else:
            self.action_close()

    def field(self, widget_id: str) -> str:
        """What a field holds now: an input's text, a choice's value, ``"yes"`` for a ticked
        box, ``""`` for a field the dialog does not have."""
        dialog: Any = self  # a mixin: the dialog is the DOM node
        found = dialog.query(f"#{widget_id}")
        if not found:
            return ""
        widget = found.first()
        if isinstance(widget, Input):
            return str(widget.value)
        if isinstance(widget, Select):
            value = widget.value
            return value if isinstance(value, str) else ""
        if isinstance(widget, Checkbox):
            return "yes" if widget.value else ""
        return ""


def number_field(t: Translator, label: str, widget_id: str, placeholder: str) -> Iterator[Widget]:
    """A labelled whole-number field of a check (bonus, penalty, DC)."""
    yield Label(t(label), classes="label")
    yield OrderedInput("", id=widget_id, type="integer", classes="field", placeholder=placeholder)


def bonus_and_penalty(t: Translator) -> Iterator[Widget]:
    """The bonus dice and penalty fields of a check (RULES.md §1.1)."""
    yield from number_field(t, "roll.bonus-label", "bonus", "0")
    yield from number_field(t, "roll.penalty-label", "penalty", "0")


def roll_buttons(t: Translator) -> Horizontal:
    """Roll and close, under the odds."""
    return Horizontal(
        Button(t("roll.roll"), variant="primary", id="roll"),
        Button(t("roll.close"), id="close"),
        classes="row buttons",
    )


def check_odds_words(t: Translator, odds: Any, chance: str) -> str:
    """A check's odds in words: the chance of success (with a DC), the expected successes and
    the chance of a dramatic failure, after ``chance`` for a chance die (RULES.md §1.1)."""
    words = t(
        "roll.odds",
        expected=f"{odds.expected:.2f}",
        dramatic=render.percent(odds.p_dramatic_failure),
    )
    if odds.p_success is not None:
        words = t("roll.p-success", p=render.percent(odds.p_success)) + "  " + words
    if odds.chance:
        words = chance + "  " + words
    return words
