"""The title bar: the app's name, the campaign, scene, round, session clock and autosave state.

It looks like Textual's ``Header`` (the same icon, title and clock-space pieces), but it is told
its text by the app instead of watching ``App.sub_title`` and ``Screen.sub_title``: those are
repainting reactives, and setting them redraws the whole screen, which then lays the header's
title out again. The title changes every second (the session clock) and after most commands;
with 100 combatants that cost 40 ms twice a second at idle (issue 6). Here a change redraws the
title's own line.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets._header import HeaderClockSpace, HeaderIcon, HeaderTitle


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

    def on_mount(self) -> None:
        self.show(getattr(self.app, "title_line", ""))

    def show(self, line: str) -> None:
        """Show the app's title with ``line`` after it (dimmed, as Textual's header does)."""
        self.query_one(FixedTitle).update(self.app.format_title(self.app.title, line))
