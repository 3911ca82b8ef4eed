"""A save from before story tags had a scope (issue 29 §4) opens with its tags the scene's, and
a scoped tag survives a save and a load."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine.mist.state import MistState, TagScope
from engine.session import execute_text, new_scene
from saves import load_scenes, open_store

FIXTURES = Path(__file__).parent / "fixtures"


def test_a_story_tag_saved_before_scopes_is_the_scene_s(tmp_path: Path) -> None:
    root = tmp_path / "saves"
    shutil.copytree(FIXTURES / "untimed_v3", root)
    _, scenes = load_scenes(open_store(root), "NightShift")
    ward = next(s for s in scenes if isinstance(s.state, MistState))
    assert isinstance(ward.state, MistState)
    tags = [(t.name, t.scope, t.until) for t in ward.state.scene.story_tags]
    assert tags == [("闪烁的灯光", TagScope.SCENE, None)]
    changed, _ = execute_text(ward, 'tag 梅 "断臂" scope=角色')  # it plays on with scopes
    assert isinstance(changed.state, MistState)
    assert changed.state.characters[0].story_tags[-1].scope is TagScope.CHARACTER


def test_a_scoped_tag_is_saved_and_loaded(tmp_path: Path) -> None:
    scene = new_scene("Dock", "mist", seed=3)
    for line in ("pc Mei", "challenge Fog limits=cleared:3", 'tag "thick fog" scope=challenge:Fog'):
        scene, _ = execute_text(scene, line)
    store = open_store(tmp_path)
    with store.open_campaign("C", create=True) as campaign:
        campaign.save_scene(scene)
    with store.open_campaign("C", read_only=True) as campaign:
        loaded = campaign.load_scene("Dock")
    assert loaded == scene
    assert isinstance(loaded.state, MistState)
    tag = loaded.state.scene.story_tags[0]
    assert (tag.scope, tag.until) == (TagScope.CHALLENGE, "Fog")
