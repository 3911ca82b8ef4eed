"""The one shape of a dialog that changes the scene: a ``ModalScreen`` answering a command.

A dialog is given, when it opens, a :class:`Probe` of its scene (a :class:`SceneLook`): the
scene as it is, read-only, and why the engine would refuse a command in it, the engine's
:func:`engine.refusal.refusal`, which rolls no die and resolves nothing (issue 24 §1). It reads
what it shows from that look (names, sheets, odds) and never asks the screen: a command is
refused in the very words applying it gives, previewed once (its odds) and applied once.
Refused, the reason is shown in the dialog, which stays open so nothing typed is lost; taken,
the dialog ``dismiss``-es with the command and the screen runs it through its one path into the
engine (:meth:`console.screens.shell.SceneScreen.open_dialog`). Escape dismisses with ``None``.

A dialog that rolls again and again (the roll, check and attack dialogs, the roster, the
extended actions: ``STAYS_OPEN``) does not close: it announces the command on its
:attr:`CommandDialog.answered` signal, the screen that opened it runs it, hands it a look at the
scene after it (:meth:`CommandDialog.see`) and the events (:meth:`CommandDialog.show_outcome`),
and the dialog shows the result in words.

A dialog never runs a command itself and never receives a callback that does (STYLE.md: one
command path); it only says which command it answers with.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
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
from engine.errors import RuleError
from engine.refusal import refusal
from engine.session import Scene


def styled_as(dialog: type[ModalScreen[Any]], name: str) -> str:
    """``dialog``'s style for its subclass ``name``: Textual scopes a screen's DEFAULT_CSS to
    its own type, so a subclass drew as a bare full screen (issue 27 §3)."""
    return dialog.DEFAULT_CSS.replace(dialog.__name__, name)


class Probe(Protocol):
    """What a dialog is given of its scene when it opens: the scene, read-only, and why a
    command would be refused in it (``None``: taken). A :class:`SceneLook`."""

    @property
    def scene(self) -> Scene:
        """The scene as it is (after the last command a ``STAYS_OPEN`` dialog answered)."""
        ...

    def refusal(self, command: object) -> str | None:
        """The refusal in the table's language, or ``None`` when the engine would take it."""
        ...


@dataclass(frozen=True, slots=True, eq=False)
class SceneLook:
    """A read-only look at one scene: the :class:`Probe` the scene screen gives its dialogs
    and asks itself to grey out its keys (one per scene, language and lock)."""

    scene: Scene
    lang: str
    read_only: bool = False
    """The campaign is held elsewhere: every command is refused (``app.read-only``)."""
    _known: dict[object, str | None] = field(default_factory=dict, repr=False)
    """The answers given (the keys ask a dozen times a keypress)."""

    def refusal(self, command: object) -> str | None:
        """Why the engine would refuse ``command`` in :attr:`scene` (``None``: it would take
        it): :func:`engine.refusal.refusal`, no dice rolled and nothing kept.

        Raises:
            TypeError: ``command`` is not a command object.
        """
        known = self._known
        if command not in known:
            if not isinstance(command, Command):
                raise TypeError(f"Not a command: {command!r}")
            error = (
                RuleError("app.read-only")
                if self.read_only
                else refusal(self.scene.state, self.scene.system, command)
            )
            known[command] = None if error is None else error.render(self.lang)
        return known[command]


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
        """The scene as the dialog was given it (:meth:`see` gives it again)."""
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

    def see(self, probe: Probe) -> None:
        """A ``STAYS_OPEN`` dialog's command ran (or was refused): the scene as it is now, given
        before :meth:`show_outcome`."""
        self.probe = probe

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
        default: int | None = None,
    ) -> None:
        super().__init__(probe, translate, title, signed=signed, default=default)
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
