"""Issue 27 §3: a sheet has a defense bonus field (``sheet NAME defense-bonus=N``, the editor's
cell next to Size): the defense bonus successes of gear or powers (RULES.md §3.8), on top of a
legendary Dexterity's or Wits's, that a combatant added from the sheet declares from."""

from __future__ import annotations

import pytest
from console_support import SIZE, SMALL, AppFactory, ih_screen
from textual.widgets import Static

from console.ih.sheet_editor import SheetEditor
from console.screens.roster import RosterScreen
from engine import commands
from engine.errors import RuleError
from engine.ih import family


def encounter(script: str) -> dict:
    state = family.new_state("ih-d10")
    for line in script.strip().splitlines():
        command = commands.parse(line, "ih-d10")
        assert command is not None
        state, _ = commands.apply(state, "ih-d10", command, __import__("random").Random(1))
    return commands.to_json(state, "ih-d10")


@pytest.mark.parametrize(
    ("sheet", "derived", "combatant"),
    [
        ("sheet Ann dexterity=3 wits=2 defense-bonus=2", 2, 2),
        ("sheet Ann dexterity=6 wits=2 defense-bonus=2", 3, 3),  # + Dexterity 6's 1 (§1.5)
        ("sheet Ann dexterity=6 wits=2", 1, 1),
        ("sheet Ann dexterity=3 wits=2", 0, 0),
    ],
)
def test_the_sheet_s_defense_bonus_reaches_the_combatant(
    sheet: str, derived: int, combatant: int
) -> None:
    view = encounter(f"{sheet}\nadd Ann from=Ann init=10")
    assert view["sheets"][0]["derived"]["defense_bonus"] == derived
    assert view["order"][0]["defense_bonus"] == combatant


@pytest.mark.parametrize("value", ["-1", "11", "x"])
def test_a_defense_bonus_out_of_range_is_refused(value: str) -> None:
    with pytest.raises(RuleError):
        encounter(f"sheet Ann defense-bonus={value}")


@pytest.mark.parametrize("size", [SIZE, SMALL])
async def test_the_editor_sets_the_defense_bonus(
    make_app: AppFactory, size: tuple[int, int]
) -> None:
    app = make_app(script="", lang="zh")
    async with app.run_test(size=size) as pilot:
        await app.opened.wait()  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("R")
        await pilot.pause()
        assert isinstance(app.screen, RosterScreen)
        await pilot.press("n", *"Ann", "enter")
        await pilot.pause()
        editor = app.screen
        assert isinstance(editor, SheetEditor)
        # Up from the first row wraps to Size; right: the defense bonus; ２ (full width) is 2.
        await pilot.press("up", "right", "２")
        await pilot.pause()
        assert editor.cell == "defense_bonus"
        assert "防御附加 2" in " ".join(
            str(editor.query_one("#sheet-grid", Static).render()).split()
        )
        await pilot.press("left", "left", "3")  # back on Size (the row's first cell)
        await pilot.pause()
        assert editor.cell == "size"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        journal = [entry.text for entry in ih_screen(app).history.scene.journal]
        assert journal[-1] == "sheet Ann defense-bonus=2 size=3"
        scene = ih_screen(app).history.scene
        (ann,) = commands.to_json(scene.state, scene.system)["sheets"]
        assert ann["derived"]["defense_bonus"] == 2
