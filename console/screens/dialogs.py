"""Small dialogs of the console: each a ``ModalScreen[T]`` that returns with ``dismiss`` (STYLE.md).

Dialogs that change the scene return a line of the console language (INTERFACE.md §3), so the
screen runs it through the same path as the command line. Escape cancels (``None``).
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, OptionList, RadioButton, RadioSet, Static
from textual.widgets.option_list import Option

from console.i18n import Translator
from console.widgets.ordered_input import OrderedInput
from engine.language import quote

DIALOG_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 64; height: auto; max-height: 90%; border: thick $primary; background: $panel;
    padding: 1 2;
}}
{name} .title {{ text-style: bold; margin-bottom: 1; }}
{name} .question {{ width: 100%; height: auto; }}
{name} .error {{ color: $error; height: auto; }}
{name} .field-label {{ color: $text-muted; }}
{name} Input {{ margin-bottom: 1; }}
{name} Horizontal {{ height: auto; }}
{name} Button {{ margin-right: 2; }}
"""


T = TypeVar("T")


def settle_cursors(screen: Screen[Any]) -> None:
    """Give the screen's text fields the app's cursor blink (off in snapshot tests)."""
    blink = bool(getattr(screen.app, "blink", True))
    for field in screen.query(Input):
        field.cursor_blink = blink


class EarlyKeys:
    """Keys typed before a dialog has its focus are kept and replayed to it, in order.

    A terminal delivers a fast burst such as ``r9⏎`` (open the roll dialog, DP 9, roll) in one
    read: the keys after the first reach the new screen before its field has the focus and
    would be lost. Mixed into every modal screen of the console; call :meth:`keys_ready` once
    the screen has set its focus (``on_mount``).
    """

    _early: list[events.Key] | None = None
    """Keys held back until the focus is set; ``None`` once they were replayed."""
    _live = False

    def on_key(self, event: events.Key) -> None:
        screen: Any = self
        if self._live or screen.focused is not None:
            return  # delivered to the focused field already (and bubbling up from it)
        if self._early is None:
            self._early = []
        event.stop()
        event.prevent_default()
        self._early.append(event)

    def keys_ready(self) -> None:
        """Replay the early keys after the next refresh (the focus is set by then)."""
        screen: Any = self
        screen.call_after_refresh(self._replay)

    def _replay(self) -> None:
        self._live = True
        early, self._early = self._early or [], None
        app: Any = getattr(self, "app")  # noqa: B009 - a mixin: the screen has the app
        # Posted from the app's own loop, as if typed now (a key sent from the screen's
        # context would not bubble back to the app's bindings, e.g. Enter to submit).
        app.call_later(_post_keys, app, [(event.key, event.character) for event in early])


def _post_keys(app: Any, keys: list[tuple[str, str | None]]) -> None:
    for key, character in keys:
        app.post_message(events.Key(key, character))


class _Dialog(EarlyKeys, ModalScreen[T | None], Generic[T]):
    BINDINGS = [Binding("escape", "cancel", "Cancel", show=False, id="dialog.cancel")]

    def on_mount(self) -> None:
        settle_cursors(self)
        self.keys_ready()

    def action_cancel(self) -> None:
        self.dismiss(None)


class AmountDialog(_Dialog[int]):
    """Ask for a whole number (damage, healing, a willpower or initiative change)."""

    DEFAULT_CSS = DIALOG_CSS.format(name="AmountDialog")

    def __init__(self, translate: Translator, title: str, *, signed: bool = False) -> None:
        super().__init__()
        self.t = translate
        self.heading = title
        self.signed = signed

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.heading, classes="title")
            yield OrderedInput(
                placeholder=self.t("dialog.signed" if self.signed else "dialog.amount"),
                id="amount",
            )
            yield Static("", classes="error", id="amount-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        try:
            value = int(text)
        except ValueError:
            self.query_one("#amount-error", Static).update(self.t("dialog.not-a-number"))
            return
        if self.signed and not text.startswith(("+", "-")):
            value = abs(value)
        self.dismiss(value)


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
            yield OptionList(*(Option(label, id=value) for value, label in self.options))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)


class ConfirmDialog(_Dialog[bool]):
    """Yes or no before anything destructive (remove, delete)."""

    DEFAULT_CSS = DIALOG_CSS.format(name="ConfirmDialog")
    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="dialog.yes"),
        Binding("n", "answer(False)", "No", id="dialog.no"),
    ]

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
        self.dismiss(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


class TextDialog(_Dialog[str]):
    """Ask for a name (save as, rename, new scene)."""

    DEFAULT_CSS = DIALOG_CSS.format(name="TextDialog")

    def __init__(self, title: str, initial: str = "", placeholder: str = "") -> None:
        super().__init__()
        self.heading = title
        self.initial = initial
        self.placeholder = placeholder

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.heading, classes="title")
            yield OrderedInput(self.initial, placeholder=self.placeholder, id="text")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.dismiss(event.value.strip())


class CombatantDialog(_Dialog[str]):
    """Add a combatant before the fight or have one join mid-fight (RULES.md §3.3, §3.5).

    Returns the ``add`` / ``join`` command line.
    """

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="CombatantDialog")
        + """
    CombatantDialog Horizontal Input { width: 1fr; }
    CombatantDialog RadioSet { margin-bottom: 1; }
    """
    )

    def __init__(self, translate: Translator, *, join: bool) -> None:
        super().__init__()
        self.t = translate
        self.verb = "join" if join else "add"

    def compose(self) -> ComposeResult:
        t = self.t
        with Vertical():
            yield Label(t(f"dialog.{self.verb}-title"), classes="title")
            yield OrderedInput(placeholder=t("dialog.name"), id="name")
            with Horizontal():
                yield OrderedInput(placeholder=t("dialog.init"), id="init", type="integer")
                yield OrderedInput(placeholder=t("dialog.mod"), id="mod", type="integer")
            with Horizontal():
                yield OrderedInput(placeholder=t("dialog.dex"), id="dex", type="integer")
                yield OrderedInput(placeholder=t("dialog.com"), id="com", type="integer")
            with Horizontal():
                yield OrderedInput(placeholder=t("dialog.health"), id="health", type="integer")
                yield OrderedInput(
                    placeholder=t("dialog.willpower"), id="willpower", type="integer"
                )
            with RadioSet(id="kind"):
                yield RadioButton(t("kind.npc"), value=True, id="npc")
                yield RadioButton(t("kind.pc"), id="pc")
            yield Button(t(f"dialog.{self.verb}"), variant="primary", id="ok")
            yield Static("", classes="error", id="combatant-error")

    def _value(self, field: str) -> str:
        return self.query_one(f"#{field}", Input).value.strip()

    def command(self) -> str | None:
        """The command line the fields make, or ``None`` with the reason shown."""
        error = self.query_one("#combatant-error", Static)
        name = self._value("name")
        if not name:
            error.update(self.t("dialog.need-name"))
            return None
        init, mod = self._value("init"), self._value("mod")
        if not init and not mod:
            error.update(self.t("dialog.need-init"))
            return None
        parts = [self.verb, quote(name), f"init={init}" if init else f"mod={mod}"]
        for field in ("dex", "com", "health", "willpower"):
            if self._value(field):
                parts.append(f"{field}={self._value(field)}")
        pressed = self.query_one(RadioSet).pressed_button
        parts.append("pc" if pressed is not None and pressed.id == "pc" else "npc")
        return " ".join(parts)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._submit()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self._submit()

    def _submit(self) -> None:
        line = self.command()
        if line is not None:
            self.dismiss(line)


class EffectDialog(_Dialog[str]):
    """A lasting effect on a combatant, timed on its creator's turns (RULES.md §3.1)."""

    DEFAULT_CSS = DIALOG_CSS.format(name="EffectDialog")

    def __init__(self, translate: Translator, target: str, source: str | None) -> None:
        super().__init__()
        self.t = translate
        self.target = target
        self.source = source

    def compose(self) -> ComposeResult:
        t = self.t
        with Vertical():
            yield Label(t("dialog.effect-title", name=self.target), classes="title")
            yield OrderedInput(placeholder=t("dialog.effect-label"), id="label")
            yield OrderedInput(placeholder=t("dialog.rounds"), id="rounds", type="integer")
            yield Label(t("dialog.by"), classes="field-label")  # the field starts filled in
            yield OrderedInput(self.source or "", placeholder=t("dialog.by"), id="by")
            yield Static("", classes="error", id="effect-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        label = self.query_one("#label", Input).value.strip()
        rounds = self.query_one("#rounds", Input).value.strip()
        by = self.query_one("#by", Input).value.strip()
        if not label or not rounds:
            self.query_one("#effect-error", Static).update(self.t("dialog.need-effect"))
            return
        line = f'effect {quote(self.target)} "{label}" rounds={rounds}'
        if by:
            line += f" by={quote(by)}"
        self.dismiss(line)
