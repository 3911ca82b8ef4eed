"""An export copies a played scene's journal from its sealed files (issue 30) yet writes the
scenes the campaign shows: never a played scene taken for a new one (issue 25's cast)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_campaign_cast_saves import ALLEY, FIGHT, run_here
from test_split_party_cast import ATTIC, BASEMENT, run

from console.cli import main
from saves import export_document, open_store


def test_an_export_copying_sealed_journals_is_what_loading_each_scene_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30: an export copies a played scene's journal from its files without loading it;
    the scenes it writes are still the ones the campaign shows, never a played scene taken for
    a new one (the campaign's cast or profiles put into its start: its journal would not replay
    on import). Only a scene the cast would change is loaded and replayed whole."""
    from saves.campaign import Campaign
    from saves.exports import write_export

    assert run_here(tmp_path, FIGHT, monkeypatch) == 0
    assert run_here(tmp_path, ALLEY, monkeypatch) == 0
    assert (
        run_here(tmp_path, 'scene new "Next" ih-d10\nadd Ann from=Ann init=3\n', monkeypatch) == 0
    )
    store = open_store(tmp_path)
    loaded: list[str] = []
    real_load = Campaign.load_scene
    monkeypatch.setattr(
        Campaign, "load_scene", lambda self, name: (loaded.append(name), real_load(self, name))[1]
    )
    pieces: list[str] = []
    write_export(store, "C", pieces.append)
    assert "Alley" not in loaded  # its journal copied, not loaded
    written = json.loads("".join(pieces))
    assert written == export_document(store, "C")
    alley = written["scenes"][1]
    assert alley["name"] == "Alley" and alley["initial"]["characters"] == []
    assert (
        main(
            ["import", str(_write(tmp_path / "c.json", pieces)), "--save-dir", str(tmp_path / "b")]
        )
        == 0
    )


def test_an_export_copies_the_scene_played_now_unless_the_other_half_moved_its_cast(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30: the scene played now (the campaign's latest) has its journal copied too when
    the campaign's cast is where it left it; a split party's other half, whose cast the scene
    played beside it has moved since, is loaded and replayed on the cast. Either way the export
    is what loading each scene gives."""
    from saves.campaign import Campaign
    from saves.exports import write_export

    sheets, played = BASEMENT.split("add Ann", 1)
    run(tmp_path, sheets.replace("Basement", "Prep"), process=False)  # the roster first
    run(tmp_path, 'scene new "Basement" ih-d10\nadd Ann' + played, process=False)
    run(tmp_path, ATTIC + "damage Ann 1\n", process=False)
    store = open_store(tmp_path)
    loaded: list[str] = []
    real_load = Campaign.load_scene
    monkeypatch.setattr(
        Campaign, "load_scene", lambda self, name: (loaded.append(name), real_load(self, name))[1]
    )
    pieces: list[str] = []
    write_export(store, "C", pieces.append)
    assert "Basement" in loaded  # the Attic moved Ann since
    assert "Attic" not in loaded  # copied: the cast is where it left it
    loaded.clear()
    assert json.loads("".join(pieces)) == export_document(store, "C")
    assert loaded == ["Prep", "Basement", "Attic"]


def _write(path: Path, pieces: list[str]) -> Path:
    path.write_text("".join(pieces), encoding="utf-8")
    return path
