"""A M.I.S.T. split party shares the campaign's one cast as an Infinite Horror one does (issue
25 point 5): a command in either open scene moves ``cast.json`` by what it changed (a status, a
clue) on top of the file as re-read, so a character changed in both halves keeps both; a scene
still played, when opened, shows the cast as it stands; undo takes back only its own command.
Separate ``st-console run - --campaign C`` processes, and two stores at once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from saved_campaigns import in_process

from engine.mist.state import MistState
from engine.session import execute_text
from saves import open_store

ALLEY = """scene new "Office" mist
season "Autumn"
mission "Harbour"
pc Mei
theme Mei self "Detective" power="sharp eyes,notebook" weakness="stubborn"
"""

ALLEY_NEXT = """scene new "Alley" mist
status Mei hurt 2
"""
"""Mei is made in the Office, the campaign's first scene; the Alley, the next, starts with her
(a character made in a scene's own journal is not moved when it is opened: see the README)."""

DOCK = """scene new "Dock" mist split
status Mei sick 1
clue "wet rope"
"""


def run(root: Path, script: str, *extra: str) -> subprocess.CompletedProcess[str]:
    """``st-console run - --campaign C`` in a process of its own."""
    done = subprocess.run(
        [sys.executable, "-m", "console", "run", "-", "--campaign", "C", "--save-dir", str(root)]
        + list(extra),
        input=script,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert done.returncode == 0, done.stderr
    return done


def run_here(root: Path, script: str, *extra: str) -> subprocess.CompletedProcess[str]:
    """:func:`run` in this process, for the tests whose point is not the separate processes."""
    done = in_process(["run", "-", "--campaign", "C", "--save-dir", str(root), *extra], script)
    assert done.returncode == 0, done.stderr
    return done


def statuses(view: dict[str, Any], name: str = "Mei") -> dict[str, int]:
    """``run --json``'s statuses of a character: name → tier."""
    character = next(c for c in view["characters"] if c["name"] == name)
    return {name: s["tier"] for name, s in character["statuses"].items()}


def standing(root: Path) -> MistState:
    with open_store(root).open_campaign("C", read_only=True) as campaign:
        carried = campaign.mist_cast()
    assert isinstance(carried, MistState)
    return carried


def cast_statuses(root: Path) -> dict[str, int]:
    mei = next(c for c in standing(root).characters if c.name == "Mei")
    return {s.name: s.tier for s in mei.statuses}


def test_a_mist_split_party_shares_one_cast_across_processes(tmp_path: Path) -> None:
    run(tmp_path, ALLEY)
    run(tmp_path, ALLEY_NEXT)
    dock = json.loads(run(tmp_path, DOCK, "--json").stdout)
    assert statuses(dock) == {"hurt": 2, "sick": 1}  # Mei came from the Alley hurt
    assert dock["scene"]["name"] == "Dock"
    alley = json.loads(run(tmp_path, 'scene open "Alley"\n', "--json").stdout)
    assert statuses(alley) == {"hurt": 2, "sick": 1}  # opened: the cast as it stands
    assert [c["scene"] for c in alley["case_file"]["clues"]] == ["Dock"]
    alley = json.loads(run(tmp_path, 'scene open "Alley"\nstatus Mei tired 1\n', "--json").stdout)
    assert statuses(alley) == {"hurt": 2, "sick": 1, "tired": 1}
    # Mei changed in both halves: both changes kept, no later save wins
    assert cast_statuses(tmp_path) == {"hurt": 2, "sick": 1, "tired": 1}
    assert [c.text for c in standing(tmp_path).case_file.clues] == ["wet rope"]
    dock = json.loads(run(tmp_path, 'scene open "Dock"\nstatus Mei hurt 3\n', "--json").stdout)
    assert statuses(dock) == {"hurt": 3, "sick": 1, "tired": 1}
    assert cast_statuses(tmp_path) == {"hurt": 3, "sick": 1, "tired": 1}


def test_undo_in_one_mist_half_takes_back_only_its_own_command(tmp_path: Path) -> None:
    run_here(tmp_path, ALLEY)
    run_here(tmp_path, ALLEY_NEXT)
    run_here(tmp_path, DOCK)
    run_here(tmp_path, 'scene open "Alley"\nstatus Mei tired 1\n')
    alley = json.loads(run_here(tmp_path, 'scene open "Alley"\nundo\n', "--json").stdout)
    assert statuses(alley) == {"hurt": 2, "sick": 1}  # the Dock's sickness stays
    assert cast_statuses(tmp_path) == {"hurt": 2, "sick": 1}
    dock = json.loads(run_here(tmp_path, 'scene open "Dock"\nundo\n', "--json").stdout)
    assert [c["text"] for c in dock["case_file"]["clues"]] == []  # the clue taken back
    assert statuses(dock) == {"hurt": 2, "sick": 1}
    assert standing(tmp_path).case_file.clues == ()


def test_two_stores_open_at_once_merge_each_half_onto_the_other(tmp_path: Path) -> None:
    """One writer holding both halves (a console switching with Ctrl+O), a read-only store
    beside it (a second console) seeing each change; a half saved from a stale copy keeps what
    the other half did."""
    run_here(tmp_path, ALLEY)
    run_here(tmp_path, ALLEY_NEXT)
    run_here(tmp_path, DOCK)
    writer = open_store(tmp_path).open_campaign("C")
    reader = open_store(tmp_path).open_campaign("C", read_only=True)
    with writer as first, reader as second:
        alley = first.load_scene("Alley")
        alley, _ = execute_text(alley, "status Mei tired 1")
        first.save_scene(alley)
        seen = second.mist_cast()
        assert {s.name for s in seen.characters[0].statuses} == {"hurt", "sick", "tired"}
        dock = first.load_scene("Dock")  # opened after: sees the Alley's change
        assert isinstance(dock.state, MistState)
        assert {s.name for s in dock.state.characters[0].statuses} == {
            "hurt",
            "sick",
            "tired",
        }
        dock, _ = execute_text(dock, "status Mei scared 1")
        first.save_scene(dock)
        alley, _ = execute_text(alley, "status Mei wet 1")  # the Alley as it was held
        first.save_scene(alley)
        seen = second.mist_cast()
        assert {s.name for s in seen.characters[0].statuses} == {
            "hurt",
            "sick",
            "tired",
            "scared",
            "wet",
        }
    assert cast_statuses(tmp_path) == {"hurt": 2, "sick": 1, "tired": 1, "scared": 1, "wet": 1}


def test_a_scene_new_in_the_same_script_starts_where_the_script_left_the_cast(
    tmp_path: Path,
) -> None:
    """One ``run`` script making the Office and then the Alley: the Alley starts with Mei as
    the Office left her (the scenes played so far are saved before the next one starts)."""
    view = json.loads(run_here(tmp_path, ALLEY + ALLEY_NEXT, "--json").stdout)
    assert view["scene"]["name"] == "Alley"
    assert statuses(view) == {"hurt": 2}
    assert [c.name for c in standing(tmp_path).characters] == ["Mei"]
