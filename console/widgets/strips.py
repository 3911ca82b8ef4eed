"""One line of Rich text as a Textual ``Strip`` of an exact width, for line-API widgets.

The initiative queue (:mod:`console.widgets.queue_view`) and the side panes
(:mod:`console.widgets.text_lines`) draw their lines this way instead of through ``Static``:
rendered once and cached, a line costs nothing to draw again.
"""

from __future__ import annotations

from rich.console import Console
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.strip import Strip

TERMINAL_UNSAFE = dict.fromkeys(
    [0x200D, 0xFE0E, 0xFE0F, *range(0x1F3FB, 0x1F400), 0x200B, 0x200C, 0x2060, 0xFEFF]
)
"""Zero-width joiners, variation selectors, skin-tone modifiers and zero-width spaces.

Rich counts them as no cells, but terminals disagree about the sequences they make: tmux
draws ``🧟\u200d♀\ufe0f`` one cell narrower than Rich counts it, which pushed the pane's
right border out of line (issue 18). Without them each emoji and sign keeps its own width,
on which Rich and terminals agree."""


def terminal_safe(text: str) -> str:
    """``text`` without the invisible characters that make terminals and Rich disagree."""
    return text.translate(TERMINAL_UNSAFE)


def text_strip(line: Text, width: int, style: Style, console: Console) -> Strip:
    """``line`` cut or padded to ``width`` cells, over the widget's ``style``."""
    segments = [
        Segment(terminal_safe(s.text), s.style, s.control)
        for s in line.render(console)
        if s.text != "\n"
    ]
    if line.style:  # Text.render leaves the line's own style to its console
        segments = list(Segment.apply_style(segments, console.get_style(line.style)))
    return Strip(segments).crop_extend(0, width, style).apply_style(style)
