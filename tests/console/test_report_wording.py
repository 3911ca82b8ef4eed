"""Issue 27 §3: the session report (and the log) says a defense bonus as the rules say it and
names an extended action by its label, in every language."""

from __future__ import annotations

import pytest

from console.demo import build_scene
from console.i18n import Translator
from console.report import session_report

SCRIPT = """
add Ann init=15 dex=3 com=3 pc defense-bonus=2
add Ghoul init=10 npc
begin
extended Ann "Pick the lock" dp=5 dc=10 interval=turn
defend Ann 1
"""


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ['"Pick the lock" (x1) started by Ann', "Ann declares 1 of their defense bonus"]),
        ("zh", ["“Pick the lock”（x1）由 Ann 开始", "Ann 宣告 1 个防御附加成功"]),
        ("zh-Hant", ["「Pick the lock」（x1）由 Ann 開始", "Ann 宣告 1 個防禦附加成功"]),
    ],
)
def test_the_report_says_the_defense_bonus_and_the_extended_action_by_name(
    lang: str, said: list[str]
) -> None:
    report = session_report("C", [build_scene("Fight", "ih-d10", SCRIPT, 5)], Translator(lang))
    for words in said:
        assert words in report
    assert "X1 " not in report and "declares 1 defense." not in report


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", 'Ann "Pick the lock" (x1) DP 5: '),
        ("zh-Hant", "Ann 「Pick the lock」（x1） 骰池 5："),
    ],
)
def test_an_extended_roll_is_named_by_its_label(lang: str, said: str) -> None:
    script = SCRIPT.replace("defend Ann 1\n", "extended roll x1\n")
    report = session_report("C", [build_scene("Fight", "ih-d10", script, 5)], Translator(lang))
    assert said in report


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            ["Bob spends 1 willpower to stay conscious", "Ann spends 1 willpower for +2 defense"],
        ),
        ("zh", ["Bob 花费 1 点意志保持清醒", "Ann 花费 1 点意志，防御 +2"]),
        ("zh-Hant", ["Bob 花費 1 點意志保持清醒", "Ann 花費 1 點意志，防禦 +2"]),
    ],
)
def test_a_willpower_spend_is_said_as_one(lang: str, said: list[str]) -> None:
    script = (
        "add Ann init=15 dex=3 com=3 pc\nadd Bob init=12 health=3 willpower=4 pc\n"
        "add Ghoul init=10 npc\nbegin\nwillpower Ann defense\ndamage Bob 3\n"
        "willpower Bob conscious\n"
    )
    report = session_report("C", [build_scene("Fight", "ih-d10", script, 5)], Translator(lang))
    for words in said:
        assert words in report
