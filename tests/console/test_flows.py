"""Whole flows driven from the keyboard with Textual's Pilot (issue 6 tests)."""

from __future__ import annotations

from pathlib import Path

from console_support import FIGHT, AppFactory, ih_screen, row, scene_json, select
from textual.widgets import Input, OptionList, Static

from console.app import STConsoleApp
from console.widgets.odds_chart import OddsChart
from engine.dice.ih import CheckSpec
from engine.dice.odds import check_odds
from saves.store import open_store

SIZE = (120, 40)


async def test_a_round_with_delay_join_reflex_and_undo(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert scene_json(app)["current"] == "Ann"
        # Ann delays until after Cid (RULES.md §3.4): pick "After Cid" in the dialog.
        await pilot.press("d")
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        await pilot.press(*["down"] * labels.index("After Cid"), "enter")
        await pilot.pause()
        assert [c["name"] for c in scene_json(app)["order"]] == ["Bob", "Cid", "Ann"]
        assert row(app, "Ann")["initiative"] == 12 and row(app, "Ann")["delaying"]
        assert scene_json(app)["current"] == "Bob"
        # Dan joins mid-fight: his first turn is next round (§3.5).
        await pilot.press("J")
        await pilot.pause()
        await pilot.press(*"Dan")
        await pilot.press("tab", *"20", "enter")
        await pilot.pause()
        assert row(app, "Dan")["initiative"] == 20
        assert scene_json(app)["current"] == "Bob"
        # Cid takes a reflex off-turn: next turn's swift is owed (§3.7).
        await select(pilot, app, "Cid")
        await pilot.press("x")
        await pilot.pause()
        assert row(app, "Cid")["owed_swift"] == 1
        journal = len(ih_screen(app).history.scene.journal)
        # Undo takes the reflex back, and only it.
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert row(app, "Cid")["owed_swift"] == 0
        assert len(ih_screen(app).history.scene.journal) == journal - 1
        # The round goes on: Bob, then Cid, then the delayer Ann; Dan waits for round 2.
        for expected in ("Cid", "Ann"):
            await pilot.press("n")
            await pilot.pause()
            assert scene_json(app)["current"] == expected
        await pilot.press("n")
        await pilot.pause()
        assert scene_json(app)["round"] == 2
        assert scene_json(app)["current"] == "Dan"


async def test_roll_dialog_shows_exact_odds_and_logs_the_roll(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        dialog = app.screen
        await pilot.press("backspace", "5")
        dialog.query_one("#dc", Input).value = "2"
        await pilot.pause()
        expected = check_odds(CheckSpec(system="ih-d10", dp=5, dc=2))
        chart = dialog.query_one(OddsChart)
        assert 0.999 < sum(chart.distribution.values()) <= 1 + 1e-9
        assert chart.distribution[2] == expected.distribution[2]
        summary = str(dialog.query_one("#odds-summary", Static).render())
        assert f"{100 * expected.p_success:.1f}%" in summary
        await pilot.press("ctrl+r")
        await pilot.pause()
        result = str(dialog.query_one("#roll-result", Static).render())
        assert result.startswith("Ann DP 5:")
        last = ih_screen(app).history.scene.journal[-1]
        assert last.text == "roll ih-d10 5 --dc 2 by=Ann"
        assert last.events[0].result.dc == 2


async def test_command_line_error_is_inline_and_scene_unchanged(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = ih_screen(app).history.scene
        await pilot.press("colon", *"spend Nobody move", "enter")
        await pilot.pause()
        error = str(app.screen.query_one("#command-error", Static).render())
        assert "Nobody" in error
        assert ih_screen(app).history.scene == before
        assert app.screen.query_one("#command-input", Input).value == "spend Nobody move"
        # A good command goes through the same line and closes it.
        await pilot.press("ctrl+u", *"spend Ann move", "enter")
        await pilot.pause()
        assert row(app, "Ann")["budget"]["move"] == 0
        assert str(app.screen.query_one("#command-error", Static).render()) == ""


async def test_command_line_completes_names_and_remembers_history(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("colon", *"spe")
        await pilot.pause()
        await pilot.press("tab")
        await pilot.press(*" A")
        await pilot.pause()
        await pilot.press("tab")
        line = app.screen.query_one("#command-input", Input)
        assert line.value == "spend Ann"
        await pilot.press(*" free", "enter", "colon", "up")
        assert line.value == "spend Ann free"


async def test_keymap_file_overrides_a_binding(make_app: AppFactory, tmp_path: Path) -> None:
    (tmp_path / "keymap.toml").write_text('"combat.next-turn" = "space"\n', "utf-8")
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert scene_json(app)["current"] == "Ann"
        await pilot.press("space")
        await pilot.pause()
        assert scene_json(app)["current"] == "Bob"


async def test_autosave_is_written_and_the_journal_survives_reopening(
    make_app: AppFactory, tmp_path: Path
) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("m", "n")
        await pilot.pause()
        for _ in range(500):  # the autosave writer thread, then its report on the UI thread
            if app.persistence.idle and app.autosave_state == "saved":
                break
            await pilot.pause(0.01)
        with open_store(tmp_path).open_campaign("Test", read_only=True) as campaign:
            saved = campaign.load_scene("Fight")
        assert [entry.text for entry in saved.journal][-2:] == ["spend Ann move", "next"]
        assert app.autosave_state == "saved"
        await pilot.press("ctrl+q")
    again = STConsoleApp(save_dir=tmp_path, blink=False)
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        reopened = ih_screen(again).history.scene
        assert reopened.journal == saved.journal
        assert scene_json(again)["current"] == "Bob"


async def test_add_and_remove_from_the_keyboard(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("a")
        await pilot.pause()
        await pilot.press(*"Old Wang", "tab", *"9", "enter")
        await pilot.pause()
        assert row(app, "Old Wang")["initiative"] == 9
        await select(pilot, app, "Old Wang")
        await pilot.press("delete")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert "Old Wang" not in [c["name"] for c in scene_json(app)["order"]]


async def test_first_run_opens_the_demo_in_round_two(make_app: AppFactory) -> None:
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        data = scene_json(app)
        assert data["round"] == 2
        assert any(c["delaying"] for c in data["order"])
        assert any(c["effects"] for c in data["order"])
        assert "Demo" in app.title_line


async def test_undo_is_greyed_out_with_no_history(make_app: AppFactory) -> None:
    app = make_app(script="add Ann init=15\n")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = ih_screen(app)
        assert screen.check_action("undo", ()) is True
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.check_action("undo", ()) is None
        assert screen.check_action("next_turn", ()) is None
        assert scene_json(app)["order"] == []


async def test_palette_runs_an_action_by_name(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Next turn")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert scene_json(app)["current"] == "Bob"


async def test_effect_and_initiative_dialogs(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await select(pilot, app, "Bob")
        await pilot.press("e")
        await pilot.pause()
        await pilot.press(*"Blessed", "tab", "2", "enter")
        await pilot.pause()
        assert row(app, "Bob")["effects"][0]["label"] == "Blessed"
        await pilot.press("i")
        await pilot.pause()
        await pilot.press(*"+5", "enter")
        await pilot.pause()
        assert row(app, "Bob")["initiative"] == 20
        assert ih_screen(app).history.scene.journal[-1].text == "initiative Bob +5"


async def test_scene_new_on_the_command_line_opens_it(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("colon", *'scene new "Roof" ih-d6', "enter")
        await pilot.pause()
        scene = ih_screen(app).history.scene
        assert (scene.name, scene.system, scene.journal) == ("Roof", "ih-d6", ())
        assert app.persistence.require().has_scene("Roof")


async def test_after_an_error_typing_replaces_the_refused_line(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("colon", *"spend Nobody move", "enter")
        await pilot.pause()
        # The refused text is selected: a habitual ':' and a new command replace it.
        await pilot.press("colon", *"spend Ann move", "enter")
        await pilot.pause()
        assert row(app, "Ann")["budget"]["move"] == 0
        assert str(app.screen.query_one("#command-error", Static).render()) == ""
