"""The M.I.S.T. form: fields that make one command (the roll builder and the effects step have
modules of their own).

A form is a :class:`~console.screens.command_dialog.CommandDialog`: it builds a command object
(``engine/mist/commands.py``) from its fields, asks the scene whether the engine would take it,
and answers with it; the screen runs it through its one path into the engine. A refused command,
or a field the command cannot be made from (a tier that is not a number), keeps the form open
with the reason under the fields, so nothing typed is lost (RULES.md §4; STYLE.md). Enter
submits, Tab moves between fields, Escape closes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, Static

from console.i18n import Translator, refusal_text, translator_of
from console.keymap import MIST_DIALOG_KEYS, bindings_for
from console.screens.command_dialog import CommandDialog, Probe
from console.widgets.ordered_input import OrderedInput
from engine.errors import RuleError


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


@dataclass(frozen=True, slots=True)
class FormSpec:
    """What a form asks for and the command it makes of the answers."""

    heading: str
    """Its title, in the table's language."""
    fields: tuple[Field, ...]
    build: Callable[[Values], Any]
    """The command the values make (``None``: not enough is typed yet); a field that cannot be
    read (a tier that is not a number) raises :class:`~engine.errors.RuleError`."""
    preview: Callable[[Values], RenderableType] | None = None
    """A live preview under the fields (the odds, the gate…), made again as they change."""
    note: RenderableType | None = None
    """Text over the fields (the clues a conclusion may cite…)."""
    start: str | None = None
    """The key of the field that has the focus first (else the first field). A form whose
    first field is filled in for the GM (the selected character as the target) starts on the
    next one, so what is typed right after the key goes there and does not replace the target
    (issue 18)."""


def field(t: Translator, key: str, value: str = "", suggestions: tuple[str, ...] = ()) -> Field:
    """The field ``key`` with its placeholder and label in the console's language."""
    return Field(key, t(f"mist.field.{key}"), value, suggestions, t(f"mist.label.{key}"))


class FormDialog(CommandDialog):
    """Fields → one command, with an optional live preview (odds, the gate…)."""

    CSS_PATH = "mist_screen.tcss"
    BINDINGS = bindings_for(MIST_DIALOG_KEYS)
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    """Under 32 rows (an 80×24 terminal) the fields are one line each, so the preview shows."""

    def __init__(self, probe: Probe, spec: FormSpec) -> None:
        super().__init__(probe)
        self.spec = spec

    def compose(self) -> ComposeResult:
        spec = self.spec
        with Vertical(classes="mist-form"):
            yield Label(spec.heading, classes="title")
            if spec.note is not None:
                yield Static(spec.note, classes="note")
            for one in spec.fields:
                suggester = (
                    SuggestFromList(one.suggestions, case_sensitive=False)
                    if one.suggestions
                    else None
                )
                # A label beside each field: the placeholder alone is gone once it is filled.
                with Horizontal(classes="form-row"):
                    yield Label(one.label or one.placeholder, classes="form-label")
                    yield OrderedInput(
                        one.value,
                        placeholder=one.placeholder,
                        id=f"field-{one.key}",
                        suggester=suggester,
                    )
            yield Static("", classes="preview", id="form-preview")
            yield Static("", classes="error", id="form-error")

    def values(self) -> Values:
        """The fields as they stand."""
        fields = self.spec.fields
        return {f.key: self.query_one(f"#field-{f.key}", Input).value.strip() for f in fields}

    def on_mount(self) -> None:  # then CommandDialog.on_mount (Textual calls each class's)
        if self.spec.start is not None:
            self.query_one(f"#field-{self.spec.start}", Input).focus()
        self._preview()

    def _preview(self) -> None:
        if self.spec.preview is not None:
            self.query_one("#form-preview", Static).update(self.spec.preview(self.values()))

    def on_input_changed(self, event: Input.Changed) -> None:
        self._preview()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        error = self.query_one("#form-error", Static)
        try:
            command = self.spec.build(self.values())
        except RuleError as refusal:
            error.update(Text("✗ " + refusal_text(refusal, self), style="red"))
            return
        if command is None:
            error.update(Text("✗ " + self.incomplete(), style="red"))
            return
        self.submit(command)

    def incomplete(self) -> str:
        """What the form still needs, in words (not "…", issue 27 §3): the empty fields without
        which it makes no command, by name."""
        t = translator_of(self)
        values = self.values()
        empty = [one for one in self.spec.fields if not values[one.key]]

        def builds_without(left_empty: Field) -> bool:
            filled = {one.key: "1" for one in empty if one is not left_empty}
            try:
                return self.spec.build({**values, **filled}) is not None
            except RuleError:
                return True  # it got past the missing field to a value it could not read

        def builds_with(only: Field) -> bool:
            try:
                return self.spec.build({**values, only.key: "1"}) is not None
            except RuleError:
                return False  # "1" is no value of it (a profile's name): not the one missing

        # One field missing: the one that alone makes a command (a form with optional fields,
        # such as a challenge's profile, would otherwise hide it); else those it cannot lack.
        alone = [one for one in empty if builds_with(one)]
        missing = alone if len(alone) == 1 else [one for one in empty if not builds_without(one)]
        needed = [one.label or one.placeholder for one in missing]
        if not needed:
            return t("mist.form.incomplete")
        return t("mist.form.fill-in", fields=("、" if t.is_chinese else ", ").join(needed))

    def show_refusal(self, reason: str, command: object) -> None:
        """The reason and the command as the journal would write it, under the fields."""
        from engine.commands import format_command

        line = format_command(command)
        self.query_one("#form-error", Static).update(Text("✗ " + reason + "\n  " + line, "red"))
