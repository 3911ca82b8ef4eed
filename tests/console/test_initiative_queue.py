"""The initiative queue: narrow terminals compress its columns in line, a long queue scrolls by
pages to the current actor (RULES.md §3.3)."""

from __future__ import annotations

import pytest
from console_support import FIGHT, LONG, SIZE, SMALL, AppRun, ih_screen
from rich.cells import cell_len

from console.ih.panes import InitiativeQueue

NARROW_FIGHT = FIGHT.replace("Cid", "老王") + 'effect Ann "Blessed" rounds=2\n'


@pytest.mark.parametrize(
    ("lang", "size", "willpower", "effects"),
    [
        ("en", SMALL, "5/5", "✦1"),
        ("zh", SMALL, "5/5", "✦1"),
        ("en", SIZE, "███ 5/5", "Blessed"),
        ("en", (60, 24), None, None),
    ],
)
async def test_narrow_queues_compress_columns_and_stay_aligned(
    run_app: AppRun,
    lang: str,
    size: tuple[int, int],
    willpower: str | None,
    effects: str | None,
) -> None:
    async with run_app(lang=lang, script=NARROW_FIGHT, size=size) as (app, pilot):
        queue = ih_screen(app).query_one(InitiativeQueue)
        width = queue.size.width
        lines = [queue.render_line(y).text for y in range(4)]
        assert all(cell_len(line) == width for line in lines)
        ann, bob, wang = lines[1:]
        if willpower is not None:
            assert willpower in ann and (effects or "") in ann
        else:
            assert "7/7" in ann and "5/5" not in ann, "no room: willpower dropped, health kept"
        # Columns start at the same cell on every row, CJK names included.
        for marker in ("15", "12"):
            assert marker in bob or marker in wang
        assert cell_len(bob[: bob.index("15")]) == cell_len(wang[: wang.index("12")])


async def test_next_down_a_long_queue_scrolls_by_pages(run_app: AppRun) -> None:
    async with run_app(script=LONG) as (app, pilot):
        queue = app.screen.query_one(InitiativeQueue)
        offsets = []
        for _ in range(49):
            await pilot.press("n")
            await pilot.pause()
            row = queue.cursor_row
            top = int(queue.scroll_offset.y)
            assert top <= row < top + queue.size.height - 1, "the current actor is in view"
            offsets.append(top)
        assert len(set(offsets)) <= 3, "a page at a time, not a scroll on every turn"
