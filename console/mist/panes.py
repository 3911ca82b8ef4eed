"""The panes of the M.I.S.T. screen (RULES.md §4), each drawn from the scene's state.

Data flows down: the screen binds its ``view`` (:class:`~console.mist.view.MistView`) and
``selected`` reactives to these panes and they redraw themselves; nothing here calls the engine
(STYLE.md).
"""

from __future__ import annotations

from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.widgets import Static

from console.i18n import Translator
from console.mist import case_text, character_text, render
from console.mist.view import MistView


def _indent(line: Text) -> int:
    plain = line.plain
    blank = len(plain) - len(plain.lstrip(" "))
    return 0 if blank == len(plain) else blank


def hung(line: Text, width: int | None) -> RenderableType:
    """``line`` drawn so that its wrapped rows keep its indent: a consequence, a threat or a
    tag list at 80×24 went on at the pane's left edge, under the headings. A line that fits
    (one cut to the width, as the phase stepper) is drawn as it is."""
    blank = _indent(line)
    if not blank or line.no_wrap or width is None or line.cell_len <= width:
        return line
    return Padding(line[blank:], (0, 0, 0, blank))


def rows(line: Text, width: int, console: Console) -> int:
    """How many rows ``line`` takes drawn by :func:`hung` in ``width`` cells."""
    if line.no_wrap:
        return 1
    blank = _indent(line) if line.cell_len > width else 0
    return len(line[blank:].wrap(console, max(1, width - blank)))


class MistPane(VerticalScroll):
    """A scrollable pane whose text is made from the view by one ``render`` function."""

    DEFAULT_CSS = """
    MistPane { height: 1fr; border: round $secondary; padding: 0 1; }
    MistPane:focus { border: round $accent; }
    MistPane > Static { width: 1fr; }
    """

    ALLOW_MAXIMIZE = True
    """``z`` fills the screen with a pane (Textual's scroll containers refuse it by default)."""

    view: reactive[MistView | None] = reactive(None, always_update=True)
    selected: reactive[str | None] = reactive(None)

    def __init__(self, translate: Translator, title_key: str, **kwargs: str) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.t = translate
        self.border_title = translate(title_key)

    def compose(self) -> ComposeResult:
        yield Static("", classes="body")

    def lines(self, view: MistView) -> list[Text]:
        """The pane's lines for ``view``."""
        return []

    def _draw(self) -> None:
        if self.view is None or not self.is_mounted:
            return
        width = self.scrollable_content_region.width or None
        lines = [hung(line, width) for line in self.lines(self.view)]
        self.query_one(".body", Static).update(Group(*lines))

    def watch_view(self, view: MistView | None) -> None:
        self._draw()

    def watch_selected(self, name: str | None) -> None:
        self._draw()

    def on_mount(self) -> None:
        self._draw()

    def on_resize(self, event: events.Resize) -> None:
        """Lines that fit the width (the phase stepper) are made again for the new width."""
        self._draw()


class SceneLoopPane(MistPane):
    """Establish → Action → Consequence, challenges with limits, threats, tags, consequences."""

    def lines(self, view: MistView) -> list[Text]:
        width = self.scrollable_content_region.width
        short = self.screen.has_class("-short")  # 80×24: no hint, the challenges show
        return render.scene_loop_lines(self.t, view.state, width or None, hint=not short)


class CharactersPane(MistPane):
    """Every PC's themes, statuses, tags, evolution, scars and pending growth (RULES.md §4.8)."""

    def lines(self, view: MistView) -> list[Text]:
        state = view.state
        if not state.characters:
            return [Text(self.t("mist.no-characters"), style="dim")]
        out: list[Text] = []
        width = self.scrollable_content_region.width or None
        self._starts: dict[str, int] = {}
        row = 0  # rows on screen: a line wider than the pane wraps onto more than one
        for person in state.characters:
            selected = person.name == self.selected
            self._starts[person.name] = row
            lines = character_text.character_lines(self.t, person, selected, width)
            out.extend(lines)
            if width:
                row += sum(rows(line, width, self.app.console) for line in lines)
        return out

    def watch_selected(self, name: str | None) -> None:
        """Draw, then bring the selected character into view (``[``/``]`` at 80×24 selected
        someone below the pane's last row, issue 18)."""
        super().watch_selected(name)
        self.call_after_refresh(self._show_selected)

    def _show_selected(self) -> None:
        start = getattr(self, "_starts", {}).get(self.selected or "")
        if start is not None:
            self.scroll_to(y=start, animate=False)


class CaseFilePane(MistPane):
    """Questions, clues, conclusions with their gate, findings, the no-test warning (§4.7)."""

    def lines(self, view: MistView) -> list[Text]:
        return case_text.case_file_lines(self.t, view.state)


class NavigatorPane(MistPane):
    """Season › mission › scene, the anomaly and the cut-in (RULES.md §4.6)."""

    DEFAULT_CSS = "NavigatorPane { height: auto; max-height: 6; }"

    def lines(self, view: MistView) -> list[Text]:
        # The saved scene's name, shown for a M.I.S.T. scene known only by its number.
        return render.navigator_lines(self.t, view.state, view.title)
