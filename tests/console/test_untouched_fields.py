"""Issue 27 §3: a field the user has not filled in is never drawn as wrong (a red border) just
because the focus passed through it."""

from __future__ import annotations

import pytest
from console_support import FIGHT, AppRun, press, type_text
from textual.widgets import Input


@pytest.mark.parametrize(("key", "tabs"), [("a", 8), ("e", 3), ("h", 6)])
async def test_tabbing_through_a_form_marks_no_field_wrong(
    run_app: AppRun, key: str, tabs: int
) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await press(pilot, key)
        await press(pilot, *["tab"] * tabs)
        fields = list(app.screen.query(Input))
        assert fields
        assert [f.id for f in fields if f.has_class("-invalid")] == []


async def test_a_wrong_number_is_still_marked(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await press(pilot, "e")
        await press(pilot, "tab")
        await type_text(pilot, "-")
        await press(pilot, "tab")
        rounds = app.screen.query_one("#rounds", Input)
        assert rounds.value == "-" and rounds.has_class("-invalid")
