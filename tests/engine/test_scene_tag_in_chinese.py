"""``tag 场景 "…"`` puts a story tag on the scene, as ``tag scene "…"`` does: a Chinese table
types the scene's word as it reads (engine/keywords.py), unless someone is named so."""

from __future__ import annotations

import pytest

from engine.mist.state import MistState
from engine.session import execute_text, new_scene


def _scene_with(*lines: str) -> MistState:
    scene = new_scene("S", "mist", 1)
    for line in lines:
        scene, _ = execute_text(scene, line)
    assert isinstance(scene.state, MistState)
    return scene.state


@pytest.mark.parametrize("word", ["场景", "場景", "scene", "Scene"])
def test_the_chinese_word_for_scene_tags_the_scene(word: str) -> None:
    lines = ("pc 梅", f"tag {word} “闪烁的灯光”", f"untag {word} 闪烁的灯光", "tag 场景 门")
    state = _scene_with(*lines)
    assert [t.name for t in state.scene.story_tags] == ["门"]
    assert state.characters[0].story_tags == ()


def test_someone_named_so_is_tagged_instead() -> None:
    state = _scene_with("pc 场景", "tag 场景 “借来的手电筒”")
    assert [t.name for t in state.characters[0].story_tags] == ["借来的手电筒"]
    assert state.scene.story_tags == ()
