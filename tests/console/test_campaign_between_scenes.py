"""Between scenes on the campaign screen (issue 25 point 4, Pilot): F3's command field heals,
restores or adjusts the cast with the commands of a scene, undo takes it back, a refusal speaks
the table's language, and the next scene starts where the campaign stands."""

from __future__ import annotations

from console_support import AppRun, enter_line, ih_screen, press, row, settle
from textual.widgets import Input, Label, Static

from console.screens.campaign_screen import CampaignScreen

FIGHT = """
sheet Ann pc dexterity=3 composure=3 resolve=2 stamina=2
add Ann from=Ann init=10
add Ghoul init=5
begin
damage Ann 4
"""


async def _type(pilot: object, text: str) -> None:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    for char in text:
        await pilot.press("space" if char == " " else char)
    await pilot.press("enter")
    await settle(pilot)


async def _line(pilot: object, text: str) -> None:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    await enter_line(pilot, text)


def _text(screen: CampaignScreen) -> str:
    return str(screen.query_one("#campaign-text", Static).render())


def _said(screen: CampaignScreen) -> str:
    return str(screen.query_one("#cast-said", Label).render())


async def test_end_the_scene_heal_on_f3_undo_and_the_next_scene_starts_so(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await press(pilot, "E")
        await press(pilot, "y")
        await settle(pilot)
        await _line(pilot, 'scene new "Next" ih-d10')
        assert ih_screen(app).history.scene.name == "Next"
        await press(pilot, "f3")
        screen = app.screen
        assert isinstance(screen, CampaignScreen)
        assert "health 3/7" in _text(screen)  # Ann is still hurt
        assert screen.focused is screen.query_one("#cast-command", Input)  # type at once
        await _type(pilot, "heal Ann 3")
        assert _said(screen) == "✓ heal Ann 3" and "health 6/7" in _text(screen)
        await _type(pilot, "undo")
        assert _said(screen) == "✓ undone: heal Ann 3" and "health 3/7" in _text(screen)
        await _type(pilot, "begin")
        assert _said(screen).startswith("✗ 'begin' is not a command for the cast")
        assert screen.query_one("#cast-command", Input).value == "begin"  # kept, to fix
        screen.query_one("#cast-command", Input).value = ""
        await _type(pilot, "heal Ann 2")
        await _type(pilot, "willpower Ann -1")
        assert "health 5/7, willpower 4/5" in _text(screen)
        await press(pilot, "escape")
        await settle(pilot)
        assert not isinstance(app.screen, CampaignScreen)
        await _line(pilot, "add Ann from=Ann init=3")
        assert (row(app, "Ann")["health"], row(app, "Ann")["willpower"]) == (5, 4)


async def test_the_field_speaks_the_tables_language(run_app: AppRun) -> None:
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        await press(pilot, "f3")
        screen = app.screen
        assert isinstance(screen, CampaignScreen)
        screen.query_one("#cast-command", Input).focus()
        await _type(pilot, "undo")
        assert _said(screen) == "✗ 场景之间没有可撤销的操作。"
        screen.query_one("#cast-command", Input).value = ""
        await _type(pilot, "end movie")
        assert _said(screen) == "✓ 已执行：end movie"


async def test_a_scene_still_played_sees_the_heal_when_f3_closes(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await press(pilot, "f3")
        screen = app.screen
        assert isinstance(screen, CampaignScreen)
        screen.query_one("#cast-command", Input).focus()
        await _type(pilot, "heal Ann 2")
        await press(pilot, "escape")
        await settle(pilot)
        assert row(app, "Ann")["health"] == 5  # the fight shows the cast as the campaign has it
        await _line(pilot, "damage Ann 1")
        await press(pilot, "f3")
        assert "health 4/7" in _text(app.screen)  # type: ignore[arg-type]


async def test_a_split_party_in_the_console_shares_the_one_cast(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await _line(pilot, 'scene new "Attic" ih-d10 split')
        assert ih_screen(app).history.scene.name == "Attic"
        await _line(pilot, "add Ann from=Ann init=3")
        assert row(app, "Ann")["health"] == 3
        await _line(pilot, "damage Ann 1")
        await _line(pilot, 'scene open "Fight"')
        screen = ih_screen(app)
        assert screen.history.scene.name == "Fight" and not screen.read_only  # still open
        assert row(app, "Ann")["health"] == 2  # the Attic's damage is hers here too
        await _line(pilot, "cast heal Ann 3")
        assert row(app, "Ann")["health"] == 5
        assert ih_screen(app).status == "✓ heal Ann 3"
        await _line(pilot, 'scene open "Attic"')
        assert row(app, "Ann")["health"] == 5


async def test_cast_on_the_command_line_is_refused_in_the_tables_language(
    run_app: AppRun,
) -> None:
    async with run_app(script=FIGHT, lang="zh-Hant") as (app, pilot):
        await _line(pilot, "cast begin")
        error = str(ih_screen(app).command_line.query_one("#command-error", Static).render())
        assert "「begin」不是場景之間作用於角色的命令" in error
        assert row(app, "Ann")["health"] == 3


MIST_SCENE = """
pc Mei
status Mei hurt 2
"""


async def test_f3_on_a_mist_scene_still_played_journals_it_there(run_app: AppRun) -> None:
    from console_support import state_of

    async with run_app(script=MIST_SCENE, system="mist", lang="zh") as (app, pilot):
        await press(pilot, "f3")
        screen = app.screen
        assert isinstance(screen, CampaignScreen)
        assert "hurt-2" in _text(screen)
        await _type(pilot, "reduce Mei hurt 1")
        assert _said(screen) == "✓ 已执行：reduce Mei hurt 1" and "hurt-1" in _text(screen)
        await press(pilot, "escape")
        await settle(pilot)
        state = state_of(pilot)
        assert [(s.name, s.tier) for s in state.characters[0].statuses] == [("hurt", 1)]
        await press(pilot, "ctrl+z")  # the scene's own undo takes it back: it is in its journal
        await settle(pilot)
        state = state_of(pilot)
        assert [(s.name, s.tier) for s in state.characters[0].statuses] == [("hurt", 2)]
