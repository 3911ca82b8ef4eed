"""The dice log: every roll of the scene with its faces and outcome, newest last."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog


class DiceLog(RichLog):
    """A scrolling log that is redrawn from the scene's journal, so undo takes a line back."""

    DEFAULT_CSS = """
    DiceLog { height: 1fr; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(wrap=True, markup=False, auto_scroll=True, min_width=10, **kwargs)  # type: ignore[arg-type]
        self._lines: tuple[Text, ...] = ()

    def show(self, lines: Sequence[Text]) -> None:
        """Replace the log with ``lines``: nothing when they are the same, only the new ones
        when the log grew by a roll (a long fight's log is not wrapped again on every roll)."""
        new = tuple(lines)
        old = self._lines
        if len(new) >= len(old) and all(a is b or a == b for a, b in zip(old, new, strict=False)):
            self._lines = new
            for line in new[len(old) :]:
                self.write(line)
            return
        self._lines = new
        self._redraw()

    def _redraw(self) -> None:
        self.clear()
        for line in self._lines:
            self.write(line)

    def on_resize(self, event: Resize) -> None:
        """Wrap the lines again at the new width."""
        super().on_resize(event)
        self._redraw()
