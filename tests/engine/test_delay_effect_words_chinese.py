"""``delay`` and ``effect`` take their words in Chinese too, Simplified or Traditional, as the
other rule words do (delay 安 下一轮 / 之后 老王, effect 鬼 祝福 结束; they were refused with the
English usage line)."""

from __future__ import annotations

import pytest

from engine import session
from engine.ih.encounter import Encounter

FIGHT = ("add 安 init=5 pc", "add 鬼 init=3", "add 王 init=1", "begin")


def _state(*lines: str) -> Encounter:
    scene = session.new_scene("S", "ih-d10", 3)
    for line in FIGHT + lines:
        scene, _ = session.execute_text(scene, line)
    assert isinstance(scene.state, Encounter)
    return scene.state


def _delaying(state: Encounter) -> tuple[bool, str | None]:
    ann = next(x for x in state.order if x.name == "安")
    return ann.delaying, ann.delay_after


@pytest.mark.parametrize("word", ["下一轮", "下一輪", "next-round"])
def test_delay_into_the_next_round(word: str) -> None:
    assert _delaying(_state(f"delay 安 {word}")) == (True, None)


@pytest.mark.parametrize("word", ["之后", "之後", "after"])
def test_delay_after_someone(word: str) -> None:
    assert _delaying(_state(f"delay 安 {word} 鬼")) == (True, "鬼")


@pytest.mark.parametrize("word", ["结束", "結束", "end"])
def test_an_effect_ends(word: str) -> None:
    state = _state("effect 鬼 祝福 rounds=2 by=安", f"effect 鬼 祝福 {word}")
    assert next(x for x in state.order if x.name == "鬼").effects == ()
