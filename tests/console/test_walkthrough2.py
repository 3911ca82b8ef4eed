"""Second walkthrough of the IH console (issue 6): what a new Storyteller tripped over."""

from __future__ import annotations

from typing import Any

from console_support import FIGHT, AppFactory, screen_lines
from textual import events
from textual.containers import VerticalScroll
from textual.widgets import Input, Static

from console.app import STConsoleApp
from console.screens.combat_forms import CombatantDialog
from console.screens.ih_panes import DetailPane
from console.screens.ih_screen import IHScreen
from console.widgets.title_bar import FixedTitle
from engine import commands

SIZE = (120, 40)


def ih_screen(app: STConsoleApp) -> IHScreen:
    return next(s for s in app.screen_stack if isinstance(s, IHScreen))


def scene_json(app: STConsoleApp) -> dict[str, Any]:
    return commands.to_json(ih_screen(app).history.scene.state, "ih-d10")


def status(app: STConsoleApp) -> str:
    return str(ih_screen(app).query_one("#status", Static).render())


async def settle(pilot: Any) -> None:
    for _ in range(4):
        await pilot.pause()


async def test_a_greyed_out_spend_key_says_why(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await pilot.pause()
        journal = len(ih_screen(app).history.scene.journal)
        await pilot.press("t")  # the standard action is spent: the key is greyed out
        await settle(pilot)
        assert len(ih_screen(app).history.scene.journal) == journal, "nothing was spent"
        assert status(app).startswith("✗ "), status(app)
        assert "standard" in status(app).lower()


async def test_next_before_the_fight_begins_says_why(make_app: AppFactory) -> None:
    app = make_app(script="add Ann init=15\nadd Bob init=12\n")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await settle(pilot)
        assert scene_json(app)["phase"] == "setup"
        assert status(app).startswith("✗ "), status(app)


async def test_delay_of_someone_who_acted_says_why(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")  # Ann has acted; Bob's turn
        await pilot.press("k")  # select Ann
        await pilot.pause()
        assert ih_screen(app).selected == "Ann"
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, IHScreen), "no delay dialog for someone who acted"
        assert status(app).startswith("✗ "), status(app)
        assert not scene_json(app)["order"][0]["delaying"]


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


async def test_a_tab_in_a_burst_moves_the_keys_after_it(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("J")
        await settle(pilot)
        assert isinstance(app.screen, CombatantDialog)
        keys = [("D", "D"), ("a", "a"), ("n", "n"), ("tab", "\t"), ("tab", "\t")]
        keys += [("3", "3"), ("tab", "\t"), ("tab", "\t"), ("tab", "\t"), ("5", "5")]
        for key, character in keys:
            app.post_message(events.Key(key, character))
        await settle(pilot)
        dialog = app.screen
        assert dialog.query_one("#name", Input).value == "Dan"
        assert dialog.query_one("#mod", Input).value == "3"
        assert dialog.query_one("#health", Input).value == "5"


async def test_a_completed_word_is_followed_by_a_space(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", *"no")
        await pilot.pause()
        await pilot.press("tab", "C")
        await pilot.pause()
        line = ih_screen(app).query_one("#command-input", Input)
        assert line.value == "note C", "the name is a new word, not glued to the verb"
        await pilot.press("tab", *'"x"')
        assert line.value == 'note Cid "x"'
        await pilot.press("ctrl+u", *"dam", "tab", "space", "B", "tab", "3")
        assert line.value == "damage Bob 3", "a space typed after the completion stays single"
        await pilot.press("ctrl+u", *"spend Ann free", "enter")
        await pilot.press("colon", *"add Eve in", "tab", "9")
        assert line.value == "add Eve init=9", "init= takes its number without a space"


async def test_the_title_keeps_the_save_state_at_80_columns(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        title = str(ih_screen(app).query_one(FixedTitle).render())
        assert title.rstrip().endswith("saved ✓"), title
        assert "Fight" in title and "round 1" in title
    app = make_app(campaign="Test", scene="Fight")
    async with app.run_test(size=(160, 40)) as pilot:
        await settle(pilot)
        title = str(ih_screen(app).query_one(FixedTitle).render())
        assert "ST Console" in title and "at the table" in title, title


async def test_a_detail_pane_too_short_for_a_long_note_scrolls_to_it(
    make_app: AppFactory,
) -> None:
    note = "Bites at ankles; afraid of fire and loud bells; belongs to Old Wang"
    app = make_app(script=FIGHT + f'note Ann "{note}"\n')
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        detail = ih_screen(app).query_one(DetailPane)
        rows = [detail.render_line(y).text for y in range(detail.size.height)]
        assert any("Bites at ankles" in row for row in rows), "the note shows, wrapped"
        assert not rows[-1].rstrip().endswith("…"), "it fits at 120×40"
    app = make_app(campaign="Test", scene="Fight")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        # Issue 18: the pane scrolls (it ended in "…" and the rest could not be reached).
        box = ih_screen(app).query_one("#detail-box", VerticalScroll)
        assert box.max_scroll_y > 0, "the scroll bar says there is more"
        box.focus()
        await pilot.press("end")
        await settle(pilot)
        assert any("Old Wang" in line for line in screen_lines(app))


async def test_a_long_status_at_80_columns_ends_in_an_ellipsis(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("colon", *'effect Ann "Hex of the long night and the bells" rounds=2')
        await pilot.press("enter")
        await settle(pilot)
        line = ih_screen(app).query_one("#status", Static)
        shown = line.render_line(0).text.rstrip()
        assert status(app).startswith("✓ effect Ann")
        assert shown.endswith("…"), shown


async def test_the_effect_dialog_labels_its_filled_in_by_field(make_app: AppFactory) -> None:
    """The creator field starts filled with the current actor, so its placeholder never shows."""
    from textual.widgets import Label

    from console.screens.combat_forms import EffectDialog

    app = make_app(script=FIGHT)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("e")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, EffectDialog)
        labels = [str(label.render()) for label in dialog.query(Label)]
        assert any("by=" in text for text in labels)
