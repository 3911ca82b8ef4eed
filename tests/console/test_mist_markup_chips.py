"""Markup in threats and consequences shown as chips, in en/zh/zh-Hant (issue 29 §2)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rich.text import Text

from console.i18n import Translator
from console.mist.render import CHIP_STYLES, consequence_text, marked_text, scene_loop_lines
from engine.mist.markup import ChipKind
from engine.mist.state import Consequence, MistState, Threat


def styles_of(text: Text) -> dict[str, str]:
    return {text.plain[span.start : span.end]: str(span.style) for span in text.spans}


@pytest.mark.parametrize(
    ("lang", "weakness"),
    [("en", "weakness: light"), ("zh", "弱点：light"), ("zh-Hant", "弱點：light")],
)
def test_chips_are_styled_in_each_language(lang: str, weakness: str) -> None:
    text = marked_text(Translator(lang), "Lunges: [bitten-3] in [thick fog] [/w light]")
    assert text.plain == f"Lunges:  bitten-3  in  thick fog   {weakness} "
    found = styles_of(text)
    assert found[" bitten-3 "] == CHIP_STYLES[ChipKind.STATUS]
    assert found[" thick fog "] == CHIP_STYLES[ChipKind.TAG]
    assert found[f" {weakness} "] == CHIP_STYLES[ChipKind.WEAKNESS]


def test_chinese_markup_and_plain_brackets() -> None:
    text = marked_text(Translator("zh"), "它扑上来：【受伤-2】 [] [x-9]")
    assert text.plain == "它扑上来： 受伤-2  [] [x-9]"
    assert styles_of(text)[" 受伤-2 "] == CHIP_STYLES[ChipKind.STATUS]


def test_threats_and_consequences_show_chips() -> None:
    t = Translator("en")
    state = MistState(threats=(Threat("t1", "It howls: [panicked-2]", None, 1),))
    lines = scene_loop_lines(t, state)
    line = next(x for x in lines if x.plain.startswith("  t1"))
    assert styles_of(line)[" panicked-2 "] == CHIP_STYLES[ChipKind.STATUS]
    item = Consequence("x1", "the fog rolls in: [thick fog]", None, None, 0, "t1", True)
    assert styles_of(consequence_text(t, item))[" thick fog "] == CHIP_STYLES[ChipKind.TAG]


@pytest.mark.parametrize(
    ("lang", "saved", "replaced", "dropped"),
    [
        ("en", "profile Hound kept by the campaign", "profile Hound replaced", "threat t2 dropped"),
        ("zh", "模板 Hound 已存入战役", "模板 Hound 已替换", "威胁 t2 已撤下"),
        ("zh-Hant", "模板 Hound 已存入戰役", "模板 Hound 已替換", "威脅 t2 已撤下"),
    ],
)
def test_profile_events_in_each_language(
    lang: str, saved: str, replaced: str, dropped: str
) -> None:
    from console.event_text import describe
    from engine.mist.events import ProfileSaved, ThreatDropped

    t = Translator(lang)
    assert describe(t, ProfileSaved("Hound")) == saved
    assert describe(t, ProfileSaved("Hound", replaced=True)) == replaced
    assert describe(t, ThreatDropped("t2")) == dropped


def test_in_establish_a_challenges_threats_are_listed_under_it() -> None:
    from engine.mist.state import Challenge, Phase

    threats = (Threat("t1", "Lunges: [bitten-3]", "Hound", 1), Threat("t2", "Rain", None, 1))
    state = MistState(challenges=(Challenge("Hound"),), threats=threats)
    plain = [x.plain for x in scene_loop_lines(Translator("en"), state)]
    hound, heading = plain.index("◆ Hound"), plain.index("Threats")
    assert plain[hound + 1] == "  ⚠ t1 Lunges:  bitten-3 " and hound < heading
    assert plain[heading + 1] == "  t2 Rain"
    later = [
        x.plain for x in scene_loop_lines(Translator("en"), replace(state, phase=Phase.ACTION))
    ]
    assert "  t1 Lunges:  bitten-3  (Hound)" in later


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "  none but the ⚠ above"),
        ("zh", "  除上方的 ⚠ 外无"),
        ("zh-Hant", "  除上方的 ⚠ 外無"),
    ],
)
def test_threats_all_under_their_challenges_are_not_none(lang: str, said: str) -> None:
    """In Establish every open threat stood under its challenge and the Threats heading said
    "none" below them, as if the scene had no threat."""
    from engine.mist.state import Challenge

    threats = (Threat("t1", "Lunges: [bitten-3]", "Hound", 1),)
    state = MistState(challenges=(Challenge("Hound"),), threats=threats)
    plain = [x.plain for x in scene_loop_lines(Translator(lang), state)]
    heading = plain.index(Translator(lang)("mist.threats"))
    assert plain[heading + 1] == said
    empty = [x.plain for x in scene_loop_lines(Translator(lang), MistState())]
    assert empty[empty.index(Translator(lang)("mist.threats")) + 1].strip() == Translator(lang)(
        "mist.none"
    )
