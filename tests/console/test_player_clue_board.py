"""The players' clue board (issue 29 §3): questions with answers, clues with their scene,
conclusions with supports and contradictions; ``hide``/``reveal`` a clue or a question."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from console_support import SIZE
from mist_board import BOARD
from player_support import change, player_view, save, screen_text, wait_text
from rich.console import Console

from console.i18n import Translator
from console.player.mist_text import case_file
from engine.errors import RuleError
from engine.language import tokenize
from engine.mist import family
from engine.mist.state import MistState


def _state(lines: list[str]) -> MistState:
    state = family.new_state("mist")
    for text in lines:
        line = tokenize(text)
        assert line is not None
        state, _ = family.apply(state, family.parse(line), random.Random(0))
    assert isinstance(state, MistState)
    return state


class _Ones(random.Random):
    """Dice that always show 1: a Deduction of power 1 totals 2, wrong (RULES.md §4.7)."""

    def randint(self, a: int, b: int) -> int:
        return 1


def _board(state: MistState, lang: str = "en", width: int = 120) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(case_file(Translator(lang), state, width))
    return console.export_text()


def test_the_board_shows_the_case_and_leaves_hidden_ones_off() -> None:
    state = _state([*BOARD, "hide c2", "hide q2"])
    text = _board(state)
    assert "Three sailors vanished" in text  # the cut-in as the summary
    assert "c1 Claw marks" in text and "Silver casings" not in text
    assert "q1 What is the anomaly?  → A werewolf" in text and "q2 " not in text
    assert "for: c1" in text and "against: c3" in text
    assert "c2" not in text  # a hidden clue is not even named by its id in a conclusion
    state = _state([*BOARD, "hide c2", "reveal c2"])
    assert "Silver casings" in _board(state) and "for: c1, c2" in _board(state)


def test_a_hidden_clue_against_or_refuting_is_not_named() -> None:
    """The clue board named a hidden clue's id under a conclusion ("against: c3") and as what
    refuted it: the players learnt a clue existed that the MC keeps from them."""
    state = _state([*BOARD, "hide c3"])
    text = _board(state, width=80)
    assert "for: c1, c2" in text and "against" not in text and "c3" not in text
    refuted = _state(BOARD)
    for text_ in ("complexity 2", 'deduce k1 clue="the casings are old"', "hide c4"):
        line = tokenize(text_)
        assert line is not None
        refuted, _ = family.apply(refuted, family.parse(line), _Ones())
    assert isinstance(refuted, MistState)
    assert refuted.case_file.conclusions[0].refuted_by == "c4"
    text = _board(refuted, width=80)
    assert "wrong" in text and "c4" not in text  # no "refuted by c4"


@pytest.mark.parametrize(("lang", "word"), [("zh", "支持：c1、c2"), ("zh-Hant", "反駁：c3")])
def test_the_board_in_chinese(lang: str, word: str) -> None:
    board = _board(_state(BOARD), lang, 80)
    assert word in board
    assert "What is the anomaly" not in board  # answered, still the standard question (§4.7)


def test_hiding_twice_or_an_unknown_id_is_refused() -> None:
    state = _state([*BOARD, "hide c1"])
    with pytest.raises(RuleError) as error:
        _state([*BOARD, "hide c1", "hide c1"])
    assert error.value.code == "visibility.already-hidden"
    with pytest.raises(RuleError):
        _state([*BOARD, "reveal q1"])
    assert state.case_file.clues[0].hidden


async def test_the_players_view_follows_hide_and_reveal(tmp_path: Path) -> None:
    save(tmp_path, "\n".join(BOARD), system="mist", name="Alley")
    async with player_view(tmp_path, size=SIZE) as (app, pilot):
        assert "Silver casings" in screen_text(app)
        change(tmp_path, "hide c2", scene="Alley")
        await wait_text(pilot, "Claw marks", absent="Silver casings")
        change(tmp_path, "reveal c2", scene="Alley")
        await wait_text(pilot, "Silver casings")


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "The anomaly is suppressed"), ("zh", "异常已被压制"), ("zh-Hant", "異常已被壓制")],
)
def test_the_board_says_the_anomaly_is_suppressed(lang: str, said: str) -> None:
    """``suppress o1`` changed nothing the players saw: the board went on as before."""
    state = _state([*BOARD, "complexity 2"])
    for text_ in ("test k1", "suppress o1"):
        line = tokenize(text_)
        assert line is not None
        state, _ = family.apply(state, family.parse(line), _Sixes())
    assert isinstance(state, MistState) and state.mission.suppressed
    assert said in _board(state, lang)
    assert said not in _board(_state(BOARD), lang)


class _Sixes(random.Random):
    """Dice that always show their highest face: any Test is right (9+)."""

    def randint(self, a: int, b: int) -> int:
        return b
