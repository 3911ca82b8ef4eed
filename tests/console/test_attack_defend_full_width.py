"""The attack dialog's declared defense takes what an input method types (``０，１``: full-width
digits and comma), as its split and pool fields do (it was refused as not a whole number)."""

from __future__ import annotations

from console_support import AppRun, ih_screen, opened_quietly

from console.ih.attack_dialog import AttackDialog

FIGHT = """
add Cid init=16 dex=2 com=1 defense=2 defense-bonus=1 health=6 willpower=2 npc
add Ann init=15 dex=3 com=3 defense=3 health=7 willpower=5 pc
begin
next
"""


async def test_a_full_width_declared_defense_is_read(run_app: AppRun) -> None:
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        await opened_quietly(pilot)
        ih_screen(app).selected = "Cid"
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, AttackDialog)
        dialog.query_one("#pool").value = "７"  # type: ignore[attr-defined]
        dialog.query_one("#attacks").value = "２"  # type: ignore[attr-defined]
        dialog.query_one("#split").value = "０，０"  # type: ignore[attr-defined]
        dialog.query_one("#defend").value = "０，１"  # type: ignore[attr-defined]
        await pilot.pause()
        command = dialog.current_command()
        assert (command.dp, command.attacks) == (7, 2)
        assert command.defend == (("", 0), ("", 1))
        await app.action_quit()
