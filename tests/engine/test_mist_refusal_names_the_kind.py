"""A refusal naming a missing challenge lists the challenges, a missing character the characters.

A threat typed for ``challenge=Drow`` listed the player characters as the challenges there are
("No challenge named 'Drow' (known: Mei, Old Wang, Fog)").
"""

from __future__ import annotations

import pytest
from mist_support import run

from engine.errors import RuleError

TABLE = ["pc Mei", 'pc "Old Wang"', "challenge Fog limits=dispersed:2"]


def refusal(line: str) -> RuleError:
    state, _ = run(TABLE)
    with pytest.raises(RuleError) as caught:
        run([line], state)
    return caught.value


def test_a_missing_challenge_lists_only_the_challenges() -> None:
    error = refusal('threat "It rises" challenge=Drow')
    assert error.code == "mist.roster.challenge-named-known"
    assert error.params["known"] == "Fog"


def test_a_missing_character_lists_only_the_characters() -> None:
    error = refusal('theme Wang self "Cop" power="badge"')
    assert error.code == "mist.roster.character-named-known"
    assert error.params["known"] == "Mei, Old Wang"


def test_a_missing_target_of_either_kind_lists_both() -> None:
    error = refusal("status Drow hurt 2")
    assert error.code == "mist.roster.character-challenge-named-known"
    assert error.params["known"] == "Mei, Old Wang, Fog"


def test_no_challenge_yet_says_nobody_yet() -> None:
    with pytest.raises(RuleError) as caught:
        run(["pc Mei", 'threat "It rises" challenge=Drow'])
    assert caught.value.params["known"] == "nobody yet"
