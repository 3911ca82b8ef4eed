"""F3, the campaign between scenes, fits the terminal: however long the cast and the scenes,
the text scrolls and the command field and what it said stay on screen (an 80×24 terminal had
them below its last row once the demo had a fourth scene, so a heal was typed blind)."""

from __future__ import annotations

import pytest
from console_support import AppRun, until
from textual.containers import VerticalScroll
from textual.widgets import Input, Label

from console.i18n import Translator
from console.screens.campaign_screen import CampaignScreen

LINES = ["Campaign Long", "Cast:", *(f"  PC {n}: health 7/7, willpower 5/5" for n in range(40))]


@pytest.mark.parametrize(
    ("lang", "size"), [("zh-Hant", (80, 24)), ("zh", (80, 31)), ("en", (80, 32)), ("en", (120, 40))]
)
async def test_the_command_field_and_what_it_said_stay_on_screen(
    run_app: AppRun, lang: str, size: tuple[int, int]
) -> None:
    def apply(text: str) -> tuple[list[str], str]:
        return LINES, f"✓ {text}"

    async with run_app(lang=lang, size=size) as (app, pilot):
        screen = CampaignScreen(Translator(lang), LINES, apply)
        app.push_screen(screen)
        assert await until(pilot, lambda: bool(screen.query("#cast-command")))
        field = screen.query_one("#cast-command", Input)
        field.value = "heal PC 1"
        await pilot.press("enter")
        said = screen.query_one("#cast-said", Label)
        assert await until(pilot, lambda: "✓" in str(said.render()))
        rows = size[1]
        assert field.region.height >= 1 and field.region.bottom <= rows
        assert said.region.height >= 1 and said.region.bottom <= rows
        text = screen.query_one(VerticalScroll)
        assert text.region.height >= 3 and text.max_scroll_y > 0  # the rest scrolls
