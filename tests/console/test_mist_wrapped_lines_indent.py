"""A M.I.S.T. pane's line that wraps keeps its indent on every row (a consequence, a threat, a
power-tag list at 80×24 went on at the pane's left edge, under the headings); a line that fits,
or one drawn on one row (the phase stepper), is drawn as it is."""

from __future__ import annotations

from console_support import MITIGATE, SMALL, AppRun, screen_lines
from rich.console import Console
from rich.text import Text

from console.mist.panes import hung, rows


def _drawn(line: Text, width: int) -> list[str]:
    console = Console(width=width, record=True, color_system=None)
    console.print(hung(line, width))
    return console.export_text().rstrip("\n").split("\n")


def test_a_wrapped_line_keeps_its_indent() -> None:
    line = Text("   x1 Mei: hurt 2 — claws out of the dark (t1) pending — m mitigates")
    drawn = _drawn(line, 30)
    assert len(drawn) == rows(line, 30, Console(width=30)) > 1
    assert all(row.startswith("   ") and row[3] != " " for row in drawn)


def test_chinese_wraps_under_its_indent_too() -> None:
    drawn = _drawn(Text("  （t1）  待定——m 缓解，d 施加，玩家可以缓解这个后果"), 24)
    assert len(drawn) > 1 and all(row.startswith("  ") for row in drawn)


def test_a_line_that_fits_or_keeps_one_row_is_as_it_was() -> None:
    fits = Text("  harmed 2/4")
    assert hung(fits, 30) is fits
    stepper = Text("  1 ─▶ 2 ─▶ 3 Consequence   loop 1", no_wrap=True, overflow="ellipsis")
    assert hung(stepper, 20) is stepper and rows(stepper, 20, Console(width=20)) == 1


async def test_at_80x24_the_pending_consequence_wraps_under_itself(run_app: AppRun) -> None:
    async with run_app(
        script=MITIGATE + 'consequence Mei scared 1 text="the lights die one by one"\n',
        system="mist",
        size=SMALL,
    ) as (app, pilot):
        lines = screen_lines(app)
        start = next(i for i, row in enumerate(lines) if "x2 Mei: scared 1" in row)
        assert lines[start + 1].startswith("│   ") and lines[start + 1][4] != " "
