"""Session 8's rules audit, the console's side: a save doubled by a reflex move (RULES.md §3.7)
says so in the dice log, in the table's language."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from console_support import AppRun, ih_screen, opened_quietly  # noqa: E402
from ih_support import scenario  # noqa: E402
from textual.widgets import Static  # noqa: E402

from console.i18n import Translator  # noqa: E402
from console.ih.attack_dialog import AttackDialog  # noqa: E402
from console.ih.sheet_text import roll_line  # noqa: E402

LINES = ["sheet Ann pc dexterity=3 athletics=2", "check Ann dexterity+athletics --dc 4 reflex-move"]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "→ 4 successes — success by 0 (final successes doubled"),
        ("zh", "→ 4 个成功 — 成功，差值 0（最终成功数加倍"),
        ("zh-Hant", "→ 4 個成功 — 成功，差值 0（最終成功數加倍"),
    ],
)
def test_the_dice_log_says_the_save_was_doubled(lang: str, said: str) -> None:
    _, events, _ = scenario(LINES, [8, 9, 1, 2, 3])
    line = roll_line(Translator(lang), "ih-d10", events[-1])
    assert line is not None
    assert said in line.plain


def test_a_check_not_doubled_says_nothing_of_it() -> None:
    _, events, _ = scenario(LINES[:1] + [LINES[1].replace(" reflex-move", "")], [8, 9, 1, 2, 3])
    line = roll_line(Translator("en"), "ih-d10", events[-1])
    assert line is not None and "doubled" not in line.plain


LEGEND = """
sheet Ann pc dexterity=6 wits=6 defense-bonus=2
add Ann from=Ann init=5
add Bob init=15 dex=2 com=2 pc
begin
"""


async def test_the_attack_dialog_counts_only_the_gear_bonus_of_a_flat_footed_target(
    run_app: AppRun,
) -> None:
    """Ann is flat-footed ([I-13]: no base defense): her legendary Dexterity's bonus success is
    lost, her gear's 2 are left to declare (RULES.md §3.8) — the dialog said 3."""
    async with run_app(script=LEGEND) as (app, pilot):
        await opened_quietly(pilot)
        ih_screen(pilot.app).selected = "Ann"
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        dialog = pilot.app.screen
        assert isinstance(dialog, AttackDialog)
        await pilot.press("7")
        await pilot.pause()
        defense = str(dialog.query_one("#attack-defense", Static).render())
        assert "defense bonus 2 of 3 left" in defense
        await app.action_quit()
