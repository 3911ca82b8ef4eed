"""The footer, with a key that does not fit whole left out rather than cut.

Textual's footer draws its keys in a row and clips the row at the palette key docked on the
right, so the last key that overflowed showed as a fragment ("m  ▏^p 命令面板", "pgdn 前 ▏"):
Chinese descriptions are twice as wide, so it happened at 120 columns. :class:`FittingFooter`
hides every key from the first one that does not fit whole (F1 lists them all). The widths
are the keys' own text and margins, known as soon as they are mounted, so the fit needs no
layout pass and never flickers.
"""

from __future__ import annotations

from rich.cells import cell_len
from textual import events
from textual.app import ComposeResult
from textual.widgets import Footer

from console.textual_compat import FooterKey


def key_width(key: FooterKey) -> int:
    """The cells ``key`` takes in the row: its text and its margins."""
    margin = key.styles.margin
    return cell_len(key.render().plain) + margin.left + margin.right


class FittingFooter(Footer):
    """Textual's footer showing only the keys that fit whole."""

    def compose(self) -> ComposeResult:
        yield from super().compose()
        self.call_after_refresh(self.fit_keys)

    async def recompose(self) -> None:
        """Textual's (the keys changed), then only the keys that fit."""
        await super().recompose()
        self.fit_keys()

    def on_resize(self, event: events.Resize) -> None:
        self.fit_keys()

    def fit_keys(self) -> None:
        """Show the keys while they fit left of the palette key; hide the rest."""
        width = self.size.width
        if not width:
            return
        keys = list(self.query(FooterKey))
        palette = [key for key in keys if key.has_class("-command-palette")]
        # the palette key as laid out, else its text and its border and padding
        room = width - sum(key.region.width or key_width(key) + 2 for key in palette)
        used = 0
        for key in keys:
            if key in palette:
                continue
            used += key_width(key)
            key.display = used - 1 <= room  # its last cell is padding: it may go under the bar
