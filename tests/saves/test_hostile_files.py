"""Hostile input is a named bad file confined to its campaign: deep nesting, huge integers,
oversized or renamed journal chunks, names no save can hold, control characters in names
(README "Safe on disk": bad files)."""

from __future__ import annotations

import io
import json
import shutil
import sys
from pathlib import Path

import pytest
from saved_campaigns import case_campaign
from saves_fixtures import build

from console.cli import main
from console.keymap import KeymapError, load_keymap
from saves import BadFile, open_store
from saves.journal_chunks import MAX_CHUNK_BYTES, chunk_digest
from saves.scenefile import CHUNK

DEEP = "[" * 100_000 + "]" * 100_000

LONG_INT = '{"scene": {"1": {"schema_version": ' + "9" * 5000 + "}}}"


def _two_campaigns(root: Path, journal: int = 8) -> tuple[Path, Path]:
    store = open_store(root)
    with store.open_campaign("Good", create=True) as campaign:
        campaign.save_scene(build("mist", 4, 1))
    with store.open_campaign("Hit", create=True) as campaign:
        campaign.save_scene(build("ih-d10", journal, 1))
    return root / "campaigns" / "good", root / "campaigns" / "hit"


@pytest.mark.parametrize("content", [DEEP, LONG_INT], ids=["deep", "long-int"])
@pytest.mark.parametrize("target", ["campaign.json", "cast.json", "scenes/scene-0001.json"])
def test_a_hostile_file_is_a_named_bad_file_confined_to_its_campaign(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, target: str
) -> None:
    good, hit = _two_campaigns(tmp_path)
    path = hit / target
    path.write_text(content)
    store = open_store(tmp_path)
    infos = {info.name: info for info in store.list_campaigns()}
    assert infos["Good"].problem is None
    with pytest.raises(BadFile) as caught, store.open_campaign("Hit") as campaign:
        campaign.load_scene("Fight")
    assert str(path) in str(caught.value) or "hit" in str(caught.value)
    assert main(["saves", "--save-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Good" in out and "Case" in out
    sys.stdin = io.StringIO("clue one\n")
    try:
        assert main(["run", "-", "--campaign", "Good", "--save-dir", str(tmp_path)]) == 0
    finally:
        sys.stdin = sys.__stdin__
    assert path.read_text() == content
    del good


def test_a_deeply_nested_keymap_is_a_named_bad_file(tmp_path: Path) -> None:
    (tmp_path / "keymap.toml").write_text("a = " + "[" * 100_000 + "]" * 100_000)
    with pytest.raises(KeymapError, match="keymap.toml"):
        load_keymap(tmp_path)
    (tmp_path / "keymap.toml").unlink()
    (tmp_path / "keymap.json").write_text(DEEP)
    with pytest.raises(KeymapError, match="keymap.json"):
        load_keymap(tmp_path)


def _chunked(root: Path) -> tuple[Path, Path]:
    _, hit = _two_campaigns(root, journal=CHUNK + 20)
    chunk = next((hit / "scenes" / "scene-0001").iterdir())
    return hit, chunk


def test_a_chunk_larger_than_any_is_refused_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hit, chunk = _chunked(tmp_path)
    with open(chunk, "r+b") as handle:
        handle.truncate(MAX_CHUNK_BYTES + 1)  # sparse: no disk used
    read = Path.read_bytes

    def guarded(self: Path) -> bytes:
        assert self != chunk, "the oversized chunk was read"
        return read(self)

    monkeypatch.setattr(Path, "read_bytes", guarded)
    store = open_store(tmp_path)
    with (
        store.open_campaign("Hit", read_only=True) as campaign,
        pytest.raises(BadFile, match="larger than any journal chunk"),
    ):
        campaign.load_scene("Fight")


def test_a_chunk_renamed_to_a_matching_checksum_is_checked_value_by_value(
    tmp_path: Path,
) -> None:
    hit, chunk = _chunked(tmp_path)
    document = json.loads(chunk.read_bytes())
    entry = document["journal"]["1"]["entries"][0]
    entry["seed"] = "not a seed"
    data = json.dumps(document, separators=(",", ":")).encode()
    renamed = chunk.with_name(f"{chunk.stem.rpartition('-')[0]}-{chunk_digest(data)}.json")
    chunk.unlink()
    renamed.write_bytes(data)
    header = hit / "scenes" / "scene-0001.json"
    text = header.read_text().replace(chunk.name, renamed.name)
    header.write_text(text)  # the header's checksum no longer vouches for the name
    store = open_store(tmp_path)
    with store.open_campaign("Hit", read_only=True) as campaign, pytest.raises(BadFile) as caught:
        campaign.load_scene("Fight")
    assert renamed.name in str(caught.value)
    shutil.rmtree(tmp_path / "campaigns" / "good")


@pytest.mark.parametrize("name", ["Evil\ud800", "A\x1b[2JB", "two\nlines", "x" * 61])
def test_a_campaign_name_no_save_can_hold_is_refused_and_leaves_nothing(
    tmp_path: Path, name: str
) -> None:
    from saves import BadName

    store = open_store(tmp_path)
    with pytest.raises(BadName):
        store.open_campaign(name, create=True)
    assert list((tmp_path / "campaigns").iterdir()) == []


def test_saves_and_import_never_print_control_characters_raw(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    index = case_campaign(tmp_path, 2, "Plain") / "campaign.json"
    document = json.loads(index.read_bytes())
    document.pop("checksum")  # as a file from before checksums, or by another tool
    document["campaign"]["1"]["name"] = "Pl\x1b[31main\nX"
    index.write_text(json.dumps(document))
    assert main(["saves", "--save-dir", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\\x1b[31main\\nX" in out
    export = tmp_path / "export.json"
    export.write_text(json.dumps({"schema_version": 2, "kind": "export", "campaign": {
        "name": "Bad\x1b]0;owned\x07", "scenes": []}}))  # fmt: skip
    assert main(["import", str(export), "--save-dir", str(tmp_path)]) == 1
    captured = capsys.readouterr()
    assert "\x1b" not in captured.out + captured.err


def test_a_campaign_whose_name_holds_a_slash_can_be_exported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    case_campaign(tmp_path, 2, "/abs/evil")
    assert main(["export", "/abs/evil", "--format", "json", "--save-dir", str(tmp_path)]) == 0
    assert json.loads(capsys.readouterr().out)["campaign"]["name"] == "/abs/evil"
    assert main(["export", "/abs/evil/Case", "--format", "md", "--save-dir", str(tmp_path)]) == 0
    assert "Case" in capsys.readouterr().out
