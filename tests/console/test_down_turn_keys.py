"""Issue 27 §3: a down combatant is marked in the queue and ``n`` passes over its turn; ``N``
(and its palette entry) takes the down combatant's turn anyway (``next down``)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from console_support import FIGHT, SMALL, AppRun, press, scene_json, screen_lines, until

from console.screens.palette import _actions

DOWN = FIGHT + "damage Bob 8\n"
"""Ann's turn; Bob (next in the order) is down."""


@pytest.mark.parametrize(
    ("lang", "down", "skipped"),
    [
        ("en", "down", "Bob is down: their turn is skipped"),
        ("zh", "昏迷", "Bob 昏迷：跳过其回合"),
        ("zh-Hant", "昏迷", "Bob 昏迷：跳過其回合"),
    ],
)
async def test_n_passes_over_the_down_combatant_and_says_so(
    run_app: AppRun, lang: str, down: str, skipped: str
) -> None:
    async with run_app(script=DOWN, lang=lang, size=SMALL) as (app, pilot):
        bob_row = next(line for line in screen_lines(app) if "Bob" in line)
        assert down in bob_row, "the queue marks Bob down"
        await press(pilot, "n")
        assert await until(pilot, lambda: scene_json(app)["current"] == "Cid")
        assert any(skipped in line for line in screen_lines(app)), "the log says so"


async def test_capital_n_takes_the_down_combatant_s_turn(run_app: AppRun) -> None:
    async with run_app(script=DOWN) as (app, pilot):
        await press(pilot, "N")
        assert await until(pilot, lambda: scene_json(app)["current"] == "Bob")
        await press(pilot, "n", "n")  # Cid, then round 2: Ann
        assert await until(pilot, lambda: scene_json(app)["current"] == "Ann")
        await press(pilot, "n")  # Bob passed over again
        assert await until(pilot, lambda: scene_json(app)["current"] == "Cid")


async def test_the_down_turn_is_in_the_palette_in_the_table_s_language(run_app: AppRun) -> None:
    async with run_app(script=DOWN, lang="zh") as (app, _pilot):
        entries = _actions(SimpleNamespace(screen=app.screen))  # type: ignore[arg-type]
        labels = [(label, spec.id) for label, _, spec in entries]
        assert ("下一回合（昏迷者也轮到）", "combat.next-down") in labels
        helps = {spec.id: help_line for _, help_line, spec in entries}
        assert helps["combat.next-down"] == "N  ·  combat.next-down"  # the key, then the id


@pytest.mark.parametrize(("lang", "down"), [("en", "down"), ("zh", "昏迷"), ("zh-Hant", "昏迷")])
def test_the_players_see_a_down_combatant_marked(lang: str, down: str) -> None:
    from rich.console import Console

    from console.demo import build_scene
    from console.i18n import Translator
    from console.player.ih_text import ih_view
    from engine.ih.encounter import Encounter

    state = build_scene("Fight", "ih-d10", DOWN, 5).state
    assert isinstance(state, Encounter)
    console = Console(width=120, record=True, color_system=None)
    console.print(ih_view(Translator(lang), state, 120, 40))
    bob = next(line for line in console.export_text().splitlines() if "Bob" in line)
    assert down in bob
