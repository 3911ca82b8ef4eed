"""Issue 27 §2–§3: a Chinese report, ``run`` text or dice line has no English the console made
and no ASCII punctuation inside Chinese sentences: full-width colons, 、 between list items,
the five standard questions and an unnamed scene in the table's language; no doubled stops and
no heading left without a line under it."""

from __future__ import annotations

import re

import pytest

from console.demo import build_scene
from console.i18n import Translator
from console.report import session_report
from console.scene_text import scene_text

IH = """
add Ann init=15 dex=3 com=3 pc defense-bonus=2
add Ghoul init=10 npc
begin
extended Ann "Pick the lock" dp=5 dc=10 interval=turn
extended roll x1
defend Ann 1
attack Ann Ghoul dp=6 penalty=1
next
damage Ann 7
willpower Ann conscious
note Ann "hurt badly."
next
"""

MIST = """
pc 梅
theme 梅 浸染 "影步" power="穿墙，冷触"
challenge 猎犬 limits=伤害：4，说服：3
threat "猎犬扑来" challenge=猎犬
status 梅 受伤 2
status 梅 惊恐 1
phase 行动
action 梅 tags=影步,穿墙 target=猎犬
clue "脚印"
conclusion "猎犬怕光。" supports=c1
"""


def report(system: str, script: str, lang: str) -> str:
    return session_report("C", [build_scene("Fight", system, script, 5)], Translator(lang))


def run_text(system: str, script: str, lang: str) -> str:
    return scene_text(build_scene("Fight", system, script, 5), Translator(lang))


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["- 梅: 受伤-2, 惊恐-1", "limits 伤害 4, 说服 3"]),
        ("zh", ["- 梅：受伤-2、惊恐-1", "极限 伤害 4、说服 3"]),
        ("zh-Hant", ["- 梅：受伤-2、惊恐-1"]),
    ],
)
def test_the_mist_run_text_speaks_the_table_s_punctuation(lang: str, said: list[str]) -> None:
    text = run_text("mist", MIST, lang)
    for words in said:
        assert words in text


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        (
            "zh",
            ["- q1：异常是什么？", "- c1：脚印（发现于 Fight）", "线索 c1：脚印（发现于 Fight）"],
            ["What is the anomaly", "Scene 1", "q1:", "c1:"],
        ),
        (
            "zh-Hant",
            ["- q1：異常是什麼？", "（發現於 Fight）"],
            ["What is the anomaly", "Scene 1", "q1:"],
        ),
        ("en", ["- q1: What is the anomaly?", "- c1: 脚印 (found in Fight)"], ["q1："]),
    ],
)
def test_the_case_file_in_the_report_is_in_the_table_s_language(
    lang: str, said: list[str], not_said: list[str]
) -> None:
    text = report("mist", MIST, lang)
    for words in said:
        assert words in text
    for words in not_said:
        assert words not in text


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ['Ann "Pick the lock" (x1) DP 5: ', "DP 6 − defense 0 = 6: "]),
        ("zh", ["Ann “Pick the lock”（x1） 骰池 5：", "骰池 6 − 防御 0 = 6："]),
        ("zh-Hant", ["Ann 「Pick the lock」（x1） 骰池 5：", "骰池 6 − 防禦 0 = 6："]),
    ],
)
def test_a_dice_line_says_its_pool_once_with_the_language_s_colon(
    lang: str, said: list[str]
) -> None:
    text = report("ih-d10", IH, lang)
    for words in said:
        assert words in text
    assert "DP 5 · " not in text


DOUBLED = re.compile(r"\.\.|\.;|。。|。；|；；|，。|::|：：")


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
@pytest.mark.parametrize(("system", "script"), [("ih-d10", IH), ("mist", MIST)])
def test_no_doubled_stops_and_no_empty_heading(lang: str, system: str, script: str) -> None:
    text = report(system, script, lang)
    assert DOUBLED.search(text) is None, DOUBLED.search(text)
    lines = [line for line in text.splitlines() if line.strip()]
    for heading, after in zip(lines, lines[1:], strict=False):
        if heading.startswith("### "):  # a section of a scene
            assert not after.startswith("#"), f"{heading!r} has nothing under it"


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_a_chinese_report_has_no_ascii_colon_after_chinese(lang: str) -> None:
    for system, script in (("ih-d10", IH), ("mist", MIST)):
        text = report(system, script, lang) + run_text(system, script, lang)
        assert re.search(r"[\u4e00-\u9fff）]: ", text) is None, re.findall(
            r".{8}[^ -~]: .{8}", text
        )


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "st-console (pid 4242 on host vm, since 2026-11-27 16:07:11)"),
        ("zh", "st-console（进程 4242，主机 vm，2026-11-27 16:07:11 起）"),
        ("zh-Hant", "st-console（行程 4242，主機 vm，2026-11-27 16:07:11 起）"),
    ],
)
def test_the_console_holding_a_campaign_is_named_in_the_table_s_language(
    lang: str, said: str
) -> None:
    from console.i18n import lock_holder
    from saves.lock import Holder

    described = Holder(4242, "vm", "st-console", "2026-11-27 16:07:11").describe()
    assert lock_holder(Translator(lang), described) == said
    assert lock_holder(Translator(lang), "a console elsewhere") == "a console elsewhere"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", ["Shadow Hands (Taint): grasping dark, silent step", "fog, rain"]),
        ("zh", ["影步（浸染）：穿墙、冷触", "fog、rain"]),
        ("zh-Hant", ["影步（浸染）：穿墙、冷触", "fog、rain"]),
    ],
)
def test_the_players_view_lists_as_the_language_does(lang: str, said: list[str]) -> None:
    from rich.console import Console

    from console.player.mist_text import mist_view
    from engine.mist.state import MistState

    script = (
        'pc 梅\ntheme 梅 taint "影步" power="穿墙，冷触"\ntag scene fog\ntag scene rain\n'
        if lang != "en"
        else 'pc Mei\ntheme Mei taint "Shadow Hands" power="grasping dark,silent step"\n'
        "tag scene fog\ntag scene rain\n"
    )
    state = build_scene("Scene", "mist", script, 5).state
    assert isinstance(state, MistState)
    console = Console(width=200, record=True, color_system=None)
    console.print(mist_view(Translator(lang), state, 200))
    shown = console.export_text()
    for words in said:
        assert words in shown


@pytest.mark.parametrize(("lang", "said"), [("zh", "- 场景：故事标签 浓雾。"), ("en", "- Scene: ")])
def test_a_scene_s_story_tag_is_said_in_the_table_s_language(lang: str, said: str) -> None:
    text = report("mist", "tag scene 浓雾\n", lang)
    assert said in text


@pytest.mark.parametrize(
    ("lang", "first", "refused"),
    [
        ("en", "Scene 1 (ih-d10)", "(known: nobody yet)"),
        ("zh", "场景 1（ih-d10）", "（现有：无人）"),
        ("zh-Hant", "場景 1（ih-d10）", "無人"),
    ],
)
def test_run_names_an_unnamed_scene_once_and_nobody_in_words(
    lang: str, first: str, refused: str, capsys: pytest.CaptureFixture[str]
) -> None:
    import io
    import sys

    from console.cli import main

    stdin = sys.stdin
    sys.stdin = io.StringIO("add Ann init=5\n")
    try:
        assert main(["--lang", lang, "run", "-"]) == 0
    finally:
        sys.stdin = stdin
    assert capsys.readouterr().out.splitlines()[0] == first
    from console.i18n import error_text
    from engine import commands
    from engine.errors import RuleError
    from engine.ih import family

    with pytest.raises(RuleError) as caught:
        command = commands.parse("damage Bob 2", "ih-d10")
        assert command is not None
        commands.apply(family.new_state("ih-d10"), "ih-d10", command, __import__("random").Random())
    assert refused in error_text(caught.value, lang)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("zh", ["防御附加 1。", "影子 以先攻 8 加入（对玩家隐藏）。"]),
        ("en", ["defense-bonus 1", "影子 enters the fight with initiative 8 ("]),
    ],
)
def test_a_sheet_s_defense_bonus_and_a_hidden_join_are_said_in_the_language(
    lang: str, said: list[str]
) -> None:
    script = "sheet 安妮 pc defense-bonus=1\nadd 影子 init=8 npc hidden\n"
    text = report("ih-d10", script, lang)
    for words in said:
        assert words in text, text


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_sentence_starting_with_an_id_keeps_it_lower_case(lang: str) -> None:
    """The report capitalized each sentence's first letter: the ids an MC reads everywhere
    else as a1, c2, x1 came out A1, C2, X1 (- A1 Mei：效力 1…; - C2 对玩家隐藏)."""
    from console.demo import build_scene
    from console.i18n import Translator
    from console.report import session_report

    script = "pc Mei\nchallenge Hound limits=harmed:4\nphase action\naction Mei target=Hound\n"
    script += 'clue "Claw marks"\nhide c1\n'
    report = session_report("C", [build_scene("Alley", "mist", script, 5)], Translator(lang))
    bullets = [line[2:] for line in report.splitlines() if line.startswith("- ")]
    assert any(line.startswith("a1 Mei") for line in bullets)
    assert any(line.startswith("c1 ") for line in bullets)
    assert not any(line[:2] in ("A1", "C1") for line in bullets)
