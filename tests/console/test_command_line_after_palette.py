"""Text typed on the ``:`` line and in the palette stays visible (issue 18, bug 1).

Our command line's field was a class named ``CommandInput``, like the palette's own field: a CSS
type selector matches the class name, so after the palette had been opened once the two took
each other's styles and neither had a row left for its text.
"""

from __future__ import annotations

from console_support import FIGHT, SMALL, AppFactory, screen_lines
from textual.command import CommandPalette
from textual.widgets import Input

from console.widgets.command_line import CommandLineInput


async def test_the_palettes_search_text_is_shown(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"undo")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)
        field = app.screen.query_one(Input)
        assert field.content_region.height == 1
        assert any("undo" in line for line in screen_lines(app))


async def test_the_command_line_shows_its_text_after_the_palette(make_app: AppFactory) -> None:
    app = make_app(script=FIGHT)
    async with app.run_test(size=SMALL) as pilot:
        for _ in range(2):  # the palette opened and closed twice
            await pilot.press("ctrl+p")
            await pilot.pause()
            await pilot.press("escape")
            await pilot.pause()
        await pilot.press("colon", *"note Ann")
        await pilot.pause()
        field = app.screen.query_one(CommandLineInput)
        assert field.value == "note Ann"
        assert field.content_region.height == 1
        assert any("note Ann" in line for line in screen_lines(app))
