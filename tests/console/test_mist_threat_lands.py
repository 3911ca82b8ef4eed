"""The key that lands a threat as a consequence, through the consequence dialog filled with its
markup (issue 29 §2): the MC edits it before it lands; undo takes it all back."""

from __future__ import annotations

from console_support import SCENE, SMALL, AppFactory, burst, screen_lines, settle, state_of
from textual.widgets import Input

from console.mist.dialogs import FormDialog
from console.mist.screen import MistScreen

MARKED = (
    SCENE + 'threat "It lunges: [bitten-3] in the [thick fog]"\nphase action\nphase consequence\n'
)


async def test_w_fills_the_consequence_dialog_with_the_threat(make_app: AppFactory) -> None:
    app = make_app(script=MARKED, system="mist")
    async with app.run_test(size=SMALL) as pilot:
        assert isinstance(app.screen, MistScreen)
        await pilot.press("w")
        await settle(pilot)
        await pilot.press("down", "enter")  # t2, the marked threat
        await settle(pilot)
        form = app.screen
        assert isinstance(form, FormDialog)
        values = form.values()
        assert (values["target"], values["text"], values["source"]) == (
            "Mei",
            "It lunges: [bitten-3] in the [thick fog]",
            "t2",
        )
        assert "bitten-3" in "\n".join(screen_lines(app))
        text = form.query_one("#field-text", Input)
        text.value = "It lunges: [bitten-2] in the [thick fog]"
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, MistScreen)
        state = state_of(pilot)
        assert [(x.target, x.status, x.tier, x.source) for x in state.consequences] == [
            ("Mei", "bitten", 2, "t2")
        ]
        assert "thick fog" in [t.name for t in state.scene.story_tags]
        await pilot.press("ctrl+z")
        await settle(pilot)
        state = state_of(pilot)
        assert not state.consequences
        assert "thick fog" not in [t.name for t in state.scene.story_tags]


async def test_w_is_greyed_out_without_a_threat(make_app: AppFactory) -> None:
    app = make_app(script="pc Mei\n", system="mist", lang="zh")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, MistScreen)
        assert app.screen.check_action("threat_lands", ()) is None


async def test_v_hides_a_clue_from_the_clue_board(make_app: AppFactory) -> None:
    app = make_app(script='pc Mei\nclue "Claw marks [fresh]"\n', system="mist")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("V")
        await settle(pilot)
        assert "Hide c1 Claw marks [fresh] from the players" in "\n".join(screen_lines(app))
        await pilot.press("enter")
        await settle(pilot)
        assert state_of(pilot).case_file.clues[0].hidden


async def test_t_previews_a_threats_markup_as_chips(make_app: AppFactory) -> None:
    """The threat dialog (t) showed nothing of the markup typed in it, where w's consequence
    dialog shows the chips: a typo in [bitten-9] went unseen until it failed to land."""
    app = make_app(script=SCENE, system="mist", lang="zh")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("t")
        await settle(pilot)
        form = app.screen
        assert isinstance(form, FormDialog)
        burst(app, *((char, char) for char in "它扑来：【咬伤-3】在【浓雾】里"))  # as an IME types
        await settle(pilot)
        assert form.values()["text"] == "它扑来：【咬伤-3】在【浓雾】里"
        preview = [line for line in screen_lines(app) if "它扑来：" in line and "【" not in line]
        assert preview and " 咬伤-3 " in preview[0] and " 浓雾 " in preview[0]


PACK = SCENE + (
    'profile Drowned limits=harmed:3 threat="It grabs an ankle: [dragged-2]"\n'
    'challenge "Pier ghost" from=Drowned\nchallenge "Bell ghost" from=Drowned\n'
    "phase action\nphase consequence\n"
)


async def test_r_and_w_name_each_threats_challenge(make_app: AppFactory) -> None:
    """Two challenges from one profile have the same threat text: R and w listed "t2 It grabs
    an ankle…" twice, with nothing to tell whose."""
    app = make_app(script=PACK, system="mist")
    async with app.run_test(size=SMALL) as pilot:
        for key in ("R", "w"):
            await pilot.press(key)
            await settle(pilot)
            text = "\n".join(screen_lines(app))
            assert "(Pier ghost)" in text and "(Bell ghost)" in text, key
            await pilot.press("escape")
            await settle(pilot)
