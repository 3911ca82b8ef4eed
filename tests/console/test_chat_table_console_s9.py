"""A Chinese chat table at the console (issue 28): the dice bots' ``.ww`` typed on the command line
at full speed, as an input method commits it, then ``y`` copies the roll for the group chat; a
paste of several lines into a field loses none of them."""

from __future__ import annotations

import pytest
from console_support import FIGHT, SIZE, SMALL, AppRun, until
from textual import events
from textual.widgets import Input

from console.app import STConsoleApp
from console.ih.screen import IHScreen
from console.textual_compat import character_to_key
from console.widgets.command_line import Vocabulary, complete, pasted_commands


def burst_text(app: STConsoleApp, text: str) -> None:
    """``text`` as a terminal delivers it in one read (an input method's commit, tmux
    ``send-keys``): every key queued before any is handled; ``\\n`` is Enter."""
    for character in text:
        key = "enter" if character == "\n" else character_to_key(character)
        app.post_message(events.Key(key, "\r" if character == "\n" else character))


@pytest.mark.parametrize(("lang", "size"), [("zh", SMALL), ("zh-Hant", SIZE)])
async def test_ww_lines_typed_as_an_input_method_commits_them_all_run(
    run_app: AppRun, lang: str, size: tuple[int, int]
) -> None:
    lines = [
        "。ww５ａ８ by=Ann ——dc ２",
        ".ww 3a9 by=Bob －－bonus １",
        "note Ann “浸染：，；（）”",
    ]
    async with run_app(script=FIGHT, lang=lang, size=size) as (app, pilot):
        screen = app.screen
        assert isinstance(screen, IHScreen)
        before = len(screen.history.scene.journal)
        burst_text(app, "".join(f"：{line}\n" for line in lines))
        assert await until(pilot, lambda: len(screen.history.scene.journal) == before + 3)
        journal = screen.history.scene.journal[before:]
        assert [entry.text for entry in journal] == lines  # written back as typed
        assert "浸染：，；（）" in journal[2].text
        first, second = (entry.command.check for entry in journal[:2])
        assert (first.dp, first.again, first.dc) == (5, 8, 2)
        assert (second.dp, second.again, second.bonus) == (3, 9, 1)
        assert await until(pilot, lambda: not screen.command_line.is_open)
        app.post_message(events.Key("y", "y"))
        assert await until(pilot, lambda: bool(app.clipboard))
        assert app.clipboard.startswith("Bob 3a9 → {")  # the last roll, for the chat


@pytest.mark.parametrize(
    ("lang", "dc_words"), [("zh", "（DC 2，"), ("zh-Hant", "（DC 2，"), ("en", "(DC 2, ")]
)
async def test_y_copies_a_ww_roll_as_the_bots_write_it(
    run_app: AppRun, lang: str, dc_words: str
) -> None:
    async with run_app(script=FIGHT, lang=lang) as (app, pilot):
        screen = app.screen
        assert isinstance(screen, IHScreen)
        assert screen.run_command(".ww5a8 by=Ann --dc 2")
        await pilot.pause()
        app.post_message(events.Key("y", "y"))
        assert await until(pilot, lambda: bool(app.clipboard))
        line = app.clipboard
        assert line.startswith("Ann 5a8 → {") and dc_words in line
        assert ("success" if lang == "en" else "成功") in line


async def test_a_note_of_two_paragraphs_pasted_is_one_command(run_app: AppRun) -> None:
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        screen = app.screen
        assert isinstance(screen, IHScreen)
        app.post_message(events.Key("colon", ":"))
        app.post_message(events.Paste("note Ann “走廊尽头：\r\n\r\n  有人在低语（别回头）”\n"))
        said = "note Ann “走廊尽头： 有人在低语（别回头）”"
        field = screen.command_line.query_one(Input)
        assert await until(pilot, lambda: field.value == said)  # one command: put in, not run
        app.post_message(events.Key("enter", "\r"))
        assert await until(pilot, lambda: screen.history.scene.journal[-1].text == said)
        assert await until(pilot, lambda: not screen.command_line.is_open)


async def test_several_commands_pasted_each_run_in_order(run_app: AppRun) -> None:
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        screen = app.screen
        assert isinstance(screen, IHScreen)
        before = len(screen.history.scene.journal)
        app.post_message(events.Key("colon", ":"))
        app.post_message(
            events.Paste(".ww 5a8 by=Ann\ndamage Cid x\n\tnote Bob “第三行”\nnote Bob 末行")
        )
        field = screen.command_line.query_one(Input)
        assert await until(pilot, lambda: field.value == "note Bob 末行")  # no line break: typed
        texts = [entry.text for entry in screen.history.scene.journal[before:]]
        assert texts == [".ww 5a8 by=Ann", "note Bob “第三行”"]  # the refused one is in ↑
        assert "damage Cid x" in screen.command_line.history


async def test_a_paste_of_several_lines_into_a_dialog_field_lands_whole(run_app: AppRun) -> None:
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        app.post_message(events.Key("a", "a"))
        assert await until(pilot, lambda: isinstance(app.focused, Input))
        app.post_message(events.Paste("无面\n护士\r\n"))
        assert await until(pilot, lambda: getattr(app.focused, "value", "") == "无面 护士")


async def test_a_one_line_paste_is_kept_as_pasted(run_app: AppRun) -> None:
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        screen = app.screen
        assert isinstance(screen, IHScreen)
        before = len(screen.history.scene.journal)
        app.post_message(events.Key("colon", ":"))
        app.post_message(events.Paste("note Ann  “两个  空格”\n"))
        field = screen.command_line.query_one(Input)
        assert await until(pilot, lambda: "空格" in field.value)
        assert field.value == "note Ann  “两个  空格”"  # only the line end is dropped, as before
        assert len(screen.history.scene.journal) == before  # put in the field, not run


def test_pasted_commands_join_an_open_quote_and_drop_blank_lines() -> None:
    assert pasted_commands('a\n\n b \nnote A "x\ny"\n') == (["a", "b", 'note A "x y"'], True)
    assert pasted_commands("note A “一\n\n二”") == (["note A “一 二”"], False)
    assert pasted_commands("note A “一\n") == (["note A “一"], False)  # still open: not run
    assert pasted_commands("a\tb\r\n") == (["a b"], True)


@pytest.mark.parametrize(("lang", "size"), [("zh", SMALL), ("zh-Hant", SIZE), ("en", SIZE)])
async def test_a_dice_bot_s_dot_typed_on_the_scene_opens_the_command_line(
    run_app: AppRun, lang: str, size: tuple[int, int]
) -> None:
    """``.ww 5a8`` typed straight away, as in the group chat: its ``w`` was the willpower key
    (a dialog opened and took the pool as an amount)."""
    async with run_app(script=FIGHT, lang=lang, size=size) as (app, pilot):
        screen = app.screen
        assert isinstance(screen, IHScreen)
        before = len(screen.history.scene.journal)
        willpower = screen.history.scene.state.order[0].willpower
        burst_text(app, ".ww 5a8 by=Ann ——dc 2\n。ww3a9 by=Bob\n．ww 2\n:note Ann “3.5 米”\n")
        assert await until(pilot, lambda: len(screen.history.scene.journal) == before + 4)
        texts = [entry.text for entry in screen.history.scene.journal[before:]]
        assert texts == [".ww 5a8 by=Ann ——dc 2", ".ww3a9 by=Bob", ".ww 2", "note Ann “3.5 米”"]
        assert app.screen is screen and not screen.command_line.is_open
        assert screen.history.scene.state.order[0].willpower == willpower


@pytest.mark.parametrize(
    ("typed", "completed"),
    [
        (".ww 5a8 --d", ".ww 5a8 --dc"),
        ("。ww5a8 --w", "。ww5a8 --willpower"),
        ("ww 5 by", "ww 5 by="),
        (".ww 5a8 --dc 2 --b", ".ww 5a8 --dc 2 --bonus"),
    ],
)
def test_tab_completes_ww_s_options_after_any_of_its_verbs(typed: str, completed: str) -> None:
    vocabulary = Vocabulary(verbs=("ww", "roll", "note"), names=("Ann", "老 王"))
    assert complete(typed, vocabulary) == completed
