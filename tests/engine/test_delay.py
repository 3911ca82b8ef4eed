"""A delay never raises a score (RULES.md §3.4, vector 11)."""

from __future__ import annotations

import random

import pytest

from engine.errors import RuleError
from engine.ih import family
from engine.ih.encounter import Encounter, find
from engine.language import tokenize
from tests.engine.test_ih_encounter import play


def refusal(state: Encounter, text: str) -> RuleError:
    line = tokenize(text)
    assert line is not None
    with pytest.raises(RuleError) as caught:
        family.apply(state, family.parse(line), random.Random(0))
    return caught.value


def test_vector_11_delay_after_someone_who_acted_and_is_ahead_is_refused() -> None:
    state, _ = play("add A init=15\nadd B init=12\nadd C init=10\nbegin\nnext\nnext")
    assert state.current == "C"
    error = refusal(state, "delay C after A")
    assert error.code == "ih.delay.raises-score"
    assert dict(error.params) == {"name": "C", "other": "A", "score": 10, "other_score": 15}
    assert find(state, "C").initiative == 10


def test_delay_after_someone_ahead_who_has_not_acted_is_refused() -> None:
    state, _ = play("add A init=15\nadd B init=12\nadd C init=10\nbegin")
    assert refusal(state, "delay C after B").code == "ih.delay.raises-score"


def test_delay_after_someone_later_who_has_acted_is_refused() -> None:
    """D acted, then fell below C by an initiative change: later in the order, but acted."""
    state, _ = play("add A init=15\nadd D init=12\nadd C init=10\nbegin\nnext\nnext")
    state, _ = play("initiative D -5", state=state)
    assert [c.name for c in state.order] == ["A", "C", "D"]
    error = refusal(state, "delay C after D")
    assert error.code == "ih.delay.after-acted"
    assert dict(error.params) == {"name": "C", "other": "D", "round": 1}


def test_delaying_into_the_next_round_is_still_allowed() -> None:
    state, _ = play("add A init=15\nadd B init=12\nadd C init=10\nbegin\nnext\nnext")
    state, _ = play("delay C next-round", state=state)
    assert state.round == 2
    assert state.current == "C"


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
def test_the_refusal_is_worded_in_each_language(lang: str) -> None:
    import console.i18n  # noqa: F401  installs the renderer

    state, _ = play("add A init=15\nadd B init=12\nadd C init=10\nbegin\nnext\nnext")
    text = refusal(state, "delay C after A").render(lang)
    assert "C" in text and "A" in text and "next-round" in text
    assert "error." not in text
