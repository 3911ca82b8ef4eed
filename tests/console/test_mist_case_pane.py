"""The case-file pane and forms after a refutation (RULES.md §4.7, [I-22]): the refuted
conclusion stays, struck through, saying what refuted it and that it is not rolled again; the
refusal to roll it again comes in the table's language."""

from __future__ import annotations

import pytest
from console_support import SCENE, AppRun, press, screen_lines, state_of, status_text
from rich.console import Console

from console.demo import build_scene
from console.i18n import Translator
from console.mist.dialogs import FormDialog
from console.player import mist_text as player_text
from engine.mist.state import MistState

REFUTED = SCENE + (
    "complexity 0\n"
    + "".join(f"clue against{n}\n" for n in range(6))
    + 'conclusion "The Hound is a dog" contradicts=c1,c2,c3,c4,c5,c6\n'
    'deduce k1 clue="It walks through walls"\n'
)
"""A conclusion at power −6, deduced: 1d8 − the highest of 6d4 fails (seed 5)."""


@pytest.mark.parametrize(
    ("lang", "shown", "refusal"),
    [
        ("en", "refuted by c7: not rolled again", "k1 was refuted (by c7): it cannot be rolled"),
        ("zh-Hant", "已被 c7 駁斥：不能再擲", "k1 已被駁斥（由 c7）：不能再次擲骰"),
    ],
)
async def test_a_refuted_conclusion_is_shown_refuted_and_refused_again(
    run_app: AppRun, lang: str, shown: str, refusal: str
) -> None:
    async with run_app(script=REFUTED, system="mist", lang=lang) as (app, pilot):
        k1 = state_of(pilot).case_file.conclusions[0]
        assert (k1.refuted, k1.refuted_by) == (True, "c7")
        await press(pilot, "tab", "tab", "tab", "z")  # the case file zoomed
        assert any(shown in line for line in screen_lines(app))
        await press(pilot, "z", "D")
        form = app.screen
        assert isinstance(form, FormDialog)
        assert form.values()["conclusion"] == "k1"  # the only one: shown, refused on enter
        await press(pilot, "enter")
        assert isinstance(app.screen, FormDialog)
        assert refusal in "".join(screen_lines(app))
        assert len(state_of(pilot).case_file.clues) == 7


@pytest.mark.parametrize(
    ("lang", "refusal"),
    [("en", "Case file 1 has no Test yet"), ("zh", "第 1 份档案尚未检验")],
)
async def test_f_does_not_close_a_case_file_without_its_test(
    run_app: AppRun, lang: str, refusal: str
) -> None:
    """§4.6: the case file closes only with its Test; `f` says so in the table's language."""
    async with run_app(script=SCENE, system="mist", lang=lang) as (app, pilot):
        await press(pilot, "f")
        assert state_of(pilot).case_file.open
        await press(pilot, "f")
        assert state_of(pilot).case_file.open
        assert refusal in status_text(app)


@pytest.mark.parametrize(
    ("lang", "shown"),
    [("en", "k1 The Hound is a dog  power -7  wrong — refuted by c7"), ("zh", "错误 — 被 c7 驳斥")],
)
def test_the_players_view_shows_what_refuted_a_conclusion(lang: str, shown: str) -> None:
    """[I-22]: the refuted conclusion is shown to the players with what refuted it."""
    state = build_scene("S", "mist", REFUTED, 5).state
    assert isinstance(state, MistState)
    console = Console(width=120, record=True, color_system=None)  # the clue board (issue 29)
    console.print(player_text.case_file(Translator(lang), state, 120))
    assert shown in console.export_text()


@pytest.mark.parametrize(("lang", "mark"), [("en", "hidden"), ("zh", "隐藏"), ("zh-Hant", "隱藏")])
async def test_the_case_pane_marks_a_hidden_clue_and_question(
    run_app: AppRun, lang: str, mark: str
) -> None:
    """``hide c2`` / ``hide q6`` kept them off the players' board but the MC's pane showed them
    as any other: nothing said which ones the players do not see."""
    script = SCENE + 'clue "Seaweed"\nclue "Torn tide tables"\nquestion "Who rings it?"\n'
    script += "hide c2\nhide q6\n"
    async with run_app(script=script, system="mist", lang=lang) as (app, pilot):
        await press(pilot, "tab", "tab", "tab", "z")  # the case file zoomed
        lines = screen_lines(app)
        assert any(f"c2 {mark} Torn tide tables" in line for line in lines)
        assert any(f"q6 {mark} Who rings it?" in line for line in lines)
        seen = next(line for line in lines if "c1 Seaweed" in line)
        assert mark not in seen


OPPORTUNITY = SCENE + (
    "complexity 1\n"
    + "".join(f"clue for{n}\n" for n in range(6))
    + 'conclusion "Light drives the Hound off" supports=c1,c2,c3,c4,c5,c6\n'
    + "test k1\n"
)
"""A conclusion at power 6, tested right (seed 5): an opportunity o1."""


@pytest.mark.parametrize(("lang", "shown"), [("en", "(k1)"), ("zh", "（k1）")])
async def test_the_suppress_form_says_what_each_opportunity_is(
    run_app: AppRun, lang: str, shown: str
) -> None:
    """N › suppress offered o1 with nothing to say what o1 was."""
    async with run_app(script=OPPORTUNITY, system="mist", lang=lang) as (app, pilot):
        assert [o.id for o in state_of(pilot).case_file.opportunities] == ["o1"]
        await press(pilot, "N", "down", "down", "down", "enter")
        assert isinstance(app.screen, FormDialog)
        text = "\n".join(screen_lines(app))
        assert f"o1 Light drives the Hound off  {shown}" in text
        await press(pilot, "enter")
        assert state_of(pilot).mission.suppressed


async def test_the_answer_form_says_what_each_conclusion_is(run_app: AppRun) -> None:
    """A (answer a question) listed the questions, and named the conclusions only by id."""
    script = (
        SCENE + 'conclusion "The Hound hunts in shadow"\nconclusion "It is bound to the roster"\n'
    )
    async with run_app(script=script, system="mist") as (app, pilot):
        await press(pilot, "A")
        assert isinstance(app.screen, FormDialog)
        text = "\n".join(screen_lines(app))
        assert "k1 The Hound hunts in shadow" in text and "k2 It is bound to the roster" in text
        assert "q1 What is the anomaly?" in text
