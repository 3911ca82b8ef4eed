"""Issue 27 §3: a key (and so a palette entry) for the surprise round: ``S`` opens the command
line on ``surprise `` for the names of those who act (Tab completes them)."""

from __future__ import annotations

from console_support import AppRun, press, scene_json, type_text

SETUP = """
add Ann init=15 dex=3 com=3 pc
add Bob init=12 dex=2 com=2 pc
add Cid init=10 dex=2 com=2 npc
"""


async def test_s_opens_the_command_line_on_surprise(run_app: AppRun) -> None:
    async with run_app(script=SETUP) as (app, pilot):
        await press(pilot, "S")
        line = app.screen.command_line  # type: ignore[attr-defined]
        assert line.is_open and line.input.value == "surprise "
        await type_text(pilot, "Ann Cid")
        await press(pilot, "enter")
        view = scene_json(app)
        assert view["phase"] == "surprise"
        assert sorted(view["surprise"]) == ["Ann", "Cid"]


async def test_the_surprise_round_is_in_the_palette(run_app: AppRun) -> None:
    from types import SimpleNamespace

    from console.screens.palette import _actions

    async with run_app(script=SETUP, lang="zh") as (app, _pilot):
        entries = _actions(SimpleNamespace(screen=app.screen))  # type: ignore[arg-type]
        assert ("突袭轮：谁行动…", "combat.surprise") in [(label, s.id) for label, _, s in entries]
