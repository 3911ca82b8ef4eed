"""``spend NAME KIND`` with a kind that is none: the refusal names the kinds of action in the
table's language (it was the English usage line, ``spend NAME free|swift|…``, in a Chinese
console); the kinds typed in Chinese still read."""

from __future__ import annotations

import pytest

from engine import session
from engine.errors import RuleError
from engine.ih.encounter import Encounter


def _scene() -> session.Scene:
    scene = session.new_scene("S", "ih-d10", 3)
    for line in ("add 安 init=3", "begin"):
        scene, _ = session.execute_text(scene, line)
    return scene


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("zh", "动作类型可以是自由、迅捷、反射、移动、标准、整轮、一轮，而不是“冲刺”。"),
        ("zh-Hant", "動作類型可以是自由、迅捷、反射、移動、標準、整輪、一輪，而不是「冲刺」。"),
        ("en", "The kind of action is free, swift, reflex, move, standard, full-round, one-round"),
    ],
)
def test_an_unknown_kind_is_refused_naming_the_kinds(lang: str, said: str) -> None:
    with pytest.raises(RuleError) as refused:
        session.execute_text(_scene(), "spend 安 冲刺")
    assert said in refused.value.render(lang)
    assert "free|swift" not in refused.value.render(lang)


@pytest.mark.parametrize("kind", ["标准", "標準動作", "standard"])
def test_the_kinds_in_any_of_their_words(kind: str) -> None:
    scene, _ = session.execute_text(_scene(), f"spend 安 {kind}")
    assert isinstance(scene.state, Encounter)
    assert scene.state.order[0].budget.standard == 0
