"""Small dialogs of the console: each a ``ModalScreen[T]`` that returns with ``dismiss`` (STYLE.md).

Dialogs that change the scene return a command object (``engine/ih/commands/``), which the
screen runs through the same path as the command line; a field that is not a number is said in
the dialog, which stays open. Escape cancels (``None``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic, TypeVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import (
    Button,
    Checkbox,
    Input,
    Label,
    OptionList,
    RadioButton,
    RadioSet,
    Static,
)
from textual.widgets.option_list import Option

from console.i18n import Translator
from console.keymap import CONFIRM_KEYS, DIALOG_KEYS, bindings_for
from console.widgets.ordered_input import OrderedInput
from engine.errors import RuleError
from engine.fullwidth import ascii_forms
from engine.language import parse_int

DIALOG_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 64; height: auto; max-height: 90%; border: thick $primary; background: $panel;
    padding: 1 2;
}}
{name} .title {{ text-style: bold; margin-bottom: 1; width: 100%; }}
{name} .question {{ width: 100%; height: auto; }}
{name} .error {{ color: $error; height: auto; }}
{name} .field-label {{ color: $text-muted; }}
{name} Input {{ margin-bottom: 1; }}
{name} Horizontal {{ height: auto; }}
{name} Button {{ margin-right: 2; }}
{name} .row {{ height: auto; }}
{name} .row-label {{
    width: 12; padding-left: 1; height: 3; content-align: left middle; color: $text-muted;
}}
{name} .row Input {{ width: 1fr; }}
{name}.-short > Vertical {{ padding: 0 1; max-height: 100%; }}
{name}.-short .title {{ margin-bottom: 0; }}
{name}.-short Input {{ height: 1; border: none !important; padding: 0 1; margin: 1 1 0 0; }}
{name}.-short Input:focus {{ background: $primary 40%; }}
{name}.-short .row-label {{ height: 1; margin-top: 1; }}
"""
"""Each dialog's style. Under 32 rows (an 80×24 terminal, ``-short``) fields are one row each
so the last field, the choices and the button stay on screen (issue 18)."""

SHORT_BREAKPOINTS = [(0, "-short"), (32, "-tall")]


def labelled(label: str, field: Input) -> Horizontal:
    """A field with its name beside it: the placeholder alone is gone once it is filled."""
    return Horizontal(Label(label, classes="row-label"), field, classes="row")


T = TypeVar("T")


def settle_cursors(screen: Screen[Any]) -> None:
    """Give the screen's text fields the app's cursor blink (off in snapshot tests)."""
    blink = bool(getattr(screen.app, "blink", True))
    for field in screen.query(Input):
        field.cursor_blink = blink


class _Dialog(ModalScreen[T | None], Generic[T]):
    BINDINGS = bindings_for(DIALOG_KEYS)

    def on_mount(self) -> None:
        settle_cursors(self)

    def answer(self, value: T) -> None:
        """Close with ``value`` (a command dialog built on this one asks the engine first)."""
        self.dismiss(value)

    def action_cancel(self) -> None:
        self.dismiss(None)


def titled_field(heading: str, field: Input) -> Vertical:
    """A dialog's box: its title over one field (an amount, a name)."""
    return Vertical(Label(heading, classes="title"), field)


class FormKeys:
    """Enter in a field or a press of the form's button sends the form (:meth:`send`)."""

    if TYPE_CHECKING:

        def send(self) -> None: ...

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.send()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.send()


class AmountDialog(_Dialog[int]):
    """Ask for a whole number (damage, healing, a willpower or initiative change)."""

    DEFAULT_CSS = DIALOG_CSS.format(name="AmountDialog")

    def __init__(
        self, translate: Translator, title: str, *, signed: bool = False, default: int | None = None
    ) -> None:
        super().__init__()
        self.t = translate
        self.heading = title
        self.signed = signed
        self.default = default
        """What an empty field answers (how many to add from a sheet: one), if anything."""

    def compose(self) -> ComposeResult:
        placeholder = self.t("dialog.signed" if self.signed else "dialog.amount")
        if self.default is not None:
            placeholder = str(self.default)
        with titled_field(self.heading, OrderedInput(placeholder=placeholder, id="amount")):
            yield Static("", classes="error", id="amount-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = ascii_forms(event.value).strip()  # a full-width １２ is 12; other digits are not
        if not text and self.default is not None:
            self.answer(self.default)
            return
        try:
            value = parse_int(text, self.heading)
        except RuleError:
            self.query_one("#amount-error", Static).update(self.t("dialog.not-a-number"))
            return
        if self.signed and not text.startswith(("+", "-")):
            value = abs(value)
        self.answer(value)


class ChoiceDialog(_Dialog[str]):
    """Pick one of a list (who to delay after, or the next round)."""

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="ChoiceDialog")
        + "ChoiceDialog OptionList { height: auto; max-height: 20; }"
    )

    def __init__(self, title: str, options: list[tuple[str, str]]) -> None:
        super().__init__()
        self.heading = title
        self.options = options

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.heading, classes="title")
            # Text, not markup: a threat's "[bitten-3]" (issue 29) or a name may hold brackets.
            yield OptionList(*(Option(Text(label), id=value) for value, label in self.options))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.answer(event.option.id)


class ConfirmDialog(_Dialog[bool]):
    """Yes or no before anything destructive (remove, delete)."""

    DEFAULT_CSS = DIALOG_CSS.format(name="ConfirmDialog")
    BINDINGS = bindings_for(CONFIRM_KEYS)

    def __init__(self, translate: Translator, question: str) -> None:
        super().__init__()
        self.t = translate
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            # The whole question, wrapped (a damaged file's path and problem can be long); no
            # markup, since a path or a reason may hold brackets.
            yield Static(self.question, classes="title question", markup=False)
            with Horizontal():
                yield Button(self.t("dialog.yes"), variant="error", id="yes")
                yield Button(self.t("dialog.no"), variant="primary", id="no")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.answer(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.answer(yes)


class TextDialog(_Dialog[str]):
    """Ask for a name (save as, rename, new scene)."""

    DEFAULT_CSS = DIALOG_CSS.format(name="TextDialog")

    def __init__(self, title: str, initial: str = "", placeholder: str = "") -> None:
        super().__init__()
        self.heading = title
        self.initial = initial
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        yield titled_field(
            self.heading, OrderedInput(self.initial, placeholder=self.placeholder, id="text")
        )

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.dismiss(event.value.strip())


SYSTEMS: tuple[str, ...] = ("ih-d10", "ih-d6", "mist")
"""The rule systems a new scene can use (INTERFACE.md §3, ``scene new``)."""


class NewSceneDialog(FormKeys, _Dialog[tuple[str, str, bool]]):
    """Ctrl+N: a new scene's name and its system, chosen here (the open scene's is only the
    first choice shown: a M.I.S.T. scene is often followed by a fight, issue 18), and whether
    the current scene stays open beside it (a split party, issue 25: ``scene new … split``)."""

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="NewSceneDialog")
        + "NewSceneDialog RadioSet { width: 1fr; margin-bottom: 1; }"
        + "NewSceneDialog Checkbox { width: 1fr; margin-bottom: 1; }"
        + "NewSceneDialog.-short Checkbox { border: none; height: 1; margin: 0 0 1 0; }"
    )
    VERTICAL_BREAKPOINTS = SHORT_BREAKPOINTS

    def __init__(self, translate: Translator, current: str) -> None:
        super().__init__()
        self.t = translate
        self.current = current if current in SYSTEMS else SYSTEMS[0]

    def compose(self) -> ComposeResult:
        t = self.t
        with Vertical():
            yield Label(t("dialog.new-scene-title"), classes="title")
            yield labelled(t("dialog.name"), OrderedInput(placeholder=t("dialog.name"), id="name"))
            yield Label(t("dialog.system"), classes="field-label")
            with RadioSet(id="system"):
                for system in SYSTEMS:
                    label = t(f"dialog.system-{system}")
                    yield RadioButton(label, value=system == self.current, id=system)
            yield Checkbox(t("dialog.split-party"), id="split")
            yield Button(t("dialog.create"), variant="primary", id="ok")
            yield Static("", classes="error", id="new-scene-error")

    def on_mount(self) -> None:
        super().on_mount()
        self.query_one("#name", Input).focus()

    def key_enter(self, event: events.Key) -> None:
        """Enter on the rules' list takes the rules under the cursor and creates the scene, as
        Enter in the name does (it only ticked them: a typist's ``⇥ ↓ ⏎`` made nothing)."""
        choice = self.query_one(RadioSet)
        if self.focused is choice:
            event.stop()
            event.prevent_default()
            under = [b.id for b in choice.query(RadioButton) if b.has_class("-selected")]
            self.send(under[0] if under and under[0] in SYSTEMS else None)

    def chosen(self) -> str:
        pressed = self.query_one(RadioSet).pressed_button
        return pressed.id if pressed is not None and pressed.id else self.current

    def send(self, system: str | None = None) -> None:
        name = self.query_one("#name", Input).value.strip()
        if not name:
            self.query_one("#new-scene-error", Static).update(self.t("dialog.need-name"))
            return
        chosen = system or self.chosen()
        self.dismiss((name, chosen, self.query_one("#split", Checkbox).value))
