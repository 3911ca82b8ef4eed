"""Issue 27 §2: a refused rule word names the allowed words in the table's language only
("主题类型可以是自我、浸染", not "A theme type 可以是 self, taint"), and the forms offer the
words in it."""

from __future__ import annotations

from pathlib import Path

import pytest
from console_support import (
    FIGHT,
    SCENE,
    AppFactory,
    AppRun,
    press,
    row,
    settle,
    state_of,
    type_text,
)
from textual.widgets import Input, Static

from console.app import is_scene_screen
from console.i18n import Translator, error_text
from console.mist.themes import said_words
from engine import commands
from engine.errors import RuleError
from engine.keywords import WORDS, read_word
from saves.store import open_store


@pytest.mark.parametrize(
    ("lang", "line", "said", "not_said"),
    [
        ("zh", "theme Mei 阴影 “影步”", "主题类型可以是自我、浸染，而不是“阴影”。", "self"),
        ("zh-Hant", "theme Mei 阴影 “影步”", "主題類型可以是自我、浸染，而不是「阴影」。", "taint"),
        ("en", "theme Mei shadow Steps", "A theme type is self, taint, not 'shadow'.", "自我"),
        ("zh", "phase 开始", "阶段可以是确立、行动、后果、下一阶段", "establish"),
        ("zh-Hant", "mark Mei 影步 成长", "標記可以是掌控、進展、沉溺、放棄", "mastery"),
        ("zh", "immerse Mei 影步 很深", "深度可以是浸没、深潜、沉陷", "submerge"),
    ],
)
def test_a_refused_word_names_the_allowed_words_in_the_table_s_language(
    lang: str, line: str, said: str, not_said: str
) -> None:
    with pytest.raises(RuleError) as caught:
        commands.parse(line, "mist")
    text = error_text(caught.value, lang)
    assert said in text
    assert not_said not in text


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
@pytest.mark.parametrize("words", ["theme-type", "depth"])
def test_a_form_offers_the_words_in_the_table_s_language_and_the_engine_reads_them(
    lang: str, words: str
) -> None:
    first, said = said_words(Translator(lang), words)
    assert first == said[0]
    assert [read_word(word, words) for word in said] == list(WORDS[words])
    if lang != "en":
        assert all(not word.isascii() for word in said)


async def test_the_damage_dialog_takes_full_width_digits(run_app: AppRun) -> None:
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        await press(pilot, "minus")
        await type_text(pilot, "３")
        await press(pilot, "enter")
        assert row(app, "Ann")["health"] == 4


async def test_the_damage_dialog_refuses_other_digits_in_chinese(run_app: AppRun) -> None:
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        await press(pilot, "minus")
        await type_text(pilot, "٣")
        await press(pilot, "enter")
        assert "请输入整数" in str(app.screen.query_one("#amount-error", Static).render())
        await press(pilot, "escape")
        assert row(app, "Ann")["health"] == 7


async def test_the_add_dialog_takes_full_width_numbers(run_app: AppRun) -> None:
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        await press(pilot, "a")
        await type_text(pilot, "老王")
        await press(pilot, "tab")
        await type_text(pilot, "１２")
        await press(pilot, "enter")
        assert row(app, "老王")["initiative"] == 12


async def test_the_challenge_form_takes_full_width_limits(run_app: AppRun) -> None:
    async with run_app(script=SCENE, system="mist", lang="zh") as (app, pilot):
        await press(pilot, "C")
        dialog = app.screen
        assert dialog.query_one("#field-limits", Input).value == "伤害：4"
        await type_text(pilot, "猎犬")
        dialog.query_one("#field-limits", Input).value = "伤害：4，说服：3"
        await press(pilot, "enter")
        await settle(pilot)
        hound = next(c for c in state_of(pilot).challenges if c.name == "猎犬")
        assert [(limit.kind, limit.tier) for limit in hound.limits] == [("伤害", 4), ("说服", 3)]


async def test_the_theme_form_offers_and_takes_chinese_theme_types(run_app: AppRun) -> None:
    async with run_app(script=SCENE, system="mist", lang="zh") as (app, pilot):
        await press(pilot, "H")
        dialog = app.screen
        field = dialog.query_one("#field-type", Input)
        assert field.value == "自我"
        field.value = "阴影"
        dialog.query_one("#field-theme-tag", Input).value = "影步"
        dialog.query_one("#field-theme-tag", Input).focus()
        await press(pilot, "enter")
        error = str(dialog.query_one("#form-error", Static).render())
        assert "主题类型可以是自我、浸染" in error and "self" not in error
        field.value = "浸染"
        await press(pilot, "enter")
        await settle(pilot)
        mei = next(p for p in state_of(pilot).characters if p.name == "Mei")
        assert any(t.name == "影步" and t.type.value == "taint" for t in mei.themes)


async def test_a_screenshot_goes_to_the_save_directory_and_says_so_in_chinese(
    run_app: AppRun, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "no-home"))  # no ~/Downloads anywhere
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        app.clear_notifications()
        saved = app.deliver_screenshot()
        await pilot.pause()
        assert saved is not None and Path(saved).parent == tmp_path
        assert Path(saved).read_text("utf-8").startswith("<svg")
        said = [str(n.message) for n in app._notifications]
        assert said == [f"截图已保存：{saved}"]


async def test_textual_s_own_palette_entries_speak_chinese(run_app: AppRun) -> None:
    async with run_app(script=FIGHT, lang="zh-Hant") as (app, _pilot):
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "截圖" in titles and "退出" in titles
        assert not [title for title in titles if title.isascii()]


async def test_a_new_campaign_s_first_scene_is_named_in_the_table_s_language(
    make_app: AppFactory, tmp_path: Path
) -> None:
    open_store(tmp_path).create_campaign("新战役").close()  # a campaign with no scene yet
    app = make_app(lang="zh", campaign="新战役")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert is_scene_screen(screen)
        assert screen.history.scene.name == "场景 1"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("zh", "角色卡 安妮 已建立：阵营 玩家、敏捷 3"),
        ("zh-Hant", "角色卡 安妮 已建立：陣營 玩家、敏捷 3"),
        ("en", "side pc"),
    ],
)
def test_a_sheet_s_side_is_said_in_the_table_s_words(lang: str, expected: str) -> None:
    """The log, the report and the SealDice export say a new sheet's side in Chinese (no
    "side pc" in a Chinese log, issue 27 §2)."""
    from console.event_text import describe
    from console.i18n import Translator
    from engine.ih.sheet_events import SheetSaved

    event = SheetSaved("安妮", True, (("side", "pc"), ("dexterity", "3")))
    assert expected in describe(Translator(lang), event)
