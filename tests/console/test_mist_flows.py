"""Pilot flows of the M.I.S.T. screen (issue 7): an action roll with tags ticked and its effects
spent until a challenge is overcome, a consequence mitigated, a case file from clues to a Test
with an opportunity — each undone again. Fixed dice (seed 5) make every roll the same each run.
"""

from __future__ import annotations

import pytest
from console_support import MITIGATE, SCENE, AppRun, press, state_of, type_text
from textual.widgets import Label

from console.mist.dialogs import FormDialog
from console.mist.effects import EffectsDialog
from console.mist.roll_builder import RollBuilder
from console.mist.screen import MistScreen


async def test_action_roll_ticks_tags_and_effects_overcome_the_challenge(run_app: AppRun) -> None:
    async with run_app(script=SCENE, system="mist") as (app, pilot):
        assert isinstance(app.screen, MistScreen)
        await press(pilot, "p")
        assert state_of(pilot).phase.value == "action"
        await press(pilot, "a")
        builder = app.screen
        assert isinstance(builder, RollBuilder)
        # Shadow Hands (theme tag), grasping dark, silent step: three helping tags.
        await press(pilot, "space", "down", "space", "down", "space")
        assert builder.command_line() == (
            'action Mei tags="Shadow Hands,grasping dark,silent step" target=Hound'
        )
        # Burn "steady hands" (+3): down past the weakness and the Self theme tag.
        await press(pilot, "down", "down", "down", "b")
        assert 'burn="steady hands"' in builder.command_line()
        await press(pilot, "enter")
        state = state_of(pilot)
        action = state.actions[-1]
        assert action.power == 6
        assert action.outcome.value != "fail"
        assert isinstance(app.screen, EffectsDialog)
        # The name is the challenge's first limit. harmed 2, then harmed 2 again stacks into
        # box 3 (RULES.md §4.1): tier 3 reaches the limit.
        await press(pilot, "backspace", "2", "enter")
        state = state_of(pilot)
        assert state.actions[-1].left == 4
        assert not state.challenges[0].overcome
        assert isinstance(app.screen, EffectsDialog)
        await press(pilot, "enter")
        state = state_of(pilot)
        hound = state.challenges[0]
        assert hound.overcome and hound.overcome_by == "harmed"
        assert hound.statuses[0].boxes == (2, 3)
        assert state.actions[-1].left == 2
        await press(pilot, "escape")
        assert isinstance(app.screen, MistScreen)
        await press(pilot, "ctrl+z")
        assert not state_of(pilot).challenges[0].overcome
        await press(pilot, "ctrl+z")
        assert state_of(pilot).actions[-1].left == 6
        await press(pilot, "ctrl+z")
        assert state_of(pilot).actions == ()


async def test_a_consequence_is_mitigated_and_undone(run_app: AppRun) -> None:
    async with run_app(script=MITIGATE, system="mist") as (app, pilot):
        await press(pilot, "m")
        builder = app.screen
        assert isinstance(builder, RollBuilder)
        assert builder.command_line() == "mitigate x1"
        await press(pilot, "space", "down", "space", "down", "space", "x")
        assert builder.command_line() == (
            'mitigate x1 tags="Shadow Hands,grasping dark,silent step" extra=reduce'
        )
        await press(pilot, "enter")
        state = state_of(pilot)
        done = state.consequences[0]
        assert done.delivered and done.mitigated
        hurt = next((s for s in state.characters[0].statuses if s.name == "hurt"), None)
        assert (hurt.tier if hurt else 0) == done.tier < 3
        await press(pilot, "ctrl+z")
        pending = state_of(pilot).consequences[0]
        assert not pending.delivered and pending.tier == 3


async def test_case_file_from_clues_to_a_test_with_an_opportunity(run_app: AppRun) -> None:
    async with run_app(script=SCENE + "complexity 2\n", system="mist") as (app, pilot):
        for clue in ("scratches", "night shift", "flicker"):
            await press(pilot, "l")
            assert isinstance(app.screen, FormDialog)
            await type_text(pilot, clue)
            await press(pilot, "enter")
        assert [c.id for c in state_of(pilot).case_file.clues] == ["c1", "c2", "c3"]
        await press(pilot, "k")
        await type_text(pilot, "shadows")
        await press(pilot, "tab")
        await type_text(pilot, "c1,c2,c3")
        await press(pilot, "enter")
        conclusion = state_of(pilot).case_file.conclusions[0]
        assert conclusion.supports == ("c1", "c2", "c3") and conclusion.power == 3
        await press(pilot, "f")
        assert state_of(pilot).case_file.open
        await press(pilot, "T")
        assert isinstance(app.screen, FormDialog)
        await press(pilot, "tab")
        await type_text(pilot, "fears light")
        await press(pilot, "enter")
        case = state_of(pilot).case_file
        assert case.tested
        assert case.conclusions[0].mode == "test"
        assert [o.id for o in case.opportunities] == ["o1"]
        await press(pilot, "ctrl+z")
        case = state_of(pilot).case_file
        assert not case.tested and case.opportunities == ()


@pytest.mark.parametrize(
    ("lang", "title"),
    [("en", "Mitigate x1 (hurt 3) — Mei"), ("zh", "缓解 x1（hurt 3）——Mei")],
)
async def test_the_mitigation_says_what_comes_at_the_character(
    run_app: AppRun, lang: str, title: str
) -> None:
    """The mitigation's title named only the consequence's id: the status and tier the roll
    reduces were on the scene-loop pane behind the dialog."""
    async with run_app(script=MITIGATE, system="mist", lang=lang) as (app, pilot):
        await press(pilot, "m")
        builder = app.screen
        assert isinstance(builder, RollBuilder)
        assert str(builder.query_one("#builder-title", Label).render()) == title
