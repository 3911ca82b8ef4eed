"""The title bar: the app's name, the campaign, scene, round, session clock and autosave state.

It looks like Textual's ``Header`` (the same icon, title and clock-space pieces), but it is told
its text by the app instead of watching ``App.sub_title`` and ``Screen.sub_title``: those are
repainting reactives, and setting them redraws the whole screen, which then lays the header's
title out again. The title changes every second (the session clock) and after most commands;
with 100 combatants that cost 40 ms twice a second at idle. Here a change redraws the
title's own line.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.content import Content
from textual.visual import VisualType
from textual.widget import Widget

from console.textual_compat import HeaderClockSpace, HeaderIcon, HeaderTitle

SEPARATOR = " · "
"""Between the parts of the title line (console/render.py ``title``)."""

SIDES = 8 + 10 + 2
"""Cells the icon and the clock space take, and a cell of margin on each side."""


def fitted(title: str, line: str, width: int) -> tuple[str, str]:
    """The app's title and the line, shortened to ``width`` cells, the save state kept.

    The line is ``campaign · scene · [round ·] time at the table · save state``. At 80 columns
    it does not fit: rather than cut "saved ✓" off the end, the app's name goes first, then
    the time at the table, then the campaign.
    """
    if cell_len(f"{title} — {line}") <= width or SEPARATOR not in line:
        return title, line
    head, _, save = line.rpartition(SEPARATOR)
    head, _, _session = head.rpartition(SEPARATOR)
    tries = [line, SEPARATOR.join(p for p in (head, save) if p)]
    campaign, _, rest = head.partition(SEPARATOR)
    if rest:
        tries.append(SEPARATOR.join((rest, save)))
    for text in tries:
        if cell_len(text) <= width:
            return "", text
    return "", tries[-1]


class FixedTitle(HeaderTitle):
    """The title text; an update redraws this line only (it is always as wide as the bar)."""

    def update(self, content: VisualType = "", *, layout: bool = False) -> None:
        super().update(content, layout=False)


class TitleBar(Widget):
    """A one-line bar on top of the screen: the icon (opens the palette) and the title."""

    DEFAULT_CSS = """
    TitleBar {
        dock: top;
        width: 100%;
        height: 1;
        background: $panel;
        color: $foreground;
    }
    """

    def __init__(self, icon: str = "⚄", **kwargs: str | None) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.icon = icon

    def compose(self) -> ComposeResult:
        icon = HeaderIcon()
        icon.icon = self.icon
        yield icon
        yield FixedTitle()
        yield HeaderClockSpace()

    _line = ""

    def on_mount(self) -> None:
        self.show(getattr(self.app, "title_line", ""))

    def on_resize(self, event: events.Resize) -> None:
        self.show(self._line)

    def show(self, line: str) -> None:
        """Show the app's title with ``line`` after it (dimmed, as Textual's header does).

        In a narrow terminal the parts that matter least make way (see :func:`fitted`).
        """
        self._line = line
        width = self.size.width - SIDES if self.size.width else 10_000
        title, shown = fitted(self.app.title, line, width)
        content = self.app.format_title(title, shown) if title else Content(shown)
        for title_line in self.query(FixedTitle):  # none while composed or torn down: a
            title_line.update(content)  # new scene's screen replacing the old raised NoMatches
