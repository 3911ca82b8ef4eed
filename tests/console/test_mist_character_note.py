"""``note NAME "TEXT"`` on a M.I.S.T. player character (issue 24: the recipe for a new command).

The note is kept on the character (``run --json``'s character has ``notes``), said in the log
in each language, shown on the character pane, taken back by undo; a challenge's note works as
before; a name that is neither is refused; a save from before notes opens with none.
"""

from __future__ import annotations

import shutil
from functools import reduce
from pathlib import Path

import pytest

from console import event_text
from console.i18n import Translator
from console.mist.character_text import character_lines
from engine import commands
from engine.errors import RuleError
from engine.mist.notes import CharacterNoted
from engine.mist.state import MistState
from engine.session import Scene, execute_text, new_scene
from saves import load_scenes, open_store

SCENE = ["pc Mei", "challenge Hound limits=harmed:4"]
NOTE = 'note Mei "owes the fence a favour"'


def _scene(lines: list[str]) -> Scene:
    return reduce(
        lambda scene, line: execute_text(scene, line)[0], lines, new_scene("W", "mist", 1)
    )


def _state(scene: Scene) -> MistState:
    assert isinstance(scene.state, MistState)
    return scene.state


def test_a_note_is_kept_on_the_character_and_in_run_json() -> None:
    scene, events = execute_text(_scene(SCENE), NOTE)
    assert events == (CharacterNoted("Mei", "owes the fence a favour"),)
    state = _state(scene)
    assert state.characters[0].notes == ("owes the fence a favour",)
    character = commands.to_json(state, "mist")["characters"][0]
    assert character["notes"] == ["owes the fence a favour"]
    assert scene.journal[-1].text == NOTE


def test_undo_takes_the_note_back() -> None:
    scene, _ = execute_text(_scene(SCENE), NOTE)
    scene, _ = execute_text(scene, "undo")
    assert _state(scene).characters[0].notes == ()


def test_a_challenge_keeps_its_notes_and_an_unknown_name_is_refused() -> None:
    scene, _ = execute_text(_scene(SCENE), 'note Hound "flinches from light"')
    state = _state(scene)
    assert state.challenges[0].notes == ("flinches from light",)
    assert state.characters[0].notes == ()
    with pytest.raises(RuleError) as refused:
        execute_text(scene, 'note Nobody "x"')
    assert refused.value.code == "mist.roster.character-challenge-named-known"  # PCs take notes


@pytest.mark.parametrize(
    ("lang", "logged", "shown"),
    [
        ("en", "note on Mei: owes the fence a favour", "Note: owes the fence a favour"),
        ("zh", "Mei 的笔记：owes the fence a favour", "笔记：owes the fence a favour"),
        ("zh-Hant", "Mei 的備註：owes the fence a favour", "備註：owes the fence a favour"),
    ],
)
def test_the_note_in_the_log_and_on_the_pane(lang: str, logged: str, shown: str) -> None:
    t = Translator(lang)
    scene, events = execute_text(_scene(SCENE), NOTE)
    assert event_text.describe(t, events[0]) == logged
    lines = [line.plain.strip() for line in character_lines(t, _state(scene).characters[0], False)]
    assert shown in lines


def test_a_save_from_before_notes_opens_with_none(tmp_path: Path) -> None:
    root = tmp_path / "saves"
    shutil.copytree(Path(__file__).parents[1] / "saves" / "fixtures" / "untimed_v3", root)
    _, scenes = load_scenes(open_store(root), "NightShift")
    mist = next(scene for scene in scenes if scene.system == "mist")
    state = _state(mist)
    assert state.characters and all(person.notes == () for person in state.characters)
    name = state.characters[0].name
    noted, _ = execute_text(mist, f'note "{name}" "a favour owed"')
    assert _state(noted).characters[0].notes == ("a favour owed",)
