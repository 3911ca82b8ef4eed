"""A sheet refusal listing the traits names them as the console shows them in Chinese
(力量、敏捷… — the words it also reads), not only by their English names; the check refusal
no longer says only English names are read."""

from __future__ import annotations

import pytest

from engine import session
from engine.errors import RuleError


def _refusal(line: str, lang: str) -> str:
    scene = session.new_scene("S", "ih-d10", 3)
    scene, _ = session.execute_text(scene, "sheet 小夜 pc dexterity=3 firearms=2")
    with pytest.raises(RuleError) as refused:
        session.execute_text(scene, line)
    return refused.value.render(lang)


@pytest.mark.parametrize(
    ("lang", "attributes", "skills"),
    [
        ("zh", "力量、敏捷、耐力、智力、感知、决心、风度、操控、沉着", "运动、射击、武技"),
        ("zh-Hant", "力量、敏捷、耐力、智力、感知、決心、風度、操控、沉著", "運動、射擊、武技"),
        ("en", "strength, dexterity, stamina, intelligence", "athletics, firearms, martial"),
    ],
)
def test_an_unknown_trait_lists_the_traits_in_the_table_s_words(
    lang: str, attributes: str, skills: str
) -> None:
    said = _refusal("sheet 小夜 身手=3", lang)
    assert attributes in said and skills in said
    if lang != "en":
        assert "dexterity" not in said


@pytest.mark.parametrize(("lang", "example"), [("zh", "敏捷+射击"), ("zh-Hant", "敏捷+射擊")])
def test_the_check_refusal_shows_the_chinese_example(lang: str, example: str) -> None:
    said = _refusal("check 小夜 敏捷+跑步", lang)
    assert example in said and "英文名" in said
