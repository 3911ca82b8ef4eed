"""Backups and restores: a damaged file never costs good data. The newest good backup opens and
restores; backups taken while a scene is damaged are marked so and never push out the good ones;
a restore copies and never links (README "Safe on disk": backups, restores)."""

from __future__ import annotations

from pathlib import Path

import pytest
from saved_campaigns import base_campaign, case_campaign, edit_as_text, run_script
from saves_fixtures import build

from engine.session import execute_text
from saves import BadFile, open_store


def test_the_newest_good_backup_opens_and_restores(tmp_path: Path) -> None:
    directory = case_campaign(tmp_path)
    store = open_store(tmp_path)
    good = build("mist", 8, 1)
    with store.open_campaign("Bad") as campaign:
        later, _ = execute_text(good, "pc Zoe")
        campaign.save_scene(later)
    scene_file = directory / "scenes" / "scene-0001.json"
    scene_file.write_bytes(b"{ broken")
    backups = store.backups("Bad")
    assert len(backups) >= 2
    with store.open_backup("Bad") as copy:
        assert copy.read_only
        assert copy.load_scene("Case") == later
    aside = store.restore_backup("Bad")
    assert (aside / "scenes" / "scene-0001.json").read_bytes() == b"{ broken"
    with store.open_campaign("Bad") as campaign:
        assert campaign.load_scene("Case") == later


def test_runs_on_a_damaged_scene_never_rotate_out_the_good_backups(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = base_campaign(tmp_path, monkeypatch)
    header = directory / "scenes" / "scene-0001.json"
    edit_as_text(header, lambda d: d["scene"]["1"]["state"]["order"][2].update(health="seven"))
    capsys.readouterr()
    for _ in range(11):
        assert run_script(tmp_path, "roll ih-d10 1\n", monkeypatch) == 1
        assert str(header) in capsys.readouterr().err
    store = open_store(tmp_path)
    good = store.newest_good_backup("Base")
    store.restore_backup("Base", good.id)
    with store.open_campaign("Base") as campaign:
        scene = campaign.load_scene("Fight")
    assert [c.health for c in scene.state.order] == [7, 7, 7]


def test_closing_a_campaign_with_a_damaged_scene_marks_its_backups_damaged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    directory = base_campaign(tmp_path, monkeypatch)
    assert run_script(tmp_path, 'scene new "Other" mist\npc Zed\n', monkeypatch) == 0
    edit_as_text(
        directory / "scenes" / "scene-0001.json",
        lambda d: d["scene"]["1"]["state"]["order"][2].update(health="seven"),
    )
    for index in range(12):  # the console's "No" to the restore offer: it goes on in Other
        assert run_script(tmp_path, f'clue "trace {index}"\n', monkeypatch) == 0
    store = open_store(tmp_path)
    kept = store.backups("Base")
    assert sum(not backup.damaged for backup in kept) >= 3
    good = store.newest_good_backup("Base")
    with store.open_backup("Base", good.id) as campaign:
        assert campaign.load_scene("Fight").state.order[2].health == 7


def test_a_restore_copies_and_never_links_the_backups_to_the_live_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    directory = base_campaign(tmp_path, monkeypatch)
    lines = "".join(f"roll ih-d10 {index % 5}\n" for index in range(600))
    assert run_script(tmp_path, lines, monkeypatch) == 0
    assert run_script(tmp_path, "roll ih-d10 3\n", monkeypatch) == 0
    store = open_store(tmp_path)
    store.restore_backup("Base")
    chunks = list((directory / "scenes" / "scene-0001").iterdir())
    assert chunks
    backup_inodes = {
        path.stat().st_ino for path in (directory / "backups").rglob("*") if path.is_file()
    }
    for path in [directory / "campaign.json", *directory.joinpath("scenes").rglob("*.json")]:
        assert path.stat().st_nlink == 1
        assert path.stat().st_ino not in backup_inodes
    with open(chunks[0], "r+b") as handle:  # damage a live chunk in place
        handle.seek(20)
        handle.write(b"XXXX")
    for backup in store.backups("Base"):
        with store.open_backup("Base", backup.id) as campaign:
            campaign.load_scene("Fight")


def test_a_damaged_header_is_not_backed_up_at_opening(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    with store.open_campaign("Flip", create=True) as campaign:
        campaign.save_scene(build("mist", 5, 3))
    directory = next((tmp_path / "campaigns").iterdir())
    header = directory / "scenes" / "scene-0001.json"
    edit_as_text(header, lambda d: d["scene"]["1"]["initial"].update(phase="action"))
    before = len(store.backups("Flip"))
    campaign = store.open_campaign("Flip")
    try:
        assert len(store.backups("Flip")) == before
        with pytest.raises(BadFile, match="its state is not what its journal gives"):
            campaign.load_scene("Case")
    finally:
        campaign.close()


def test_a_stale_settings_temporary_is_removed_at_start_a_fresh_one_kept(tmp_path: Path) -> None:
    """Issue 30: a kill while ``st-console.json`` was written left its temporary forever. A
    fresh one may be another program's write under way: it is left alone."""
    import os
    import time

    stale = tmp_path / ".st-console.json.k1ll3d.tmp"
    fresh = tmp_path / ".st-console.json.wr1t1ng.tmp"
    other = tmp_path / ".notes.txt.old.tmp"
    for path in (stale, fresh, other):
        path.write_text("{")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    os.utime(other, (old, old))
    open_store(tmp_path)
    assert not stale.exists()
    assert fresh.exists() and other.exists()


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to name an fd")
def test_a_backup_is_durable_before_the_rename_that_makes_it_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30: every file copied into a backup, and every folder of it, is fsynced before
    the partial folder is renamed into the rotation (a power cut could leave empty copies)."""
    import os

    case_campaign(tmp_path, 600)  # sealed chunks too
    events: list[tuple[str, str]] = []
    fsync, replace = os.fsync, os.replace

    def recording_fsync(fd: int) -> None:
        events.append(("fsync", os.readlink(f"/proc/self/fd/{fd}")))
        fsync(fd)

    def recording_replace(source: object, target: object) -> None:
        events.append(("replace", os.fspath(source)))  # type: ignore[arg-type]
        replace(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "fsync", recording_fsync)
    monkeypatch.setattr(os, "replace", recording_replace)
    with open_store(tmp_path).open_campaign("Bad"):
        pass
    renamed = [path for kind, path in events if kind == "replace" and path.endswith(".partial")]
    assert len(renamed) == 1
    partial = renamed[0]
    before = events[: events.index(("replace", partial))]
    synced = {path for kind, path in before if kind == "fsync"}
    backup = Path(partial).with_name(Path(partial).name[1 : -len(".partial")])
    inside = list(backup.rglob("*"))
    copied = [  # a chunk hard-linked from the backup before is that backup's synced copy
        os.path.join(partial, p.relative_to(backup))
        for p in inside
        if p.is_file() and p.stat().st_nlink == 1 and p.name != "damaged"
    ]
    folders = [os.path.join(partial, p.relative_to(backup)) for p in inside if p.is_dir()]
    assert any("campaign.json" in p for p in copied) and folders
    assert set(copied) <= synced
    assert {partial, *folders} <= synced
