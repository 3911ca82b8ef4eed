"""The IH detail pane: labels and values line up, a long note wraps and scrolls into reach."""

from __future__ import annotations

from console_support import FIGHT, SIZE, SMALL, AppFactory, AppRun, ih_screen, screen_lines, settle
from textual.containers import VerticalScroll

from console.ih.panes import DetailPane


async def test_the_detail_pane_lines_up_labels_and_values(run_app: AppRun) -> None:
    async with run_app(script=FIGHT) as (app, pilot):
        text = app.screen.query_one(DetailPane).plain
        lines = text.splitlines()
        assert lines[0].startswith("Health      ")
        assert lines[2].startswith("Init        15")


async def test_a_detail_pane_too_short_for_a_long_note_scrolls_to_it(
    make_app: AppFactory,
) -> None:
    note = "Bites at ankles; afraid of fire and loud bells; belongs to Old Wang"
    app = make_app(script=FIGHT + f'note Ann "{note}"\n')
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        detail = ih_screen(app).query_one(DetailPane)
        rows = [detail.render_line(y).text for y in range(detail.size.height)]
        assert any("Bites at ankles" in row for row in rows), "the note shows, wrapped"
        assert not rows[-1].rstrip().endswith("…"), "it fits at 120×40"
    app = make_app(campaign="Test", scene="Fight")
    async with app.run_test(size=SMALL) as pilot:
        await settle(pilot)
        # Issue 18: the pane scrolls (it ended in "…" and the rest could not be reached).
        box = ih_screen(app).query_one("#detail-box", VerticalScroll)
        assert box.max_scroll_y > 0, "the scroll bar says there is more"
        box.focus()
        await pilot.press("end")
        for _ in range(100):  # the scroll may be animated: wait until it has reached the end
            await settle(pilot)
            if box.scroll_y >= box.max_scroll_y:
                break
        assert box.scroll_y == box.max_scroll_y
        assert any("Old Wang" in line for line in screen_lines(app))
