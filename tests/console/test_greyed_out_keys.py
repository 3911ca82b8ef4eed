"""A greyed-out key says why on the status line and changes nothing, in both families."""

from __future__ import annotations

import pytest
from console_support import FIGHT, SIZE, SMALL, AppFactory, ih_screen, scene_json, settle, status

from console.ih.screen import IHScreen
from console.mist.screen import MistScreen


async def test_a_greyed_out_spend_key_says_why(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        journal = len(ih_screen(app).history.scene.journal)
        await pilot.press("t")  # the standard action is spent: the key is greyed out
        await settle(pilot)
        assert len(ih_screen(app).history.scene.journal) == journal, "nothing was spent"
        assert status(app).startswith("✗ "), status(app)
        assert "standard" in status(app).lower()


async def test_next_before_the_fight_begins_says_why(make_app: AppFactory) -> None:
    app = make_app(script="add Ann init=15\nadd Bob init=12\n")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await settle(pilot)
        assert scene_json(app)["phase"] == "setup"
        assert status(app).startswith("✗ "), status(app)


async def test_delay_of_someone_who_acted_says_why(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # Ann has acted; Bob's turn
        await pilot.press("k")  # select Ann
        await pilot.pause()
        assert ih_screen(app).selected == "Ann"
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, IHScreen), "no delay dialog for someone who acted"
        assert status(app).startswith("✗ "), status(app)
        assert not scene_json(app)["order"][0]["delaying"]


MIST_GREYED_OUT = [
    ("R", "No open threat to resolve"),
    ("d", "No pending consequence to deliver"),
    ("m", "No pending consequence on a character to mitigate"),
    ("e", "No action roll with effects left"),
    ("D", "No conclusion to roll on yet"),
    ("right_square_bracket", "There is no other character to select"),
    ("i", "Mei has no Taint theme"),
]


async def test_a_greyed_out_mist_key_says_why(make_app: AppFactory) -> None:
    """Each key in turn, in one launch: a greyed-out key changes nothing, so the next key
    meets the same scene."""
    app = make_app(script="pc Mei\n", system="mist")
    async with app.run_test(size=SMALL) as pilot:
        screen = app.screen
        assert isinstance(screen, MistScreen)
        for key, reason in MIST_GREYED_OUT:
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is screen, key
            assert reason in screen.status, (key, screen.status)


@pytest.mark.parametrize(
    ("lang", "words"),
    [("en", "No character sheets yet"), ("zh", "还没有角色卡"), ("zh-Hant", "還沒有角色卡")],
)
async def test_a_sheet_key_without_sheets_says_where_sheets_are_made(
    make_app: AppFactory, lang: str, words: str
) -> None:
    app = make_app(script=FIGHT, lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        for key in ("C", "A"):
            ih_screen(app).status = ""  # so that A's reason is A's, not C's left over
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, IHScreen), f"no dialog opens without a sheet ({key})"
            assert status(app).startswith("✗ " + words), (key, status(app))
