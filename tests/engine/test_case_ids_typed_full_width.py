"""A case file's ids typed by a Chinese input method: a form's clue list keeps what is typed in
quotes (``supports="ｃ２,ｃ５"``), so the engine reads ``ｃ２`` as ``c2`` wherever it looks an id
up (clues of a conclusion, a conclusion, a question, an opportunity); the refusal of an id that
is not there still names it."""

from __future__ import annotations

import pytest

from engine import session
from engine.errors import RuleError
from engine.mist.state import MistState

CASE = """
mission "Harbour" anomaly="the drowned bell"
clue "Claw marks"
clue "Wet footprints"
clue "Old casings"
question "Who rang the bell?"
"""


def _scene() -> session.Scene:
    scene = session.new_scene("Dock", "mist", 3)
    for line in CASE.strip().splitlines():
        scene, _ = session.execute_text(scene, line)
    return scene


def test_full_width_ids_in_quotes_are_the_ascii_ids() -> None:
    scene = _scene()
    scene, _ = session.execute_text(
        scene, 'conclusion "A werewolf" supports="ｃ１,ｃ２" contradicts="Ｃ３"'
    )
    state = scene.state
    assert isinstance(state, MistState)
    found = state.case_file.conclusions[0]
    assert (found.id, found.supports, found.contradicts) == ("k1", ("c1", "c2"), ("c3",))
    scene, _ = session.execute_text(scene, 'answer "ｑ１" "ｋ１"')
    state = scene.state
    assert isinstance(state, MistState)
    assert state.case_file.questions[0].answer == "k1"


def test_an_id_that_is_not_there_is_still_refused_by_what_was_typed() -> None:
    with pytest.raises(RuleError) as refused:
        session.execute_text(_scene(), 'conclusion "A werewolf" supports="ｃ９"')
    assert refused.value.params["raw"] == "ｃ９"
    assert "c1, c2, c3" in refused.value.render("en")
    assert "c1、c2、c3" in refused.value.render("zh")


def test_an_empty_case_file_is_said_in_the_table_s_language() -> None:
    scene = session.new_scene("Dock", "mist", 3)
    with pytest.raises(RuleError) as refused:
        session.execute_text(scene, 'conclusion "A werewolf" supports=c1')
    assert "还没有" in refused.value.render("zh")
    assert "none yet" not in refused.value.render("zh-Hant")
