"""Every key, dialogs' and widgets' too, comes from the one keymap (console/keymap.py, keys.toml).

No ``Binding(...)`` is written anywhere else; every binding id has a name in the three
languages; a dialog's keys are named in the console's language, listed by F1 help and
overridable by the user's keymap; binding actions are read as Textual reads them.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from console_support import FIGHT, SIZE, AppFactory, screen_lines

from console.i18n import Translator
from console.keymap import ALL_KEYS, ROLL_KEYS, load_keymap
from console.screens.help import HelpScreen
from console.screens.roll_dialog import RollDialog
from console.screens.shell_keys import action_and_parameters

CONSOLE = Path(__file__).resolve().parents[2] / "console"
LANGUAGES = ("en", "zh", "zh-Hant")


def binding_calls(path: Path) -> list[int]:
    """Lines of ``path`` that build a Textual ``Binding``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name == "Binding":
                found.append(node.lineno)
    return found


def test_no_binding_is_written_outside_the_keymap() -> None:
    outside = {
        str(path.relative_to(CONSOLE)): binding_calls(path)
        for path in sorted(CONSOLE.rglob("*.py"))
        if path.name != "keymap.py"
    }
    assert {name: lines for name, lines in outside.items() if lines} == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_binding_id_and_help_group_has_a_name(lang: str) -> None:
    translate = Translator(lang)
    missing = [spec.label_key for spec in ALL_KEYS if not translate.has(spec.label_key)]
    groups = {f"help.group.{spec.group}" for spec in ALL_KEYS}
    missing += sorted(key for key in groups if not translate.has(key))
    assert missing == []


def test_binding_ids_are_unique() -> None:
    ids = [spec.id for spec in ALL_KEYS]
    assert len(ids) == len(set(ids))


def test_a_users_keymap_may_move_a_dialogs_key(tmp_path: Path) -> None:
    (tmp_path / "keymap.toml").write_text('"roll.roll" = "ctrl+t"\n"dialog.yes" = "o"\n')
    assert load_keymap(tmp_path) == {"roll.roll": "ctrl+t", "dialog.yes": "o"}


def test_actions_are_read_as_textual_reads_them() -> None:
    assert action_and_parameters("spend('move')") == ("spend", ("move",))
    assert action_and_parameters("move(0,-1)") == ("move", (0, -1))
    assert action_and_parameters("answer(True)") == ("answer", (True,))
    assert action_and_parameters("next_turn") == ("next_turn", ())


async def test_dialog_keys_speak_chinese(make_app: AppFactory) -> None:
    """The roll dialog's keys are named in Chinese, and F1 lists them under the dialog."""
    app = make_app(script=FIGHT, lang="zh")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RollDialog)
        named = {
            binding.id: binding.description
            for _key, binding, _enabled, _tooltip in app.screen.active_bindings.values()
            if binding.id in {spec.id for spec in ROLL_KEYS}
        }
        assert named == {"roll.close": "关闭", "roll.roll": "掷骰"}
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = "\n".join(screen_lines(app))
        for _ in range(40):  # page down until the roll dialog's keys are in view
            if "roll.roll" in text:
                break
            await pilot.press("pagedown")
            await pilot.pause()
            text = "\n".join(screen_lines(app))
        assert "掷骰对话框" in text
        assert any(
            "Ctrl+r" in line and "掷骰" in line and "roll.roll" in line
            for line in text.splitlines()
        )


async def test_a_users_keymap_moves_a_dialogs_key(make_app: AppFactory, tmp_path: Path) -> None:
    (tmp_path / "keymap.toml").write_text('"roll.roll" = "ctrl+t"\n')
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, RollDialog)
        keys = {
            binding.id: key
            for key, (_node, binding, _enabled, _tooltip) in app.screen.active_bindings.items()
            if binding.id == "roll.roll"
        }
        assert keys == {"roll.roll": "ctrl+t"}
