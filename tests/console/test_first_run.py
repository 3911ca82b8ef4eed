"""Start-up: the first run installs the demo, and ``--campaign`` / ``--scene`` naming what is not
there open the nearest existing one and say so (INTERFACE.md §1)."""

from __future__ import annotations

from pathlib import Path

from console_support import AppRun, status_text

from console.ih.screen import IHScreen
from saves.store import open_store


async def test_first_run_with_flags_installs_the_demo_first(run_app: AppRun) -> None:
    async with run_app(campaign="Demo", scene="St. Agnes at night") as (app, pilot):
        scene = app.current_scene()
        assert scene is not None
        assert (scene.name, scene.system) == ("St. Agnes at night", "mist")
        assert scene.journal, "the demo's Mist scene, not a new empty one"
        assert app.persistence.campaign_name == "Demo"


async def test_a_missing_scene_opens_the_current_one_and_says_so(
    run_app: AppRun, tmp_path: Path
) -> None:
    async with run_app(campaign="Demo", scene="Nowhere") as (app, pilot):
        scene = app.current_scene()
        assert scene is not None and scene.name == "Ward 7 fight"
        status = status_text(app)
        assert "Nowhere" in status and "Ward 7 fight" in status
    with open_store(tmp_path).open_campaign("Demo", read_only=True) as campaign:
        assert not campaign.has_scene("Nowhere"), "a typo never leaves an empty scene behind"


async def test_a_missing_campaign_opens_the_last_one_and_says_so(
    run_app: AppRun, tmp_path: Path
) -> None:
    async with run_app(campaign="Tuesday", scene="Fight") as (app, pilot):
        assert app.persistence.campaign_name == "Demo"
        status = status_text(app)
        assert "Tuesday" in status and "Demo / Ward 7 fight" in status
    assert not open_store(tmp_path).has_campaign("Tuesday")


async def test_demo_combatants_have_a_real_stat_line(run_app: AppRun) -> None:
    async with run_app() as (app, pilot):
        screen = app.screen
        assert isinstance(screen, IHScreen) and screen.view is not None
        for combatant in screen.view.order:
            details = dict(combatant.details)
            assert int(details["defense"]) > 0, combatant.name
            assert combatant.health_max > 0 and combatant.willpower_max > 0
