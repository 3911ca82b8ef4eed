"""The first frame: the title, "opening…" and the footer, drawn before the engine and the saves
are loaded (cold start, issue 6 benchmark); the scene screen replaces it a moment later."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from console.i18n import Translator


class StartScreen(Screen[None]):
    """Shown while the last scene (or the demo) is being opened."""

    DEFAULT_CSS = """
    StartScreen #opening { height: 1fr; content-align: center middle; color: $text-muted; }
    """

    def __init__(self, translate: Translator) -> None:
        super().__init__()
        self.t = translate

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False, icon="⚄")
        yield Static(self.t("status.opening"), id="opening")
        yield Footer()
