"""A Chinese input method in full-width mode types the ideographic space ``　`` (U+3000) for a
space. Python does not call it printable, so Textual's text field dropped it and the words ran
together: ``damage　Ann　２`` arrived as ``damageAnn２``. Every field of the console takes it,
the command line and the campaign's command field (F3) included, and the command reads it as a
space (engine/fullwidth.py)."""

from __future__ import annotations

from console_support import FIGHT, AppRun, row, until
from test_command_burst import burst_text
from textual.widgets import Input, Label

from console.screens.campaign_screen import CampaignScreen


async def test_the_command_line_takes_an_ideographic_space(run_app: AppRun) -> None:
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        burst_text(app, "：damage　Ann　２\n")
        assert await until(pilot, lambda: row(app, "Ann")["health"] == 5)


async def test_the_campaign_s_command_field_takes_an_ideographic_space(run_app: AppRun) -> None:
    async with run_app(lang="zh-Hant") as (app, pilot):  # the demo: 安 and 老王 are its cast
        await pilot.press("f3")
        assert await until(pilot, lambda: isinstance(app.screen, CampaignScreen))
        screen = app.screen
        field = screen.query_one("#cast-command", Input)
        assert await until(pilot, lambda: field.has_focus)
        burst_text(app, "heal　老王　１")
        assert await until(pilot, lambda: field.value == "heal　老王　１")
        await pilot.press("enter")
        said = screen.query_one("#cast-said", Label)
        assert await until(pilot, lambda: "✓" in str(said.render()))
