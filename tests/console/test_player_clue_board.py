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
    assert "for: c1, c2" in text and "against: c3" in text
    state = _state([*BOARD, "hide c2", "reveal c2"])
    assert "Silver casings" in _board(state)


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
