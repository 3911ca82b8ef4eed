"""The check dialog made opposed (RULES.md §3.10, [I-15]): the opponent and their traits picked
from the keyboard, both pools line by line, the exact odds of winning, losing and the ties
before the roll, an ``ih.Check`` with its ``vs`` in the journal, and who won by how much after."""

from __future__ import annotations

from typing import Any

import pytest
from console_support import AppFactory
from textual.widgets import Select, Static

from console import render
from console.app import STConsoleApp
from console.ih.check_dialog import CheckDialog
from console.ih.screen import IHScreen
from engine.dice.odds import check_odds
from engine.ih import commands as ih
from engine.ih.checks import check_pool, roller_sheet
from engine.ih.opposed_odds import opposed_odds

SIZES = [(120, 40), (80, 24)]

SCRIPT = """
sheet Ghoul npc strength=3 dexterity=2 stamina=3 wits=1 composure=1 martial=2 stealth=2
sheet Ann pc dexterity=3 firearms=2 wits=2 composure=3 resolve=2
add Ann from=Ann init=12
add Ghoul from=Ghoul init=3
"""


def ih_screen(app: STConsoleApp) -> IHScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, IHScreen))


def exact(app: STConsoleApp, mine: str, theirs: str) -> Any:
    """The engine's exact odds of Ann's ``mine`` against the Ghoul's ``theirs``."""
    scene = ih_screen(app).history.scene
    state: Any = scene.state
    settings = state.interpretations

    def distribution(name: str, traits: str) -> tuple[float, ...]:
        pool = check_pool(roller_sheet(state, name), traits, settings, scene.system)
        return check_odds(pool.spec(scene.system, settings)).distribution

    return opposed_odds(distribution("Ann", mine), distribution("Ghoul", theirs), settings)


async def open_opposed(pilot: Any) -> CheckDialog:
    """C, then the vs row picked from the keyboard: Ghoul, Wits, Stealth."""
    await pilot.app.opened.wait()
    await pilot.pause()
    await pilot.press("C")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, CheckDialog)
    dialog.query_one("#opponent", Select).focus()
    await pilot.pause()
    for field, value in (("opponent", "Ghoul"), ("opponent-attribute", "wits")):
        dialog.query_one(f"#{field}", Select).value = value
    dialog.query_one("#opponent-skill", Select).value = "stealth"
    await pilot.pause()
    return dialog


def text_of(dialog: CheckDialog, widget_id: str) -> str:
    return str(dialog.query_one(f"#{widget_id}", Static).render())


@pytest.mark.parametrize("size", SIZES)
async def test_an_opposed_check_shows_the_exact_odds_and_says_who_won(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    async with make_app(script=SCRIPT).run_test(size=size) as pilot:
        app = pilot.app
        dialog = await open_opposed(pilot)
        odds = exact(app, "dexterity+firearms", "wits+stealth")
        assert dialog.opposed == odds
        summary = text_of(dialog, "check-summary")
        assert summary == (
            f"Ann wins {render.percent(odds.p_win)} · loses {render.percent(odds.p_lose)}"
            f" · ties {render.percent(odds.p_tie)} go to Ann (a 0–0 tie is lost)"
        )
        breakdown = text_of(dialog, "check-breakdown")
        assert "= 5 dice" in breakdown and "vs Ghoul" in breakdown and "= 3 dice" in breakdown
        assert dialog.command == ih.Check(
            "Ann", "dexterity+firearms", opponent="Ghoul", opponent_traits="wits+stealth"
        )
        for widget in ("#opponent", "#opponent-skill", "#roll"):  # all on screen
            assert dialog.query_one(widget).region.bottom <= size[1]
        await pilot.press("ctrl+r")
        await pilot.pause()
        journal = ih_screen(app).history.scene.journal
        assert journal[-1].text == "check Ann dexterity+firearms vs=Ghoul:wits+stealth"
        (mine, theirs) = ih_screen(app).history.scene.state.rolls  # type: ignore[attr-defined]
        a, b = mine.result.final_successes, theirs.result.final_successes
        verdict = text_of(dialog, "check-result").splitlines()[0]
        winner = "Ann" if a > b or (a == b and a > 0) else "Ghoul"
        if a == b:
            assert verdict == f"{winner} wins the tie at {a}"
        else:
            assert verdict == f"{winner} wins by {abs(a - b)}"


async def test_ties_go_to_the_defender_when_the_scene_says_so(make_app: AppFactory) -> None:
    app = make_app(script=SCRIPT + "interpret opposed_tie_goes_to_defender=true\n")
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_opposed(pilot)
        odds = exact(app, "dexterity+firearms", "wits+stealth")
        assert odds.ties_to_defender and dialog.opposed == odds
        assert text_of(dialog, "check-summary").endswith(
            f"ties {render.percent(odds.p_tie)} go to Ghoul"
        )


async def test_an_opposed_check_refuses_a_dc_and_oneself(make_app: AppFactory) -> None:
    app = make_app(script=SCRIPT)
    async with app.run_test(size=(120, 40)) as pilot:
        dialog = await open_opposed(pilot)
        dialog.query_one("#dc").value = "2"  # type: ignore[attr-defined]
        await pilot.pause()
        assert dialog.command is None and "not both" in text_of(dialog, "check-summary")
        dialog.query_one("#dc").value = ""  # type: ignore[attr-defined]
        dialog.query_one("#opponent", Select).value = "Ann"
        await pilot.pause()
        assert dialog.command is None
        assert "cannot oppose their own check" in text_of(dialog, "check-summary")


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
async def test_the_opposed_odds_in_chinese(make_app: AppFactory, lang: str) -> None:
    app = make_app(lang=lang, script=SCRIPT)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await open_opposed(pilot)
        odds = exact(app, "dexterity+firearms", "wits+stealth")
        summary = text_of(dialog, "check-summary")
        assert render.percent(odds.p_win) in summary and "平局" in summary
