"""The sheet editor names the concept fields in the table's language (年龄 34 · 性别 女; it
showed "age 34 · gender 女" in a Chinese console)."""

from __future__ import annotations

import pytest
from console_support import SMALL, AppFactory, first_sheet_opened, screen_lines

SHEET = "sheet 小夜 pc strength=3 age=34 gender=女 origin-trait=倔强\n"


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("zh", "性别 女 · 年龄 34 · 起源特质 倔强"),
        ("zh-Hant", "性別 女 · 年齡 34 · 起源特質 倔强"),
        ("en", "gender 女 · age 34"),
    ],
)
async def test_the_concept_is_in_the_table_s_words(
    make_app: AppFactory, lang: str, words: str
) -> None:
    app = make_app(script=SHEET, lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        await first_sheet_opened(pilot)
        await pilot.pause()
        assert words in "\n".join(screen_lines(app))
