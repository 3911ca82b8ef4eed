"""A fast list of rows for the initiative queue: only rows that changed are drawn again.

A Textual ``ScrollView`` with the line API: the first line is a fixed column header, each other
line one row rendered once to a ``Strip`` and cached until its data, the cursor or the width
changes (a ``next`` with 100 combatants redraws two or three rows, not the whole table).
Columns are laid out in terminal cells (``rich.cells``), so CJK names stay aligned.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import BindingType
from textual.events import Click
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

from console.keymap import ROWS_KEYS, bindings_for, localize
from console.widgets.strips import text_strip

Row = tuple[Text, ...]


class RowList(ScrollView, can_focus=True):
    """Rows of cells under a header, with a cursor; posts :class:`RowList.Highlighted`.

    The cursor is set from outside (``cursor_row``); moving it with the keys or the mouse only
    asks, by posting ``Highlighted``, so the owner decides what is selected (data flows down).
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = {"rowlist--header", "rowlist--cursor"}
    DEFAULT_CSS = """
    RowList { height: 1fr; }
    RowList > .rowlist--header { text-style: bold; background: $panel; }
    RowList > .rowlist--cursor { background: $block-cursor-background; }
    RowList:blur > .rowlist--cursor { background: $block-cursor-blurred-background; }
    """
    BINDINGS: ClassVar[list[BindingType]] = bindings_for(ROWS_KEYS)

    cursor_row: reactive[int] = reactive(0, repaint=False)
    """Row under the cursor; moving it redraws the two rows concerned, not the list."""

    class Highlighted(Message):
        """The user moved the cursor to ``row``."""

        def __init__(self, row: int) -> None:
            super().__init__()
            self.row = row

    def __init__(self, widths: Sequence[int], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.widths = tuple(widths)
        """Cell widths of the columns; 0 takes what is left of the line."""
        self._header: Row = ()
        self._rows: list[tuple[object, Callable[[], Row]]] = []
        self._cache: dict[int, tuple[object, bool, int, Strip]] = {}
        self._asked: int | None = None
        """The row last asked for and not reached yet: ``jjj`` in one burst asks for three
        rows down, not three times for the row under the cursor (issue 18)."""

    # -- data -----------------------------------------------------------------------------------

    def on_mount(self) -> None:
        localize(self)

    def set_header(self, cells: Row) -> None:
        self._header = cells
        self.refresh_line(0)

    def set_rows(self, rows: Sequence[tuple[object, Callable[[], Row]]]) -> None:
        """Replace the rows: each is (a value compared to the last drawn one, a cell maker)."""
        old = self._rows
        self._rows = list(rows)
        self.virtual_size = Size(self.size.width, len(self._rows) + 1)
        if len(old) != len(self._rows):
            self.refresh()
            return
        for index, (key, _) in enumerate(self._rows):
            before = old[index][0]
            if before is not key and before != key:
                self._refresh_row(index)

    def _refresh_row(self, index: int) -> None:
        line = index + 1 - int(self.scroll_offset.y)
        if 1 <= line < self.size.height:
            self.refresh_line(line)

    def watch_cursor_row(self, old: int, new: int) -> None:
        if new == self._asked:
            self._asked = None
        self._refresh_row(old)
        self._refresh_row(new)
        self._keep_visible(new)

    CONTEXT: ClassVar[int] = 2
    """Rows kept above the cursor when the list scrolls down to it."""

    def _keep_visible(self, row: int) -> None:
        """Scroll only when the cursor leaves the list, then by a page, not by a row.

        A ``next`` down a long queue then scrolls once a page instead of on every turn (each
        scroll redraws every row), and the turns after the current one stay in view.
        """
        visible = max(1, self.size.height - 1)
        top = int(self.scroll_offset.y)
        if row < top:
            self.scroll_to(y=max(0, row - visible + 1 + self.CONTEXT), animate=False)
        elif row >= top + visible:
            self.scroll_to(y=max(0, row - self.CONTEXT), animate=False)

    # -- drawing --------------------------------------------------------------------------------

    def column_widths(self, width: int) -> tuple[int, ...]:
        """Cell widths of the columns on a line ``width`` cells wide (a narrow list may drop or
        compress columns: override with :meth:`header_cells` and the row makers)."""
        return self.widths

    def header_cells(self, width: int) -> Row:
        """The header cells for a line ``width`` cells wide."""
        return self._header

    def _strip(self, cells: Row, width: int, style: Style) -> Strip:
        line = Text(no_wrap=True, overflow="ellipsis")
        used = 0
        for cell, cell_width in zip(cells, self.column_widths(width), strict=False):
            room = cell_width or max(0, width - used)
            piece = cell.copy()
            piece.truncate(room, overflow="ellipsis", pad=True)
            line.append_text(piece)
            used += room
        return text_strip(line, width, style, self.app.console)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if y == 0:
            style = self.get_component_rich_style("rowlist--header")
            return self._strip(self.header_cells(width), width, style)
        index = y - 1 + int(self.scroll_offset.y)
        if index >= len(self._rows):
            return Strip([Segment(" " * width, self.rich_style)], width)
        key, make = self._rows[index]
        on_cursor = index == self.cursor_row
        cached = self._cache.get(index)
        if cached is not None and cached[:3] == (key, on_cursor, width):
            return cached[3]
        style = self.get_component_rich_style("rowlist--cursor") if on_cursor else self.rich_style
        strip = self._strip(make(), width, style)
        self._cache[index] = (key, on_cursor, width, strip)
        return strip

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._cache.clear()

    # -- moving ---------------------------------------------------------------------------------

    def _ask(self, row: int) -> None:
        if self._rows:
            row = max(0, min(len(self._rows) - 1, row))
            self._asked = None if row == self.cursor_row else row
            self.post_message(self.Highlighted(row))

    @property
    def _from_row(self) -> int:
        """Where a relative move starts: the row asked for last if the owner has not moved
        the cursor there yet (keys of one burst arrive before the answer)."""
        asked = self._asked
        return asked if asked is not None and asked < len(self._rows) else self.cursor_row

    def action_cursor_down(self) -> None:
        self._ask(self._from_row + 1)

    def action_cursor_up(self) -> None:
        self._ask(self._from_row - 1)

    def action_cursor_first(self) -> None:
        self._ask(0)

    def action_cursor_last(self) -> None:
        self._ask(len(self._rows) - 1)

    def action_page(self, direction: int) -> None:
        self._ask(self._from_row + direction * max(1, self.size.height - 2))

    def on_click(self, event: Click) -> None:
        if event.y >= 1:
            self._ask(event.y - 1 + int(self.scroll_offset.y))
