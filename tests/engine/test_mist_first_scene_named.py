"""A M.I.S.T. scene made with ``scene new "Dock" mist`` is "Dock" in its data from the first
command: the JSON's ``scene.name`` and each clue's ``scene`` label (it was "Scene 1"); an
Infinite Horror scene keeps its name on the scene, not in the state."""

from __future__ import annotations

from engine import commands
from engine.ih.encounter import Encounter
from engine.mist.state import MistState
from engine.session import execute_text, new_scene


def test_the_first_mist_scene_carries_its_name_into_json_and_clues() -> None:
    scene = new_scene("Dock", "mist", seed=1)
    scene, _ = execute_text(scene, 'clue "wet rope"')
    assert isinstance(scene.state, MistState)
    assert scene.state.scene.name == "Dock"
    assert scene.state.case_file.clues[0].scene == "Dock"
    view = commands.to_json(scene.state, "mist")
    assert view["scene"]["name"] == "Dock"
    assert isinstance(scene.initial, MistState) and scene.initial.scene.name == "Dock"


def test_a_blank_name_keeps_the_default_and_ih_is_unchanged() -> None:
    assert commands.new_state("mist") == MistState()
    assert commands.new_state("mist", "  ") == MistState()
    ih = new_scene("Fight", "ih-d10", seed=1)
    assert ih.name == "Fight" and isinstance(ih.state, Encounter)
