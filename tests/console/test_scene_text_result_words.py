"""The scene ``run`` and ``show`` print says a rolled conclusion's result in the table's words
(结果 失败: Chinese printed 结果 fail, the JSON value; English keeps that value) and what refuted
it ([I-22]), and the refuting clue a failed Deduction
makes when none was typed reads in the table's language everywhere it is shown (it was
``refutes k1: …`` in English in a Chinese case file)."""

from __future__ import annotations

import pytest
from rich.console import Console

from console.demo import build_scene
from console.i18n import Translator
from console.mist.case_text import case_file_lines
from console.player.board import case_file
from console.report import session_report
from console.scene_text import scene_text

CASE = """
clue "Seaweed in the bell tower"
clue "The tide tables were torn out"
conclusion "The bell is rung under the water" supports=c1,c2
complexity 2
deduce k1
"""
"""Seed 5 fails the Deduction: c3, made by the engine, refutes k1 ([I-22])."""

K1 = "The bell is rung under the water"


@pytest.mark.parametrize(
    ("lang", "clue", "conclusion"),
    [
        ("en", f"- Clue c3: refutes k1: {K1}", "(power 1; result fail; refuted by c3)"),
        ("zh", f"- 线索 c3：驳斥 k1：{K1}", "（效力 1；结果 失败；被 c3 驳斥）"),
        ("zh-Hant", f"- 線索 c3：駁斥 k1：{K1}", "（效力 1；結果 失敗；被 c3 駁斥）"),
    ],
)
def test_the_printed_scene_says_results_and_refuting_clues_in_words(
    lang: str, clue: str, conclusion: str
) -> None:
    scene = build_scene("Bell", "mist", CASE, 5)
    k1 = scene.state.case_file.conclusions[0]
    assert k1.result is not None and k1.result.value == "fail" and k1.refuted_by == "c3"
    lines = scene_text(scene, Translator(lang)).splitlines()
    assert clue in lines
    assert any(line.startswith("- ") and line.endswith(conclusion) for line in lines)


@pytest.mark.parametrize(("lang", "said"), [("zh", "驳斥 k1："), ("zh-Hant", "駁斥 k1：")])
def test_the_refuting_clue_reads_in_chinese_on_the_pane_board_and_report(
    lang: str, said: str
) -> None:
    scene = build_scene("Bell", "mist", CASE, 5)
    t = Translator(lang)
    console = Console(width=120, record=True, color_system=None)
    for line in case_file_lines(t, scene.state):
        console.print(line)
    console.print(case_file(t, scene.state, 120))
    shown = console.export_text() + session_report("Harbour", [scene], t)
    assert shown.count(said + K1) == 4  # the pane, the board, the report: its log and case
    assert "refutes" not in shown
    pane = [line for line in shown.splitlines() if line.startswith(" c3 ")]
    assert pane and pane[0].count("k1") == 1  # "refutes k1" is not said twice
