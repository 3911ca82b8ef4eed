"""``y`` and ``Y``: chat-ready lines to the clipboard (issue 28); ``console/chat_text.py``."""

from __future__ import annotations

import pytest
from console_support import FIGHT, SCENE, AppRun, press, settle

from console.chat_board import board_text
from console.chat_text import check_line, faces, last_roll
from console.i18n import Translator
from console.keymap import APP_KEYS, COMBAT_KEYS, LIST_KEYS, MIST_KEYS
from console.screens.shell import SceneScreen
from engine.dice.ih import CheckResult


def scene_screen(app: object) -> SceneScreen:
    screen = app.screen  # type: ignore[attr-defined]
    assert isinstance(screen, SceneScreen)
    return screen


def result(**changes: object) -> CheckResult:
    base: dict[str, object] = {
        "system": "ih-d10", "dp": 5, "chance": False, "faces": (10, 3, 8, 1, 9, 4),
        "extra_dice": 1, "rolled_successes": 3, "penalty": 0, "bonus": 0, "final_successes": 3,
        "dc": 2, "success": True, "margin": 1, "dramatic_failure": False, "auto_failure": False,
    }  # fmt: skip
    base.update(changes)
    return CheckResult(**base)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("zh", "安妮 敏捷+枪械 5a10 → {10*,3,8*,1,9*}+{4} = 3 成功（DC 2，成功）"),
        ("zh-Hant", "安妮 敏捷+枪械 5a10 → {10*,3,8*,1,9*}+{4} = 3 成功（DC 2，成功）"),
        ("en", "安妮 敏捷+枪械 5a10 → {10*,3,8*,1,9*}+{4} = 3 successes (DC 2, success)"),
    ],
)
def test_the_issues_example_line(lang: str, line: str) -> None:
    made = check_line(Translator(lang), result(), who="安妮", label="敏捷+枪械", again=10)
    assert made == line


@pytest.mark.parametrize(
    ("changes", "again", "tail"),
    [
        ({"success": False, "dc": 4, "margin": -1}, 10, "= 3 成功（DC 4，失败）"),
        ({"dc": None, "success": None, "margin": None}, 8, "= 3 成功"),
        ({"bonus": 2, "final_successes": 5}, 9, "+{4} +2 = 5 成功（DC 2，成功）"),
        (
            {
                "faces": (1,),
                "extra_dice": 0,
                "chance": True,
                "final_successes": 0,
                "dc": None,
                "success": None,
                "dramatic_failure": True,
            },
            10,
            "= 0 成功，大失败",
        ),
    ],  # fmt: skip
)
def test_check_lines(changes: dict[str, object], again: int, tail: str) -> None:
    line = check_line(Translator("zh"), result(**changes), again=again)
    assert line.endswith(tail)
    assert "*" not in faces(result(faces=(1, 2), extra_dice=0))


def test_the_copy_keys_are_free_on_every_scene_screen() -> None:
    ids = {spec.id: spec.key for spec in APP_KEYS}
    assert (ids["app.copy-chat"], ids["app.copy-board"]) == ("y", "Y")
    others = [spec.key for spec in COMBAT_KEYS + LIST_KEYS + MIST_KEYS]
    for key in ("y", "Y"):
        assert not any(key in spec.split(",") for spec in others)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ("Ann", "5a8", "success", "(DC 2, ")),
        ("zh", ("Ann", "5a8", "成功", "（DC 2，")),
        ("zh-Hant", ("Ann", "5a8", "成功", "（DC 2，")),
    ],
)
async def test_y_copies_the_last_roll_in_the_tables_language(
    run_app: AppRun, lang: str, words: tuple[str, ...]
) -> None:
    async with run_app(script=FIGHT, lang=lang) as (app, pilot):
        screen = scene_screen(app)
        assert screen.run_command(".ww 5a8 --dc 2 by=Ann")
        await press(pilot, "y")
        await settle(pilot)
        copied = app.clipboard
        assert copied == last_roll(Translator(lang), screen.history.scene)
        assert "\n" not in copied
        for word in words:
            assert word in copied


async def test_y_copies_an_attack(run_app: AppRun) -> None:
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        screen = scene_screen(app)
        assert screen.run_command("attack Ann Cid dp=6")
        await press(pilot, "y")
        assert app.clipboard.startswith("Ann 攻击 Cid")
        assert "→ {" in app.clipboard and "Cid" in app.clipboard


async def test_y_leaves_out_a_hidden_roll(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        screen = scene_screen(app)
        assert screen.run_command("roll ih-d10 4 by=Bob")
        assert screen.run_command("roll ih-d10 9 by=Cid hidden")
        await press(pilot, "y")
        assert app.clipboard.startswith("Bob 4a10 → ")
        assert screen.run_command("hide Cid")
        assert screen.run_command("roll ih-d10 7 by=Cid")
        assert screen.run_command("attack Ann Cid dp=5")
        await press(pilot, "y")
        assert app.clipboard.startswith("Bob 4a10 → ")  # Cid is hidden now: not for the chat


async def test_y_with_no_roll_says_so_and_copies_nothing(run_app: AppRun) -> None:
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        await press(pilot, "y")
        await settle(pilot)
        assert app.clipboard == ""
        assert any("还没有可复制" in str(n.message) for n in app._notifications)


@pytest.mark.parametrize(
    ("lang", "head", "first"),
    [
        ("en", "[Initiative · round 1] now: Ann", "▶ 1. Ann (15)"),
        ("zh", "【先攻顺序 · 第 1 轮】当前：Ann", "▶ 1. Ann（15）"),
        ("zh-Hant", "【先攻順序 · 第 1 輪】當前：Ann", "▶ 1. Ann（15）"),
    ],
)
async def test_shift_y_copies_the_order_without_the_hidden(
    run_app: AppRun, lang: str, head: str, first: str
) -> None:
    async with run_app(script=FIGHT + "hide Cid\n", lang=lang) as (app, pilot):
        await press(pilot, "Y")
        copied = app.clipboard
        lines = copied.splitlines()
        assert lines[0].lower() == head.lower()
        assert lines[1] == first
        assert "Bob" in copied and "Cid" not in copied
        assert copied == board_text(Translator(lang), scene_screen(app).history.scene.state)


async def test_shift_y_copies_the_visible_challenges_and_statuses(run_app: AppRun) -> None:
    script = SCENE + 'challenge Lurker limits=harmed:2 hidden\nstatus Hound "scared" 2\n'
    script += "status Mei hurt 1\n"
    async with run_app(script=script, system="mist", lang="zh") as (app, pilot):
        await press(pilot, "Y")
        copied = app.clipboard
        assert "Hound" in copied and "scared-2" in copied and "Mei：hurt-1" in copied
        assert "Lurker" not in copied
        assert "挑战：" in copied and "状态：" in copied


async def test_y_copies_a_mist_action(run_app: AppRun) -> None:
    script = SCENE + "phase action\n"
    async with run_app(script=script, system="mist") as (app, pilot):
        screen = scene_screen(app)
        assert screen.run_command('action Mei tags="Shadow Hands,grasping dark" target=Hound')
        await press(pilot, "y")
        assert app.clipboard.startswith("Mei Shadow Hands+grasping dark power 2 → d8 ")


async def test_y_copies_a_deduction_roll(run_app: AppRun) -> None:
    script = SCENE + (
        'clue "Claw marks"\nclue "Silver casings"\n'
        'conclusion "A werewolf did it" supports=c1,c2\ncomplexity 1\n'
    )
    async with run_app(script=script, system="mist", lang="zh") as (app, pilot):
        screen = scene_screen(app)
        assert screen.run_command("deduce k1")
        await press(pilot, "y")
        assert app.clipboard.startswith("演绎 k1 效力 ")
        assert " → d8 " in app.clipboard
