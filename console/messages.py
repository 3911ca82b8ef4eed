"""Messages that flow up from panes and dialogs to the scene screen and the app (STYLE.md).

Panes never call the engine or their siblings: they post :class:`CommandRequested` carrying the
command object (``engine/ih/commands/``, ``engine/mist/commands.py``), as frogmouth's panes
post ``History.Goto(location)``; the screen runs it through the one path into the engine and
journals ``format_command(command)``. Only the command line posts text, which it parses.

The app's helpers talk to it the same way: the scene screen posts :class:`NewSceneRequested` and
:class:`ReopenRequested` for the app to act on, and the autosave's writer thread posts
:class:`AutosaveWritten` after each write (it never calls the app).
"""

from __future__ import annotations

from typing import Any

from textual.message import Message


class CommandRequested(Message):
    """Run one command in the current scene: a command object, or a line the user typed."""

    def __init__(self, command: object, source: str = "key") -> None:
        super().__init__()
        self.command = command
        """A command object; a ``str`` only for a line typed on the command line or a script."""
        self.source = source
        """Where it came from: ``"command-line"`` (errors shown inline), ``"key"``, ``"dialog"``."""

    @property
    def text(self) -> str:
        """The command as the journal writes it (the line itself when one was typed)."""
        if isinstance(self.command, str):
            return self.command
        from engine.commands import format_command

        return format_command(self.command)


class SceneEdited(Message):
    """The scene changed (a command, an undo or a redo): the app autosaves it."""

    def __init__(self, scene: Any) -> None:
        super().__init__()
        self.scene = scene


class NewSceneRequested(Message):
    """``scene new "NAME" SYSTEM [split]`` on the command line: the app opens a new scene (with
    ``split`` the scene the table was in stays open beside it: a split party, issue 25)."""

    def __init__(self, name: str, system: str, split: bool = False) -> None:
        super().__init__()
        self.name = name
        self.system = system
        self.split = split


class ReopenRequested(Message):
    """``scene reopen`` on the command line: the app lets the ended scene be changed again."""


class AutosaveWritten(Message):
    """Posted from the writer thread after each write (console/autosave.py): ``error`` is
    ``None`` when the scene was written, else why it was not (the refusal, which the app says
    in the table's language). The app's title follows."""

    def __init__(self, error: Exception | None) -> None:
        super().__init__()
        self.error = error


class CombatantSelected(Message):
    """The cursor in the initiative queue moved to a combatant."""

    def __init__(self, name: str | None) -> None:
        super().__init__()
        self.name = name
