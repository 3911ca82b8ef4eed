"""Issue 12, data loss: a damaged file never costs good data (backups, restores, scene ids,
exit statuses, bit flips)."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path

import pytest
from saves_fixtures import build

from console.cli import main
from saves import BadFile, NotFound, open_store
from saves.storage import split_checksum

SETUP = (
    'scene new "Fight" ih-d10\nadd Ann init=15 health=7\nadd Bob init=12\nadd Cat init=9\nbegin\n'
)


def _run(root: Path, script: str, monkeypatch: pytest.MonkeyPatch, *extra: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    return main(["run", "-", "--campaign", "Base", "--save-dir", str(root), *extra])


def _base(root: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    assert _run(root, SETUP, monkeypatch) == 0
    return root / "campaigns" / "base"


def _edit(path: Path, change) -> None:  # type: ignore[no-untyped-def]
    """Change a database file as a text editor would: the checksum table is left as it was."""
    document = json.loads(path.read_bytes())
    change(document)
    path.write_text(json.dumps(document, ensure_ascii=False))


def test_runs_on_a_damaged_scene_never_rotate_out_the_good_backups(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    directory = _base(tmp_path, monkeypatch)
    header = directory / "scenes" / "scene-0001.json"
    _edit(header, lambda d: d["scene"]["1"]["state"]["order"][2].update(health="seven"))
    capsys.readouterr()
    for _ in range(11):
        assert _run(tmp_path, "roll ih-d10 1\n", monkeypatch) == 1
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
    directory = _base(tmp_path, monkeypatch)
    assert _run(tmp_path, 'scene new "Other" mist\npc Zed\n', monkeypatch) == 0
    _edit(
        directory / "scenes" / "scene-0001.json",
        lambda d: d["scene"]["1"]["state"]["order"][2].update(health="seven"),
    )
    for index in range(12):  # the console's "No" to the restore offer: it goes on in Other
        assert _run(tmp_path, f'clue "trace {index}"\n', monkeypatch) == 0
    store = open_store(tmp_path)
    kept = store.backups("Base")
    assert sum(not backup.damaged for backup in kept) >= 3
    good = store.newest_good_backup("Base")
    with store.open_backup("Base", good.id) as campaign:
        assert campaign.load_scene("Fight").state.order[2].health == 7


def test_a_restore_copies_and_never_links_the_backups_to_the_live_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    directory = _base(tmp_path, monkeypatch)
    lines = "".join(f"roll ih-d10 {index % 5}\n" for index in range(600))
    assert _run(tmp_path, lines, monkeypatch) == 0
    assert _run(tmp_path, "roll ih-d10 3\n", monkeypatch) == 0
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


def test_a_changed_next_scene_never_overwrites_another_scene(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    directory = _base(tmp_path, monkeypatch)
    assert _run(tmp_path, 'scene new "Case" mist\npc Mei\n', monkeypatch) == 0
    index = directory / "campaign.json"

    def two(document: dict) -> None:  # type: ignore[type-arg]
        document["campaign"]["1"]["next_scene"] = 2

    _edit(index, two)  # with its checksum left as it was: refused, named, left alone
    before = index.read_bytes()
    assert _run(tmp_path, 'scene new "New" mist\npc Zed\n', monkeypatch) == 1
    assert index.read_bytes() == before
    _edit(index, lambda d: d.pop("checksum"))  # a file without checksum (before issue 12)
    assert _run(tmp_path, 'scene new "New" mist\npc Zed\n', monkeypatch) == 0
    with open_store(tmp_path).open_campaign("Base") as campaign:
        ids = [info.id for info in campaign.scenes()]
        assert len(ids) == len(set(ids)) == 3
        assert [c.name for c in campaign.load_scene("Case").state.characters] == ["Mei"]
        assert campaign.load_scene("New").state.characters[0].name == "Zed"


def test_an_index_with_two_scenes_on_one_file_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    directory = _base(tmp_path, monkeypatch)
    assert _run(tmp_path, 'scene new "Case" mist\npc Mei\n', monkeypatch) == 0
    index = directory / "campaign.json"
    _edit(index, lambda d: (d.pop("checksum"), d["scenes"]["2"].update(id="scene-0001")))
    with pytest.raises(BadFile, match="two scenes share the file 'scene-0001'"):
        open_store(tmp_path).open_directory(directory)


def test_a_bad_settings_file_after_a_good_save_exits_0(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _base(tmp_path, monkeypatch)
    (tmp_path / "st-console.json").write_text("[" * 100_000 + "]" * 100_000)
    assert _run(tmp_path, "roll ih-d10 9\n", monkeypatch) == 0
    with open_store(tmp_path).open_campaign("Base") as campaign:
        journal = campaign.load_scene("Fight").journal
    assert [entry.text for entry in journal].count("roll ih-d10 9") == 1
    assert any(p.name.startswith("st-console.json.bad-") for p in tmp_path.iterdir())


def test_a_failure_after_the_save_exits_0_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _base(tmp_path, monkeypatch)

    def broken(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("saves.store.Store.set_last_opened", broken)
    capsys.readouterr()
    assert _run(tmp_path, "roll ih-d10 9\n", monkeypatch) == 0
    assert "the commands were saved" in capsys.readouterr().err
    with open_store(tmp_path).open_campaign("Base") as campaign:
        journal = campaign.load_scene("Fight").journal
    assert [entry.text for entry in journal].count("roll ih-d10 9") == 1


def _flip(path: Path, rng: random.Random) -> bytes:
    data = bytearray(path.read_bytes())
    position = rng.randrange(len(data))
    data[position] ^= 1 << rng.randrange(8)
    return bytes(data)


def _scene_view(scene):  # type: ignore[no-untyped-def]
    """What a flip must not change to be harmless: the states, the dice, and what every
    command of the journal did (a flip may turn ``health=7`` into a field the decoder ignores
    when the combatant's health comes out 7 anyway: the same command in effect)."""
    return (
        scene.system,
        scene.initial,
        scene.state,
        scene.seed_base,
        scene.draws,
        [(e.seed, e.events) for e in scene.journal],
        [(e.seed, e.events) for e in scene.undone],
    )


@pytest.mark.parametrize(("system", "flips"), [("ih-d10", 400), ("mist", 400)])
def test_every_bit_flip_in_a_scene_header_is_detected_or_harmless(
    tmp_path: Path, system: str, flips: int
) -> None:
    store = open_store(tmp_path)
    original = build(system, 40, 3)
    with store.open_campaign("Flip", create=True) as campaign:
        campaign.save_scene(original)
    directory = next((tmp_path / "campaigns").iterdir())
    header = directory / "scenes" / "scene-0001.json"
    good = header.read_bytes()
    rng = random.Random(12)
    detected = 0
    for _ in range(flips):
        header.write_bytes(_flip(header, rng))
        try:
            with store.open_campaign("Flip", read_only=True) as campaign:
                loaded = campaign.load_scene(original.name)
        except BadFile:
            detected += 1
        else:
            assert _scene_view(loaded) == _scene_view(original)
        header.write_bytes(good)
    assert detected > flips // 2  # the rest were proven harmless above


def test_every_bit_flip_in_the_index_is_detected_or_harmless(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    with store.open_campaign("Flip", create=True) as campaign:
        campaign.save_scene(build("mist", 5, 3))
        campaign.save_scene(build("ih-d10", 5, 3))
        campaign.set_current_scene("Case")
    directory = next((tmp_path / "campaigns").iterdir())
    index = directory / "campaign.json"
    good = index.read_bytes()

    def view() -> object:
        with store.open_campaign("Flip", read_only=True) as opened:
            return (opened.name, opened.scenes(), opened.current_scene(), opened.season)

    expected = view()
    rng = random.Random(13)
    for _ in range(400):
        index.write_bytes(_flip(index, rng))
        try:
            seen = view()
        except (BadFile, NotFound):
            pass
        else:
            assert seen == expected
        index.write_bytes(good)


def test_a_damaged_header_is_not_backed_up_at_opening(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    with store.open_campaign("Flip", create=True) as campaign:
        campaign.save_scene(build("mist", 5, 3))
    directory = next((tmp_path / "campaigns").iterdir())
    header = directory / "scenes" / "scene-0001.json"
    _edit(header, lambda d: d["scene"]["1"]["initial"].update(phase="action"))
    before = len(store.backups("Flip"))
    campaign = store.open_campaign("Flip")
    try:
        assert len(store.backups("Flip")) == before
        with pytest.raises(BadFile, match="its state is not what its journal gives"):
            campaign.load_scene("Case")
    finally:
        campaign.close()


def test_split_checksum_of_a_file_without_one() -> None:
    assert split_checksum({"a": {}}) == ({"a": {}}, None)
