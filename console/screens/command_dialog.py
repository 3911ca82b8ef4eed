"""The one shape of a dialog that changes the scene: a ``ModalScreen`` answering a command.

A dialog builds a command object from its fields and asks the scene, through a :class:`Probe`,
whether the engine would take it (a dry run on the current state, nothing kept). Refused, the
reason is shown in the dialog, which stays open so nothing typed is lost; taken, the dialog
``dismiss``-es with the command and the screen runs it through its one path into the engine
(:meth:`console.screens.shell.SceneScreen.open_dialog`). Escape dismisses with ``None``.

A dialog never runs a command itself and never receives a callback that does (STYLE.md: one
command path); what it shows after the command ran, the screen shows.
"""

from __future__ import annotations

from typing import Any, Protocol

from textual.screen import ModalScreen

from console.keymap import DIALOG_KEYS, bindings_for
from console.screens.dialogs import EarlyKeys, settle_cursors


class Probe(Protocol):
    """What a dialog may ask of its scene: why a command would be refused (``None``: taken)."""

    def refusal(self, command: object) -> str | None:
        """The refusal in the table's language, or ``None`` when the engine would take it."""
        ...


class CommandDialog(EarlyKeys, ModalScreen[Any]):
    """Base of every dialog that answers with a command object (or ``None``: cancelled).

    Subclasses build the command and call :meth:`submit`; they override :meth:`show_refusal`
    to put the reason where the Storyteller is looking.
    """

    BINDINGS = bindings_for(DIALOG_KEYS)

    def __init__(self, probe: Probe, *, name: str | None = None, id: str | None = None) -> None:
        super().__init__(name=name, id=id)
        self.probe = probe

    def on_mount(self) -> None:
        settle_cursors(self)
        self.keys_ready()

    def submit(self, command: object) -> bool:
        """Answer with ``command`` if the engine would take it; otherwise show why and stay.

        Returns:
            Whether the dialog was dismissed with the command.
        """
        reason = self.probe.refusal(command)
        if reason is not None:
            self.show_refusal(reason, command)
            return False
        self.dismiss(command)
        return True

    def show_refusal(self, reason: str, command: object) -> None:
        """Show why ``command`` would be refused (default: a notification over the dialog)."""
        self.notify(reason, severity="error", timeout=6)

    def action_cancel(self) -> None:
        self.dismiss(None)
