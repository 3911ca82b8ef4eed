"""Tab completion on the ``:`` command line: a completed word is followed by a space."""

from __future__ import annotations

from console_support import FIGHT, SIZE, AppFactory, ih_screen
from textual.widgets import Input


async def test_a_completed_word_is_followed_by_a_space(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("colon", *"no")
        await pilot.pause()
        await pilot.press("tab", "C")
        await pilot.pause()
        line = ih_screen(app).query_one("#command-input", Input)
        assert line.value == "note C", "the name is a new word, not glued to the verb"
        await pilot.press("tab", *'"x"')
        assert line.value == 'note Cid "x"'
        await pilot.press("ctrl+u", *"dam", "tab", "space", "B", "tab", "3")
        assert line.value == "damage Bob 3", "a space typed after the completion stays single"
        await pilot.press("ctrl+u", *"spend Ann free", "enter")
        await pilot.press("colon", *"add Eve in", "tab", "9")
        assert line.value == "add Eve init=9", "init= takes its number without a space"
