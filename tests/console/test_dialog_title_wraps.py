"""A dialog's title longer than its box wraps instead of being cut: the sheet editor's concept
field listed its fields up to "nationa" at 80×24 and the rest was lost."""

from __future__ import annotations

import pytest
from console_support import SMALL, AppFactory, first_sheet_opened, screen_lines, until

from console.screens.dialogs import TextDialog

SHEET = "sheet 小夜 pc strength=3 dexterity=3 stamina=2 resolve=2 firearms=2\n"


@pytest.mark.parametrize(("lang", "last"), [("zh", "起源特质）"), ("en", "origin-trait)")])
async def test_the_concept_title_is_whole(make_app: AppFactory, lang: str, last: str) -> None:
    app = make_app(script=SHEET, lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        await first_sheet_opened(pilot)
        await pilot.press("c")
        assert await until(pilot, lambda: isinstance(app.screen, TextDialog))
        await pilot.pause()
        shown = "".join(row.strip("█ ") for row in screen_lines(app))
        assert last in shown, "\n".join(screen_lines(app))
