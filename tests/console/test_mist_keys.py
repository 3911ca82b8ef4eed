"""Pilot flows of the issue 7 follow-up: who gets the 9+ status from anywhere in the mitigation
builder, roll-builder rows that fit an 80×24 terminal (CJK names too), and the retire dialog
with its confirmation — each through the keyboard, each undone.
"""

from __future__ import annotations

import pytest
from console_support import AppFactory
from rich.cells import cell_len
from test_mist_flows import SCENE, _type, press, state_of
from textual import events
from textual.widgets import OptionList

from console.mist.dialogs import FormDialog
from console.mist.effects import EffectsDialog
from console.mist.roll_builder import RollBuilder
from console.mist.screen import MistScreen
from console.screens.dialogs import ChoiceDialog, ConfirmDialog
from engine.mist.state import MistState, Retirement

MITIGATE = SCENE + "phase action\nphase consequence\nconsequence Mei hurt 3\n"

CJK_SCENE = """
pc 梅
theme 梅 taint "影之手" power="攫取黑暗的手,无声的脚步声在走廊里" weakness="害怕光亮" motive=吞噬
theme 梅 self "夜班护士" power="稳定的双手,急救" weakness="疲惫不堪" motive=拯救
challenge 猎犬 limits=harmed:4
tag 猎犬 "笼罩在阴影中的巨大身影"
tag scene "闪烁不定的灯光"
status 猎犬 harmed 2
phase action
"""
"""Long CJK names (two cells a character) on the actor, a challenge and the scene."""


async def test_who_gets_the_status_changes_from_the_name_field(make_app: AppFactory) -> None:
    app = make_app(script=MITIGATE, system="mist")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await press(pilot, "m", "space", "x", "x")
        builder = app.screen
        assert isinstance(builder, RollBuilder)
        assert app.focused is builder.query_one("#builder-extra-status")
        await _type(pilot, "steadied")  # a "t" in the name is a letter, not the target key
        assert builder.target is None
        await press(pilot, "ctrl+t")
        assert builder.target == "Wang"
        await press(pilot, "down")
        assert builder.target is None
        await press(pilot, "up")
        assert builder.target == "Wang"
        assert app.focused is builder.query_one("#builder-extra-status")
        assert builder.command_line() == (
            'mitigate x1 tags="Shadow Hands" extra="status:steadied:Wang"'
        )
        # Back in the row list, t still works there.
        await press(pilot, "shift+tab", "t")
        assert builder.target is None


@pytest.mark.parametrize(
    ("script", "lang"),
    [(SCENE + 'tag Hound "Wreathed in shadow"\nphase action\n', "en"), (CJK_SCENE, "zh")],
)
async def test_builder_rows_fit_80_columns(make_app: AppFactory, script: str, lang: str) -> None:
    app = make_app(script=script, system="mist", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await press(pilot, "a")
        await pilot.pause()
        builder = app.screen
        assert isinstance(builder, RollBuilder)
        rows = builder.query_one("#builder-rows", OptionList)
        width = rows.scrollable_content_region.width
        assert builder.row_width > 0
        for index in range(rows.option_count):
            prompt = rows.get_option_at_index(index).prompt
            assert cell_len(str(prompt)) <= width, prompt
        options = [rows.get_option_at_index(i) for i in range(rows.option_count)]
        headers = [str(o.prompt) for o in options if o.disabled]
        prompts = [str(o.prompt) for o in options if not o.disabled]
        # The rows that are not the actor's own sit under their owner's name, once each (the
        # scene's in the console's language: "── 场景 ──", issue 18 §1).
        owners = [h.strip("─ ") for h in headers]
        scene = app.t("mist.builder.scene-owner")
        expected = [
            o if o != "scene" else scene for o in dict.fromkeys(r.owner for r in builder.rows)
        ]
        assert owners == expected[1:]
        assert lang == "en" or "scene" not in owners
        whole = [row.name in prompt for row, prompt in zip(builder.rows, prompts, strict=True)]
        # Names up to 10 cells always stay whole; a longer one may be cut, with an ellipsis.
        for row, prompt, ok in zip(builder.rows, prompts, whole, strict=True):
            assert ok or (cell_len(row.name) > 10 and "…" in prompt), prompt
        assert not all(whole) if lang == "zh" else sum(whole) >= len(whole) - 1


RETIRING = "pc Ann\n" + "".join(
    f'theme Ann self "{name}" power="x,y"\nmark Ann "{name}" abandon 3\n' for name in "ABCDE"
)
"""Ann lost five Self themes: 5 Evolution, five scars, the retirement choices offered."""


async def test_retire_asks_then_confirms(make_app: AppFactory) -> None:
    script = RETIRING
    app = make_app(script=script, system="mist")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await press(pilot, "r")
        assert isinstance(app.screen, ChoiceDialog)
        assert "Ann" in app.screen.heading
        assert state_of(pilot).characters[0].scars
        await press(pilot, "enter")  # the first choice: fall asleep
        assert isinstance(app.screen, ConfirmDialog)
        await press(pilot, "enter")  # the focus starts on No: nothing happens
        assert isinstance(app.screen, MistScreen)
        assert state_of(pilot).characters[0].retired is None
        await press(pilot, "r", "down", "enter", "y")
        ann = state_of(pilot).characters[0]
        assert ann.retired is Retirement.CALM and ann.scars == ()
        await press(pilot, "ctrl+z")
        assert state_of(pilot).characters[0].retired is None


async def test_retire_before_five_evolution_says_why(make_app: AppFactory) -> None:
    app = make_app(script=SCENE, system="mist")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await press(pilot, "r")
        screen = app.screen
        assert isinstance(screen, MistScreen)
        assert "0 Evolution" in screen.status and "5" in screen.status
        assert state_of(pilot).characters[0].retired is None


async def test_a_burst_of_keys_keeps_its_order_in_the_effects_step(make_app: AppFactory) -> None:
    """``⌫ 2 ⏎`` arriving in one read spends 2, not 1 (Backspace ran after the 2: Textual #6605)."""
    app = make_app(script=SCENE + "phase action\n", system="mist")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await press(pilot, "a", "space", "down", "space", "down", "space", "enter")
        assert isinstance(app.screen, EffectsDialog)
        left = state_of(pilot).actions[-1].left
        for key, character in (("backspace", None), ("2", "2"), ("enter", "\r")):
            app.post_message(events.Key(key, character))  # no pause between: one burst
        await pilot.pause()
        await pilot.pause()
        assert state_of(pilot).actions[-1].left == left - 2


async def test_z_zooms_the_focused_pane_and_back(make_app: AppFactory) -> None:
    app = make_app(script=SCENE, system="mist")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MistScreen)
        await press(pilot, "z")
        assert screen.maximized is screen.query_one("#scene-loop")
        await press(pilot, "z")
        assert screen.maximized is None
        await press(pilot, "tab", "tab", "tab", "z")
        assert screen.maximized is screen.query_one("#case-file")


async def test_undo_and_redo_name_the_command(make_app: AppFactory) -> None:
    app = make_app(script=SCENE, system="mist")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MistScreen)
        await press(pilot, "p", "ctrl+z")
        assert "phase next" in screen.status
        await press(pilot, "ctrl+y")
        assert "phase next" in screen.status and "Action" in screen.status


async def test_a_with_a_pending_consequence_says_why_at_once(make_app: AppFactory) -> None:
    app = make_app(script=MITIGATE, system="mist")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await press(pilot, "a")
        screen = app.screen
        assert isinstance(screen, MistScreen)  # no offer to move that would be refused
        assert "x1" in screen.status and screen.status.startswith("✗")
        assert state_of(pilot).phase.value == "consequence"


async def test_p_adds_a_pc_and_x_sets_the_complexity(make_app: AppFactory) -> None:
    app = make_app(script="challenge Hound limits=harmed:3\n", system="mist")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, MistScreen)
        await pilot.press("H")  # no PC yet: says why
        await pilot.pause()
        assert isinstance(app.screen, MistScreen)
        assert "No player character yet: press P" in screen.status
        await pilot.press("P")
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)
        await pilot.press(*"Mei", "enter")
        await pilot.pause()
        state = screen.history.scene.state
        assert isinstance(state, MistState)
        assert [p.name for p in state.characters] == ["Mei"]
        assert screen.selected == "Mei"
        await pilot.press("X")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, FormDialog)
        await pilot.press("backspace", "3", "enter")
        await pilot.pause()
        state = screen.history.scene.state
        assert isinstance(state, MistState)
        assert state.case_file.complexity == 3
