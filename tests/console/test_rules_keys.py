"""Issue 13 in the console: spend keys on the current actor, the delay dialog, the surprise
round's pause (RULES.md §3.2–§3.4, §3.6)."""

from __future__ import annotations

import pytest
from console_support import (
    FIGHT,
    SIZE,
    AppFactory,
    AppRun,
    ih_screen,
    opened_by,
    row,
    scene_json,
    select,
    settle,
)
from textual.widgets import Checkbox, OptionList, Select, Static

from console.event_text import describe as event
from console.i18n import Translator
from console.screens.roll_dialog import RollDialog
from console.textual_compat import notifications
from console.widgets.odds_chart import OddsChart
from engine import session
from engine.dice.ih import CheckSpec
from engine.dice.odds import check_odds
from engine.errors import RuleError
from engine.ih.family import find_combatant
from engine.mist.events import StatusTaken


@pytest.fixture(params=["en", "zh", "zh-Hant"])
def lang(request: pytest.FixtureRequest) -> str:
    """Each test that takes ``lang`` runs in every language of the console."""
    return str(request.param)


def willpower_of(app: object, name: str) -> int:
    """Ann's willpower in the scene, whatever screen is on top (the roll dialog)."""
    combatant = find_combatant(ih_screen(app).history.scene.state, name)  # type: ignore[arg-type]
    assert combatant is not None
    return combatant.willpower


async def test_a_spend_key_spends_the_current_actors_action(run_app: AppRun, lang: str) -> None:
    async with run_app(script=FIGHT, lang=lang) as (app, pilot):
        assert scene_json(app)["current"] == "Ann"
        await select(pilot, app, "Cid")
        await pilot.press("t")
        await pilot.pause()
        assert row(app, "Ann")["budget"]["standard"] == 0
        assert row(app, "Cid")["budget"]["standard"] == 1
        # the reflex key stays the selected combatant's (an off-turn reflex, §3.7)
        await pilot.press("x")
        await pilot.pause()
        assert row(app, "Cid")["owed_swift"] == 1


async def test_the_delay_dialog_offers_only_later_combatants_who_have_not_acted(
    run_app: AppRun,
) -> None:
    async with run_app(script=FIGHT + "next\n") as (app, pilot):
        assert scene_json(app)["current"] == "Bob"
        await pilot.press("d")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert labels[1:] == ["After Cid"]  # not Ann: ahead of Bob and has acted


async def test_the_roll_dialogs_willpower_box_spends_one_for_that_roll(
    run_app: AppRun, lang: str
) -> None:
    """RULES.md §1.7: the box is one spend tied to this roll; the note says what it does."""
    async with run_app(script=FIGHT, lang=lang) as (app, pilot):
        dialog = await opened_by(pilot, RollDialog, "r")
        note = str(dialog.query_one("#willpower-note", Static).render())
        assert note == Translator(lang)("roll.willpower-left", name="Ann", left=5, most=5)
        await pilot.press("backspace", "4")
        dialog.query_one("#willpower", Checkbox).value = True
        await pilot.pause()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert willpower_of(app, "Ann") == 4
        last = ih_screen(app).history.scene.journal[-1]
        assert last.text == "roll ih-d10 4 --willpower by=Ann"
        assert [e.result.dp for e in last.events if hasattr(e, "result")] == [7]
        # once per action: a second roll with the box ticked is refused, nothing spent
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert willpower_of(app, "Ann") == 4


async def test_a_willpower_spend_made_first_ticks_the_box(run_app: AppRun) -> None:
    async with run_app(script=FIGHT + "willpower Ann +3dp\n") as (app, pilot):
        await pilot.press("r")
        await pilot.pause()
        box = app.screen.query_one("#willpower", Checkbox)
        assert box.value and box.disabled
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert willpower_of(app, "Ann") == 4  # the one spend, not a second


SURPRISE = """
add Ann init=15 pc
add Bob init=12 npc
surprise Ann
next
"""


async def test_the_pause_after_the_surprise_round_says_what_to_do_and_n_opens_round_1(
    run_app: AppRun, lang: str
) -> None:

    t = Translator(lang)
    async with run_app(script=SURPRISE, lang=lang) as (app, pilot):
        assert t("title.surprise-over") in app.title_line
        status = str(app.screen.query_one("#status", Static).render())
        assert t("status.surprise-over") in status
        await pilot.press("colon", *"add Cid init=9", "enter")
        await pilot.pause()
        assert row(app, "Cid")["flat_footed"]
        assert t("status.surprise-over") in str(app.screen.query_one("#status", Static).render())
        await pilot.press("n")
        await pilot.pause()
        view = scene_json(app)
        assert (view["phase"], view["round"], view["current"]) == ("combat", 1, "Ann")
        assert row(app, "Cid")["flat_footed"] and row(app, "Bob")["flat_footed"]
        assert t("title.surprise-over") not in app.title_line


async def test_the_title_says_surprise_round_while_it_runs(run_app: AppRun) -> None:
    async with run_app(script="add Ann init=15 pc\nadd Bob init=12 npc\nsurprise Ann\n") as (
        app,
        pilot,
    ):
        assert "surprise round ·" in app.title_line


async def test_an_unusual_reflex_is_warned_and_taken(run_app: AppRun, lang: str) -> None:
    async with run_app(script=FIGHT, lang=lang) as (app, pilot):
        assert ih_screen(app).run_command('spend Cid reflex "Shadow step"')
        await pilot.pause()
        assert row(app, "Cid")["owed_swift"] == 1
        warned = [n.message for n in notifications(app)]
        expected = Translator(lang)("event.UnusualReflex", name="Cid", reflex="Shadow step")
        assert expected in warned


async def test_a_one_round_action_lands_at_the_start_of_the_next_turn(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        assert ih_screen(app).run_command('spend Ann one-round "Ritual"')
        await pilot.pause()
        assert row(app, "Ann")["one_round"] == "Ritual"
        for _ in range(3):
            await pilot.press("n")
            await pilot.pause()
        assert scene_json(app)["current"] == "Ann"
        from textual.widgets import Static

        status = str(app.screen.query_one("#status", Static).render())
        assert "Ann's 1-round action lands: Ritual" in status


async def test_the_roll_dialog_shows_chance_odds_without_eight_again(
    run_app: AppRun, lang: str
) -> None:
    """[I-7]: the dialog's odds of a chance roll with 8-again are those of 10-again."""
    async with run_app(script=FIGHT, lang=lang) as (app, pilot):
        dialog = await opened_by(pilot, RollDialog, "r")
        await pilot.press("backspace", "0")
        dialog.query_one("#again", Select).value = "8"
        await pilot.pause()
        chart = dialog.query_one(OddsChart)
        expected = check_odds(CheckSpec("ih-d10", 0)).distribution
        assert chart.distribution[2] == pytest.approx(expected[2]) == pytest.approx(0.027)
        summary = str(dialog.query_one("#odds-summary", Static).render())
        assert Translator(lang)("roll.chance-ten-again", again=8) in summary


async def test_a_refused_delay_is_explained_in_the_tables_language(
    run_app: AppRun, lang: str
) -> None:
    """Vector 11 in the console: the refusal is the engine's code, worded in the language."""
    async with run_app(script=FIGHT + "next\n", lang=lang) as (app, pilot):
        await pilot.press("colon", *"delay Bob after Ann", "enter")
        await pilot.pause()
        error = str(app.screen.query_one("#command-error", Static).render())
        expected = Translator(lang)(
            "error.ih.delay.raises-score", name="Bob", other="Ann", score=15, other_score=15
        )
        assert " ".join(error.split()) == " ".join(expected.split())


def test_the_mist_log_says_a_mark_was_lost_at_the_cap(lang: str) -> None:
    """RULES.md §4.1: taking a tier whose mark is lost at the cap is reported."""
    t = Translator(lang)
    capped = StatusTaken("Rin", "hurt", 6, None, (6,), 6, True)
    assert event(t, capped) == t(
        "mist.event.StatusTaken-capped", target="Rin", name="hurt", asked=6, tier=6
    )
    taken = StatusTaken("Rin", "hurt", 2, 2, (2,), 2, False)
    assert event(t, taken) == t("mist.event.StatusTaken", target="Rin", name="hurt", tier=2)


def test_reducing_a_missing_status_is_refused_in_each_language(lang: str) -> None:
    import console.i18n  # noqa: F401  installs the renderer

    scene = session.new_scene("S", "mist", 3)
    scene, _ = session.execute_text(scene, "pc Rin")
    with pytest.raises(RuleError) as caught:
        session.execute_text(scene, "reduce Rin nosuch 1")
    text = caught.value.render(lang)
    assert "Rin" in text and "nosuch" in text and "mist.status" not in text


async def test_the_selection_follows_the_turn_when_the_current_actor_delays(
    make_app: AppFactory,
) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        assert ih_screen(app).selected == "Ann"
        await pilot.press("d", "enter")  # Ann delays into the next round
        await settle(pilot)
        assert scene_json(app)["current"] == "Bob"
        assert ih_screen(app).selected == "Bob", "the next key acts for whoever acts now"
        await pilot.press("t")
        await pilot.pause()
        bob = next(c for c in scene_json(app)["order"] if c["name"] == "Bob")
        assert bob["budget"]["standard"] == 0
