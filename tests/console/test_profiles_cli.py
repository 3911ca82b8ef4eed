"""Challenge profiles travel (issue 29 §1): ``export CAMPAIGN --profiles``, ``import`` merging
them (refusing to overwrite one of the same name unless ``--overwrite``), and the next scene
of the campaign, or its latest scene reopened, using them."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from console.cli import main
from engine import session
from engine.mist.state import MistState
from saves import open_store
from saves.migrations import SCHEMA_VERSION

HOUND = (
    'profile Hound limits=harmed:4,convinced:immune tags="sharp teeth,pack hunter" '
    'threat="The hound lunges: [bitten-3]" threat="It howls: [panicked-2]"'
)
PREP = f"""scene new "Prep" mist
{HOUND}
challenge Ghoul limits=harmed:3
threat "It claws: [hurt-2]" challenge=Ghoul
challenge save Ghoul
"""


def _run(root: Path, campaign: str, script: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    assert main(["run", "-", "--campaign", campaign, "--save-dir", str(root)]) == 0


def _profiles(root: Path, campaign: str) -> list[str]:
    with open_store(root).open_campaign(campaign, read_only=True) as opened:
        standing = opened.mist_cast()
    assert isinstance(standing, MistState)
    return [p.name for p in standing.profiles]


def test_profiles_round_trip_through_export_and_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = str(tmp_path)
    _run(tmp_path, "Mine", PREP, monkeypatch)
    out = tmp_path / "hounds.json"
    assert main(["export", "Mine", "--profiles", "-o", str(out), "--save-dir", root]) == 0
    document = json.loads(out.read_text("utf-8"))
    assert document["kind"] == "profiles" and document["campaign"] == "Mine"
    assert [p["name"] for p in document["profiles"]] == ["Hound", "Ghoul"]

    capsys.readouterr()
    args = ["import", str(out), "--campaign", "Theirs", "--save-dir", root]
    assert main(args) == 0
    assert "Hound, Ghoul" in capsys.readouterr().out
    assert _profiles(tmp_path, "Theirs") == ["Hound", "Ghoul"]

    # a new scene of that campaign puts a hound on the table from the imported profile
    _run(tmp_path, "Theirs", 'scene new "Den" mist\nchallenge Rex from=Hound\n', monkeypatch)
    with open_store(tmp_path).open_campaign("Theirs", read_only=True) as opened:
        den = opened.load_scene("Den").state
    assert isinstance(den, MistState)
    assert [t.text for t in den.threats] == [
        "The hound lunges: [bitten-3]",
        "It howls: [panicked-2]",
    ]

    # the same again is refused, saying so, in the table's language; --overwrite replaces
    capsys.readouterr()
    assert main([*args, "--lang", "zh"]) != 0
    assert "Hound、Ghoul" in capsys.readouterr().err and _profiles(tmp_path, "Theirs")
    assert main([*args, "--overwrite"]) == 0
    assert "replaced Hound, Ghoul" in capsys.readouterr().out


def test_the_latest_scene_reopened_sees_profiles_imported_since(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = str(tmp_path)
    _run(tmp_path, "Mine", PREP, monkeypatch)
    _run(tmp_path, "Other", 'scene new "Street" mist\npc Mei\n', monkeypatch)
    out = tmp_path / "p.json"
    assert main(["export", "Mine", "--profiles", "-o", str(out), "--save-dir", root]) == 0
    assert main(["import", str(out), "--campaign", "Other", "--save-dir", root]) == 0
    _run(tmp_path, "Other", "challenge Rex from=Ghoul\n", monkeypatch)
    with open_store(tmp_path).open_campaign("Other", read_only=True) as opened:
        street = opened.load_scene("Street").state
    assert isinstance(street, MistState)
    assert [c.name for c in street.challenges] == ["Rex"]
    # the scene keeps the profiles it started from: undo replays its journal on them
    with open_store(tmp_path).open_campaign("Other", read_only=True) as opened:
        scene = opened.load_scene("Street")
    assert isinstance(scene.initial, MistState)
    assert "Ghoul" in [p.name for p in scene.initial.profiles]
    undone = session.undo(scene).state
    assert isinstance(undone, MistState) and not undone.challenges


def test_a_bad_profiles_file_is_refused_and_nothing_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(
        json.dumps(
            {
                "schema_version": SCHEMA_VERSION,
                "kind": "profiles",
                "campaign": "X",
                "profiles": [{"name": "Hound", "limits": "lots"}],
            }
        ),
        "utf-8",
    )
    assert main(["import", str(bad), "--save-dir", str(tmp_path)]) != 0
    assert "profile 1" in capsys.readouterr().err
    assert open_store(tmp_path).find("X") is None


def test_export_without_a_format_or_profiles_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", "Mine", "--save-dir", str(tmp_path)]) == 2
    assert "--profiles" in capsys.readouterr().err


def test_saves_campaign_names_the_profiles(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _run(tmp_path, "Mine", PREP, monkeypatch)
    capsys.readouterr()
    assert main(["saves", "Mine", "--save-dir", str(tmp_path), "--lang", "zh"]) == 0
    assert "挑战模板：Hound，Ghoul" in capsys.readouterr().out
    assert main(["saves", "Mine", "--save-dir", str(tmp_path), "--json"]) == 0
    view = json.loads(capsys.readouterr().out)
    hound = view["mist"]["profiles"][0]
    assert hound["limits"] == {"harmed": 4, "convinced": "immune"}
    assert hound["threats"] == ["The hound lunges: [bitten-3]", "It howls: [panicked-2]"]
