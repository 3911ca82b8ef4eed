"""A pane of Rich text lines drawn with Textual's line API (one frame per ``next``).

A ``Static`` given a ``Text`` turns it into Textual ``Content``, splits it into lines and wraps
each one on every redraw: about 2.5 ms for the 7-line budget pane, most of a ``next`` keypress's
drawing. Here each line is rendered to a ``Strip`` once, when it is first drawn after
:meth:`TextLines.show`, and only a line wider than the pane is wrapped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from console.widgets.strips import text_strip


class TextLines(Widget):
    """Shows the lines given to :meth:`show`; lines wider than the pane wrap at spaces, and a
    line with newlines in it is shown as several."""

    DEFAULT_CSS = """
    TextLines { height: auto; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._lines: tuple[Text, ...] = ()
        self._strips: list[Strip] | None = None
        self._width = -1
        self._rows = -1
        """How many lines (after wrapping) were drawn last: a change lays the pane out again."""
        self._style: Style | None = None
        """The pane's style the strips were drawn with (a new theme or class redraws them)."""

    @property
    def lines(self) -> tuple[Text, ...]:
        """The lines shown (before wrapping)."""
        return self._lines

    @property
    def plain(self) -> str:
        """The text shown, lines joined by newlines (for tests and the clipboard)."""
        return "\n".join(line.plain for line in self._lines)

    def show(self, lines: Sequence[Text]) -> None:
        """Show these lines instead: only the lines that changed are drawn again.

        When the number of lines changes, or a line is wider than the pane (it wraps), the
        whole pane is drawn again (and laid out, if the count changed).
        """
        lines = tuple(piece for line in lines for piece in _split(line))
        old, self._lines = self._lines, lines
        strips, width = self._strips, self._width
        if (
            strips is None
            or self._style != self.rich_style
            or len(strips) != len(old)
            or len(lines) != len(old)
            or any(line.cell_len > width for line in lines)
        ):
            rows = len(self._wrapped(width)) if width > 0 else -1
            self._strips = None
            self.refresh(layout=rows < 0 or rows != self._rows)
            return
        for y, (before, after) in enumerate(zip(old, lines, strict=True)):
            if _identity(before) != _identity(after):
                strips[y] = self._strip(after, width)
                self.refresh(Region(0, y, width, 1))

    def get_content_height(self, container: Any, viewport: Any, width: int) -> int:
        return len(self._wrapped(width))

    def _wrapped(self, width: int) -> list[Text]:
        console = self.app.console
        out: list[Text] = []
        for line in self._lines:
            if line.cell_len <= width or width <= 0:
                out.append(line)
            else:
                out.extend(line.wrap(console, width, overflow="fold"))
        return out

    def _strip(self, line: Text, width: int) -> Strip:
        return text_strip(line, width, self.rich_style, self.app.console)

    def _render_strips(self, width: int) -> list[Strip]:
        strips = [self._strip(line, width) for line in self._wrapped(width)]
        self._rows = len(strips)
        return strips

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        style = self.rich_style
        if self._strips is None or width != self._width or style != self._style:
            self._strips = self._render_strips(width)
            self._width, self._style = width, style
        strips = self._strips
        if y == self.size.height - 1 and len(strips) > y + 1 and width > 1:
            # More lines than the pane has rows (a long note at 80×24): say so, don't just cut.
            more = Segment("…", style + Style(bold=True))
            return Strip([*strips[y].crop(0, width - 1), more], width)
        if y < len(strips):
            return strips[y]
        return Strip([Segment(" " * width, self.rich_style)], width)


def _identity(line: Text) -> tuple[object, ...]:
    """What a line looks like (``Text.__eq__`` ignores the line's own style)."""
    return (line.plain, line.style, tuple(line.spans))


def _split(line: Text) -> Sequence[Text]:
    """A line with newlines in it (several notes) as one line each."""
    if "\n" not in line.plain:
        return (line,)
    return list(line.split("\n", allow_blank=True))
