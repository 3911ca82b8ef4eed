"""After the M.I.S.T. command line closes, the scene loop has the focus at once, so the keys a
Storyteller types next go to the screen without waiting (the key gate holds keys while nothing
has the focus: console/key_burst.py)."""

from __future__ import annotations

from console_support import SCENE, SMALL, AppFactory, settle, state_of, until

from console.mist.panes import SceneLoopPane


async def test_the_scene_loop_has_the_focus_after_the_command_line(make_app: AppFactory) -> None:
    app = make_app(script=SCENE, system="mist", lang="zh")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        await pilot.press(":", *'clue "脚印"', "enter")
        assert await until(pilot, lambda: isinstance(app.focused, SceneLoopPane))
        assert state_of(pilot).case_file.clues[-1].text == "脚印"
        await pilot.press(":", *'clue "血迹"', "enter")  # the next line, typed straight on
        assert await until(pilot, lambda: state_of(pilot).case_file.clues[-1].text == "血迹")
