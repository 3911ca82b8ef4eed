"""The players' view (``st-console player``): what it shows, what it hides, how it follows.

Issue 16: it follows the ST's console through the save files, read-only; a damaged file is a
message, never a traceback; what is hidden is never on the screen.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from console_support import SIZE, SMALL
from player_support import (
    IH_FIGHT,
    MIST_SCENE,
    change,
    player_view,
    save,
    screen_text,
    wait_problem,
    wait_text,
)

from console.demo import build_scene
from console.player.app import PlayerApp
from console.player.ih_text import Wound, wound
from saves.store import open_store

SIZES = [SIZE, SMALL]
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("health", "maximum", "unconscious", "word"),
    [
        (8, 8, False, Wound.UNHURT),
        (9, 8, False, Wound.UNHURT),
        (7, 8, False, Wound.HURT),
        (5, 8, False, Wound.HURT),
        (4, 8, False, Wound.BADLY_HURT),
        (1, 8, False, Wound.BADLY_HURT),
        (0, 8, False, Wound.DOWN),
        (-2, 8, False, Wound.DOWN),
        (6, 8, True, Wound.DOWN),
        (3, 7, False, Wound.BADLY_HURT),
        (4, 7, False, Wound.HURT),
    ],
)
def test_npc_health_words(health: int, maximum: int, unconscious: bool, word: Wound) -> None:
    assert wound(health, maximum, unconscious) is word


@pytest.mark.parametrize("size", SIZES)
async def test_ih_view_shows_the_order_and_hides_the_hidden(tmp_path: Path, size: tuple) -> None:
    save(tmp_path, IH_FIGHT)
    async with player_view(tmp_path, size=size) as (app, pilot):
        text = screen_text(app)
    assert "Test" in text and "Fight" in text and "round 1" in text
    assert "Turn:" in text and "Ann" in text and "Bob" in text
    assert "7/7" in text and "5/5" in text  # PCs: numbers
    assert "Ghoul" in text and "hurt" in text and "5/8" not in text  # NPCs: words only
    assert "Blessed" in text
    assert "Shade" not in text


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
async def test_a_hidden_name_is_never_on_screen(tmp_path: Path, lang: str) -> None:
    """Safety: hide, then grep every rendered screen for the hidden names."""
    save(tmp_path, IH_FIGHT)
    async with player_view(tmp_path, lang=lang) as (app, pilot):
        screens = [screen_text(app)]
        change(tmp_path, "hide Ann")  # the current actor hidden: the turn line must not tell
        screens.append(await wait_text(pilot, "Bob", absent="Ann"))
        save(tmp_path, MIST_SCENE, system="mist", name="Alley")
        screens.append(await wait_text(pilot, "Mei"))
    assert all("Shade" not in screen for screen in screens)
    assert "Ann" not in screens[1]
    assert "Bob" in screens[1]
    assert "Lurker" not in screens[2]
    assert "Something watches" not in screens[2]  # its threat would give it away


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
async def test_follows_a_change_made_by_another_process(tmp_path: Path, lang: str) -> None:
    save(tmp_path, IH_FIGHT)
    async with player_view(tmp_path, lang=lang) as (app, pilot):
        assert "Zed" not in screen_text(app)
        script = (
            "import sys; sys.path[:0] = [sys.argv[1], sys.argv[2]]\n"
            "from pathlib import Path\n"
            "from player_support import change\n"
            "change(Path(sys.argv[3]), 'join Zed init=20 pc', 'next', 'reveal Shade')\n"
        )
        subprocess.run(
            [sys.executable, "-c", script, str(ROOT), str(Path(__file__).parent), str(tmp_path)],
            check=True,
            timeout=60,
        )
        text = await wait_text(pilot, "Zed")
    assert "Zed" in text and "Shade" in text
    assert app.shown is not None and app.shown.scene.state.current == "Bob"


async def test_follows_when_the_st_opens_another_scene(tmp_path: Path) -> None:
    save(tmp_path, IH_FIGHT)
    async with player_view(tmp_path) as (app, pilot):
        save(tmp_path, MIST_SCENE, system="mist", name="Alley")
        text = await wait_text(pilot, "Mei")
    assert "Alley" in text and "Mei" in text and "Ghoul" not in text


def open_harbour(save_dir: Path) -> None:
    """The ST opens another campaign, "Harbour", at its M.I.S.T. scene "Dock" (Wang)."""
    store = open_store(save_dir)
    other = store.create_campaign("Harbour")
    try:
        other.save_scene(build_scene("Dock", "mist", "pc Wang", 1))
        other.set_current_scene("Dock")
    finally:
        other.close()
    store.set_last_opened("Harbour", "Dock")  # what the console does on opening it


async def test_follows_when_the_st_opens_another_campaign(tmp_path: Path) -> None:
    save(tmp_path, IH_FIGHT)
    async with player_view(tmp_path) as (app, pilot):
        open_harbour(tmp_path)
        text = await wait_text(pilot, "Wang")
    assert "Harbour" in text and "Dock" in text and "Ann" not in text


async def test_a_given_campaign_is_followed_whatever_the_st_opens(tmp_path: Path) -> None:
    save(tmp_path, IH_FIGHT)
    open_harbour(tmp_path)
    app = PlayerApp(save_dir=tmp_path, campaign="test", lang="en")
    async with app.run_test(size=SIZE) as pilot:
        text = await wait_text(pilot, "Ann")
    assert "Wang" not in text


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
@pytest.mark.parametrize("size", SIZES)
async def test_mist_view(tmp_path: Path, lang: str, size: tuple) -> None:
    save(tmp_path, MIST_SCENE, system="mist", name="Alley")
    async with player_view(tmp_path, lang=lang, size=size) as (app, pilot):
        text = screen_text(app)
    for shown in ("Mei", "Street Doctor", "steady hands", "hurt-2", "Hound", "harmed-2"):
        assert shown in text
    for shown in ("Thick Fog", "The hound lunges", "c1", "Claw marks", "k1"):
        assert shown in text
    assert "harmed 4" in text  # revealed limits
    assert "Lurker" not in text and "spotted" not in text and "Something watches" not in text
    if lang == "zh":
        assert "确立" in text
    if lang == "zh-Hant":
        assert "確立" in text


async def test_limits_stay_hidden_until_revealed(tmp_path: Path) -> None:
    save(tmp_path, "pc Mei\nchallenge Hound limits=harmed:4", system="mist", name="Alley")
    async with player_view(tmp_path) as (app, pilot):
        assert "harmed 4" not in screen_text(app)
        change(tmp_path, "reveal Hound limits", scene="Alley")
        await wait_text(pilot, "harmed 4")


async def test_a_damaged_file_is_a_message_and_the_last_good_state_stays(tmp_path: Path) -> None:
    save(tmp_path, IH_FIGHT.replace("Bob", "Bea"))
    scene_file = next((tmp_path / "campaigns" / "test" / "scenes").glob("*.json"))
    good = scene_file.read_bytes()
    save(tmp_path, IH_FIGHT)
    async with player_view(tmp_path) as (app, pilot):
        scene_file.write_text('{"scene": {"1": {"schema_version": 2, "kind": "sce')
        await wait_problem(pilot)
        text = screen_text(app)
        assert "could not be read" in text and "Ann" in text
        assert "scene-0001.json is damaged or unreadable" in text
        assert "Traceback" not in text and "Unterminated" not in text  # no details for players
        fresh = scene_file.with_name("fresh.tmp")
        fresh.write_bytes(good)
        os.replace(fresh, scene_file)  # a good file again (restored from a backup, say)
        text = await wait_text(pilot, "Bea", absent="could not be read")
    assert app.problem is None and "Bea" in text and "could not be read" not in text


@pytest.mark.parametrize(
    "damage",
    [b"", b"\xff\xfe not json", b'{"scene": {"1": {"schema_version": 999, "kind": "scene"}}}'],
)
async def test_a_bad_file_from_the_start_is_a_message(tmp_path: Path, damage: bytes) -> None:
    save(tmp_path, IH_FIGHT)
    scene_file = next((tmp_path / "campaigns" / "test" / "scenes").glob("*.json"))
    scene_file.write_bytes(damage)
    app = PlayerApp(save_dir=tmp_path, lang="en")
    async with app.run_test(size=SIZE) as pilot:
        await wait_problem(pilot)
        text = screen_text(app)
    assert "Nothing to show yet" in text and "Traceback" not in text
    newer = b"999" in damage
    assert ("newer ST Console" if newer else "damaged or unreadable") in text


@pytest.mark.parametrize("lang", ["en", "zh"])
async def test_a_damaged_campaign_index_is_a_message(tmp_path: Path, lang: str) -> None:
    save(tmp_path, IH_FIGHT)
    (tmp_path / "campaigns" / "test" / "campaign.json").write_text('{"campaign": [1, 2')
    app = PlayerApp(save_dir=tmp_path, campaign="Test", lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        await wait_problem(pilot)
        text = screen_text(app)
    assert "Traceback" not in text and "Ann" not in text
    assert ("Nothing to show yet" if lang == "en" else "暂无可显示的内容") in text
    assert "campaign.json" in text  # issue 30: the damaged file is named, not "no campaign"
    assert "No campaign named" not in text and "没有名为" not in text


@pytest.mark.parametrize("named", [True, False])
def test_a_damaged_index_is_named_whether_followed_by_name_or_as_last_opened(
    tmp_path: Path, named: bool
) -> None:
    """Issue 30: ``player`` names the damaged index, as ``saves``, ``run`` and ``export`` do."""
    from saves import BadFile
    from saves.follow import Follower

    save(tmp_path, IH_FIGHT)
    index = tmp_path / "campaigns" / "test" / "campaign.json"
    index.write_text('{"campaign": [1, 2')
    with pytest.raises(BadFile) as caught:
        Follower(tmp_path, "Test" if named else None).read()
    assert caught.value.path == index


async def test_no_campaign_yet_is_a_message(tmp_path: Path) -> None:
    app = PlayerApp(save_dir=tmp_path / "empty", lang="zh")
    async with app.run_test(size=SMALL) as pilot:
        await wait_problem(pilot)
        assert "暂无可显示的内容" in screen_text(app)
    assert not (tmp_path / "empty").exists()  # the view made nothing


async def test_the_view_writes_nothing_and_takes_no_lock(tmp_path: Path) -> None:
    save(tmp_path, IH_FIGHT)
    store = open_store(tmp_path)
    held = store.open_campaign("Test")  # the ST's console holds the lock meanwhile
    try:
        before = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in tmp_path.rglob("*.json")}
        paths = sorted(tmp_path.rglob("*"))
        async with player_view(tmp_path) as (app, pilot):
            assert "Ann" in screen_text(app)
        after = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in tmp_path.rglob("*.json")}
        assert sorted(tmp_path.rglob("*")) == paths  # no file made, none removed
    finally:
        held.close()
    assert before == after


def test_player_subcommand_usage_errors_are_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "console", "player", "--lang", "fr"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "--lang" in done.stderr


@pytest.mark.skipif(
    __import__("console.player.watch", fromlist=["folder_watch"]).folder_watch() is None,
    reason="needs inotify",
)
async def test_an_idle_view_sleeps_until_a_file_changes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30: the view no longer polls its files several times a second: idle, it looks at
    most once per WATCH_SAFETY seconds; a change made meanwhile wakes it at once."""
    import asyncio
    import time

    from saves.follow import Follower

    looks: list[float] = []
    real = Follower.signature

    def counted(self: Follower) -> object:
        looks.append(time.monotonic())
        return real(self)

    save(tmp_path, IH_FIGHT)
    monkeypatch.setattr(Follower, "signature", counted)
    async with player_view(tmp_path) as (app, pilot):
        assert app._watch is not None
        await asyncio.sleep(0.5)  # the looks that follow the first load
        looks.clear()
        await asyncio.sleep(1.5)
        assert len(looks) <= 1  # polling looked every 0.1–0.3 s: 5 to 15 times
        started = time.monotonic()
        change(tmp_path, "join Zed init=20 pc")
        await wait_text(pilot, "Zed", limit=1.5)
        assert time.monotonic() - started < 1.5


@pytest.mark.skipif(
    __import__("console.player.watch", fromlist=["folder_watch"]).folder_watch() is None,
    reason="needs inotify",
)
async def test_a_safety_look_that_finds_nothing_leaves_the_ui_asleep(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30 point 14: the watcher's safety look (every WATCH_SAFETY seconds) compares the
    files in its own thread; the UI thread is woken only when they changed, and a change is
    still shown at once."""
    import asyncio

    import console.player.app as player_app

    monkeypatch.setattr(player_app, "WATCH_SAFETY", 0.05)
    save(tmp_path, IH_FIGHT)
    async with player_view(tmp_path) as (app, pilot):
        await asyncio.sleep(0.5)  # the looks that follow the first load
        woken: list[bool] = []
        real = app._look_once
        monkeypatch.setattr(app, "_look_once", lambda: (woken.append(True), real())[1])
        await asyncio.sleep(0.6)  # some 12 safety looks
        assert woken == []
        change(tmp_path, "join Zed init=20 pc")
        await wait_text(pilot, "Zed", limit=1.5)
        assert woken
