"""Keys that run one command have no handler of their own (issue 24 §2): each is an entry of its
screen's ``KEY_COMMANDS`` table, bound in ``console/keys.toml`` by the action name the greyed-out
keys' reasons use, and runs the command its command line words name (INTERFACE.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from console.ih.screen import IHScreen
from console.ih.turn_keys import TurnKeys
from console.keymap import COMBAT_KEYS, MIST_KEYS, KeySpec
from console.mist.case_actions import CaseFileActions
from console.mist.loop_actions import SceneLoopActions
from console.mist.screen import MistScreen
from engine import commands
from engine.mist.state import CaseFile, MistState

IH_WORDS = {
    "next_turn": "next",
    "next_down": "next down",
    "begin": "begin",
    "end_scene": "end scene",
}
MIST_WORDS = {"phase_next": "phase next", "deliver": "deliver", "end_scene": "scene end"}
TABLES = [
    (IHScreen, TurnKeys.KEY_COMMANDS, COMBAT_KEYS, "ih-d10", IH_WORDS),
    (MistScreen, SceneLoopActions.KEY_COMMANDS, MIST_KEYS, "mist", MIST_WORDS),
]


class Shut:
    """What the ``casefile`` key reads of its screen: a closed case file."""

    def current(self) -> MistState:
        return MistState(case_file=CaseFile(open=False))


@pytest.mark.parametrize(("screen", "table", "keys", "system", "words"), TABLES, ids=["ih", "mist"])
def test_each_key_command_is_bound_and_runs_what_its_words_name(
    screen: type[Any],
    table: Mapping[str, Any],
    keys: tuple[KeySpec, ...],
    system: str,
    words: dict[str, str],
) -> None:
    bound = {spec.action for spec in keys}
    assert set(table) == set(words)
    for action, line in words.items():
        assert action in bound, action
        assert callable(getattr(screen, f"action_{action}"))
        assert table[action](None) == commands.parse(line, system)


def test_the_casefile_key_opens_a_closed_case_file() -> None:
    made = CaseFileActions.KEY_COMMANDS["casefile"](Shut())
    assert made == commands.parse("casefile open", "mist")
    assert "casefile" in {spec.action for spec in MIST_KEYS}
    assert callable(getattr(MistScreen, "action_casefile", None))
