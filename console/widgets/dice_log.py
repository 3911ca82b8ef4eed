"""The dice log: every roll of the scene with its faces and outcome, newest last.

Each line may name the journal entry it came from: a click on it posts :class:`DiceLog.Chosen`
and the scene screen shows the timeline after that entry (issue 26).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.events import Click, Resize
from textual.message import Message
from textual.strip import Strip
from textual.widgets import RichLog


class DiceLog(RichLog):
    """A scrolling log that is redrawn from the scene's journal, so undo takes a line back."""

    class Chosen(Message):
        """A line of the log was clicked: the timeline after journal entry ``entry``."""

        def __init__(self, entry: int) -> None:
            super().__init__()
            self.entry = entry

    DEFAULT_CSS = """
    DiceLog { height: 1fr; }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(wrap=True, markup=False, auto_scroll=True, min_width=10, **kwargs)  # type: ignore[arg-type]
        self._lines: tuple[Text, ...] = ()
        self._entries: tuple[int | None, ...] = ()
        """Per line, the journal entry it came from (after how many entries), if known."""
        self._strip_entries: list[int | None] = []
        """Per drawn (wrapped) row, the entry of its line."""
        self._drawn_width = -1
        """The width the lines were last wrapped at (-1: not drawn for the lines held)."""

    @property
    def _width(self) -> int:
        return self.scrollable_content_region.width

    def show(self, lines: Sequence[Text], entries: Sequence[int | None] = ()) -> None:
        """Replace the log with ``lines``: nothing when they are the same, only the new ones
        when the log grew by a roll (a long fight's log is not wrapped again on every roll).
        ``entries``: per line, the journal entry it came from (a click jumps there)."""
        new = tuple(lines)
        old = self._lines
        self._entries = tuple(entries) + (None,) * (len(new) - len(entries))
        if self._width <= 0:
            # Hidden (another pane is zoomed with ``z``): RichLog would wrap at its minimum
            # width, 10 columns, and keep those lines. Draw when the log has a width again.
            self._lines, self._drawn_width = new, -1
            return
        if (
            self._drawn_width == self._width
            and len(new) >= len(old)
            and all(a is b or a == b for a, b in zip(old, new, strict=False))
        ):
            self._lines = new
            for index in range(len(old), len(new)):
                self._write(index)
            return
        self._lines = new
        self._redraw()

    def _redraw(self) -> None:
        self.clear()
        self._strip_entries = []
        width = self._width
        if width <= 0:
            self._drawn_width = -1
            return
        for index in range(len(self._lines)):
            self._write(index)
        self._drawn_width = width

    def _write(self, index: int) -> None:
        """Write line ``index``, noting its entry on every row it wraps to."""
        before = len(self.lines)
        self.write(self._lines[index])
        del self._strip_entries[before:]
        self._strip_entries.extend([self._entries[index]] * (len(self.lines) - before))

    def entry_at(self, row: int) -> int | None:
        """The journal entry of the line drawn on ``row`` of the log's content, if any."""
        if 0 <= row < len(self._strip_entries):
            return self._strip_entries[row]
        return None

    def on_click(self, event: Click) -> None:
        """A click on a line that names its entry: the timeline goes there."""
        offset = event.get_content_offset(self)
        entry = None if offset is None else self.entry_at(offset.y + round(self.scroll_offset.y))
        if entry is not None:
            self.post_message(self.Chosen(entry))

    def on_resize(self, event: Resize) -> None:
        """Wrap the lines again at the new width (once the layout has given it)."""
        super().on_resize(event)
        if self._width != self._drawn_width:
            self._redraw()
        self.call_after_refresh(self._redraw_if_stale)

    def on_show(self) -> None:
        self.call_after_refresh(self._redraw_if_stale)

    def _redraw_if_stale(self) -> None:
        self._redraw_asked = False
        if self._width > 0 and self._width != self._drawn_width:
            self._redraw()

    _redraw_asked = False

    def render_line(self, y: int) -> Strip:
        """Painting lines drawn for another width (or none) asks for them to be drawn again:
        the last word, whichever of resize, show and refresh came first after an un-zoom."""
        if not self._redraw_asked and self._width > 0 and self._width != self._drawn_width:
            self._redraw_asked = True
            self.call_later(self._redraw_if_stale)
        return super().render_line(y)
