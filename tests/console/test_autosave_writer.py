"""The autosave writer: one long-lived thread saves every command, queued saves of a scene are
coalesced to the newest, a failed write is reported and kept for the next try."""

from __future__ import annotations

import threading
from pathlib import Path

from console_support import FIGHT, AppRun, ih_screen
from textual.pilot import Pilot

from console.app import STConsoleApp
from console.demo import build_scene
from console.persistence import Persistence
from engine.session import Scene
from saves.errors import SaveError
from saves.store import open_store


async def wait_saved(app: STConsoleApp, pilot: Pilot[None]) -> None:
    """Until the writer thread has written everything and the title says so."""
    for _ in range(500):
        if app.persistence.idle and app.autosave_state == "saved":
            return
        await pilot.pause(0.01)
    raise AssertionError(f"autosave still {app.autosave_state!r}")


async def test_one_writer_thread_saves_every_command(run_app: AppRun, tmp_path: Path) -> None:
    # Writers of apps that earlier tests ended without quitting may still be alive in this
    # process: only the threads this app starts count.
    earlier = set(threading.enumerate())

    def writers() -> list[threading.Thread]:
        alive = threading.enumerate()
        return [t for t in alive if t.name == "autosave" and t not in earlier]

    async with run_app(script=FIGHT) as (app, pilot):
        assert writers() == [], "no writer before the first command"
        await pilot.press("m", "n", "n", "n")
        await wait_saved(app, pilot)
        first = writers()
        assert len(first) == 1, "one long-lived writer, not a thread per command"
        assert not app.workers, "no Textual worker per command"
        await pilot.press("n")
        await wait_saved(app, pilot)
        assert writers() == first
        assert "saved ✓" in app.title_line
        expected = ih_screen(app).history.scene.journal
        await pilot.press("ctrl+q")
    assert writers() == [], "quitting stops the writer"
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
    reports: list[Exception | None] = []
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
    reports: list[Exception | None] = []

    def report(error: Exception | None) -> None:
        reports.append(error)
        done.set()

    persistence.start_writer(report)
    persistence.queue(scene_after(1))
    assert done.wait(5)
    assert [str(error) for error in reports] == ["disk full"]
    assert persistence.pending, "the unsaved scene waits for the next try"
    persistence.stop_writer()
    campaign.fail = False
    assert persistence.flush() and campaign.saved == [("Fight", 5)]
