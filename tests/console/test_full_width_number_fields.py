"""Issue 27 §2 at the keyboard: a number field takes the full-width digits, signs and letters a
Chinese input method types (Textual's own check refused them and the keys were lost): the roll
dialog's pool (``１２``, the bots' ``５ａ８``), the add dialog's initiative, an effect's rounds.
Other scripts' digits stay refused."""

from __future__ import annotations

import pytest
from console_support import FIGHT, AppRun, burst, press, row, type_text, until
from textual.keys import _character_to_key
from textual.widgets import Input

from console.ih.combat_forms import CombatantDialog, EffectDialog
from console.screens.roll_dialog import RollDialog


@pytest.mark.parametrize(
    ("typed", "value"), [("１２", "12"), ("５ａ８", "5a8"), ("＋３", "+3"), ("-1", "-1")]
)
async def test_the_roll_dialog_pool_reads_full_width(
    run_app: AppRun, typed: str, value: str
) -> None:
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        # As a terminal delivers them, all at once (Pilot names a full-width sign oddly).
        burst(app, ("r", "r"), *((_character_to_key(c), c) for c in typed))

        def pool() -> str | None:
            fields = app.screen.query("#value") if isinstance(app.screen, RollDialog) else []
            return next((f.value for f in fields if isinstance(f, Input)), None)

        assert await until(pilot, lambda: pool() == value), pool()


async def test_other_scripts_digits_stay_out_of_a_number_field(run_app: AppRun) -> None:
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        await press(pilot, "r", "٣")
        assert app.screen.query_one("#value", Input).value == "3"  # as it was


async def test_the_add_dialog_and_an_effect_take_full_width_numbers(run_app: AppRun) -> None:
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        await press(pilot, "a")
        assert isinstance(app.screen, CombatantDialog)
        await type_text(pilot, "老王")
        await press(pilot, "tab", "１", "２", "enter")
        assert await until(pilot, lambda: not isinstance(app.screen, CombatantDialog))
        assert row(app, "老王")["initiative"] == 12
        await press(pilot, "e")
        assert isinstance(app.screen, EffectDialog)
        await type_text(pilot, "祝福")
        await press(pilot, "tab", "３", "enter")
        assert await until(pilot, lambda: not isinstance(app.screen, EffectDialog))
        effects = [e for c in (row(app, n) for n in ("Ann", "Bob", "Cid")) for e in c["effects"]]
        assert [(e["label"], e["rounds_left"]) for e in effects] == [("祝福", 3)]
