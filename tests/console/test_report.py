"""The session report and ``run``'s printed scene speak the reader's language, and word events
from the one registry the console's log uses (issue 17 §3, issue 18 §1)."""

from __future__ import annotations

import re

import pytest
from console_support import FIGHT

from console import event_text
from console.demo import build_scene
from console.i18n import Translator
from console.report import event_sentence, md, session_report
from console.scene_text import scene_text
from engine.ih.events import InterruptDeclared, SceneEnded
from engine.mist.events import ThemeAdded
from engine.mist.state import ThemeType

CASE = """
pc Mei
challenge Hound limits=harmed:4
phase action
"""


def _scenes() -> list:  # type: ignore[type-arg]
    fight = build_scene("Fight", "ih-d10", FIGHT + "spend Ann move\nroll ih-d10 5 by=Ann\n", 5)
    case = build_scene("Case", "mist", CASE, 5)
    return [fight, case]


def test_the_session_report_tells_every_command_and_roll() -> None:
    fight, case = _scenes()
    report = session_report("Night Shift", [fight, case])
    assert report.startswith("# Session report: Night Shift")
    assert "## Fight" in report and "## Case" in report
    for scene in (fight, case):
        for entry in scene.journal:
            for event in entry.events:
                assert f"- {event_sentence(event)}" in report
    roll = next(e for e in fight.journal if e.text.startswith("roll"))
    assert event_text.describe(Translator("en"), roll.events[0]) in report


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_the_report_speaks_chinese(lang: str) -> None:
    t = Translator(lang)
    report = session_report("Night Shift", _scenes(), t)
    assert report.startswith("# " + t("report.title", campaign="Night Shift"))
    for english in (
        "Session report",
        "Before the fight",
        "Where the fight",
        "Round 1",
        "initiative",
    ):
        assert english not in report
    assert t("report.h.standing") in report


def test_the_console_log_and_the_report_word_an_event_alike() -> None:
    fight, _ = _scenes()
    t = Translator("zh")
    report = session_report("N", [fight], t)
    for entry in fight.journal:
        for event in entry.events:
            assert f"- {md(event_text.describe(t, event))}" in report


def test_run_prints_the_scene_in_its_language() -> None:
    fight, _ = _scenes()
    text = scene_text(fight, Translator("zh"))
    assert text.startswith("场景 Fight（ih-d10）\n第 1 轮，阶段：战斗；当前：Ann")
    assert "1. Ann：先攻 15" in text


@pytest.mark.parametrize(
    ("event", "english", "chinese"),
    [
        (
            InterruptDeclared("Renée", "next", True),
            "Renée interrupts next's action with a reflex (reflex spent now: yes)",
            "Renée 以反射动作打断 next 的动作（此时花费反射：是）",
        ),
        (
            SceneEnded(1),
            "Scene 1 ends: the fight is over, once-per-scene uses reset",
            "场景 1 结束：战斗结束，每场景一次的用途重置",
        ),
        (ThemeAdded("Mei", "Shadow", ThemeType.TAINT, False), None, None),
    ],
)
def test_no_event_reads_as_key_value_pairs(
    event: object, english: str | None, chinese: str | None
) -> None:
    for lang, expected in (("en", english), ("zh", chinese), ("zh-Hant", None)):
        line = event_text.describe(Translator(lang), event)
        assert not re.search(r"\w=\w", line), line
        assert "True" not in line and "False" not in line
        if expected is not None:
            assert line == expected


def test_effect_rounds_are_counted_in_words() -> None:
    from engine.ih.events import EffectAdded

    one = event_text.describe(Translator("en"), EffectAdded("Ann", "Blessed", "Ann", 1))
    assert one == "Ann: Blessed for 1 round (by Ann)"
    two = event_text.describe(Translator("en"), EffectAdded("Ann", "Blessed", "Ann", 2))
    assert two.endswith("for 2 rounds (by Ann)")


def test_run_prints_sheets_and_extended_actions_in_its_language() -> None:
    scene = build_scene(
        "T",
        "ih-d10",
        "sheet Ann dexterity=3 crafts=2\n"
        'extended Ann "Pick the lock" dexterity+crafts dc=5 interval=minute\n',
        1,
    )
    text = scene_text(scene)
    assert "Sheets: Ann (npc)" in text
    assert 'Extended x1 "Pick the lock" (Ann): 0/5 successes, 0 ones, 0 rolls (going)' in text
    assert "延長動作 x1「Pick the lock」（Ann）" in scene_text(scene, Translator("zh-Hant"))


def test_sheet_events_are_worded_in_every_language() -> None:
    from engine.ih.sheet_events import SheetEntrySet, SheetSaved

    saved = SheetSaved("Ann", True, (("dexterity", "3"),))
    entry = SheetEntrySet("Ann", "specialty", "pistols", 1, "firearms")
    en, hant = Translator("en"), Translator("zh-Hant")
    assert event_text.describe(en, saved) == "Sheet Ann created: dexterity 3"
    assert event_text.describe(en, entry) == "Ann: specialty pistols (Firearms) level 1"
    assert event_text.describe(hant, saved) == "角色卡 Ann 已建立：敏捷 3"
    assert event_text.describe(hant, entry) == "Ann：專業 pistols（射擊）等級 1"
