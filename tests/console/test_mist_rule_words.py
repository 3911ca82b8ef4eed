"""The log and the report word M.I.S.T. as the rules do (issue 29 §4): a mitigation's reduction,
an immersion out of control, a newborn theme owed at the next interlude (RULES.md §4.3, §4.5,
§4.8; seed 002's 你的力量超脱了控制, 在随后的幕间), a story tag's scope and who gave a status."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from console import event_text
from console.i18n import Translator
from console.mist.render import tags_text
from console.report import describe_event
from engine.dice.mist import MistRoll, Outcome
from engine.mist.events import (
    ConsequenceDelivered,
    Immersed,
    StatusTaken,
    StoryTagAdded,
    StoryTagRemoved,
    ThemeLost,
)
from engine.mist.state import Tag, TagKind, TagScope, ThemeType

sys.path.insert(0, str(Path(__file__).parents[1] / "engine"))
from mist_support import Dice, run  # noqa: E402

LOW = MistRoll(1, 1, (1,), 2, Outcome.FAIL)
OUT = Immersed("Mei", "Shadow Step", "submerge", LOW, Outcome.MIXED, True, "indulge-burn-all")
LOST = ThemeLost("Mei", "Shadow Step", ThemeType.TAINT, 1, 1, None, 5, ThemeType.SELF)

WORDS = [
    (ConsequenceDelivered("x1", "Mei", "hurt", 1, True), "en", "reduced to hurt-1 by mitigation"),
    (ConsequenceDelivered("x1", "Mei", "hurt", 1, True), "zh", "因缓解降至 hurt-1"),
    (ConsequenceDelivered("x1", "Mei", "hurt", 1, True), "zh-Hant", "因緩解降至 hurt-1"),
    (OUT, "en", "the power goes out of control"),
    (OUT, "zh", "力量超脱了控制"),
    (OUT, "zh-Hant", "力量超脫了控制"),
    (LOST, "en", "a newborn Self theme is owed at the next interlude"),
    (LOST, "zh", "在随后的幕间获得一个新生自我主题"),
    (LOST, "zh-Hant", "在隨後的幕間獲得一個新生自我主題"),
    (StatusTaken("Mei", "bitten", 2, 2, (2,), 2, False, "Hound"), "en", "given by Hound"),
    (StatusTaken("Mei", "bitten", 2, 2, (2,), 2, False, "Hound"), "zh", "（来自 Hound）"),
    (StoryTagAdded("scene", "fog", TagScope.CHALLENGE, "Fog"), "en", "as long as Fog lasts"),
    (StoryTagAdded("scene", "fog", TagScope.CHALLENGE, "Fog"), "zh-Hant", "與 Fog 同在"),
    (StoryTagAdded("Mei", "broken arm", TagScope.CHARACTER), "en", "kept from scene to scene"),
    (StoryTagAdded("Mei", "broken arm", TagScope.CHARACTER), "zh", "跨场景保留"),
    (StoryTagRemoved("scene", "fog", "Fog"), "en", "story tag fog goes with Fog"),
    (StoryTagRemoved("scene", "fog", "Fog"), "zh", "故事标签 fog 随 Fog 消失"),
]


@pytest.mark.parametrize(("event", "lang", "said"), WORDS)
def test_the_log_and_the_report_say_it_as_the_rules_do(event: object, lang: str, said: str) -> None:
    t = Translator(lang)
    assert said in event_text.describe(t, event)
    assert said in describe_event(event, t).replace("\\", "")


def test_the_plain_lines_stay_as_they_were() -> None:
    t = Translator("en")
    assert event_text.describe(t, ConsequenceDelivered("x1", "Mei", "hurt", 3)) == (
        "consequence x1 delivered"
    )
    full = event_text.describe(t, ConsequenceDelivered("x1", "Mei", "hurt", 0, True))
    assert "fully mitigated" in full
    kept = ThemeLost("Mei", "Shadow Step", ThemeType.TAINT, 1, 1, None, 5, None)
    assert "interlude" not in event_text.describe(t, kept)  # [I-25]: no newborn owed
    assert event_text.describe(t, StoryTagAdded("scene", "fog")) == "scene: story tag fog"
    capped = StatusTaken("Mei", "hurt", 6, None, (6,), 6, True, "Hound")
    assert "lost at the cap" in event_text.describe(t, capped)


def test_a_mitigated_threat_reads_as_the_rules_word_it() -> None:
    lines = [
        "pc Mei",
        'theme Mei self "Cop" power="badge,gun" weakness="tired"',
        "challenge Hound limits=harmed:3",
        'threat "It bites: [hurt-3]" challenge=Hound',
        "phase consequence",
        "consequence Mei for=t1",
    ]
    state, _ = run(lines)
    _, events = run(["mitigate x1 tags=badge,gun"], state, Dice(6, 1, 1))
    said = [event_text.describe(Translator("en"), e) for e in events]
    assert "Mei: hurt tier 1, given by Hound" in said
    assert "consequence x1 is delivered to Mei: reduced to hurt-1 by mitigation" in said


@pytest.mark.parametrize(
    ("lang", "fog", "arm", "sep"),
    [("en", "(with Fog)", "(kept)", ", "), ("zh", "（随 Fog）", "（跨场景）", "、")],
)
def test_the_mc_sees_which_tags_outlast_the_scene(lang: str, fog: str, arm: str, sep: str) -> None:
    t = Translator(lang)
    tags = (
        Tag("gravel", TagKind.STORY),
        Tag("thick fog", TagKind.STORY, scope=TagScope.CHALLENGE, until="Fog"),
        Tag("arm", TagKind.STORY, scope=TagScope.CHARACTER),
    )
    assert tags_text(tags, t).plain == f"gravel{sep}thick fog {fog}{sep}arm {arm}"
    own = (Tag("teeth", TagKind.STORY, scope=TagScope.CHALLENGE, until="Hound"),)
    assert tags_text(own, t, "Hound").plain == "teeth"  # on its own challenge: nothing to say


@pytest.mark.parametrize(
    ("lang", "said"), [("zh", "场景：故事标签 fog"), ("zh-Hant", "場景：故事標籤 fog")]
)
def test_the_scene_s_tag_names_the_scene_in_the_table_s_language(lang: str, said: str) -> None:
    assert event_text.describe(Translator(lang), StoryTagAdded("scene", "fog")) == said
