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


def text_strip(line: Text, width: int, style: Style, console: Console) -> Strip:
    """``line`` cut or padded to ``width`` cells, over the widget's ``style``."""
    segments = [s for s in line.render(console) if s.text != "\n"]
    if line.style:  # Text.render leaves the line's own style to its console
        segments = list(Segment.apply_style(segments, console.get_style(line.style)))
    return Strip(segments).crop_extend(0, width, style).apply_style(style)
