"""Sheets at the table from the keyboard (issue 14): the roster, the sheet editor, a group added
from a stat block, a check from the sheet and an extended action, at 120×40 and 80×24."""

from __future__ import annotations

from typing import Any

import pytest
from console_support import SIZE, SMALL, AppFactory, ih_screen
from textual.widgets import Static

from console.app import STConsoleApp
from console.ih.check_dialog import CheckDialog
from console.ih.extended_screen import ExtendedScreen
from console.ih.panes import ExtendedPane
from console.ih.sheet_editor import SheetEditor
from console.screens.roster import RosterScreen
from console.textual_compat import notifications
from console.widgets.dice_log import DiceLog
from engine import commands

SIZES = [SIZE, SMALL]

GHOUL = """
sheet Ghoul npc strength=3 dexterity=2 stamina=3 wits=1 composure=1 martial=2
sheet Ann pc dexterity=3 firearms=2 wits=2 composure=3 resolve=2
specialty Ann firearms "pistols" 1
"""


def scene_json(app: STConsoleApp) -> dict[str, Any]:
    scene = ih_screen(app).history.scene
    return commands.to_json(scene.state, scene.system)


async def settle(pilot: Any) -> None:
    await pilot.app.opened.wait()
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
async def test_a_pc_sheet_made_from_the_keyboard(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    app = make_app(script="")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("R")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        await pilot.press("n", *"Ann", "enter")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, SheetEditor)
        # Strength 2, Dexterity 3 (down), Wits 2 (right), Composure 3 (down, right), PC.
        await pilot.press("2", "down", "3", "right", "2", "down", "right", "3", "p")
        await pilot.pause()
        derived = str(editor.query_one("#sheet-derived", Static).render())
        assert "Initiative 6" in derived  # Dexterity 3 + Composure 3, updated as typed
        assert "Health 6" in derived
        problems = str(editor.query_one("#sheet-problems", Static).render())
        assert "Free attribute points" in problems
        await pilot.press("enter")  # save: back in the roster
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        await pilot.press("escape")
        await pilot.pause()
        (ann,) = scene_json(app)["sheets"]
        assert ann["side"] == "pc"
        assert {
            k: ann["attributes"][k] for k in ("strength", "dexterity", "wits", "composure")
        } == {
            "strength": 2,
            "dexterity": 3,
            "wits": 2,
            "composure": 3,
        }
        journal = [entry.text for entry in ih_screen(app).history.scene.journal]
        assert journal == [
            "sheet Ann npc",
            "sheet Ann strength=2 dexterity=3 wits=2 composure=3",
            "sheet Ann pc",
        ]


@pytest.mark.parametrize("size", SIZES)
async def test_a_group_added_from_one_stat_block(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    app = make_app(script=GHOUL)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        saves_before = app.persistence.require()._saves
        await pilot.press("A")
        await pilot.pause()
        await pilot.press("enter")  # the first sheet of the list: Ghoul
        await pilot.pause()
        await pilot.press("3", "enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        order = scene_json(app)["order"]
        assert sorted(x["name"] for x in order) == ["Ghoul 1", "Ghoul 2", "Ghoul 3"]
        assert all(x["sheet"] == "Ghoul" and x["health"] == 8 for x in order)
        journal = ih_screen(app).history.scene.journal
        assert journal[-1].text == "add Ghoul from=Ghoul count=3"  # one command
        log = ih_screen(app).query_one(DiceLog)
        shown = "\n".join(line.plain for line in log._lines)
        assert shown.count("initiative: d10") == 3
        for x in order:  # each one's face + modifier (Dexterity 2 + Composure 1) = its score
            assert (
                f"{x['name']} initiative: d10 {x['initiative'] - 3} + 3 = {x['initiative']}"
                in shown
            )
        await pilot.pause(0.2)
        assert app.persistence.require()._saves - saves_before <= 1


@pytest.mark.parametrize("size", SIZES)
async def test_a_check_from_the_sheet_with_willpower(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    app = make_app(script=GHOUL + "add Ann from=Ann init=12\n")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        await pilot.press("C")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CheckDialog)
        breakdown = str(dialog.query_one("#check-breakdown", Static).render())
        assert "Dexterity" in breakdown and "Firearms" in breakdown and "= 5 dice" in breakdown
        dialog.query_one("#willpower").value = True  # type: ignore[attr-defined]
        await pilot.pause()
        assert "= 8 dice" in str(dialog.query_one("#check-breakdown", Static).render())
        assert "%" in str(dialog.query_one("#check-summary", Static).render())
        await pilot.press("ctrl+r")
        await pilot.pause()
        view = scene_json(app)
        (roll,) = view["rolls"]
        assert (roll["by"], roll["label"], roll["dp"], roll["willpower"]) == (
            "Ann",
            "dexterity+firearms",
            8,
            True,
        )
        assert view["order"][0]["willpower"] == 4  # 5 − 1
        result = str(dialog.query_one("#check-result", Static).render())
        assert "Ann" in result and "Dexterity + Firearms" in result


async def test_an_extended_action_started_and_rolled(make_app: AppFactory) -> None:
    app = make_app(script=GHOUL + "add Ann from=Ann init=12\n")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        pane = ih_screen(app).query_one(ExtendedPane)
        assert not pane.display  # no extended action: the pane takes no room
        await pilot.press("X")
        await pilot.pause()
        assert isinstance(app.screen, ExtendedScreen)
        await pilot.press("n")
        await pilot.pause()
        field = app.screen.query_one("#text")
        field.value = 'Ann "Pick the lock" dexterity+firearms dc=4 interval=minute mishap'  # type: ignore[attr-defined]
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")  # roll the first interval
        await pilot.pause()
        (task,) = scene_json(app)["extended"]
        assert (task["id"], task["rolls"], task["mishap"]) == ("x1", 1, True)
        await pilot.press("escape")
        await pilot.pause()
        assert pane.display
        assert "Pick the lock" in pane.plain


def test_every_creation_problem_has_words_in_each_language() -> None:
    """Each problem the validator names (RULES.md §2.3) reads in en, zh and zh-Hant."""
    from console.i18n import Translator
    from console.ih.sheet_text import problem
    from engine.ih.character import (
        Attributes,
        Character,
        Feat,
        Language,
        Skills,
        Specialty,
    )
    from engine.ih.creation import Choices, validate
    from engine.ih.traits import Category, Skill

    broken = Character(
        attributes=Attributes(strength=6, intelligence=1),
        skills=Skills(firearms=5),
        specialties=(Specialty(Skill.MARTIAL, "Knives", 2),),
        feats=(Feat("Big", 1, minimum_level=2),),
        languages=(Language("Mandarin", 1, native=True), Language("English", 7)),
    )
    found = list(validate(Character())) + list(validate(broken))
    odd = Choices(attribute_priority=(Category.PHYSICAL, Category.PHYSICAL, Category.SOCIAL))
    found += validate(Character(), odd)
    codes = {p.code for p in found}
    assert codes == {
        "attribute-category",
        "attribute-free",
        "attribute-range",
        "skill-category",
        "skill-free",
        "skill-range",
        "specialty-points",
        "specialty-level",
        "feat-points",
        "feat-minimum",
        "language-points",
        "native-count",
        "language-level",
        "native-level",
        "intelligence-one",
        "priority",
    }
    for lang in ("en", "zh", "zh-Hant"):
        t = Translator(lang)
        for item in found:
            assert t.has(f"creation.{item.code}")
            text = problem(t, item)
            assert "{" not in text and text != item.message or lang == "en"


async def test_the_st_is_warned_when_the_ones_near_the_dc(make_app: AppFactory) -> None:
    script = GHOUL + 'extended Ann "Lock" dp=4 dc=2 interval=minute mishap\n'
    app = make_app(script=script)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = ih_screen(app)
        for _ in range(20):  # roll until a roll brings a 1 while the action goes on
            task = scene_json(app)["extended"][0]
            if task["state"] != "going" or task["mishap_near"]:
                break
            screen.run_command("extended roll x1")
            await pilot.pause()
        task = scene_json(app)["extended"][0]
        assert task["mishap_near"], task  # with these fixed dice a 1 comes before the DC
        assert any("tell the player" in str(n.message) for n in notifications(app))
