"""A heal made elsewhere (``cast heal``, F3, or the other half of a split party) in a scene
still played whose characters started at full health: the scene, opened, shows the cast as it
stands, and its timeline never shows health above the maximum (issue 25 with issue 26)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from console.cli import main
from engine.ih.encounter import Encounter, find
from engine.session import scene_after, state_after
from saves import open_store

FIGHT = """scene new "Fight" ih-d10
sheet Ann pc dexterity=3 composure=3 resolve=2 stamina=2
add Ann from=Ann init=10
add Ghoul init=5
damage Ann 4
"""


def run(root: Path, script: str, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    return main(["run", "-", "--campaign", "C", "--save-dir", str(root)])


def health(state: object) -> tuple[int, int]:
    assert isinstance(state, Encounter)
    ann = find(state, "Ann")
    assert ann is not None
    return ann.health, ann.health_max


def test_the_timeline_of_a_full_start_healed_elsewhere_stays_within_the_maximum(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert run(tmp_path, FIGHT, monkeypatch) == 0
    assert run(tmp_path, "cast heal Ann 3\n", monkeypatch) == 0
    with open_store(tmp_path).open_campaign("C", read_only=True) as campaign:
        fight = campaign.load_scene("Fight")
        at_add, _ = campaign.load_scene_at("Fight", 2)
        (sheet,) = campaign.roster()
    assert sheet.condition is not None and sheet.condition.health == 6
    assert health(fight.state) == (6, 7)  # the scene shows the cast as it stands
    for n in range(len(fight.journal)):  # every moment of its timeline
        shown, most = health(state_after(fight, n)) if n >= 2 else (0, 7)
        assert shown <= most, n
    assert health(state_after(fight, 2)) == (7, 7)  # just added: full, not 10/7
    assert health(at_add.state) == (7, 7)  # the timeline read from the save
    assert health(scene_after(fight, len(fight.journal)).state) == (6, 7)  # the present, exact
