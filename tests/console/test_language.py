"""The console's language: from the locale, switched in the console, remembered, ``--lang`` wins
(issue 18 §1; INTERFACE.md §1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from console_support import (
    FIGHT,
    FIXED_TIME,
    SIZE,
    AppFactory,
    AppRun,
    run_from_palette,
    save_scene,
)

from console.app import STConsoleApp
from console.language import choose, from_locale
from console.textual_compat import bound_to, select_prompts
from saves.store import open_store


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({"LANG": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "zh_SG.UTF-8"}, "zh"),
        ({"LANG": "zh_TW.UTF-8"}, "zh-Hant"),
        ({"LANG": "zh_HK.Big5"}, "zh-Hant"),
        ({"LANG": "zh_MO"}, "zh-Hant"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
        ({"LANG": "zh_TW.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "zh_CN.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8", "LC_ALL": "en_GB.UTF-8"}, "en"),
        ({"LC_ALL": "", "LANG": "zh_HK.UTF-8"}, "zh-Hant"),
    ],
)
def test_the_default_comes_from_the_locale(environ: dict[str, str], lang: str) -> None:
    assert from_locale(environ) == lang


def test_lang_overrides_the_saved_choice_which_overrides_the_locale() -> None:
    taiwan = {"LANG": "zh_TW.UTF-8"}
    assert choose("en", "zh", taiwan) == "en"
    assert choose(None, "zh", taiwan) == "zh"
    assert choose(None, None, taiwan) == "zh-Hant"
    assert choose(None, "klingon", taiwan) == "zh-Hant"


def _app(save_dir: Path, lang: str | None) -> STConsoleApp:
    return STConsoleApp(
        save_dir=save_dir,
        campaign="Test",
        scene="Fight",
        lang=lang,
        seed=5,
        clock=lambda: FIXED_TIME,
        blink=False,
    )


async def test_f2_switches_language_at_once_keeps_undo_and_is_remembered(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_scene(tmp_path, FIGHT)
    app = _app(tmp_path, None)
    async with app.run_test(size=SIZE) as pilot:
        assert app.t.lang == "en"
        await pilot.press("n")  # next turn: something to undo
        await pilot.pause()
        journal = len(app.screen.history.scene.journal)
        await pilot.press("f2")
        await pilot.pause()
        assert app.t.lang == "zh"
        assert app.screen.t.lang == "zh"
        undo = bound_to(app.screen, "ctrl+z")[0]
        assert undo.description == "撤销"
        assert len(app.screen.history.scene.journal) == journal
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert len(app.screen.history.scene.journal) == journal - 1
    assert open_store(tmp_path).language() == "zh"

    # Next start: the saved choice, over the (English) locale; --lang over both.
    again = _app(tmp_path, None)
    async with again.run_test(size=SIZE):
        assert again.t.lang == "zh"
    given = _app(tmp_path, "zh-Hant")
    async with given.run_test(size=SIZE):
        assert given.t.lang == "zh-Hant"


async def test_the_locale_picks_the_language_on_a_first_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LC_ALL", "zh_TW.UTF-8")
    save_scene(tmp_path, FIGHT)
    app = _app(tmp_path, None)
    async with app.run_test(size=SIZE):
        assert app.t.lang == "zh-Hant"


async def test_the_palette_offers_the_language_switch(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await run_from_palette(pilot, "language")
        assert app.t.lang == "zh"


async def test_a_refusal_speaks_the_console_language(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        app.screen.run_command("damage Nobody 1", "key")
        await pilot.pause()
        assert app.screen.status == "✗ 本场战斗中没有名为“Nobody”的战斗者（现有：Ann、Bob、Cid）。"


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["--lang", "zh", "roll", "ih-d10", "x"], "DP/POWER 必须是整数，而不是 'x'"),
        (["roll", "ih-d10", "3", "--again", "7", "--lang", "zh-Hant"], "無效的選項 7"),
        (["odds", "--lang=zh"], "缺少以下参数"),
        (["roll", "ih-d10", "3", "--again", "7"], "invalid choice: 7"),
    ],
)
def test_usage_errors_speak_the_language(
    argv: list[str], expected: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from console.cli import main

    assert main(argv) == 2
    assert expected in capsys.readouterr().err


def test_run_refusals_speak_the_language_and_json_stays_english(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from console.cli import main

    script = tmp_path / "fight.txt"
    script.write_text("add Ann init=3\nscene new Other ih-d10\nscene new Other ih-d10\n", "utf-8")
    assert main(["run", str(script), "--lang", "zh", "--json"]) == 1
    out = capsys.readouterr()
    assert out.err.strip() == "第 3 行：已有名为“Other”的场景；请换一个名字。"
    assert '"family": "ih"' in out.out


@pytest.mark.parametrize(
    ("lang", "shown", "not_shown"),
    [
        ("zh", ["玩家角色", "命令面板", "基本防御"], ["palette", " pc "]),
        ("zh-Hant", ["玩家角色", "命令面板", "基本防禦"], ["palette", "防御"]),
    ],
)
async def test_the_fight_screen_has_no_english_or_simplified_left(
    run_app: AppRun, lang: str, shown: list[str], not_shown: list[str]
) -> None:
    """Issue 18 §1: pc/npc, "^p palette" and 防御 (Simplified) were seen in zh/zh-Hant."""
    async with run_app(script=FIGHT, lang=lang) as (app, pilot):
        screen = app.export_screenshot().replace("&#160;", " ")
        for text in shown:
            assert text in screen
        for text in not_shown:
            assert text not in screen


async def test_dialogs_speak_the_language(make_app: AppFactory) -> None:
    from textual.widgets import RadioButton, Select

    app = make_app(script=FIGHT, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("a")
        await pilot.pause()
        labels = {str(button.label) for button in app.screen.query(RadioButton)}
        assert labels == {"玩家角色", "非玩家角色"}
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        again = app.screen.query_one("#again", Select)
        assert select_prompts(again)[:1] == ["10 加骰"]


def test_the_controlled_status_is_named_in_the_language() -> None:
    from console.i18n import Translator
    from console.mist.render import status_line
    from engine.mist.growth import CONTROLLED
    from engine.mist.state import Status

    line = status_line(Status(CONTROLLED, (1, 2, 3)), 6, t=Translator("zh")).plain
    assert "受控" in line and "Controlled" not in line


def test_roll_and_odds_print_in_the_language_and_json_stays_english(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from console.cli import main

    assert main(["roll", "ih-d10", "6", "--dc", "2", "--seed", "4", "--lang", "zh-Hant"]) == 0
    text = capsys.readouterr().out
    assert "骰池 6" in text and "難度 2" in text and "success" not in text
    assert main(["odds", "mist", "1", "--lang", "zh"]) == 0
    assert "完全成功" in capsys.readouterr().out
    assert main(["roll", "mist", "2", "--seed", "4", "--json", "--lang", "zh"]) == 0
    assert '"outcome": "mixed"' in capsys.readouterr().out


def test_a_damaged_settings_file_falls_back_to_the_locale_and_is_replaced(tmp_path: Path) -> None:
    (tmp_path / "st-console.json").write_text("{not json", "utf-8")
    store = open_store(tmp_path)
    assert store.language() is None
    store.set_language("zh-Hant")
    assert open_store(tmp_path).language() == "zh-Hant"
    assert list(tmp_path.glob("st-console.json.bad-*"))
