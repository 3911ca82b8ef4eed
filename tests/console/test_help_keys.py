"""F1 opens on the open screen's keys, and keys show as they are typed (issue 18)."""

from __future__ import annotations

from pathlib import Path

from console_support import FIGHT, SIZE, AppFactory, screen_lines

from console.app import STConsoleApp
from console.screens.help import HelpScreen, key_label


def test_bracket_keys_show_as_brackets() -> None:
    assert key_label("left_square_bracket") == "["
    assert key_label("right_square_bracket") == "]"
    assert key_label("ctrl+z") == "Ctrl+z"
    assert key_label("plus,equals_sign") == "+ / ="
    assert key_label("question_mark") == "?"
    assert key_label("f1") == "F1"


def first_group(app: STConsoleApp) -> str:
    lines = screen_lines(app)
    header = next(i for i, line in enumerate(lines) if "Id (keymap)" in line)
    return next(line for line in lines[header + 1 :] if line.strip("│█ ")).split("█")[1].strip()


async def test_help_on_the_mist_screen_opens_on_its_keys(tmp_path: Path) -> None:
    app = STConsoleApp(save_dir=tmp_path, campaign="Demo", scene="St. Agnes at night", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert first_group(app) == "M.I.S.T."
        assert any(" ]  " in line and "Next character" in line for line in screen_lines(app))


async def test_help_on_the_fight_screen_opens_on_its_keys(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert first_group(app) == "Combat (Infinite Horror)"
