"""Statuses in the roll builder's power (RULES.md §4.2, [I-21], vector 21): the highest helping
and the highest hindering status by default; with the setting, the single highest alone."""

from __future__ import annotations

import re

import pytest
from console_support import AppRun, press, screen_lines

from console.mist.roll_builder import RollBuilder

STATUSES = "pc Mei\nstatus Mei up-a 3\nstatus Mei up-b 2\nstatus Mei down 2\nphase action\n"
"""Helping statuses 3 and 2, a hindering one at 2 (vector 21), in the Action phase."""


@pytest.mark.parametrize(
    ("setting", "power", "lines"),
    [
        ("false", 1, ["+3 ", "-2 "]),
        ("true", 3, ["+3 "]),
    ],
)
async def test_the_builder_counts_statuses_as_i21_reads(
    run_app: AppRun, setting: str, power: int, lines: list[str]
) -> None:
    script = f"interpret status_power_single_highest={setting}\n" + STATUSES
    async with run_app(script=script, system="mist") as (app, pilot):
        await press(pilot, "a")
        builder = app.screen
        assert isinstance(builder, RollBuilder)
        for row in builder.rows:
            await press(pilot, "h" if row.name == "down" else "space", "down")
        assert builder.command_line() == "action Mei statuses=up-a,up-b hindering=down"
        shown = "\n".join(screen_lines(app))
        assert f"power {power}" in shown
        source = r"([+-]\d) (helping|hindering) status ?(up-a|up-b|down)"
        counted = [f"{value} " for value, _, _ in re.findall(source, shown)]
        assert counted == lines
