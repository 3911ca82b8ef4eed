"""The M.I.S.T. log keeps its width when another pane is zoomed and un-zoomed (issue 18, bug 2).

While a pane fills the screen (``z``) the log has no width; a line written then was wrapped at
RichLog's minimum width, 10 columns, and stayed so.
"""

from __future__ import annotations

from pathlib import Path

from console_support import SIZE

from console.app import STConsoleApp
from console.widgets.dice_log import DiceLog


def widest(log: DiceLog) -> int:
    return max(len(line.text.rstrip()) for line in log.lines)


async def test_a_line_logged_while_zoomed_is_wrapped_at_the_logs_width(tmp_path: Path) -> None:
    app = STConsoleApp(save_dir=tmp_path, campaign="Demo", scene="St. Agnes at night", seed=5)
    async with app.run_test(size=SIZE) as pilot:
        log = app.screen.query_one(DiceLog)
        await pilot.press("z")
        await pilot.pause()
        assert log.size.width == 0, "the scene loop fills the screen"
        assert app.screen.run_command('tag scene "Dark corridor of the night ward"')
        await pilot.pause()
        assert all(len(line.text.rstrip()) > 10 for line in log.lines[-3:])
        await pilot.press("z")
        for _ in range(20):  # a busy machine may take a few frames
            await pilot.pause()
            if log.size.width and "night ward" in "".join(s.text for s in log.lines):
                break
        assert log.size.width > 40
        assert widest(log) > 40
        shown = " ".join(" ".join(strip.text.split()) for strip in log.lines)
        assert "Dark corridor of the night ward" in shown
