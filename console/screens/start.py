"""The first frame: the title, "opening…" and the footer, drawn before the engine and the saves
are loaded (cold start: tests/benchmarks/bench_console.py); the scene screen is pushed over it
a moment later.

It is the app's own default screen rather than a screen of its own: a second screen to compose,
style and switch away from cost a third of a bare Textual app's start.
"""

from __future__ import annotations

from collections.abc import Iterator

from textual.widget import Widget
from textual.widgets import Static

from console.i18n import Translator
from console.widgets.fitting_footer import FittingFooter
from console.widgets.title_bar import TitleBar

START_CSS = """
#opening { height: 1fr; content-align: center middle; color: $text-muted; }
"""
"""The start frame's style, part of the app's CSS."""


def start_frame(translate: Translator) -> Iterator[Widget]:
    """The widgets of the first frame, shown while the last scene (or the demo) is opened."""
    yield TitleBar(icon="⚄")
    yield Static(translate("status.opening"), id="opening")
    yield FittingFooter()
