"""The attack dialog driven from the keyboard (issue 15): odds before the roll, words after.

Snapshots of the dialog in English and Chinese at 120×40 (fixed dice, clock, no blink); update
after an intended change with ``pytest tests/console/test_attack_dialog.py --snapshot-update``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from console_support import SIZE, AppFactory, AppRun, ih_screen, opened_quietly, run_from_palette
from textual.pilot import Pilot
from textual.widgets import Select, Static

from console import render
from console.ih.attack_dialog import AttackDialog
from console.ih.panes import InitiativeQueue
from console.screens.dialogs import ConfirmDialog
from console.widgets.odds_chart import OddsChart
from engine.commands import format_command
from engine.ih.attack_odds import attack_odds, preview
from engine.ih.encounter import Encounter
from engine.ih.events import AttackRolled

# Cid has had his turn (not flat-footed: defense 2 counts); it is Ann's turn.
FIGHT = """
add Cid init=16 dex=2 com=1 defense=2 defense-bonus=1 health=6 willpower=2 npc
add Ann init=15 dex=3 com=3 defense=3 health=7 willpower=5 pc
add Bob init=12 dex=2 com=2 health=8 willpower=4 pc
begin
next
"""


def state(app: Any) -> Encounter:
    found = ih_screen(app).history.scene.state
    assert isinstance(found, Encounter)
    return found


async def _open_on_cid(pilot: Pilot[Any], pool: str = "") -> AttackDialog:
    """Ann's attack dialog on Cid, ``pool`` typed as its dice."""
    await opened_quietly(pilot)
    ih_screen(pilot.app).selected = "Cid"
    await pilot.pause()
    await pilot.press("h")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, AttackDialog)
    if pool:
        await pilot.press(*pool)
        await pilot.pause()
    return dialog


async def test_the_odds_are_shown_before_the_roll_and_the_result_after(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
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


async def test_the_defense_bonus_is_typed_per_roll(run_app: AppRun) -> None:
    """§3.8: before each roll the target declares from its pool (issue 23, point 5)."""
    async with run_app(script=FIGHT) as (app, pilot):
        dialog = await _open_on_cid(pilot, "7")
        dialog.query_one("#attacks").value = "2"  # type: ignore[attr-defined]
        dialog.query_one("#defend").value = "0,1"  # type: ignore[attr-defined]
        await pilot.pause()
        command = dialog.current_command()
        assert command.defend == (("", 0), ("", 1))
        (planned,) = preview(state(app), command)
        assert planned.odds == attack_odds("ih-d10", 5, declares=(0, 1), shares=(0, 0))
        await pilot.press("ctrl+r")
        await pilot.pause()
        entry = ih_screen(app).history.scene.journal[-1]
        assert entry.text == "attack Ann Cid dp=7 attacks=2 defend=0,1"
        rolled = [e.defense_bonus for e in entry.events if isinstance(e, AttackRolled)]
        assert rolled == [0, 1]
        await app.action_quit()


async def test_a_refused_attack_says_why_and_changes_nothing(run_app: AppRun) -> None:
    async with run_app(script=FIGHT + "spend Ann standard") as (app, pilot):
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


async def test_a_typed_pool_that_is_not_a_trait_says_so_before_rolling(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        dialog = await _open_on_cid(pilot, "dexterity+firearms")
        summary = str(dialog.query_one("#attack-odds", Static).render())
        assert "has no character sheet" in summary and "dp=N" in summary
        assert dialog.command is None
        await app.action_quit()  # stop the autosave writer (tests after this count threads)


async def test_zero_health_offers_the_willpower_to_stay_conscious(run_app: AppRun) -> None:
    async with run_app(script=FIGHT + "damage Cid 5") as (app, pilot):
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


async def test_a_pool_from_the_sheet_is_shown_part_by_part(run_app: AppRun) -> None:
    async with run_app(script=SHEETS) as (app, pilot):
        dialog = await _open_on_cid(pilot, "dexterity+firearms")
        lines = str(dialog.query_one("#attack-defense", Static).render())
        assert "Dexterity 4 + Firearms 3 = 7 dice" in lines
        assert "→ 5 dice" in lines
        await pilot.press("enter")
        await pilot.pause()
        assert ih_screen(app).history.scene.journal[-1].text == "attack Ann Cid dexterity+firearms"
        await app.action_quit()  # stop the autosave writer (tests after this count threads)


async def test_the_palette_offers_the_attack(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await pilot.app.opened.wait()  # type: ignore[attr-defined]
        await pilot.pause()
        await run_from_palette(pilot, "Attack")
        await pilot.pause(0.3)
        assert isinstance(app.screen, AttackDialog)
        await app.action_quit()  # stop the autosave writer (tests after this count threads)


async def _filled(pilot: Pilot[Any], *keys: str, **fields: str) -> AttackDialog:
    """Open the dialog on Cid, press ``keys``, then fill ``fields`` (by id)."""
    dialog = await _open_on_cid(pilot)
    await pilot.press(*keys)
    for widget_id, value in fields.items():
        dialog.query_one(f"#{widget_id}").value = value  # type: ignore[attr-defined]
    await pilot.pause()
    return dialog


def _prepared(*keys: str, **fields: str) -> Callable[[Pilot[Any]], Awaitable[None]]:
    """A snapshot's ``run_before``: :func:`_filled`."""

    async def run(pilot: Pilot[Any]) -> None:
        await _filled(pilot, *keys, **fields)

    return run


VIEWS = {
    "attack_dialog": _prepared("7", bonus="2", defend="1"),
    # Cid kept with ctrl+t, Bob picked from the keyboard: the odds per target
    "attack_two_targets": _prepared("7", "ctrl+t", "shift+tab", "enter", "down", "enter"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("view", list(VIEWS))
def test_snapshot(snap_compare: Any, make_app: AppFactory, view: str, lang: str) -> None:
    app = make_app(script=FIGHT, lang=lang)
    assert snap_compare(app, terminal_size=SIZE, run_before=VIEWS[view])


async def test_several_targets_each_attacked_once_with_the_odds_per_target(
    make_app: AppFactory,
) -> None:
    async with make_app(script=FIGHT).run_test(size=SIZE) as pilot:
        app = pilot.app
        # keep Cid (ctrl+t), then pick Bob
        dialog = await _filled(pilot, "7", "ctrl+t", bonus="1", target="Bob")
        assert dialog.targets() == ("Cid", "Bob")
        assert "Targets: Cid, Bob" in str(dialog.query_one("#attack-targets", Static).render())
        planned = preview(state(app), dialog.command)  # type: ignore[arg-type]
        summary = str(dialog.query_one("#attack-odds", Static).render()).splitlines()
        assert len(summary) == 2
        for line, odds in zip(summary, planned, strict=True):
            assert line == (
                f"{odds.target}: hit {render.percent(odds.odds.p_hit)} · expected damage "
                f"{odds.odds.expected:.2f} · {odds.target} down {render.percent(odds.p_down)}"
            )
        assert planned[0].odds == attack_odds("ih-d10", 5, shares=(1,))  # Cid: defense 2
        await pilot.press("ctrl+r")
        await pilot.pause()
        entry = ih_screen(app).history.scene.journal[-1]
        assert entry.text == 'attack Ann "Cid,Bob" dp=7 bonus=1'  # the formatter's quoting
        rolled = [e for e in entry.events if isinstance(e, AttackRolled)]
        result = str(dialog.query_one("#attack-result", Static).render()).splitlines()
        assert [e.target for e in rolled] == ["Cid", "Bob"] and len(result) == 2
        for line, event in zip(result, rolled, strict=True):
            assert line.startswith(f"Ann {'hits' if event.hit else 'misses'} {event.target}")
        await app.action_quit()


async def test_one_target_several_attacks_with_the_bonus_split(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await _filled(pilot, "7", bonus="3", attacks="2", split="2,1")
        (planned,) = preview(state(app), dialog.command)  # type: ignore[arg-type]
        assert dialog.planned == planned
        summary = str(dialog.query_one("#attack-odds", Static).render())
        assert summary.startswith(f"hit {render.percent(planned.odds.p_hit)}")
        await pilot.press("ctrl+r")
        await pilot.pause()
        entry = ih_screen(app).history.scene.journal[-1]
        assert entry.text == "attack Ann Cid dp=7 bonus=3 attacks=2 split=2,1"
        await app.action_quit()


async def test_several_targets_attack_the_chosen_one_several_times(make_app: AppFactory) -> None:
    """§3.8 mixed (vector 18): Cid kept and attacked once, Bob chosen and attacked twice."""
    app = make_app(script=FIGHT)
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await _filled(pilot, "7", "ctrl+t", target="Bob", attacks="2")
        assert dialog.command is not None
        assert (dialog.command.targets, dialog.command.attacks_by) == (
            ("Cid", "Bob"),
            (("Bob", 2),),
        )
        assert format_command(dialog.command) == 'attack Ann "Cid,Bob" dp=7 attacks="Bob:2"'
        dialog.query_one("#target", Select).value = "Cid"
        await pilot.press("ctrl+t")  # Cid let go: one target, two attacks
        await pilot.pause()
        assert dialog.targets() == ("Cid",) and dialog.command is not None
        await app.action_quit()
