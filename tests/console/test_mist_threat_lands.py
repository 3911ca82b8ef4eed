"""The key that lands a threat as a consequence, through the consequence dialog filled with its
markup (issue 29 §2): the MC edits it before it lands; undo takes it all back."""

from __future__ import annotations

from console_support import SCENE, SMALL, AppFactory, screen_lines, settle, state_of
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
