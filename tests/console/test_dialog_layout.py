"""Dialogs show what they ask: a long question whole, every field labelled."""

from __future__ import annotations

from console_support import FIGHT, AppFactory, settle
from textual.widgets import Static

from console.screens.dialogs import ConfirmDialog


async def test_a_long_question_is_shown_whole(make_app: AppFactory) -> None:
    question = "/very/long/path/[scenes]/scene-0001.json is damaged: " + "reason " * 12 + "?"
    app = make_app(script=FIGHT)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ConfirmDialog(app.t, question))
        await settle(pilot)
        shown = app.screen.query_one(".question", Static)
        assert str(shown.render()) == question, "no markup eaten"
        assert shown.size.height >= 3, "wrapped over several lines, not cut to one"


async def test_the_effect_dialog_labels_its_filled_in_by_field(make_app: AppFactory) -> None:
    """The creator field starts filled with the current actor, so its placeholder never shows."""
    from textual.widgets import Label

    from console.screens.combat_forms import EffectDialog

    app = make_app(script=FIGHT)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, EffectDialog)
        labels = [str(label.render()) for label in dialog.query(Label)]
        assert any("by=" in text for text in labels)
