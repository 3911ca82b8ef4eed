"""The one shape of a dialog that changes the scene: a ``ModalScreen`` answering a command.

A dialog builds a command object from its fields and asks the scene, through a :class:`Probe`,
whether the engine would take it: the engine's :func:`engine.refusal.refusal`, which rolls no
die and resolves nothing (issue 24 §1), so a command is refused in the very words applying it
gives, previewed once (its odds) and applied once. Refused, the reason is shown in the dialog,
which stays open so nothing typed is lost; taken, the dialog ``dismiss``-es with the command and
the screen runs it through its one path into the engine
(:meth:`console.screens.shell.SceneScreen.open_dialog`). Escape dismisses with ``None``.

A dialog that rolls again and again (the roll, check and attack dialogs, the roster, the
extended actions: ``STAYS_OPEN``) does not close: it announces the command on its
:attr:`CommandDialog.answered` signal, the screen that opened it runs it and hands the events
back to :meth:`CommandDialog.show_outcome`, and the dialog shows the result in words.

A dialog never runs a command itself and never receives a callback that does (STYLE.md: one
command path); it only says which command it answers with.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol

from textual.screen import ModalScreen
from textual.signal import Signal
from textual.widgets import Static

from console.i18n import Translator
from console.keymap import DIALOG_KEYS, bindings_for
from console.screens.dialogs import (
    AmountDialog,
    ChoiceDialog,
    ConfirmDialog,
    settle_cursors,
)
from engine.commands import Command


def styled_as(dialog: type[ModalScreen[Any]], name: str) -> str:
    """``dialog``'s style for its subclass ``name``: Textual scopes a screen's DEFAULT_CSS to
    its own type, so a subclass drew as a bare full screen (issue 27 §3)."""
    return dialog.DEFAULT_CSS.replace(dialog.__name__, name)


class Probe(Protocol):
    """What a dialog may ask of its scene: why a command would be refused (``None``: taken).

    The scene screen answers with :func:`engine.refusal.refusal` on its state (or its
    read-only refusal), remembered until the scene changes."""

    def refusal(self, command: object) -> str | None:
        """The refusal in the table's language, or ``None`` when the engine would take it."""
        ...


class CommandDialog(ModalScreen[Command | None]):
    """Base of every dialog that answers with a command object (or ``None``: cancelled).

    Subclasses build the command and call :meth:`submit`; they override :meth:`show_refusal`
    to put the reason where the Storyteller is looking. ``__init__`` passes what follows the
    probe on to the next base, so a small value dialog becomes a command dialog by mixing this
    in first (``class AskAmount(CommandDialog, AmountDialog)``).
    """

    BINDINGS = bindings_for(DIALOG_KEYS)
    STAYS_OPEN: ClassVar[bool] = False
    """Whether the dialog stays open after its command ran (and shows the outcome)."""

    def __init__(self, probe: Probe, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.probe = probe
        self.answered: Signal[Command] = Signal(self, "answered")
        """A ``STAYS_OPEN`` dialog's command, taken by the probe (the screen runs it)."""

    def on_mount(self) -> None:
        settle_cursors(self)

    def submit(self, command: Command) -> bool:
        """Answer with ``command`` if the engine would take it; otherwise show why and stay.

        Returns:
            Whether the command was handed on (the dialog dismissed, or ``answered``).
        """
        reason = self.probe.refusal(command)
        if reason is not None:
            self.show_refusal(reason, command)
            return False
        if self.STAYS_OPEN:
            self.answered.publish(command)
        else:
            self.dismiss(command)
        return True

    def show_refusal(self, reason: str, command: object) -> None:
        """Show why ``command`` would be refused (default: a notification over the dialog)."""
        self.notify(reason, severity="error", timeout=6)

    def show_outcome(self, events: tuple[Any, ...] | None) -> None:
        """A ``STAYS_OPEN`` dialog's command ran: show what happened (``None``: refused when
        run; the screen said why)."""

    def action_cancel(self) -> None:
        self.dismiss(None)


class AskAmount(CommandDialog, AmountDialog):
    """A number that makes a command (``make(amount)``): damage, healing, willpower…"""

    DEFAULT_CSS = styled_as(AmountDialog, "AskAmount")

    def __init__(
        self,
        probe: Probe,
        make: Callable[[int], Command],
        translate: Translator,
        title: str,
        *,
        signed: bool = False,
    ) -> None:
        super().__init__(probe, translate, title, signed=signed)
        self.make = make

    def answer(self, value: int) -> None:
        self.submit(self.make(value))

    def show_refusal(self, reason: str, command: object) -> None:
        self.query_one("#amount-error", Static).update(reason)


class AskChoice(CommandDialog, ChoiceDialog):
    """Pick one of a list of commands (each shown by its label)."""

    DEFAULT_CSS = styled_as(ChoiceDialog, "AskChoice")

    def __init__(self, probe: Probe, title: str, choices: Sequence[tuple[Command, str]]) -> None:
        super().__init__(probe, title, [(str(i), label) for i, (_, label) in enumerate(choices)])
        self.choices = [command for command, _ in choices]

    def answer(self, value: str) -> None:
        self.submit(self.choices[int(value)])


class AskConfirm(CommandDialog, ConfirmDialog):
    """Yes runs ``command`` (remove a combatant, spend willpower to stay conscious); no closes."""

    DEFAULT_CSS = styled_as(ConfirmDialog, "AskConfirm")

    def __init__(self, probe: Probe, translate: Translator, question: str, command: Command):
        super().__init__(probe, translate, question)
        self.command = command

    def answer(self, value: bool) -> None:
        if value:
            self.submit(self.command)
        else:
            self.dismiss(None)
