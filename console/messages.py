"""Messages that flow up from panes and dialogs to the scene screen and the app (STYLE.md).

Panes never call the engine or their siblings: they post :class:`CommandRequested` with a line
of the console language (INTERFACE.md §3), the same text the command line accepts, and the
screen runs it through the one path into the engine.
"""

from __future__ import annotations

from typing import Any

from textual.message import Message


class CommandRequested(Message):
    """Run one console command line in the current scene."""

    def __init__(self, text: str, source: str = "key") -> None:
        super().__init__()
        self.text = text
        self.source = source
        """Where it came from: ``"command-line"`` (errors shown inline), ``"key"``, ``"dialog"``."""


class SceneEdited(Message):
    """The scene changed (a command, an undo or a redo): the app autosaves it."""

    def __init__(self, scene: Any) -> None:
        super().__init__()
        self.scene = scene


class CombatantSelected(Message):
    """The cursor in the initiative queue moved to a combatant."""

    def __init__(self, name: str | None) -> None:
        super().__init__()
        self.name = name


class CommandFailed(Message):
    """A command was refused; the reason is shown in the status line."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__()
        self.text = text
        self.reason = reason
