"""The attack dialog driven from the keyboard (issue 15): odds before the roll, words after.

Snapshots of the dialog in English and Chinese at 120×40 (fixed dice, clock, no blink); update
after an intended change with ``pytest tests/console/test_attack_dialog.py --snapshot-update``.
"""

from __future__ import annotations

from typing import Any

from console_support import AppFactory
from textual.pilot import Pilot
from textual.widgets import Static

from console.screens.attack_dialog import AttackDialog
from console.screens.dialogs import ConfirmDialog
from console.screens.ih_panes import InitiativeQueue
from console.screens.ih_screen import IHScreen
from console.widgets.odds_chart import OddsChart
from engine.ih.attack_odds import attack_odds
from engine.ih.encounter import Encounter
from engine.ih.events import AttackRolled

SIZE = (120, 40)

# Cid has had his turn (not flat-footed: defense 2 counts); it is Ann's turn.
FIGHT = """
add Cid init=16 dex=2 com=1 defense=2 defense-bonus=1 health=6 willpower=2 npc
add Ann init=15 dex=3 com=3 defense=3 health=7 willpower=5 pc
add Bob init=12 dex=2 com=2 health=8 willpower=4 pc
begin
next
"""


def ih_screen(app: Any) -> IHScreen:
    for screen in reversed(app.screen_stack):
        if isinstance(screen, IHScreen):
            return screen
    raise AssertionError("no IH screen")


def state(app: Any) -> Encounter:
    found = ih_screen(app).history.scene.state
    assert isinstance(found, Encounter)
    return found


async def _open_on_cid(pilot: Pilot[Any]) -> AttackDialog:
    await pilot.app.opened.wait()  # type: ignore[attr-defined]
    await pilot.pause()
    pilot.app.clear_notifications()
    ih_screen(pilot.app).selected = "Cid"
    await pilot.pause()
    await pilot.press("h")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, AttackDialog)
    return dialog


async def test_the_odds_are_shown_before_the_roll_and_the_result_after(
    make_app: AppFactory,
) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await _open_on_cid(pilot)
        assert (dialog.attacker, dialog.target()) == ("Ann", "Cid")
        await pilot.press("7")
        dialog.query_one("#bonus").value = "2"  # type: ignore[attr-defined]
        dialog.query_one("#defend").value = "1"  # type: ignore[attr-defined]
        await pilot.pause()
        # before anything is rolled: the target's defense and the exact odds of this attack
        defense = str(dialog.query_one("#attack-defense", Static).render())
        assert "Cid: defense 2" in defense and "→ 5 dice" in defense
        expected = attack_odds("ih-d10", 5, declared=1, shares=(2,))
        chart = dialog.query_one(OddsChart)
        assert chart.distribution[3] == expected.distribution[3]
        assert chart.threshold == 6  # values taking Cid to 0 health are marked
        summary = str(dialog.query_one("#attack-odds", Static).render())
        assert f"hit {100 * expected.p_hit:.1f}%" in summary
        assert state(app).rolls == ()
        assert str(dialog.query_one("#attack-result", Static).render()) == ""

        await pilot.press("ctrl+r")
        await pilot.pause()
        entry = ih_screen(app).history.scene.journal[-1]
        assert entry.text == "attack Ann Cid dp=7 bonus=2 defend=1"
        (rolled,) = [e for e in entry.events if isinstance(e, AttackRolled)]
        result = str(dialog.query_one("#attack-result", Static).render())
        verb = "hits" if rolled.hit else "misses"
        assert result.startswith(f"Ann {verb} Cid")
        if rolled.hit:
            assert f"{rolled.damage} damage" in result and f"Cid {rolled.health}/6" in result
        assert state(app).order[0].health == 6 - rolled.damage
        assert len(state(app).rolls) == 1
        await app.action_quit()  # stop the autosave writer (tests after this count threads)


async def test_a_refused_attack_says_why_and_changes_nothing(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT + "spend Ann standard")
    async with app.run_test(size=SIZE) as pilot:
        dialog = await _open_on_cid(pilot)
        await pilot.press("5", "enter")
        await pilot.pause()
        screen = ih_screen(app)
        assert screen.history.scene.journal[-1].text == "spend Ann standard"
        # the engine's reason is said in the dialog, which stays open with what was typed
        assert app.screen is dialog
        assert "no action left" in str(dialog.query_one("#attack-odds", Static).render())
        assert str(dialog.query_one("#attack-result", Static).render()) == ""
        await app.action_quit()  # stop the autosave writer (tests after this count threads)


async def test_a_typed_pool_that_is_not_a_trait_says_so_before_rolling(
    make_app: AppFactory,
) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await _open_on_cid(pilot)
        await pilot.press(*"dexterity+firearms")
        await pilot.pause()
        summary = str(dialog.query_one("#attack-odds", Static).render())
        assert "has no character sheet" in summary and "dp=N" in summary
        assert dialog.command is None
        await app.action_quit()  # stop the autosave writer (tests after this count threads)


async def test_zero_health_offers_the_willpower_to_stay_conscious(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT + "damage Cid 5")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.app.opened.wait()  # type: ignore[attr-defined]
        await pilot.pause()
        screen = ih_screen(app)
        screen.run_command("attack Ann Cid dp=30 bonus=1 reflex-move")
        await pilot.pause()
        assert state(app).order[0].unconscious
        queue = screen.query_one(InitiativeQueue)
        assert "down" in "".join(cell.plain for cell in queue._cells(screen.view.order[0]))
        assert isinstance(app.screen, ConfirmDialog)
        await pilot.press("y")
        await pilot.pause()
        cid = state(app).order[0]
        assert not cid.unconscious and cid.kept_conscious and cid.willpower == 1
        await app.action_quit()  # stop the autosave writer (tests after this count threads)


SHEETS = """
sheet Ann pc dexterity=4 firearms=3 composure=3 wits=3
add Cid init=16 defense=2 health=6 npc
add Ann from=Ann init=15
begin
next
"""


async def test_a_pool_from_the_sheet_is_shown_part_by_part(make_app: AppFactory) -> None:
    app = make_app(script=SHEETS)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await _open_on_cid(pilot)
        await pilot.press(*"dexterity+firearms")
        await pilot.pause()
        lines = str(dialog.query_one("#attack-defense", Static).render())
        assert "Dexterity 4 + Firearms 3 = 7 dice" in lines
        assert "→ 5 dice" in lines
        await pilot.press("enter")
        await pilot.pause()
        assert ih_screen(app).history.scene.journal[-1].text == "attack Ann Cid dexterity+firearms"
        await app.action_quit()  # stop the autosave writer (tests after this count threads)


async def test_the_palette_offers_the_attack(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.app.opened.wait()  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Attack")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause(0.3)
        assert isinstance(app.screen, AttackDialog)
        await app.action_quit()  # stop the autosave writer (tests after this count threads)


def _filled(pilot: Pilot[Any]) -> Any:
    async def run(pilot: Pilot[Any]) -> None:
        await _open_on_cid(pilot)
        await pilot.press("7")
        dialog = pilot.app.screen
        dialog.query_one("#bonus").value = "2"
        dialog.query_one("#defend").value = "1"
        await pilot.pause()

    return run(pilot)


def test_snapshot_attack_dialog_en(snap_compare: Any, make_app: AppFactory) -> None:
    app = make_app(script=FIGHT, lang="en")
    assert snap_compare(app, terminal_size=SIZE, run_before=_filled)


def test_snapshot_attack_dialog_zh(snap_compare: Any, make_app: AppFactory) -> None:
    app = make_app(script=FIGHT, lang="zh")
    assert snap_compare(app, terminal_size=SIZE, run_before=_filled)
