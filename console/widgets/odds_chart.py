"""A horizontal bar chart of an exact distribution (the roll dialog)."""

from __future__ import annotations

from collections.abc import Mapping

from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from console import render

TAIL = 0.0005
"""Values above the last one this likely are not drawn (they would show as 0.0%)."""


class OddsChart(Static):
    """One row per value: the value, a bar scaled to the most likely value, the percentage.

    Values at or above ``threshold`` (the DC) are marked, so the chance of success is visible.
    """

    DEFAULT_CSS = """
    OddsChart { height: 1fr; min-height: 4; }
    """

    distribution: reactive[dict[int, float]] = reactive(dict, always_update=True)
    threshold: reactive[int | None] = reactive(None)

    def show(self, distribution: Mapping[int, float], threshold: int | None) -> None:
        """Draw a new distribution; the tails that round to 0.0% are left out (a big pool's
        chart starts where its odds do, not at 0)."""
        self.threshold = threshold
        shown = {k: v for k, v in distribution.items() if v > 0}
        while len(shown) > 1 and shown[max(shown)] < TAIL:
            del shown[max(shown)]
        while len(shown) > 1 and shown[min(shown)] < TAIL:
            del shown[min(shown)]
        self.distribution = shown

    def render(self) -> Table:
        table = Table.grid(padding=(0, 1))
        table.add_column(justify="right", width=3)
        table.add_column(ratio=1)
        table.add_column(justify="right", width=6)
        width = max(10, self.size.width - 14)
        for label, bar, pct in render.distribution_rows(self.distribution, width):
            value = int(label)
            good = self.threshold is not None and value >= self.threshold
            if good:
                bar.stylize("green")
            table.add_row(Text(label, style="bold" if good else ""), bar, pct)
        return table
