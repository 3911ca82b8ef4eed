"""What the app gives the modules around it: the one door they go through (issue 24 §3).

``console/recovery.py``, ``console/save_as.py`` and ``console/title_line.py`` are handed the app
as a :class:`Host`, typed by this protocol, never by ``console.app``: the dependency goes one way,
from the app down to them. The autosave writer does not call the app at all: it posts
:class:`~console.messages.AutosaveWritten`, which the app handles.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from textual.notifications import SeverityLevel

    from console.i18n import Translator
    from console.persistence import Persistence
    from engine.session import History, Scene


class Host(Protocol):
    """The console app as its helpers see it (``console.app.STConsoleApp`` is one)."""

    t: Translator
    """The table's language."""
    seed: int | None
    """The dice's seed (fixed in tests)."""
    clock: Callable[[], datetime]
    started: datetime
    """When the session started, by :attr:`clock`."""
    autosave_state: str
    """What the title says of the autosave: off, saving, saved, failed or read-only."""

    @property
    def persistence(self) -> Persistence: ...

    @property
    def screen(self) -> Any: ...

    @property
    def screen_stack(self) -> list[Any]: ...

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = True,
    ) -> None: ...

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any: ...

    def open_scene(
        self, campaign: str, scene: str | None, *, create: bool = False, wanted: bool = True
    ) -> None: ...

    def show_scene(
        self, scene: Scene, history: History | None = None, status: str = ""
    ) -> None: ...

    def current_scene(self) -> Scene | None: ...
