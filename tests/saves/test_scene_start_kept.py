"""A scene keeps the state it began in (``Scene.start``, the header's optional ``start``): the
campaign replaces a played scene's initial state with its cast as it stands now when the scene
is opened, and its past is replayed from the start instead (``show --at N``, the timeline).

Saved as ``"initial"`` while it is the initial state, in full once they part; a scene saved
before it was kept (no ``start``) stays without one, saved again or not; a header whose
checksum fails keeps none (nothing vouches for it); an export carries it to an import."""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from saved_campaigns import edit_as_text

from console.cli import main
from engine.ih.encounter import Encounter
from engine.session import Scene
from saves import open_store
from saves.documents import scene_from_document, scene_to_document

FIXTURES = Path(__file__).parent / "fixtures"


def _run(root: Path, script: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    assert main(["run", "-", "--seed", "2", "--campaign", "C", "--save-dir", str(root)]) == 0


def _header(root: Path, number: int) -> dict[str, Any]:
    path = next((root / "campaigns").iterdir()) / "scenes" / f"scene-{number:04d}.json"
    header: dict[str, Any] = json.loads(path.read_bytes())["scene"]["1"]
    return header


def _names(state: object) -> list[str]:
    assert isinstance(state, Encounter)
    return [sheet.name for sheet in state.sheets]


def _played(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _run(root, 'scene new "One" ih-d10\nsheet Ann pc stamina=2\n', monkeypatch)
    _run(root, 'scene new "Two" ih-d10\nsheet Bob pc\n', monkeypatch)


def test_a_new_scene_keeps_its_start_as_its_initial_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _played(tmp_path, monkeypatch)
    assert _header(tmp_path, 1)["start"] == "initial"
    with open_store(tmp_path).open_campaign("C", read_only=True) as campaign:
        one, two = campaign.load_scene("One"), campaign.load_scene("Two")
    assert _names(one.start) == [] and _names(two.start) == ["Ann"]
    assert _names(one.initial) == ["Ann", "Bob"]  # the present sees the campaign's sheets


def test_a_scene_opened_and_saved_again_keeps_its_start_in_full(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _played(tmp_path, monkeypatch)
    store = open_store(tmp_path)
    with store.open_campaign("C") as campaign:
        one = campaign.load_scene("One")
        campaign.save_scene(one)  # its initial now holds Ann and Bob
    header = _header(tmp_path, 1)
    assert header["start"] != "initial" and header["start"]["sheets"] == []
    assert [s["name"] for s in header["initial"]["sheets"]] == ["Ann", "Bob"]
    with store.open_campaign("C", read_only=True) as campaign:
        again = campaign.load_scene("One")
        at_one, _ = campaign.load_scene_at("One", 1)
    assert _names(again.start) == [] and _names(at_one.state) == ["Ann"]


def test_a_scene_saved_before_starts_were_kept_stays_without_one(tmp_path: Path) -> None:
    (tmp_path / "campaigns").mkdir()
    shutil.copytree(FIXTURES / "campaign_before_cast", tmp_path / "campaigns" / "old")
    with open_store(tmp_path).open_campaign("Old") as campaign:
        fight = campaign.load_scene("Fight")
        assert fight.start is None
        campaign.save_scene(fight)  # its initial is the campaign's cast: never taken as start
        at_zero, _ = campaign.load_scene_at("Fight", 0)
    assert "start" not in _header(tmp_path, 1)
    assert _names(at_zero.state) == _names(fight.initial)  # as before: the campaign's sheets


def test_a_header_whose_checksum_fails_keeps_no_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _played(tmp_path, monkeypatch)
    path = next((tmp_path / "campaigns").iterdir()) / "scenes" / "scene-0002.json"

    def edit(document: Any) -> None:  # a start of sheets the scene never began with
        header = document["scene"]["1"]
        header["start"] = header["state"]

    edit_as_text(path, edit)
    with open_store(tmp_path).open_campaign("C", read_only=True) as campaign:
        two = campaign.load_scene("Two")  # the journal vouches for its state
        at_zero, _ = campaign.load_scene_at("Two", 0)
    assert two.start is None
    assert _names(at_zero.state) == ["Ann", "Bob"]  # as before, not the edited start


def test_an_export_carries_the_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _played(tmp_path, monkeypatch)
    with open_store(tmp_path).open_campaign("C", read_only=True) as campaign:
        two = campaign.load_scene("Two")
    document = scene_to_document(two)
    assert [s["name"] for s in document["start"]["sheets"]] == ["Ann"]
    back: Scene = scene_from_document(json.loads(json.dumps(document)), tmp_path / "x.json")
    assert back.start == two.start and _names(back.initial) == ["Ann", "Bob"]
    out = tmp_path / "c.json"
    exported = ["export", "C", "--format", "json", "-o", str(out), "--save-dir", str(tmp_path)]
    assert main(exported) == 0
    other = tmp_path / "other"
    assert main(["import", str(out), "--save-dir", str(other)]) == 0
    with open_store(other).open_campaign("C", read_only=True) as campaign:
        at_zero, _ = campaign.load_scene_at("Two", 0)
    assert _names(at_zero.state) == ["Ann"]
