"""Last console fixes: first run with flags, read-only keys, the autosave writer, narrow queue."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from console_support import FIGHT, AppFactory
from rich.cells import cell_len
from test_flows import ih_screen
from textual.pilot import Pilot

from console.app import STConsoleApp, is_scene_screen
from console.demo import build_scene
from console.persistence import Persistence
from console.screens.ih_panes import InitiativeQueue
from engine.session import Scene
from saves.errors import SaveError
from saves.store import open_store

SIZE = (120, 40)


def status_text(app: STConsoleApp) -> str:
    from textual.widgets import Static

    assert is_scene_screen(app.screen)
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


async def wait_saved(app: STConsoleApp, pilot: Pilot[None]) -> None:
    """Until the writer thread has written everything and the title says so."""
    for _ in range(500):
        if app.persistence.idle and app.autosave_state == "saved":
            return
        await pilot.pause(0.01)
    raise AssertionError(f"autosave still {app.autosave_state!r}")


async def test_one_writer_thread_saves_every_command(make_app: AppFactory, tmp_path: Path) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = {thread.name for thread in threading.enumerate()}
        await pilot.press("m", "n", "n", "n")
        await wait_saved(app, pilot)
        writers = [t for t in threading.enumerate() if t.name == "autosave"]
        assert len(writers) == 1, "one long-lived writer, not a thread per command"
        assert not app.workers, "no Textual worker per command"
        await pilot.press("n")
        await wait_saved(app, pilot)
        assert [t for t in threading.enumerate() if t.name == "autosave"] == writers
        assert "autosave" not in before
        assert "saved ✓" in app.title_line
        expected = ih_screen(app).history.scene.journal
        await pilot.press("ctrl+q")
    assert not [t for t in threading.enumerate() if t.name == "autosave"]
    with open_store(tmp_path).open_campaign("Test", read_only=True) as campaign:
        assert campaign.load_scene("Fight").journal == expected


class Recording:
    """A campaign stand-in recording what is saved; the first write waits for a go."""

    def __init__(self, fail: bool = False) -> None:
        self.saved: list[tuple[str, int]] = []
        self.go = threading.Event()
        self.started = threading.Event()
        self.fail = fail
        self.read_only = False

    def save_scene(self, scene: Scene) -> None:
        self.started.set()
        self.go.wait(5)
        if self.fail:
            raise SaveError("disk full")
        self.saved.append((scene.name, len(scene.journal)))

    def close(self) -> None:
        return None


def scene_after(commands: int, name: str = "Fight") -> Scene:
    return build_scene(name, "ih-d10", FIGHT + "next\n" * commands, 5)


def test_queued_saves_of_a_scene_are_coalesced_to_the_newest(tmp_path: Path) -> None:
    persistence = Persistence(tmp_path)
    campaign = Recording()
    persistence.campaign = campaign  # type: ignore[assignment]
    reports: list[str | None] = []
    persistence.start_writer(reports.append)
    persistence.queue(scene_after(0))
    assert campaign.started.wait(5)  # the writer is busy with the first save
    for commands in (1, 2, 3):
        persistence.queue(scene_after(commands))
    persistence.queue(scene_after(0, "Other"))
    campaign.go.set()
    persistence.shutdown()
    assert campaign.saved == [("Fight", 4), ("Fight", 7), ("Other", 4)]  # FIGHT: 4 lines
    assert persistence.idle and persistence.campaign is None


def test_a_failed_write_is_reported_and_kept_pending(tmp_path: Path) -> None:
    persistence = Persistence(tmp_path)
    campaign = Recording(fail=True)
    campaign.go.set()
    persistence.campaign = campaign  # type: ignore[assignment]
    done = threading.Event()
    reports: list[str | None] = []

    def report(error: str | None) -> None:
        reports.append(error)
        done.set()

    persistence.start_writer(report)
    persistence.queue(scene_after(1))
    assert done.wait(5)
    assert reports == ["disk full"]
    assert persistence.pending, "the unsaved scene waits for the next try"
    persistence.stop_writer()
    campaign.fail = False
    assert persistence.flush() and campaign.saved == [("Fight", 5)]


NARROW_FIGHT = FIGHT.replace("Cid", "老王") + 'effect Ann "Blessed" rounds=2\n'


@pytest.mark.parametrize(
    ("lang", "size", "willpower", "effects"),
    [
        ("en", (80, 24), "5/5", "✦1"),
        ("zh", (80, 24), "5/5", "✦1"),
        ("en", (120, 40), "███ 5/5", "Blessed"),
        ("en", (60, 24), None, None),
    ],
)
async def test_narrow_queues_compress_columns_and_stay_aligned(
    make_app: AppFactory,
    lang: str,
    size: tuple[int, int],
    willpower: str | None,
    effects: str | None,
) -> None:
    app = make_app(lang=lang, script=NARROW_FIGHT)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        queue = ih_screen(app).query_one(InitiativeQueue)
        width = queue.size.width
        lines = [queue.render_line(y).text for y in range(4)]
        assert all(cell_len(line) == width for line in lines)
        ann, bob, wang = lines[1:]
        if willpower is not None:
            assert willpower in ann and (effects or "") in ann
        else:
            assert "7/7" in ann and "5/5" not in ann, "no room: willpower dropped, health kept"
        # Columns start at the same cell on every row, CJK names included.
        for marker in ("15", "12"):
            assert marker in bob or marker in wang
        assert cell_len(bob[: bob.index("15")]) == cell_len(wang[: wang.index("12")])


async def test_a_read_only_mist_key_says_so_too(make_app: AppFactory, tmp_path: Path) -> None:
    app = make_app(script="pc Mei\n", system="mist")
    holder = open_store(tmp_path).open_campaign("Test")
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert is_scene_screen(app.screen)
            before = app.screen.history.scene
            await pilot.press("p")  # the next phase
            await pilot.pause()
            assert status_text(app).startswith("✗ read-only: ")
            assert app.screen.history.scene == before
    finally:
        holder.close()
