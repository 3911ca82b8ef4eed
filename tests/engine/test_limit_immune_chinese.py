"""A limit typed as 免疫, the word the console shows of an immune limit in Chinese, is immune
(it was refused: "极限 必须是整数，而不是“免疫”"), on the command line as in a profile."""

from __future__ import annotations

import pytest

from engine import session
from engine.errors import RuleError
from engine.mist.arguments import limit_tier
from engine.mist.state import MistState


@pytest.mark.parametrize("typed", ["免疫", " 免疫 ", "immune", "IMMUNE", "-"])
def test_immune_in_any_of_its_words(typed: str) -> None:
    assert limit_tier(typed) is None


def test_a_challenge_and_a_profile_with_an_immune_limit_typed_in_chinese() -> None:
    scene = session.new_scene("Dock", "mist", 3)
    for line in (
        "challenge 猎犬 limits=伤害：4，说服：免疫",
        "profile 食尸鬼 limits=受创:3,说服:免疫",
    ):
        scene, _ = session.execute_text(scene, line)
    state = scene.state
    assert isinstance(state, MistState)
    assert [(x.kind, x.tier) for x in state.challenges[0].limits] == [("伤害", 4), ("说服", None)]
    assert [(x.kind, x.tier) for x in state.profiles[0].limits] == [("受创", 3), ("说服", None)]


def test_another_word_is_still_refused() -> None:
    with pytest.raises(RuleError):
        limit_tier("无限")
