"""The small M.I.S.T. dialogs: a form that makes one command (the effects step is in
``console/mist/effects.py``).

Each dialog builds a command object (``engine/mist/commands.py``) from its fields and runs it
through the screen's one path into the engine; a refused command, or a field the command cannot
be made from (a tier that is not a number), keeps the dialog open so nothing typed is lost
(RULES.md §4; STYLE.md). Enter submits, Tab moves between fields, Escape closes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, Static

from console.keymap import MIST_DIALOG_KEYS, bindings_for
from console.screens.dialogs import EarlyKeys, settle_cursors
from console.widgets.ordered_input import OrderedInput
from engine.errors import RuleError

Runner = Callable[[Any], tuple[Any, ...] | str]
"""Runs a command object in the scene: its events, or the reason it was refused."""


@dataclass(frozen=True, slots=True)
class Field:
    """One input of a form: its key, placeholder, first value, completions and label."""

    key: str
    placeholder: str
    value: str = ""
    suggestions: tuple[str, ...] = ()
    label: str = ""
    """The short name shown beside the field (the placeholder when empty)."""


Values = dict[str, str]


class FormDialog(EarlyKeys, ModalScreen[tuple[Any, ...] | None]):
    """Fields → one command, with an optional live preview (odds, the gate…)."""

    CSS_PATH = "mist_screen.tcss"
    BINDINGS = bindings_for(MIST_DIALOG_KEYS)
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    """Under 32 rows (an 80×24 terminal) the fields are one line each, so the preview shows."""

    def __init__(
        self,
        title: str,
        fields: tuple[Field, ...],
        build: Callable[[Values], Any],
        runner: Runner,
        *,
        preview: Callable[[Values], RenderableType] | None = None,
        note: RenderableType | None = None,
        start: str | None = None,
    ) -> None:
        """``start``: the key of the field that has the focus first (else the first field).

        A form whose first field is filled in for the GM (the selected character as the
        target) starts on the next one, so what is typed right after the key goes there and
        does not replace the target (issue 18).
        """
        super().__init__()
        self.start = start
        self.heading = title
        self.fields = fields
        self.build = build
        self.runner = runner
        self.preview = preview
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(classes="mist-form"):
            yield Label(self.heading, classes="title")
            if self.note is not None:
                yield Static(self.note, classes="note")
            for field in self.fields:
                suggester = (
                    SuggestFromList(field.suggestions, case_sensitive=False)
                    if field.suggestions
                    else None
                )
                # A label beside each field: the placeholder alone is gone once it is filled.
                with Horizontal(classes="form-row"):
                    yield Label(field.label or field.placeholder, classes="form-label")
                    yield OrderedInput(
                        field.value,
                        placeholder=field.placeholder,
                        id=f"field-{field.key}",
                        suggester=suggester,
                    )
            yield Static("", classes="preview", id="form-preview")
            yield Static("", classes="error", id="form-error")

    def values(self) -> Values:
        """The fields as they stand."""
        return {f.key: self.query_one(f"#field-{f.key}", Input).value.strip() for f in self.fields}

    def on_mount(self) -> None:
        settle_cursors(self)
        if self.start is not None:
            self.query_one(f"#field-{self.start}", Input).focus()
        self._preview()
        self.keys_ready()

    def _preview(self) -> None:
        if self.preview is not None:
            self.query_one("#form-preview", Static).update(self.preview(self.values()))

    def on_input_changed(self, event: Input.Changed) -> None:
        self._preview()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        error = self.query_one("#form-error", Static)
        try:
            command = self.build(self.values())
        except RuleError as refusal:
            error.update(Text("✗ " + refusal.message, style="red"))
            return
        if command is None:
            error.update(Text("…", style="red"))
            return
        outcome = self.runner(command)
        if isinstance(outcome, str):
            from engine.commands import format_command

            line = format_command(command)
            error.update(Text("✗ " + outcome + "\n  " + line, style="red"))
            return
        self.dismiss(outcome)

    def action_close(self) -> None:
        self.dismiss(None)
