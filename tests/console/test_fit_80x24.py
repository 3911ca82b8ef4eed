"""Every pane reachable and every dialog usable at 80×24 (issue 18, fit and finish)."""

from __future__ import annotations

from pathlib import Path

from console_support import FIGHT, SIZE, SMALL, AppFactory, screen_lines, until
from textual.containers import VerticalScroll

from console.app import STConsoleApp
from console.ih.combat_forms import CombatantDialog
from console.ih.panes import BudgetPane, InitiativeQueue
from console.ih.screen import IHScreen
from console.mist.panes import CharactersPane, NavigatorPane, SceneLoopPane
from console.mist.screen import MistScreen
from console.textual_compat import notifications
from console.widgets.dice_log import DiceLog


async def test_the_combatant_pane_scrolls_and_takes_the_focus(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT + 'note Cid "Claws 2L; flees below 3 health"\n')
    async with app.run_test(size=SMALL) as pilot:
        screen = app.screen
        assert isinstance(screen, IHScreen)
        await pilot.press("j", "j")  # Cid
        await pilot.pause()
        box = screen.query_one("#detail-box", VerticalScroll)
        assert box.max_scroll_y > 0, "more rows than the pane shows"
        await pilot.press("tab")
        assert await until(pilot, lambda: screen.focused is box)
        await pilot.press("end")
        assert await until(pilot, lambda: box.scroll_y == box.max_scroll_y)
        assert any("flees below" in line for line in screen_lines(app))
        await pilot.press("shift+tab")
        assert await until(pilot, lambda: isinstance(screen.focused, InitiativeQueue))


async def test_the_queue_shows_whole_states_at_80_columns(make_app: AppFactory) -> None:
    script = FIGHT.replace("begin\n", "") + "surprise Ann Bob\n"
    app = make_app(script=script + "add Dan init=3 dex=1 com=1 npc\n")
    async with app.run_test(size=SMALL):
        text = "\n".join(screen_lines(app))
        assert "flat-foot " in text and "flat-fo…" not in text


async def test_pcs_and_npcs_look_different_in_the_queue(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SMALL):
        queue = app.screen.query_one(InitiativeQueue)
        ann, cid = queue.render_line(1), queue.render_line(3)  # Ann pc, Cid npc

        def name_style(strip: object, name: str) -> str:
            return next(str(s.style) for s in strip if name in s.text)  # type: ignore[attr-defined]

        assert "Ann" in ann.text and "Cid" in cid.text
        assert "underline" in name_style(ann, "Ann")
        assert "underline" not in name_style(cid, "Cid")


async def test_a_budget_off_turn_shows_the_next_turn_not_last_rounds_spent(
    make_app: AppFactory,
) -> None:
    app = make_app(script=FIGHT + "spend Ann standard\nnext\n")
    async with app.run_test(size=SMALL) as pilot:
        screen = app.screen
        assert isinstance(screen, IHScreen)
        budget = screen.query_one(BudgetPane)
        assert screen.history.scene.state.current == "Bob"
        assert "spent" not in budget.plain
        await pilot.press("k")  # Ann, who spent her standard on her turn
        await pilot.pause()
        assert screen.selected == "Ann"
        assert "Next turn" in budget.plain
        assert "spent" not in budget.plain
        await pilot.press("j")
        await pilot.press("t")  # Bob spends his standard on his own turn
        await pilot.pause()
        assert "spent" in budget.plain and "Next turn" not in budget.plain


def on_screen(app: object, widget: object) -> bool:
    region = widget.region  # type: ignore[attr-defined]
    size = app.size  # type: ignore[attr-defined]
    return bool(region.height) and region.bottom <= size.height and region.right <= size.width


async def test_the_add_dialog_fits_and_adds_a_pc(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("a")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, CombatantDialog)
        for selector in ("#name", "#willpower", "#pc", "#ok", "#combatant-error"):
            assert on_screen(app, dialog.query_one(selector)), selector
        await pilot.press(*"Dan", "tab", "9")
        await pilot.pause()
        for selector in ("#name", "#init"):  # focused or not, each field has a row for its text
            assert dialog.query_one(selector).content_region.height == 1, selector
        await pilot.click("#pc")
        await pilot.click("#ok")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, IHScreen)
        dan = screen.view.find("Dan") if screen.view else None
        assert dan is not None and dan.pc


async def test_dialog_fields_keep_their_labels_once_filled(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"Dan", "tab", "9", "tab", "tab", "3")
        await pilot.pause()
        text = "\n".join(screen_lines(app))
        for label in ("Name", "Init", "Dexterity", "Composure", "Health", "Willpower"):
            assert label in text, label


async def test_mist_at_80x24_shows_challenges_and_the_selected_character(
    tmp_path: Path,
) -> None:
    app = STConsoleApp(save_dir=tmp_path, campaign="Demo", scene="St. Agnes at night", seed=5)
    async with app.run_test(size=SMALL) as pilot:
        assert isinstance(app.screen, MistScreen)
        assert any("Hound" in line for line in screen_lines(app)[2:12]), "a challenge shows"
        await pilot.press("right_square_bracket")  # Old Wang, below the pane's last row
        await pilot.pause()
        await pilot.pause()
        assert app.screen.selected == "Old Wang"
        people = app.screen.query_one(CharactersPane)
        top = people.region.y + 1
        assert "▶ Old Wang" in screen_lines(app)[top]
        loop = app.screen.query_one(SceneLoopPane)
        loop.focus()
        await pilot.press("end")
        await pilot.pause()
        assert any("t1" in line for line in screen_lines(app)[2:12]), "threats reachable"


async def test_the_story_line_names_the_scene(tmp_path: Path) -> None:
    app = STConsoleApp(save_dir=tmp_path, campaign="Demo", scene="St. Agnes at night", seed=5)
    async with app.run_test(size=SIZE):
        nav = app.screen.query_one(NavigatorPane)
        rows = screen_lines(app)[nav.region.y + 1 : nav.region.bottom - 1]
        x = nav.region.x
        text = " ".join(row[x + 2 : nav.region.right - 2].strip() for row in rows)
        assert "Scene 1: St. Agnes at night" in text, text


async def test_a_rolled_initiative_shows_its_d10_in_the_dice_log(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, IHScreen)
        events = screen.run_command_events("join Dan mod=3 npc")
        assert events
        added = next(e for e in events if type(e).__name__ == "CombatantAdded")
        await pilot.pause()
        log = screen.query_one(DiceLog)
        shown = " ".join(" ".join(strip.text.split()) for strip in log.lines)
        expected = f"Dan initiative: d10 {added.face} + 3 = {added.initiative}"
        assert expected in shown


async def test_the_demo_toast_does_not_cover_a_dialog(tmp_path: Path) -> None:
    app = STConsoleApp(save_dir=tmp_path, seed=5)  # a first run: the demo and its toast
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await pilot.pause()
        demo = app.t("status.demo")
        assert any(n.message == demo for n in notifications(app))
        await pilot.press("a")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, CombatantDialog)
        assert not any(n.message == demo for n in notifications(app))
        assert not any("demo campaign" in line for line in screen_lines(app))
