"""Bad files are refused with the file and the problem named, and left byte-identical;
backups bring back the last good version."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest
from saves_fixtures import build

from engine.session import execute_text
from saves import BadFile, NewerVersion, open_store
from saves.migrations import SCHEMA_VERSION
from saves.scenefile import CHUNK


def _campaign(root: Path, journal: int = 8) -> Path:
    store = open_store(root)
    with store.open_campaign("Bad", create=True) as campaign:
        campaign.save_scene(build("mist", journal, 1))
    return next((root / "campaigns").iterdir())


def _truncate(data: bytes) -> bytes:
    return data[: len(data) // 2]


def _garbage(data: bytes) -> bytes:
    return b"\x00\xff" + data[5:]


def _newer(data: bytes) -> bytes:
    current = f'"schema_version":{SCHEMA_VERSION}'.encode()
    return data.replace(current, b'"schema_version":99', 1)


def _wrong_type(data: bytes) -> bytes:
    document = json.loads(data)
    document["scene"]["1"]["seed_base"] = "lots"
    return json.dumps(document).encode()


def _no_version(data: bytes) -> bytes:
    document = json.loads(data)
    del document["scene"]["1"]["schema_version"]
    return json.dumps(document).encode()


def _bad_state(data: bytes) -> bytes:
    document = json.loads(data)
    document["scene"]["1"]["state"]["__type__"] = "os.system"
    return json.dumps(document).encode()


def _empty(data: bytes) -> bytes:
    return b""


@pytest.mark.parametrize(
    ("damage", "error", "words"),
    [
        (_truncate, BadFile, "not valid JSON"),
        (_garbage, BadFile, "UTF-8"),
        (_empty, BadFile, "empty"),
        (_newer, NewerVersion, "newer ST Console"),
        (_wrong_type, BadFile, "seed_base"),
        (_no_version, BadFile, "schema_version"),
        (_bad_state, BadFile, "not an engine type"),
    ],
)
def test_a_bad_scene_file_is_refused_named_and_never_overwritten(
    tmp_path: Path, damage: Callable[[bytes], bytes], error: type[Exception], words: str
) -> None:
    directory = _campaign(tmp_path)
    scene_file = directory / "scenes" / "scene-0001.json"
    bad = damage(scene_file.read_bytes())
    scene_file.write_bytes(bad)
    store = open_store(tmp_path)
    with store.open_campaign("Bad") as campaign:
        with pytest.raises(error) as caught:
            campaign.load_scene("Case")
        assert str(scene_file) in str(caught.value)
        assert words in str(caught.value)
        with pytest.raises(BadFile):
            campaign.save_scene(build("mist", 9, 1))
    assert scene_file.read_bytes() == bad


def test_a_hand_edited_journal_chunk_is_refused(tmp_path: Path) -> None:
    directory = _campaign(tmp_path, CHUNK + 4)
    chunk = next((directory / "scenes" / "scene-0001").glob("j*.json"))
    edited = chunk.read_bytes().replace(b'"text":"', b'"text":"X', 1)
    chunk.write_bytes(edited)
    with open_store(tmp_path).open_campaign("Bad") as campaign, pytest.raises(BadFile) as caught:
        campaign.load_scene("Case")
    assert chunk.name in str(caught.value) and "checksum" in str(caught.value)
    assert chunk.read_bytes() == edited


def test_a_hand_edited_but_valid_tail_still_loads(tmp_path: Path) -> None:
    directory = _campaign(tmp_path)
    scene_file = directory / "scenes" / "scene-0001.json"
    document = json.loads(scene_file.read_bytes())
    document["scene"]["1"]["tail"][0]["text"] = "pc Mei  # edited"
    scene_file.write_text(json.dumps(document))
    with open_store(tmp_path).open_campaign("Bad") as campaign:
        assert campaign.load_scene("Case").journal[0].text == "pc Mei  # edited"


@pytest.mark.parametrize("damage", [_truncate, _newer])
def test_a_bad_campaign_index_is_refused_and_left_alone(
    tmp_path: Path, damage: Callable[[bytes], bytes]
) -> None:
    directory = _campaign(tmp_path)
    index = directory / "campaign.json"
    bad = damage(index.read_bytes())
    index.write_bytes(bad)
    store = open_store(tmp_path)
    infos = store.list_campaigns()
    assert infos[0].problem is not None and str(index) in infos[0].problem
    with pytest.raises(BadFile):
        store.open_directory(directory)
    assert index.read_bytes() == bad
    assert not (directory / "lock").exists()


def test_the_newest_good_backup_opens_and_restores(tmp_path: Path) -> None:
    directory = _campaign(tmp_path)
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
