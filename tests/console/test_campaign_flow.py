"""A campaign in the console (issue 25): ending a scene asks first and says what carries; the
next scene starts where the campaign stands, also after closing and reopening (Pilot)."""

from __future__ import annotations

from pathlib import Path

from console_support import (
    SCENE,
    AppRun,
    enter_line,
    ih_screen,
    press,
    row,
    scene_json,
    settle,
    state_of,
)
from player_support import player_view, save, wait_text
from textual.widgets import Static

from console.app import STConsoleApp
from console.screens.dialogs import ConfirmDialog
from engine.session import new_scene
from saves.store import open_store

FIGHT = """
sheet Ann pc dexterity=3 composure=3 resolve=2 stamina=2
add Ann from=Ann init=10
add Ghoul init=5
begin
damage Ann 4
"""


async def _type_line(pilot: object, text: str) -> None:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    await enter_line(pilot, text)


def _question(app: STConsoleApp) -> str:
    assert isinstance(app.screen, ConfirmDialog)
    return str(app.screen.query_one(".question", Static).render())


async def test_two_scenes_ann_ends_the_first_hurt_and_starts_the_next_so(
    run_app: AppRun, tmp_path: Path
) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await press(pilot, "E")
        question = _question(app)
        assert "End the scene?" in question and "Ann (health 3/7, willpower 5/5)" in question
        assert "Stays behind: initiative" in question
        await press(pilot, "y")
        await settle(pilot)
        assert scene_json(app)["scene"] == 2 and scene_json(app)["phase"] == "setup"
        await _type_line(pilot, 'scene new "Next" ih-d10')
        assert ih_screen(app).history.scene.name == "Next"
        await _type_line(pilot, "add Ann from=Ann init=3")
        assert (row(app, "Ann")["health"], row(app, "Ann")["willpower"]) == (3, 5)
        await _type_line(pilot, "willpower Ann -1")
    reopened = STConsoleApp(save_dir=tmp_path, campaign="Test", scene="Next", seed=5)
    async with reopened.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert (row(reopened, "Ann")["health"], row(reopened, "Ann")["willpower"]) == (3, 4)


async def test_end_movie_typed_asks_and_no_leaves_the_scene_as_it_was(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        journal = len(ih_screen(app).history.scene.journal)
        await _type_line(pilot, "end movie")
        assert "End the movie?" in _question(app)
        await press(pilot, "n")
        await settle(pilot)
        assert len(ih_screen(app).history.scene.journal) == journal
        assert scene_json(app)["movie"] == 1


async def test_the_question_speaks_the_tables_language(run_app: AppRun) -> None:
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        await press(pilot, "E")
        assert "结束本场景？" in _question(app) and "Ann（生命 3/7" in _question(app)


async def test_a_mist_scene_end_asks_and_names_who_carries(run_app: AppRun) -> None:
    async with run_app(script=SCENE, system="mist") as (app, pilot):
        await press(pilot, "E")
        question = _question(app)
        assert "Carries: Mei, Wang" in question and "Stays on the table: Hound," in question
        await press(pilot, "y")
        await settle(pilot)
        assert state_of(pilot).scene.number == 2


async def test_the_title_names_the_movie_after_the_first(run_app: AppRun) -> None:
    from console.widgets.title_bar import FixedTitle

    async with run_app(script=FIGHT + "end movie\n", lang="zh") as (app, pilot):
        await settle(pilot)
        title = str(ih_screen(app).query_one(FixedTitle).render())
        assert "影片 2 › Fight" in title, title


async def test_f3_shows_the_campaigns_cast_between_scenes(run_app: AppRun) -> None:
    from console.screens.campaign_screen import CampaignScreen

    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        await _type_line(pilot, "willpower Ann -1")
        await press(pilot, "f3")
        assert isinstance(app.screen, CampaignScreen)
        text = str(app.screen.query_one("#campaign-text", Static).render())
        assert "Ann（玩家角色）：生命 3/7，意志 4/5；受伤" in text
        assert "Fight  [ih-d10]  （当前）" in text
        await press(pilot, "escape")
        assert not isinstance(app.screen, CampaignScreen)


async def test_the_players_view_shows_the_party_between_fights(tmp_path: Path) -> None:
    save(tmp_path, FIGHT + "willpower Ann -2\n")
    with open_store(tmp_path).open_campaign("Test") as campaign:
        campaign.create_scene(campaign.with_roster(new_scene("Next", "ih-d10", seed=1)))
        campaign.set_current_scene("Next")
    async with player_view(tmp_path, lang="zh") as (app, pilot):
        text = await wait_text(pilot, "队伍")
        assert "战斗中还没有人" in text and "Ann" in text
        assert "3/7" in text and "3/5" in text  # as the campaign has her


async def test_an_ended_scene_opens_read_only_until_scene_reopen(
    run_app: AppRun, tmp_path: Path
) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await _type_line(pilot, 'scene new "Next" ih-d10')
        assert ih_screen(app).history.scene.name == "Next"
    app.persistence.close()  # as quitting does: the lock goes
    app = STConsoleApp(save_dir=tmp_path, campaign="Test", scene="Fight", seed=5, lang="zh")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = ih_screen(app)
        assert screen.read_only and "场景 Fight 已结束" in screen.status
        await _type_line(pilot, "heal Ann 1")
        assert row(app, "Ann")["health"] == 3  # refused: the past stays the past
        assert "已结束" in str(screen.command_line.query_one("#command-error", Static).render())
        await press(pilot, "escape")  # the refused line stays open to be fixed: close it
        await _type_line(pilot, "scene reopen")
        screen = ih_screen(app)
        assert "已重新打开场景 Fight" in screen.status, screen.status
        assert not screen.read_only
        await _type_line(pilot, "heal Ann 1")
        assert row(app, "Ann")["health"] == 4
