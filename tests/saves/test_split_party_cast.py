"""Two scenes open at once, a split party, share the campaign's one cast (issue 25 point 5):
a command in either moves ``cast.json``, the other scene sees it when it is opened, and no copy
drifts, across separate ``st-console run - --campaign C`` processes and two stores at once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from saved_campaigns import in_process

from engine.ih.encounter import Encounter, find
from engine.session import execute_text
from saves import open_store

BASEMENT = """scene new "Basement" ih-d10
sheet Ann pc dexterity=3 composure=3 resolve=2 stamina=2
sheet Bob pc dexterity=2 composure=2 resolve=2 stamina=3
add Ann from=Ann init=10
damage Ann 2
"""

ATTIC = """scene new "Attic" ih-d10 split
add Ann from=Ann init=8
add Bob from=Bob init=4
damage Bob 1
"""


def start(root: Path, *, process: bool = True) -> subprocess.CompletedProcess[str]:
    """The Basement, then the party splits: the Attic opens beside it."""
    run(root, BASEMENT, process=process)
    return run(root, ATTIC, "--json", process=process)


def run(
    root: Path, script: str, *extra: str, process: bool = True
) -> subprocess.CompletedProcess[str]:
    """``st-console run - --campaign C`` in a process of its own (``process`` false: in this
    one, for the tests whose point is not the separate processes)."""
    if not process:
        argv = ["run", "-", "--campaign", "C", "--save-dir", str(root), *extra]
        done = in_process(argv, script)
        assert done.returncode == 0, done.stderr
        return done
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


def cast(root: Path, *, process: bool = True) -> dict[str, tuple[int, int]]:
    """``saves C --json``'s cast: name → (health, willpower), from a process of its own (or
    this one)."""
    argv = ["saves", "C", "--json", "--save-dir", str(root)]
    if process:
        done = subprocess.run(
            [sys.executable, "-m", "console", *argv], capture_output=True, text=True, timeout=120
        )
    else:
        done = in_process(argv)
    view = json.loads(done.stdout)
    return {
        c["name"]: (c["condition"]["health"], c["condition"]["willpower"]) for c in view["cast"]
    }


def health(view: dict[str, object], name: str) -> int:
    order = view["order"]
    assert isinstance(order, list)
    return int(next(c["health"] for c in order if c["name"] == name))


def test_a_split_party_shares_one_cast_across_processes(tmp_path: Path) -> None:
    attic = json.loads(start(tmp_path).stdout)
    assert health(attic, "Ann") == 5  # she came up from the Basement hurt 2
    assert cast(tmp_path) == {"Ann": (5, 5), "Bob": (7, 4)}
    basement = json.loads(run(tmp_path, 'scene open "Basement"\ndamage Ann 1\n', "--json").stdout)
    assert health(basement, "Ann") == 4
    assert cast(tmp_path)["Ann"] == (4, 5)  # the Basement is open: it moves the cast
    attic = json.loads(run(tmp_path, 'scene open "Attic"\n', "--json").stdout)
    assert health(attic, "Ann") == 4  # the Attic sees what the Basement did
    run(tmp_path, "damage Ann 1\n")
    assert cast(tmp_path)["Ann"] == (3, 5)  # onto the campaign's 4, not the Attic's stale 5
    basement = json.loads(run(tmp_path, 'scene open "Basement"\nheal Ann 1\n', "--json").stdout)
    assert health(basement, "Ann") == 4
    assert cast(tmp_path) == {"Ann": (4, 5), "Bob": (7, 4)}
    listed = subprocess.run(
        [sys.executable, "-m", "console", "saves", "C", "--json", "--save-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    scenes = {
        s["name"]: (s["ended"], s["open_beside"]) for s in json.loads(listed.stdout)["scenes"]
    }
    assert scenes == {"Basement": (False, True), "Attic": (False, False)}  # both halves open
    text = subprocess.run(
        [sys.executable, "-m", "console", "saves", "C", "--save-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
    ).stdout
    assert "Basement  [ih-d10]  (current)  (open beside: the party is split)" in text, text


def test_undo_in_one_half_takes_back_only_its_own_command(tmp_path: Path) -> None:
    start(tmp_path, process=False)
    run(tmp_path, 'scene open "Basement"\ndamage Ann 3\n', process=False)
    run(tmp_path, 'scene open "Attic"\ndamage Ann 1\n', process=False)
    assert cast(tmp_path, process=False)["Ann"] == (1, 5)
    run(tmp_path, 'scene open "Basement"\nundo\n', process=False)
    assert cast(tmp_path, process=False)["Ann"] == (4, 5)  # the Attic's 1 stays


def test_a_scene_new_without_split_ends_the_one_the_table_was_in(tmp_path: Path) -> None:
    start(tmp_path, process=False)
    run(tmp_path, 'scene new "Cellar" ih-d10\n', process=False)  # from the Attic: it ends
    with open_store(tmp_path).open_campaign("C", read_only=True) as campaign:
        assert campaign.is_ended("Attic") and not campaign.is_ended("Basement")
        assert campaign.is_open_beside("Basement")


def test_a_read_only_campaign_beside_the_writer_sees_each_change_of_the_cast(
    tmp_path: Path,
) -> None:
    """Two stores (as two consoles: the second read-only while the first holds the lock):
    cast.json is the one source of truth, read again when it changed."""
    start(tmp_path, process=False)
    writer_store, reader_store = open_store(tmp_path), open_store(tmp_path)
    with (
        writer_store.open_campaign("C") as writer,
        reader_store.open_campaign("C", read_only=True) as reader,
    ):
        assert {s.name: s.condition.health for s in reader.roster()}["Ann"] == 5  # type: ignore[union-attr]
        basement = writer.load_scene("Basement")
        basement, _ = execute_text(basement, "damage Ann 2")
        writer.save_scene(basement)
        assert {s.name: s.condition.health for s in reader.roster()}["Ann"] == 3  # type: ignore[union-attr]
        attic = reader.load_scene("Attic")
        assert isinstance(attic.state, Encounter) and find(attic.state, "Ann").health == 3


def test_a_reopened_scene_is_the_past_and_is_not_moved_to_the_cast(tmp_path: Path) -> None:
    start(tmp_path, process=False)
    cellar = 'scene new "Cellar" ih-d10\nadd Ann from=Ann init=3\ndamage Ann 1\n'
    run(tmp_path, cellar, process=False)
    with open_store(tmp_path).open_campaign("C") as campaign:
        campaign.reopen_scene("Attic")
        attic = campaign.load_scene("Attic")
        assert isinstance(attic.state, Encounter) and find(attic.state, "Ann").health == 5


def test_scene_new_split_reads_back_and_a_wrong_fourth_word_is_refused() -> None:
    import pytest

    from engine.commands import NewScene, format_command, parse
    from engine.errors import RuleError

    command = parse('scene new "The Attic" ih-d10 split', None)
    assert command == NewScene("The Attic", "ih-d10", split=True)
    assert parse(format_command(command), None) == command
    assert parse('scene new "Attic" mist', None) == NewScene("Attic", "mist")
    with pytest.raises(RuleError) as refused:
        parse('scene new "Attic" ih-d10 splat', None)
    assert "[split]" in refused.value.render("en")
