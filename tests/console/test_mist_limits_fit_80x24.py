"""At 80×24 a challenge's limit and a character's status keep their count on their own line
(``[□ ■ □ □ □ □] 受创 2/4``: the name was padded to 18 cells and ``2/4`` wrapped under it)."""

from __future__ import annotations

import re

import pytest
from console_support import SMALL, AppFactory, screen_lines

SCRIPT = """
pc 梅
challenge 猎犬 limits=受创:4,驱逐:3,说服:免疫
status 猎犬 受创 2
status 梅 心惊 1
phase action
phase consequence
"""


@pytest.mark.parametrize("lang", ["zh", "zh-Hant", "en"])
async def test_counts_stay_on_their_line(make_app: AppFactory, lang: str) -> None:
    app = make_app(script=SCRIPT, system="mist", lang=lang)
    async with app.run_test(size=SMALL) as pilot:
        await app.opened.wait()  # type: ignore[attr-defined]
        await pilot.pause()
        lines = screen_lines(app)
        shown = "\n".join(lines)
        assert re.search(r"\] 受创 +2/4", shown), shown
        assert re.search(r"\] 驱逐 +0/3", shown), shown
        assert re.search(r"\] 心惊 +1/6", shown), shown
        assert not any(re.match(r"│ \d/\d", row) for row in lines), shown
