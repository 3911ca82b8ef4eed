"""The session report and ``run``'s printed scene speak the reader's language, and word events
from the one registry the console's log uses (issue 17 §3, issue 18 §1)."""

from __future__ import annotations

import re

import pytest
from console_support import FIGHT

from console import event_text
from console.demo import build_scene
from console.i18n import Translator
from console.report import scene_text, session_report
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
            assert f"`{entry.text}`" in report
    roll = next(e for e in fight.journal if e.text.startswith("roll"))
    assert event_text.describe(Translator("en"), roll.events[0]) in report


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_the_report_speaks_chinese(lang: str) -> None:
    t = Translator(lang)
    report = session_report("Night Shift", _scenes(), t)
    assert report.startswith("# " + t("report.title", campaign="Night Shift"))
    for english in ("Session report", "What happened", "The scene now", "Round 1", "initiative"):
        assert english not in report
    assert t("report.happened") in report


def test_the_console_log_and_the_report_word_an_event_alike() -> None:
    fight, _ = _scenes()
    t = Translator("zh")
    report = session_report("N", [fight], t)
    for entry in fight.journal:
        for event in entry.events:
            assert f"    - {event_text.describe(t, event)}" in report


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
