"""A sheet's concept fields and Size typed by the names the console shows in Chinese
(年龄=34, 性別=女, 体积=6, 起源特質=…) are those fields (they were refused: "“年龄”不是特征");
the English names still read."""

from __future__ import annotations

import pytest

from engine import session
from engine.ih.encounter import Encounter


@pytest.mark.parametrize(
    "line",
    [
        'sheet 小夜 pc 年龄=34 性别=女 体积=6 起源特质="倔强" 冲动="冲向危险"',
        'sheet 小夜 pc 年齡=34 性別=女 體積=6 起源特質="倔强" 衝動="冲向危险"',
        'sheet 小夜 pc age=34 gender=女 size=6 origin-trait="倔强" impulse="冲向危险"',
    ],
)
def test_concept_and_size_in_any_of_their_words(line: str) -> None:
    scene, _ = session.execute_text(session.new_scene("S", "ih-d10", 3), line)
    assert isinstance(scene.state, Encounter)
    character = scene.state.sheets[0].character
    assert (character.concept.age, character.concept.gender, character.size) == ("34", "女", 6)
    assert (character.origin.trait, character.origin.impulse) == ("倔强", "冲向危险")
