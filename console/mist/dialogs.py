"""The small M.I.S.T. dialogs: a form that makes one command line, and the effects step.

Each dialog builds a line of the console language (``engine/mist/language.py``) and runs it
through the screen's one path into the engine; a refused line keeps the dialog open so nothing
typed is lost (issue 7 §3, §4). Enter submits, Tab moves between fields, Escape closes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.suggester import SuggestFromList
from textual.widgets import Input, Label, RadioButton, RadioSet, Static

from console.i18n import Translator
from console.mist import render
from engine.dice.mist import Outcome
from engine.language import quote
from engine.mist.state import ActionRecord, MistState

Runner = Callable[[str], tuple[Any, ...] | None]


@dataclass(frozen=True, slots=True)
class Field:
    """One input of a form: its key, placeholder, first value and completions."""

    key: str
    placeholder: str
    value: str = ""
    suggestions: tuple[str, ...] = ()


Values = dict[str, str]


class FormDialog(ModalScreen[tuple[Any, ...] | None]):
    """Fields → one command line, with an optional live preview (odds, the gate…)."""

    CSS_PATH = "mist_screen.tcss"
    BINDINGS = [Binding("escape", "close", "Close", show=False, id="mist.dialog.close")]

    def __init__(
        self,
        title: str,
        fields: tuple[Field, ...],
        build: Callable[[Values], str | None],
        runner: Runner,
        *,
        preview: Callable[[Values], RenderableType] | None = None,
        note: RenderableType | None = None,
    ) -> None:
        super().__init__()
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
                yield Input(
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
        self._preview()

    def _preview(self) -> None:
        if self.preview is not None:
            self.query_one("#form-preview", Static).update(self.preview(self.values()))

    def on_input_changed(self, event: Input.Changed) -> None:
        self._preview()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        line = self.build(self.values())
        error = self.query_one("#form-error", Static)
        if line is None:
            error.update(Text("…", style="red"))
            return
        events = self.runner(line)
        if events is None:
            error.update(Text("✗ " + line, style="red"))
            return
        self.dismiss(events)

    def action_close(self) -> None:
        self.dismiss(None)


EFFECT_KINDS: tuple[str, ...] = ("status", "reduce", "tag", "untag", "clue", "feat")
"""The effects of RULES.md §4.2, in the order the dialog lists them."""


class EffectsDialog(ModalScreen[None]):
    """Spend an action's power on effects, the power left shown after each (RULES.md §4.2).

    It stays open while power is left; Escape ends the step (not every action spends it all).
    """

    CSS_PATH = "mist_screen.tcss"
    BINDINGS = [Binding("escape", "close", "Close", show=False, id="mist.dialog.close")]

    def __init__(
        self,
        translate: Translator,
        state: Callable[[], MistState],
        runner: Runner,
    ) -> None:
        super().__init__()
        self.t = translate
        self.state = state
        self.runner = runner

    @property
    def action(self) -> ActionRecord | None:
        actions = self.state().actions
        return actions[-1] if actions else None

    def _names(self) -> tuple[str, ...]:
        state = self.state()
        return (
            tuple(c.name for c in state.challenges)
            + tuple(p.name for p in state.characters)
            + ("scene",)
        )

    def _kinds_for(self, target: str) -> tuple[str, ...]:
        state = self.state()
        found = next((c for c in state.challenges if c.name.casefold() == target.casefold()), None)
        names: list[str] = []
        if found is not None:
            names += [limit.kind for limit in found.limits]
            names += [s.name for s in found.statuses]
        for person in state.characters:
            names += [s.name for s in person.statuses]
        return tuple(dict.fromkeys(names))

    def compose(self) -> ComposeResult:
        t = self.t
        action = self.action
        target = (action.target if action else None) or next(
            (c.name for c in self.state().challenges if not c.overcome), ""
        )
        kinds = self._kinds_for(target) if target else ()
        with Vertical(classes="mist-form", id="effects-box"):
            yield Label(t("mist.effects.title"), classes="title")
            yield Static("", id="effects-left")
            with RadioSet(id="effect-kind"):
                for index, kind in enumerate(EFFECT_KINDS):
                    yield RadioButton(
                        t(f"mist.effects.{kind}"), value=index == 0, id=f"kind-{kind}"
                    )
            yield Input(
                target,
                placeholder=t("mist.effects.target"),
                id="effect-target",
                suggester=SuggestFromList(self._names(), case_sensitive=False),
            )
            yield Input(
                kinds[0] if kinds else "",
                placeholder=t("mist.effects.name"),
                id="effect-name",
                suggester=SuggestFromList(kinds, case_sensitive=False) if kinds else None,
            )
            yield Input(
                str(action.left) if action and action.left else "1",
                placeholder=t("mist.effects.amount"),
                id="effect-amount",
                type="integer",
            )
            yield Static("", classes="preview", id="effects-done")
            yield Static(t("mist.effects.hint"), classes="note")

    def on_mount(self) -> None:
        self._show_left()
        self.query_one("#effect-amount", Input).focus()

    def _show_left(self) -> None:
        action = self.action
        box = self.query_one("#effects-left", Static)
        if action is None:
            box.update(Text(self.t("mist.effects.none"), style="red"))
            return
        text = Text(f"{action.id} {action.actor} {action.total} → ", style="bold")
        text.append(
            self.t(f"mist.outcome.{action.outcome.value}"),
            render.BAND_STYLES[action.outcome.value],
        )
        text.append("   " + self.t("mist.effects.left", left=action.left), style="bold reverse")
        box.update(text)

    def kind(self) -> str:
        pressed = self.query_one(RadioSet).pressed_button
        return (pressed.id or "kind-status").removeprefix("kind-") if pressed else "status"

    def command_line(self) -> str:
        """The ``effect …`` line the fields make now."""
        kind = self.kind()
        target = quote(self.query_one("#effect-target", Input).value.strip() or "scene")
        name = self.query_one("#effect-name", Input).value.strip()
        amount = self.query_one("#effect-amount", Input).value.strip() or "1"
        if kind in ("status", "reduce"):
            return f"effect {kind} {target} {quote(name)} {amount}"
        if kind in ("tag", "untag"):
            return f'effect {kind} {target} "{name}"'
        return f'effect {kind} "{name}"'

    def on_radio_set_changed(self, event: RadioSet.Changed) -> None:
        """Jump to the field the chosen effect needs, so a mixed spend is a few keys each."""
        kind = self.kind()
        name = self.query_one("#effect-name", Input)
        amount = self.query_one("#effect-amount", Input)
        amount.disabled = kind not in ("status", "reduce")
        self.query_one("#effect-target", Input).disabled = kind in ("clue", "feat")
        if kind in ("clue", "feat", "tag", "untag"):
            if kind in ("clue", "feat"):
                name.value = ""
            name.placeholder = self.t(f"mist.effects.{kind}-name")
            name.focus()
        else:
            name.placeholder = self.t("mist.effects.name")
            amount.focus()

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "effect-target":
            kinds = self._kinds_for(event.value.strip())
            name = self.query_one("#effect-name", Input)
            name.suggester = SuggestFromList(kinds, case_sensitive=False) if kinds else None

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        line = self.command_line()
        events = self.runner(line)
        if events is None:
            return
        done = self.query_one("#effects-done", Static)
        done.update(Group(*(Text("✓ " + render.event(self.t, e)) for e in events)))
        self._show_left()
        action = self.action
        if action is None or action.left <= 0 or action.outcome is Outcome.FAIL:
            self.dismiss(None)
            return
        amount = self.query_one("#effect-amount", Input)
        try:
            asked = int(amount.value.strip() or "1")
        except ValueError:
            asked = action.left
        amount.value = str(max(1, min(asked, action.left)))
        if self.kind() in ("clue", "feat", "tag", "untag"):
            self.query_one("#effect-name", Input).value = ""

    def action_close(self) -> None:
        self.dismiss(None)
