"""M.I.S.T. forms: typing right after the key goes to the field that needs it, and every field
keeps its label once filled in (issue 18)."""

from __future__ import annotations

from typing import Any

from console_support import SCENE, SMALL, AppFactory, screen_lines, settle, state_of
from textual import events
from textual.widgets import Input

from console.mist.dialogs import FormDialog
from console.mist.screen import MistScreen


def burst(app: Any, text: str) -> None:
    """Keys as a terminal delivers a fast burst: all queued before any is handled."""
    names = {" ": "space", "\t": "tab", "\r": "enter"}
    for char in text:
        app.post_message(events.Key(names.get(char, char), char))


async def test_a_status_typed_right_after_s_does_not_replace_the_target(
    make_app: AppFactory,
) -> None:
    app = make_app(script=SCENE, system="mist")
    async with app.run_test(size=SMALL) as pilot:
        assert isinstance(app.screen, MistScreen)
        burst(app, "shurt\t2\r")
        await settle(pilot)
        assert isinstance(app.screen, MistScreen), "the form took the status and closed"
        mei = state_of(pilot).characters[0]
        assert [(s.name, s.tier) for s in mei.statuses] == [("hurt", 2)]


async def test_a_consequence_typed_right_after_c_goes_to_the_status(
    make_app: AppFactory,
) -> None:
    app = make_app(script=SCENE, system="mist")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("c")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, FormDialog)
        assert form.focused is form.query_one("#field-status", Input)
        await pilot.press(*"scared")
        assert form.values()["target"] == "Mei"
        assert form.values()["status"] == "scared"


async def test_filled_fields_keep_their_labels(make_app: AppFactory) -> None:
    app = make_app(script=SCENE, system="mist", lang="en")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("s")
        await settle(pilot)
        await pilot.press(*"hurt")
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        for label in ("Target", "Status", "Tier"):
            assert label in text
        assert "Mei" in text and "hurt" in text
