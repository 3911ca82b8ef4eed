"""The demo speaks the table's language: in zh and zh-Hant it is the English demo's fights and
case file (the same dice, statuses and numbers) with Chinese names and texts, zh-Hant written in
Traditional characters; and the console opens it and takes commands naming its people."""

from __future__ import annotations

import re
from typing import Any

import opencc
import pytest
from console_support import AppRun, enter_line, row, settle, state_of

from console.demo import demo_campaign, demo_scene_names, demo_scenes, script
from console.ih.screen import IHScreen
from console.mist.screen import MistScreen
from engine import commands
from engine.mist.state import DEFAULT_QUESTIONS

CJK = re.compile(r"[\u3400-\u9fff]")
WORD = re.compile(r"[a-z0-9_=-]+")
"""A value the JSON writes in English in every language (a system, a phase, a pool `dp=6`)."""
STANDARD = {question.text for question in DEFAULT_QUESTIONS}
"""The case file's standard questions: stored in English, shown in the table's language.
(Also the same in every language: a sheet's concept fields the demo leaves empty, ``""``.)"""


def _json(lang: str) -> list[dict[str, Any]]:
    return [commands.to_json(scene.state, scene.system) for scene in demo_scenes(lang)]


def _pairs(english: Any, chinese: Any) -> list[tuple[str, str]]:
    """Every string of ``english`` with the string at the same place in ``chinese``; the two
    must have the same shape and the same numbers."""
    if isinstance(english, dict):
        assert isinstance(chinese, dict) and len(english) == len(chinese)
        found: list[tuple[str, str]] = []
        for (key, value), (key2, value2) in zip(english.items(), chinese.items(), strict=True):
            found += _pairs(key, key2) + _pairs(value, value2)
        return found
    if isinstance(english, list):
        assert isinstance(chinese, list) and len(english) == len(chinese)
        return [p for a, b in zip(english, chinese, strict=True) for p in _pairs(a, b)]
    if isinstance(english, str):
        assert isinstance(chinese, str)
        return [(english, chinese)]
    assert english == chinese
    return []


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_the_chinese_demo_is_the_english_one_in_chinese(lang: str) -> None:
    pairs = _pairs(_json("en"), _json(lang))
    same = {english for english, chinese in pairs if english == chinese} - STANDARD - {""}
    assert all(WORD.fullmatch(word) for word in same), same
    assert "Ann" not in same and "Hound" not in same
    changed = [chinese for english, chinese in pairs if english != chinese]
    assert changed and all(CJK.search(text) for text in changed), changed
    names = (demo_campaign(lang), *demo_scene_names(lang))
    assert all(CJK.search(name) for name in names), names


def test_the_english_demo_stays_english() -> None:
    assert (demo_campaign("en"), *demo_scene_names("en")) == (
        "Demo",
        "Ward 7 fight",
        "Stairwell ambush",
        "St. Agnes at night",
    )
    assert [scene.name for scene in demo_scenes("en")] == list(demo_scene_names("en"))


def test_the_traditional_demo_has_no_simplified_character() -> None:
    converter = opencc.OpenCC("s2t")
    texts = [demo_campaign("zh-Hant"), *demo_scene_names("zh-Hant")]
    texts += [script(name, "zh-Hant") for name in ("ih_d10.txt", "ih_d6.txt", "mist.txt")]
    for text in texts:
        converted = converter.convert(text)
        left = [(a, b) for a, b in zip(text, converted, strict=True) if a != b]
        assert left == [], left


async def test_the_zh_demo_opens_and_takes_commands_naming_its_people(run_app: AppRun) -> None:
    async with run_app(lang="zh") as (app, pilot):
        await settle(pilot)
        assert isinstance(app.screen, IHScreen)
        assert app.persistence.campaign_name == "示范战役"
        scene = app.current_scene()
        assert scene is not None and scene.name == "七号病房之战"
        assert row(app, "食尸鬼")["health"] == 9
        await enter_line(pilot, "damage 食尸鬼 3")
        assert row(app, "食尸鬼")["health"] == 6
        await enter_line(pilot, "effect 老王 “祝福二” rounds＝2")  # as an input method types it
        assert "祝福二" in [e["label"] for e in row(app, "老王")["effects"]]
        app.open_scene("示范战役", "圣阿格尼丝之夜")
        await settle(pilot)
        assert isinstance(app.screen, MistScreen)
        await enter_line(pilot, "status 猎犬 受创 1")
        hound = state_of(pilot).challenges[0]
        assert [(x.name, x.boxes) for x in hound.statuses] == [("受创", (1, 2))]
        await enter_line(pilot, "tag 场景 “走廊尽头的脚步声”")
        assert "走廊尽头的脚步声" in [t.name for t in state_of(pilot).scene.story_tags]


async def test_the_zh_hant_demo_opens_in_traditional(run_app: AppRun) -> None:
    async with run_app(lang="zh-Hant", campaign="示範戰役", scene="樓梯間伏擊") as (app, pilot):
        await settle(pilot)
        scene = app.current_scene()
        assert scene is not None and (scene.name, scene.system) == ("樓梯間伏擊", "ih-d6")
        assert app.persistence.campaign_name == "示範戰役"
        await enter_line(pilot, "damage 陳 1")
        assert row(app, "陳")["health"] == 5
