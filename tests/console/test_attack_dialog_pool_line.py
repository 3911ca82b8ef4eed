"""The attack dialog's pool line and its refusal of a defense bonus (issue 27 §3).

A negative dice modifier is shown with its sign and counted in the pool line; a defense bonus
the target does not have left is refused in the odds line (the engine's words,
``vitals.require_defense_bonus_left``) instead of odds for an attack that cannot be made.
"""

from __future__ import annotations

import pytest
from console_support import AppRun, ih_screen, opened_quietly
from textual.pilot import Pilot
from textual.widgets import Input, Static

from console.ih.attack_dialog import AttackDialog

FIGHT = """
sheet Ann pc dexterity=3 firearms=2 composure=2 resolve=2
add Cid init=16 dex=2 com=1 defense=2 defense-bonus=1 health=6 willpower=2 npc
add Ann from=Ann init=15
begin
next
"""


async def _attack_on_cid(pilot: Pilot[None], *pool: str) -> AttackDialog:
    """Ann's attack dialog on Cid, ``pool`` typed into its pool field."""
    await opened_quietly(pilot)
    ih_screen(pilot.app).selected = "Cid"
    await pilot.pause()
    await pilot.press("h", *pool)
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, AttackDialog)
    return dialog


def _lines(dialog: AttackDialog, widget_id: str) -> list[str]:
    return str(dialog.query_one(f"#{widget_id}", Static).render()).splitlines()


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Dexterity 3 + Firearms 2 + Modifier -2 = 3 dice"),
        ("zh", "敏捷 3 + 射击 2 + 调整值 -2 = 3 颗骰"),
    ],
)
async def test_a_negative_modifier_is_counted_in_the_pool_line(
    run_app: AppRun, lang: str, expected: str
) -> None:
    async with run_app(script=FIGHT, lang=lang) as (_app, pilot):
        dialog = await _attack_on_cid(pilot, *"dexterity+firearms")
        dialog.query_one("#mod", Input).value = "-2"
        await pilot.pause()
        lines = _lines(dialog, "attack-defense")
        assert lines[0] == expected
        assert "→ 1 " in lines[1]  # 3 dice less Cid's defense 2


async def test_plain_dice_with_a_modifier_have_a_pool_line_too(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (_app, pilot):
        dialog = await _attack_on_cid(pilot, "6")
        assert _lines(dialog, "attack-defense")[0].startswith("Cid: defense 2")  # no pool line
        dialog.query_one("#mod", Input).value = "-1"
        await pilot.pause()
        assert _lines(dialog, "attack-defense")[0] == "6 + Modifier -1 = 5 dice"


async def test_a_defense_bonus_the_target_has_not_got_is_refused_not_previewed(
    run_app: AppRun,
) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        dialog = await _attack_on_cid(pilot, "5")
        dialog.query_one("#defend", Input).value = "3"
        await pilot.pause()
        assert _lines(dialog, "attack-odds") == [
            "Cid has 1 defense bonus success(es) left until the next turn (of 1); cannot declare 3."
        ]
        assert dialog.command is None  # nothing to roll: Ctrl+R does nothing
        await pilot.press("ctrl+r")
        await pilot.pause()
        journal = ih_screen(app).history.scene.journal
        assert not any(entry.text.startswith("attack") for entry in journal)
