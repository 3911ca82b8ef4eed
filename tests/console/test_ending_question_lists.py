"""The question before a scene ends lists who carries so each name reads apart: one person's
health and willpower in brackets, the people apart with the table's list separator (、 in
Chinese; it was 安 生命 5/7，意志 5/5，老王 生命 5/8…, one comma for both)."""

from __future__ import annotations

import pytest

from console.i18n import Translator
from console.scene_end import ending_question
from engine import session
from engine.ih import commands as ih
from engine.mist import commands as mist

IH = """
sheet 安 pc dexterity=3 wits=3 composure=3 stamina=2 resolve=2
sheet 老王 pc strength=3 stamina=3 composure=2 resolve=2
add 安 from=安 init=10
add 老王 from=老王 init=8
damage 安 2
"""


def _scene(system: str, script: str) -> session.Scene:
    scene = session.new_scene("S", system, 3)
    for line in script.strip().splitlines():
        scene, _ = session.execute_text(scene, line)
    return scene


@pytest.mark.parametrize(
    ("lang", "carried"),
    [
        ("zh", "延续：安（生命 5/7，意志 5/5）、老王（生命 8/8，意志 4/4）；"),
        ("zh-Hant", "延續：安（生命 5/7，意志 5/5）、老王（生命 8/8，意志 4/4）；"),
        ("en", "Carries: 安 (health 5/7, willpower 5/5), 老王 (health 8/8, willpower 4/4); "),
    ],
)
def test_the_ih_cast_reads_person_by_person(lang: str, carried: str) -> None:
    scene = _scene("ih-d10", IH)
    question = ending_question(Translator(lang), scene.state, ih.EndScene())
    assert question is not None and carried in question


@pytest.mark.parametrize(("lang", "names"), [("zh", "梅、老王（"), ("en", "梅, 老王 (")])
def test_the_mist_cast_is_a_list_of_names(lang: str, names: str) -> None:
    scene = _scene("mist", "pc 梅\npc 老王\ntag scene 浓雾\n")
    question = ending_question(Translator(lang), scene.state, mist.EndScene(keep=("浓雾", "血迹")))
    assert question is not None and names in question
    assert ("浓雾、血迹" if lang == "zh" else "浓雾, 血迹") in question


@pytest.mark.parametrize(
    ("lang", "table", "goes"),
    [
        ("en", "Stays on the table: 猎犬, 雾, with the threats they pose", "Goes: story tags"),
        ("zh", "留在桌上：猎犬、雾 及其威胁", "离场：故事标签"),
        ("zh-Hant", "留在桌上：猎犬、雾 及其威脅", "離場：故事標籤"),
    ],
)
def test_the_mist_question_says_the_challenges_stay_on_the_table(
    lang: str, table: str, goes: str
) -> None:
    """``scene end`` goes on in the same saved scene with its challenges and threats (the
    question said they stayed behind, and the next scene still had them)."""
    script = "pc 梅\nchallenge 猎犬 limits=harmed:4\nchallenge 雾 limits=dispersed:2\n"
    scene = _scene("mist", script + 'threat "It lunges" challenge=猎犬\n')
    question = ending_question(Translator(lang), scene.state, mist.EndScene())
    assert question is not None and table in question and goes in question
    assert "challenges, threats" not in question and "挑战、威胁" not in question
    ended, _ = session.execute_text(scene, "scene end")
    assert [c.name for c in ended.state.challenges] == ["猎犬", "雾"]
    assert [x.id for x in ended.state.threats] == ["t1"]


@pytest.mark.parametrize(
    ("lang", "empty"), [("en", "No challenge is on the table."), ("zh", "桌上没有挑战。")]
)
def test_the_mist_question_with_no_challenge(lang: str, empty: str) -> None:
    scene = _scene("mist", "pc 梅\n")
    question = ending_question(Translator(lang), scene.state, mist.EndScene())
    assert question is not None and empty in question
