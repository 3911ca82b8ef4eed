"""What the M.I.S.T. screen's action groups use of it: its public surface, as a ``Protocol``.

The keys of the screen are grouped by subject (``loop_actions.py``, ``case_actions.py``,
``themes.py``, ``story.py``); each group is a class whose methods are typed against
:class:`MistSurface`, so mypy checks every call they make on the screen, and they reach nothing
private of it. :class:`~console.mist.screen.MistScreen` composes the groups and provides the
surface.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from rich.console import RenderableType

from console.i18n import Translator
from console.mist.dialogs import Field, FormDialog, FormSpec, Values
from console.mist.view import MistView
from console.screens.command_dialog import CommandDialog, SceneLook
from engine.mist.state import MistState

Then = Callable[[tuple[Any, ...]], None]
"""What follows a dialog's command, given its events."""


class MistSurface(Protocol):
    """The M.I.S.T. screen as its action groups see it."""

    t: Translator
    selected: str | None
    status: str

    @property
    def view(self) -> MistView | None:
        """The scene as the screen shows it (``None`` before the first scene)."""
        ...

    def current(self) -> MistState:
        """The scene's state now."""
        ...

    def names(self) -> tuple[str, ...]:
        """The characters' and the challenges' names (what a name field completes)."""
        ...

    def select_character(self, name: str) -> None:
        """Make ``name`` the selected character."""
        ...

    def refusal(self, command: object) -> str | None:
        """Why the engine would refuse ``command`` now (``None``: it would take it)."""
        ...

    def look(self) -> SceneLook:
        """The scene now, read-only, with its refusals: what a dialog is given when it opens."""
        ...

    def run_command(self, command: object, source: str = "key") -> bool:
        """Run a command through the one path into the engine."""
        ...

    def open_dialog(self, dialog: CommandDialog, then: Then | None = None) -> None:
        """Show a dialog and run the command it answers with."""
        ...

    def field(self, key: str, value: str = "", suggestions: tuple[str, ...] = ()) -> Field:
        """The form field ``key`` in the console's language."""
        ...

    def choose(
        self, title: str, options: list[tuple[str, str]], then: Callable[[str | None], None]
    ) -> None:
        """Offer ``options`` (key, label); ``then`` gets the key chosen (``None``: none)."""
        ...

    def confirm(self, question: str, then: Callable[[bool | None], None]) -> None:
        """Ask yes or no."""
        ...

    def warn(self, reason: str) -> None:
        """Say why a key did nothing, in the status line and a notification."""
        ...


def open_form(
    screen: MistSurface,
    title_key: str,
    fields: tuple[Field, ...],
    build: Callable[[Values], Any],
    *,
    preview: Callable[[Values], RenderableType] | None = None,
    note: RenderableType | None = None,
    then: Then | None = None,
    start: str | None = None,
    **values: object,
) -> None:
    """Open a form making one command, titled ``title_key`` filled with ``values``; ``then``
    follows with the command's events (:class:`~console.mist.dialogs.FormSpec` says the rest)."""
    spec = FormSpec(screen.t(title_key, **values), fields, build, preview, note, start)
    screen.open_dialog(FormDialog(screen.look(), spec), then)
