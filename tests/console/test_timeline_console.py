"""The timeline in the console (issue 26): ``T`` shows the scene read-only as it stood after a
journal entry; ←/→, PgUp/PgDn, Home/End scrub; Esc returns to now; nothing is written; ``f``
forks a new campaign from there and opens it (Pilot)."""

from __future__ import annotations

from pathlib import Path

from console_support import SCENE, SMALL, AppRun, ih_screen, press, screen_lines, settle, status

from console.mist.screen import MistScreen
from console.screens.dialogs import TextDialog
from engine import commands
from saves.store import open_store

FIGHT = """
add Ann init=15 health=7 pc
add Bob init=12 health=8 pc
add Cid init=9 health=6 npc
begin
damage Ann 2
next
next
next
damage Bob 1
"""
"""Nine commands: three adds, begin (round 1), damage, three nexts (round 2), damage."""


def _files(root: Path) -> dict[str, tuple[int, bytes]]:
    return {
        str(p.relative_to(root)): (p.stat().st_mtime_ns, p.read_bytes())
        for p in sorted(root.rglob("*"))
        if p.is_file() and "backups" not in p.parts
    }


def _shown(app: object) -> dict[str, object]:
    screen = ih_screen(app)  # type: ignore[arg-type]
    scene = screen.scene
    assert scene is not None
    return commands.to_json(scene.state, scene.system)


def _health(app: object, name: str) -> int:
    order = _shown(app)["order"]
    assert isinstance(order, list)
    return int(next(c for c in order if c["name"] == name)["health"])


async def test_scrubbing_shows_the_past_read_only_and_writes_nothing(
    run_app: AppRun, tmp_path: Path
) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        screen = ih_screen(app)
        present = screen.history.scene
        await settle(pilot)
        before = _files(tmp_path)
        await press(pilot, "T")
        assert screen.timeline is not None and screen.timeline.at == 9
        assert "entry 9 of 9 · round 2" in app.title_line
        assert "TIMELINE" in app.title_line
        await press(pilot, "left")
        assert screen.timeline.at == 8 and _health(app, "Bob") == 8
        await press(pilot, "right", "pageup")  # back to round 2's start: the third next
        assert screen.timeline.at == 8
        await press(pilot, "pageup")  # round 1's: begin
        assert screen.timeline.at == 4 and _shown(app)["round"] == 1
        assert _health(app, "Ann") == 7
        await press(pilot, "right")
        assert _health(app, "Ann") == 5
        await press(pilot, "home")
        assert screen.timeline.at == 0 and _shown(app)["order"] == []
        assert "entry 0 of 9" in app.title_line
        await press(pilot, "pagedown")
        assert screen.timeline.at == 4  # begin: round 1
        await press(pilot, "end")
        assert screen.timeline.at == 9
        await press(pilot, "left", "left")
        # a key that would change the scene is refused, saying why
        await press(pilot, "n")
        assert "timeline is read-only" in status(app)
        assert screen.history.scene is present and screen.timeline.at == 7
        await press(pilot, "escape")
        assert screen.timeline is None and screen.scene is present
        assert "TIMELINE" not in app.title_line
        assert _files(tmp_path) == before  # nothing written while scrubbing
        await press(pilot, "n")  # play goes on: the present, writable again
        assert screen.history.scene is not present
        assert len(screen.history.scene.journal) == 10


async def test_f_forks_a_new_campaign_from_the_moment_and_opens_it(
    run_app: AppRun, tmp_path: Path
) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await press(pilot, "T", "left", "left", "f")
        assert isinstance(app.screen, TextDialog)
        await press(pilot, "enter")
        await settle(pilot)
        assert app.persistence.campaign_name == "Test (from entry 7)"
        screen = ih_screen(app)
        assert screen.timeline is None and len(screen.history.scene.journal) == 7
        await press(pilot, "n")  # play goes on in the fork
        await settle(pilot)
        assert len(screen.history.scene.journal) == 8
    store = open_store(tmp_path)
    with store.open_campaign("Test", read_only=True) as original:
        assert len(original.load_scene("Fight").journal) == 9
    with store.open_campaign("Test (from entry 7)", read_only=True) as fork:
        origin = fork.forked_from
        assert origin is not None and (origin.campaign, origin.entry) == ("Test", 7)


async def test_a_taken_fork_name_is_refused(run_app: AppRun, tmp_path: Path) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        await press(pilot, "T", "f")
        dialog = app.screen
        assert isinstance(dialog, TextDialog)
        field = dialog.query_one("#text")
        field.value = "Test"  # type: ignore[attr-defined]
        await press(pilot, "enter")
        await settle(pilot)
        assert "already exists" in status(app)
        assert app.persistence.campaign_name == "Test"
        assert ih_screen(app).timeline is not None


async def test_the_timeline_speaks_chinese_and_fits_80x24(run_app: AppRun) -> None:
    async with run_app(script=FIGHT, lang="zh", size=SMALL) as (app, pilot):
        await press(pilot, "T", "left")
        assert "第 8 条，共 9 条 · 第 2 轮" in app.title_line
        assert "时间线" in "\n".join(screen_lines(app))
        await press(pilot, "escape")
        assert ih_screen(app).timeline is None


async def test_mist_ctrl_t_scrubs_by_phase(run_app: AppRun) -> None:
    script = SCENE + "phase action\nphase consequence\n"
    async with run_app(script=script, system="mist", lang="zh-Hant") as (app, pilot):
        screen = app.screen
        assert isinstance(screen, MistScreen)
        length = len(screen.history.scene.journal)
        from console.widgets.dice_log import DiceLog

        log = screen.query_one("#mist-log", DiceLog)
        assert log.entry_at(0) == 1 and log.entry_at(len(log.lines) - 1) == length
        await press(pilot, "ctrl+t")
        assert screen.timeline is not None and screen.timeline.at == length
        await press(pilot, "pageup")
        assert screen.timeline.at == length - 1  # after "phase action"
        await press(pilot, "pageup")
        assert screen.timeline.at == 0
        assert f"第 0 條，共 {length} 條" in app.title_line
        await press(pilot, "escape")
        assert screen.timeline is None


ROLLS = """
add Ann init=15 health=9 pc
add Bob init=12 health=9 pc
begin
attack Ann Bob dp=3
next
attack Bob Ann dp=3
"""
"""Two attacks, entries 4 and 6, each a line (or more) of the dice log."""


async def test_a_click_on_a_line_of_the_log_jumps_the_timeline_there(run_app: AppRun) -> None:
    from console.widgets.dice_log import DiceLog

    async with run_app(script=ROLLS) as (app, pilot):
        await settle(pilot)
        screen = ih_screen(app)
        log = screen.query_one("#dice-log", DiceLog)
        rows = [log.entry_at(row) for row in range(len(log.lines))]
        assert rows and rows[0] == 4 and rows[-1] == 6
        await pilot.click("#dice-log", offset=(3, 1))  # the first row inside the border
        await settle(pilot)
        assert screen.timeline is not None and screen.timeline.at == 4
        assert "entry 4 of 6" in app.title_line
        assert [log.entry_at(row) for row in range(len(log.lines))] == [4] * rows.count(4)
        await press(pilot, "end")
        assert screen.timeline.at == 6
        await press(pilot, "escape")
        assert screen.timeline is None


def _recap(root: Path) -> tuple[str, int] | None:
    with open_store(root).open_campaign("Test", read_only=True) as campaign:
        return campaign.recap


async def test_p_puts_the_players_view_on_the_moment_and_esc_back_to_now(
    run_app: AppRun, tmp_path: Path
) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        screen = ih_screen(app)
        await press(pilot, "T", "left", "left", "p")
        assert _recap(tmp_path) == ("Fight", 7)
        assert "players' view recaps entry 7 of 9" in status(app)
        await press(pilot, "left", "p")  # another moment: the view follows it
        assert _recap(tmp_path) == ("Fight", 6)
        await press(pilot, "p")  # the same moment again: back to now
        assert _recap(tmp_path) is None
        await press(pilot, "p", "escape")  # Esc ends a recap too
        assert screen.timeline is None and _recap(tmp_path) is None
        assert len(screen.history.scene.journal) == 9  # the scene was never written
        await press(pilot, "T", "home", "p")
        assert _recap(tmp_path) == ("Fight", 0)
        await press(pilot, "f2")  # a new language redraws the screen: the recap ends
        await settle(pilot)
        assert _recap(tmp_path) is None
        assert app.t.lang == "zh" and ih_screen(app).timeline is None
        assert len(ih_screen(app).history.scene.journal) == 9


async def test_the_players_view_shows_a_recap_banner_and_the_past_state(tmp_path: Path) -> None:
    from player_support import IH_FIGHT, player_view, save, wait_text

    save(tmp_path, IH_FIGHT)  # 7 commands; "damage Ghoul 3" is the 6th
    with open_store(tmp_path).open_campaign("Test") as campaign:
        campaign.set_recap("Fight", 5)
    async with player_view(tmp_path, lang="zh-Hant") as (_, pilot):
        text = await wait_text(pilot, "回顧 · 第 5 條，共 7 條")
        assert "Ghoul" in text
    with open_store(tmp_path).open_campaign("Test") as campaign:
        campaign.set_recap(None)
    async with player_view(tmp_path) as (_, pilot):
        text = await wait_text(pilot, "Ghoul", absent="RECAP")


def test_the_follower_reads_the_recapped_moment(tmp_path: Path) -> None:
    from player_support import IH_FIGHT, save

    from saves.follow import Follower

    save(tmp_path, IH_FIGHT)
    with open_store(tmp_path).open_campaign("Test") as campaign:
        present = campaign.load_scene("Fight")
        campaign.set_recap("Fight", 5)
    followed = Follower(tmp_path).read()
    assert followed.recap == (5, 7)
    assert len(followed.scene.journal) == 5
    assert followed.scene.state != present.state  # before the Ghoul was hurt


def test_a_recap_left_behind_ends_when_the_console_opens_the_campaign(tmp_path: Path) -> None:
    from player_support import IH_FIGHT, save

    from console.persistence import Persistence

    save(tmp_path, IH_FIGHT)
    with open_store(tmp_path).open_campaign("Test") as campaign:
        campaign.set_recap("Fight", 5)
    persistence = Persistence(tmp_path)
    persistence.open_campaign("Test")
    persistence.close()
    assert _recap(tmp_path) is None
