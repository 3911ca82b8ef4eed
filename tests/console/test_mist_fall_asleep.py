"""Fall asleep seen from the M.I.S.T. screen (RULES.md §4.8, [I-25]): the character's pane says
what is refused for the rest of the mission, and a refusal comes in the table's language."""

from __future__ import annotations

import pytest
from console_support import AppRun, press, screen_lines, state_of

from console.mist.dialogs import FormDialog

ASLEEP = (
    "pc Mei\n"
    'theme Mei taint "Shadow Hands" power="grasping dark,silent step" weakness="no light"\n'
    + "".join(f'theme Mei self "{n}" power="x,y"\nmark Mei {n} abandon 3\n' for n in "ABCDE")
    + 'theme Mei self "Nurse" power="steady hands,first aid" weakness="exhausted"\n'
    "retire Mei sleep\n"
)
"""Mei loses five Self themes (Evolution 5) and falls asleep."""


@pytest.mark.parametrize(
    ("lang", "line"),
    [("en", "asleep: no Indulge, Full immersion"), ("zh", "沉睡：本任务不能沉溺")],
)
async def test_the_pane_of_a_sleeper_says_what_is_refused(
    run_app: AppRun, lang: str, line: str
) -> None:
    async with run_app(script=ASLEEP, system="mist", lang=lang) as (app, pilot):
        assert state_of(pilot).characters[0].themes[0].name == "Nurse"  # the Taint ended
        assert any(line in text for text in screen_lines(app))


async def test_full_immersion_after_sleep_is_refused_in_the_tables_language(
    run_app: AppRun,
) -> None:
    script = "interpret fall_asleep_keeps_taints=true\n" + ASLEEP
    async with run_app(script=script, system="mist", lang="zh") as (app, pilot):
        await press(pilot, "i")
        assert isinstance(app.screen, FormDialog)
        await press(pilot, "enter")
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)  # kept open, saying why
        shown = "".join(screen_lines(app))
        assert "Mei 已陷入沉睡：本任务余下时间不能彻底浸入" in shown
        assert state_of(pilot).characters[0].themes[0].loss_marks == 0
