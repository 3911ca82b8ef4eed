"""Dialogs show what they ask: a long question whole, every field labelled."""

from __future__ import annotations

from console_support import FIGHT, SMALL, AppRun, opened_by, settle
from textual.widgets import Label, Static

from console.ih.combat_forms import EffectDialog
from console.screens.dialogs import ConfirmDialog


async def test_a_long_question_is_shown_whole(run_app: AppRun) -> None:
    question = "/very/long/path/[scenes]/scene-0001.json is damaged: " + "reason " * 12 + "?"
    async with run_app(script=FIGHT, size=SMALL) as (app, pilot):
        app.push_screen(ConfirmDialog(app.t, question))
        await settle(pilot)
        shown = app.screen.query_one(".question", Static)
        assert str(shown.render()) == question, "no markup eaten"
        assert shown.size.height >= 3, "wrapped over several lines, not cut to one"


async def test_the_effect_dialog_labels_its_filled_in_by_field(run_app: AppRun) -> None:
    """The creator field starts filled with the current actor, so its placeholder never shows."""

    async with run_app(script=FIGHT) as (app, pilot):
        dialog = await opened_by(pilot, EffectDialog, "e")
        labels = [str(label.render()) for label in dialog.query(Label)]
        assert any("by=" in text for text in labels)
