"""Pilot flows of the M.I.S.T. table dialogs (issue 7 follow-up): ``a`` outside Action offers to
move there; burn and restore a tag; mark a track to growth and choose it; add a theme, a
question and a mission; a mitigation whose 9+ gives a tier-1 status to an ally; the Submerge
burn picker; a refuted conclusion offered again — each through the keyboard, each undone.
"""

from __future__ import annotations

from console_support import MITIGATE, SCENE, AppRun, press, screen_lines, state_of, type_text
from textual.widgets import Static

from console import event_text
from console.i18n import Translator
from console.mist.dialogs import FormDialog
from console.mist.effects import EffectsDialog
from console.mist.roll_builder import RollBuilder
from console.mist.screen import MistScreen
from console.screens.dialogs import ChoiceDialog
from engine.dice.mist import MistRoll, Outcome
from engine.mist.commands import Immerse
from engine.mist.events import GrowthTaken, Immersed, Marked
from engine.mist.state import Track


async def test_a_outside_action_offers_to_move_to_action(run_app: AppRun) -> None:
    async with run_app(script=SCENE, system="mist") as (app, pilot):
        assert state_of(pilot).phase.value == "establish"
        await press(pilot, "a")
        assert isinstance(app.screen, ChoiceDialog)
        assert "Establish" in app.screen.heading
        await press(pilot, "enter")
        assert state_of(pilot).phase.value == "action"
        assert isinstance(app.screen, RollBuilder)
        await press(pilot, "escape")
        await press(pilot, "ctrl+z")
        assert state_of(pilot).phase.value == "establish"


async def test_burn_and_restore_a_tag(run_app: AppRun) -> None:
    async with run_app(script=SCENE, system="mist") as (app, pilot):
        await press(pilot, "b")
        assert isinstance(app.screen, ChoiceDialog)
        await press(pilot, "down", "enter")  # burn "grasping dark"
        theme = state_of(pilot).characters[0].themes[0]
        assert theme.power_tags[0].burned
        await press(pilot, "b", "down", "enter")  # now "restore grasping dark"
        assert not state_of(pilot).characters[0].themes[0].power_tags[0].burned
        await press(pilot, "ctrl+z")
        assert state_of(pilot).characters[0].themes[0].power_tags[0].burned


async def test_three_marks_then_a_growth_choice(run_app: AppRun) -> None:
    async with run_app(script=SCENE, system="mist") as (app, pilot):
        for _ in range(3):
            await press(pilot, "M")
            assert isinstance(app.screen, ChoiceDialog)
            await press(pilot, "enter")  # Shadow Hands — Mastery
        theme = state_of(pilot).characters[0].themes[0]
        assert theme.growth_pending == 1
        await press(pilot, "G")
        assert isinstance(app.screen, ChoiceDialog)
        await press(pilot, "enter")  # a new power tag
        assert isinstance(app.screen, FormDialog)
        await type_text(pilot, "night eyes")
        await press(pilot, "enter")
        theme = state_of(pilot).characters[0].themes[0]
        assert theme.growth_pending == 0
        assert "night eyes" in [tag.name for tag in theme.power_tags]
        await press(pilot, "ctrl+z")
        assert state_of(pilot).characters[0].themes[0].growth_pending == 1


async def test_a_theme_a_question_and_a_mission(run_app: AppRun) -> None:
    async with run_app(script=SCENE, system="mist") as (app, pilot):
        await press(pilot, "right_square_bracket")  # Wang
        await press(pilot, "H")
        assert isinstance(app.screen, FormDialog)
        await type_text(pilot, "taint")
        await press(pilot, "tab")
        await type_text(pilot, "Ghost Sight")
        await press(pilot, "tab")
        await type_text(pilot, "sees the dead")
        await press(pilot, "tab")
        await type_text(pilot, "seen back")
        await press(pilot, "enter")
        wang = state_of(pilot).characters[1]
        assert [t.name for t in wang.themes] == ["Retired Cop", "Ghost Sight"]
        await press(pilot, "q")
        await type_text(pilot, "Who feeds the Hound?")
        await press(pilot, "enter")
        assert state_of(pilot).case_file.questions[-1].text == "Who feeds the Hound?"
        await press(pilot, "N")
        assert isinstance(app.screen, ChoiceDialog)
        await press(pilot, "enter")  # a new mission
        await type_text(pilot, "Ward 7")
        await press(pilot, "enter")
        assert state_of(pilot).mission.name == "Ward 7"
        for _ in range(3):
            await press(pilot, "ctrl+z")
        assert len(state_of(pilot).characters[1].themes) == 1


async def test_mitigate_nine_plus_gives_an_ally_a_tier_one_status(run_app: AppRun) -> None:
    async with run_app(script=MITIGATE, system="mist") as (app, pilot):
        await press(pilot, "m")
        builder = app.screen
        assert isinstance(builder, RollBuilder)
        # One tag; t: the status goes to Wang; x x: the extra is reduce, then a status.
        await press(pilot, "space", "t", "x", "x")
        await type_text(pilot, "steeled")
        assert (
            builder.command_line() == 'mitigate x1 tags="Shadow Hands" extra="status:steeled:Wang"'
        )
        await press(pilot, "enter")
        assert isinstance(app.screen, MistScreen)
        done = state_of(pilot).consequences[0]
        assert done.mitigated


async def test_extra_status_needs_a_name(run_app: AppRun) -> None:
    async with run_app(script=MITIGATE, system="mist") as (app, pilot):
        await press(pilot, "m", "x", "x", "enter")
        assert isinstance(app.screen, RollBuilder)
        assert not state_of(pilot).consequences[0].delivered


async def test_submerge_burn_picker_and_refuted_conclusion(run_app: AppRun) -> None:
    script = SCENE + "complexity 1\nclue a\nconclusion x supports=c1\ndeduce k1\n"
    async with run_app(script=script, system="mist") as (app, pilot):
        await press(pilot, "i")
        form = app.screen
        assert isinstance(form, FormDialog)
        assert [f.key for f in form.spec.fields] == ["theme", "depth", "burn"]
        assert form.spec.build({"theme": "Shadow Hands", "depth": "submerge", "burn": "a,b"}) == (
            Immerse("Mei", "Shadow Hands", "submerge", burn=("a", "b"))
        )
        await press(pilot, "escape")
        await press(pilot, "D")
        form = app.screen
        assert isinstance(form, FormDialog)
        assert form.values()["conclusion"] == "k1"  # rolled already, offered again


def test_event_lines_use_words_not_engine_codes() -> None:
    t = Translator("en")
    roll = MistRoll(1, 6, (2,), 8, Outcome.MIXED)
    line = event_text.describe(
        t,
        Immersed("Mei", "Shadow Hands", "submerge", roll, Outcome.MIXED, False, "indulge-burn-all"),
    )
    assert "indulge-burn-all" not in line and "every power tag burned" in line
    assert "Submerge" in line
    marked = event_text.describe(Translator("zh"), Marked("Mei", "Shadow Hands", Track.MASTERY, 2))
    assert "掌控" in marked and "mastery" not in marked
    normal = event_text.describe(t, GrowthTaken("Mei", "Hollow Voice", "normal", "", True))
    assert "declared a normal theme" in normal  # [I-24] switched


async def test_a_mixed_spend_status_then_a_clue(run_app: AppRun) -> None:
    """Issue 7 follow-up: ↓ from the amount field picks the next kind at once, no Shift+Tab."""
    async with run_app(script=SCENE + "phase action\n", system="mist") as (app, pilot):
        await press(pilot, "a", "space", "down", "space", "down", "space", "enter")
        dialog = app.screen
        assert isinstance(dialog, EffectsDialog)  # seed 5: a success with the 3 tags
        left = state_of(pilot).actions[-1].left
        assert f"of {left} left" in str(dialog.query_one("#effects-amount-left", Static).render())
        await press(pilot, "backspace", "1", "enter")
        assert state_of(pilot).actions[-1].left == left - 1
        dialog = app.screen  # the step opens again on the state anew, the same kind chosen
        assert isinstance(dialog, EffectsDialog)
        assert dialog.kind() == "status"
        shown = str(dialog.query_one("#effects-left", Static).render())
        assert f"power left {left - 1}" in shown
        # Four ↓ from the amount field: status → reduce → tag → untag → clue.
        await press(pilot, "down", "down", "down", "down")
        assert dialog.kind() == "clue"
        assert app.focused is dialog.query_one("#effect-name")
        assert not dialog.query_one("#row-target").display
        await type_text(pilot, "it fears light")
        await press(pilot, "enter")
        assert state_of(pilot).case_file.clues[-1].text == "it fears light"
        assert state_of(pilot).actions[-1].left == left - 2
        dialog = app.screen
        assert isinstance(dialog, EffectsDialog)
        assert dialog.kind() == "clue"
        assert app.focused is dialog.query_one("#effect-name")
        done = str(dialog.query_one("#effects-done", Static).render())
        assert "it fears light" in done  # the spends of the step stay listed
        # ↑ goes back to a status, the focus on the amount (cut to the power left): spent out.
        await press(pilot, "up", "up", "up", "up")
        assert dialog.kind() == "status"
        assert app.focused is dialog.query_one("#effect-amount")
        assert dialog.command_line() == "effect status Hound harmed 1"
        await press(pilot, "enter")
        assert state_of(pilot).actions[-1].left == 0
        assert isinstance(app.screen, MistScreen)


async def test_a_refused_spend_says_why_in_the_dialog(run_app: AppRun) -> None:
    async with run_app(script=SCENE + "phase action\n", system="mist") as (app, pilot):
        await press(pilot, "a", "space", "enter")
        dialog = app.screen
        assert isinstance(dialog, EffectsDialog)
        assert state_of(pilot).actions[-1].left == 1
        await press(pilot, "down", "down")  # a story tag costs 2
        await type_text(pilot, "cornered")
        await press(pilot, "enter")
        assert isinstance(app.screen, EffectsDialog)
        error = str(dialog.query_one("#effects-error", Static).render())
        assert error.startswith("✗ ") and "2" in error
        assert state_of(pilot).challenges[0].story_tags == ()


async def test_the_immersion_form_offers_the_theme_tag_to_burn(run_app: AppRun) -> None:
    """§4.1, §4.5: the theme tag is one of "its power tags", so the form lists it to burn."""
    async with run_app(script=SCENE, system="mist") as (app, pilot):
        await press(pilot, "i")
        form = app.screen
        assert isinstance(form, FormDialog)
        shown = "".join(line.strip("│ ") for line in screen_lines(app))
        assert "unburned power tags: Shadow Hands, grasping dark, silent step" in shown
        burn = next(f for f in form.spec.fields if f.key == "burn")
        assert burn.suggestions[:3] == ("Shadow Hands", "grasping dark", "silent step")
