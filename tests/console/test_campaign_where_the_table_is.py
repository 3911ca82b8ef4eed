"""Where the table is (issue 25 points 3 and 6, Pilot): an Infinite Horror title names the
movie after the first, a M.I.S.T. navigator shows season › mission › scene, in the next scene
of the mission too, in en, zh and zh-Hant; the players' view shows the cast between scenes."""

from __future__ import annotations

import pytest
from console_support import AppRun, enter_line, press, screen_lines, settle

from console.i18n import Translator
from console.screens.dialogs import ConfirmDialog

FIGHT = """
sheet Ann pc dexterity=3 composure=3 resolve=2 stamina=2
add Ann from=Ann init=10
damage Ann 2
"""

ALLEY = """
season "Autumn"
mission "Harbour" anomaly="fog"
pc Mei
status Mei hurt 2
clue "footprints"
conclusion "The fog walks" supports=c1
"""

LANGS = ["en", "zh", "zh-Hant"]


async def _line(pilot: object, text: str) -> None:
    from textual.pilot import Pilot

    assert isinstance(pilot, Pilot)
    await enter_line(pilot, text)


@pytest.mark.parametrize("lang", LANGS)
async def test_the_ih_title_names_the_movie_in_the_tables_language(
    run_app: AppRun, lang: str
) -> None:
    t = Translator(lang)
    async with run_app(script=FIGHT, lang=lang) as (app, pilot):
        assert t("title.movie", movie=1) not in "\n".join(screen_lines(app))
        await _line(pilot, "end movie")
        assert isinstance(app.screen, ConfirmDialog)
        await press(pilot, "y")
        await settle(pilot)
        await _line(pilot, 'scene new "Next" ih-d10')
        text = "\n".join(screen_lines(app))
        assert f"{t('title.movie', movie=2)} › Next" in text, text


@pytest.mark.parametrize("lang", LANGS)
async def test_the_mist_navigator_shows_season_mission_scene_in_the_next_scene(
    run_app: AppRun, lang: str
) -> None:
    t = Translator(lang)
    async with run_app(script=ALLEY, system="mist", lang=lang) as (app, pilot):
        await _line(pilot, 'scene new "Office" mist')
        text = "\n".join(screen_lines(app))
        mission = t("mist.nav.mission", number=1, name="Harbour")
        scene = t("mist.nav.scene", number=2, name="Office")
        assert f"Autumn › {mission} › {scene}" in text, text
        assert "footprints" in text  # the mission's case file came along


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
async def test_the_players_view_shows_the_cast_between_scenes(tmp_path: object, lang: str) -> None:
    from pathlib import Path

    from player_support import player_view, save, wait_text

    from engine.session import new_scene
    from saves.store import open_store

    assert isinstance(tmp_path, Path)
    t = Translator(lang)
    save(tmp_path, FIGHT + "willpower Ann -2\n")
    with open_store(tmp_path).open_campaign("Test") as campaign:
        campaign.apply_between("heal Ann 1")  # between scenes, as on F3
        campaign.create_scene(campaign.with_roster(new_scene("Next", "ih-d10", seed=1)))
        campaign.set_current_scene("Next")
    async with player_view(tmp_path, lang=lang) as (app, pilot):
        text = await wait_text(pilot, t("player.ih.party"))
        assert "Ann" in text and "6/7" in text and "3/5" in text, text
