"""The check dialog at 80×24: a choice's label stays on its one line (the opposed skill's
"（无技能）" wrapped, its "能）" drawn over the field's bottom edge); 无技能 fits whole."""

from __future__ import annotations

import pytest
from console_support import SMALL, AppFactory, opened_by, screen_lines

from console.ih.check_dialog import CheckDialog

SHEET = "sheet 小夜 pc strength=3 dexterity=3 stamina=2 resolve=2 firearms=2\n"


@pytest.mark.parametrize(("lang", "word"), [("zh", "无技能"), ("zh-Hant", "無技能"), ("en", "(no")])
async def test_no_skill_is_one_line(make_app: AppFactory, lang: str, word: str) -> None:
    app = make_app(script=SHEET, lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        await app.opened.wait()  # type: ignore[attr-defined]
        await pilot.pause()
        await opened_by(pilot, CheckDialog, "C")
        lines = screen_lines(app)
        rows = [row for row in lines if word in row]
        assert rows, "\n".join(lines)
        below = lines[lines.index(rows[-1]) + 1]
        assert "能" not in below and "skill)" not in below
