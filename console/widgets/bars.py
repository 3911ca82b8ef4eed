"""A labelled meter (health, willpower) drawn from a current and a maximum value."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from console import render
from console.i18n import pad


class Meter(Static):
    """``Health  █████░░░ 5/8``: colour follows how full it is (RULES.md §2.2)."""

    DEFAULT_CSS = """
    Meter { height: 1; width: 1fr; }
    """

    label: reactive[str] = reactive("")
    current: reactive[int] = reactive(0)
    maximum: reactive[int] = reactive(1)

    def __init__(self, label: str = "", *, bar_width: int = 12, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.bar_width = bar_width
        self.set_reactive(Meter.label, label)

    def render(self) -> Text:
        text = Text(pad(self.label, 10), style="bold")
        style = render.meter_style(self.current, self.maximum)
        text.append_text(render.bar(self.current, self.maximum, self.bar_width, style))
        return text
