"""Last console fixes: first run with flags, read-only keys, the autosave writer, narrow queue."""

from __future__ import annotations

from pathlib import Path

from console_support import FIGHT, AppFactory
from test_flows import ih_screen

from console.app import is_scene_screen
from saves.store import open_store

SIZE = (120, 40)


def status_text(app: object) -> str:
    from textual.widgets import Static

    from console.app import STConsoleApp

    assert isinstance(app, STConsoleApp) and is_scene_screen(app.screen)
    return str(app.screen.query_one("#status", Static).render())


async def test_first_run_with_flags_installs_the_demo_first(make_app: AppFactory) -> None:
    app = make_app(campaign="Demo", scene="St. Agnes at night")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scene = app.current_scene()
        assert scene is not None
        assert (scene.name, scene.system) == ("St. Agnes at night", "mist")
        assert scene.journal, "the demo's Mist scene, not a new empty one"
        assert app.persistence.campaign_name == "Demo"


async def test_a_missing_scene_opens_the_current_one_and_says_so(
    make_app: AppFactory, tmp_path: Path
) -> None:
    app = make_app(campaign="Demo", scene="Nowhere")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        scene = app.current_scene()
        assert scene is not None and scene.name == "Ward 7 fight"
        status = status_text(app)
        assert "Nowhere" in status and "Ward 7 fight" in status
    with open_store(tmp_path).open_campaign("Demo", read_only=True) as campaign:
        assert not campaign.has_scene("Nowhere"), "a typo never leaves an empty scene behind"


async def test_a_missing_campaign_opens_the_last_one_and_says_so(
    make_app: AppFactory, tmp_path: Path
) -> None:
    app = make_app(campaign="Tuesday", scene="Fight")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.persistence.campaign_name == "Demo"
        status = status_text(app)
        assert "Tuesday" in status and "Demo / Ward 7 fight" in status
    assert not open_store(tmp_path).has_campaign("Tuesday")


async def test_a_read_only_key_says_who_holds_the_campaign(
    make_app: AppFactory, tmp_path: Path
) -> None:
    app = make_app(script=FIGHT)
    holder = open_store(tmp_path).open_campaign("Test")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            screen = ih_screen(app)
            before = screen.history.scene
            await pilot.press("n")
            await pilot.pause()
            status = status_text(app)
            assert status.startswith("✗ read-only: ")
            assert app.persistence.holder and app.persistence.holder in status
            assert screen.history.scene == before
            await pilot.press("j")  # moving the selection is not an edit: no refusal
            await pilot.pause()
            assert screen.selected == "Bob"
    finally:
        holder.close()
