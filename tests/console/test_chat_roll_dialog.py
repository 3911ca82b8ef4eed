"""The roll dialog's pool field takes the dice bots' ``XaY`` notation (issue 28)."""

from __future__ import annotations

import pytest
from console_support import FIGHT, AppRun, opened_by, settle, type_text
from textual.widgets import Input, Static

from console.ih.screen import IHScreen
from console.screens.roll_dialog import RollDialog, roll_line


@pytest.mark.parametrize(
    ("value", "fields", "line"),
    [
        ("5a8", {}, "ww 5a8"),
        ("5a9", {"again": "8", "dc": "2"}, "ww 5a9 --dc 2"),
        ("6a8k8m10", {"bonus": "1"}, "ww 6a8k8m10 --bonus 1"),
        ("5", {"again": "9"}, "roll ih-d10 5 --again 9"),
    ],
)
def test_the_pool_field_makes_a_ww_line(value: str, fields: dict[str, str], line: str) -> None:
    assert roll_line("ih-d10", value, **fields) == line  # type: ignore[arg-type]


async def test_typing_5a8_rolls_an_8_again_pool(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        dialog = await opened_by(pilot, RollDialog, "r")
        field = dialog.query_one("#value", Input)
        field.value = ""
        await type_text(pilot, "5a8")
        await settle(pilot)
        assert field.value == "5a8"
        assert dialog.command is not None and dialog.command.check is not None
        assert (dialog.command.check.dp, dialog.command.check.again) == (5, 8)
        await pilot.press("ctrl+r")
        await settle(pilot)
        screen = next(s for s in app.screen_stack if isinstance(s, IHScreen))
        assert screen.history.scene.journal[-1].text.startswith("roll ih-d10 5 --again 8")


@pytest.mark.parametrize(
    ("lang", "word"), [("en", "§1.2"), ("zh", "加骰线不低于 8"), ("zh-Hant", "加骰線不低於 8")]
)
async def test_a_refused_notation_says_why_in_the_dialog(
    run_app: AppRun, lang: str, word: str
) -> None:
    async with run_app(script=FIGHT, lang=lang) as (_, pilot):
        dialog = await opened_by(pilot, RollDialog, "r")
        dialog.query_one("#value", Input).value = ""
        await type_text(pilot, "5a7")
        await settle(pilot)
        assert dialog.command is None
        assert word in str(dialog.query_one("#odds-summary", Static).render())


@pytest.mark.parametrize(
    "line", [".ww 5a8 by=Ann --dc 2", ".ww5a8 by=Ann --dc 2", "ww 5a8 by=Ann --dc 2"]
)
async def test_the_command_line_takes_the_bots_notation(run_app: AppRun, line: str) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await pilot.press("colon")
        await pilot.pause()
        await type_text(pilot, line)
        await pilot.press("enter")
        await settle(pilot)
        screen = next(s for s in app.screen_stack if isinstance(s, IHScreen))
        assert screen.history.scene.journal[-1].text == line
        rolled = screen.history.scene.journal[-1].command
        assert rolled.check is not None and (rolled.check.dp, rolled.check.again) == (5, 8)  # type: ignore[union-attr]


async def test_a_full_width_dot_is_the_bots_dot_too(run_app: AppRun) -> None:
    """(Pilot cannot type "。"; the command line hands the screen the text as typed.)"""
    async with run_app(script=FIGHT, lang="zh") as (app, _):
        screen = next(s for s in app.screen_stack if isinstance(s, IHScreen))
        assert screen.run_command("。ww 6a9 by=Bob", "command-line")
        rolled = screen.history.scene.journal[-1].command
        assert rolled.check is not None and (rolled.check.dp, rolled.check.again) == (6, 9)  # type: ignore[union-attr]
        assert not screen.run_command("。ww 6a7", "command-line")
