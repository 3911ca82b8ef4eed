"""The end of the surprise round (RULES.md §3.2): a pause, the unaware flat-footed, round 1."""

from __future__ import annotations

import random

import pytest
from ih_support import play, state_after

from engine.errors import RuleError
from engine.ih import family
from engine.ih.encounter import Phase
from engine.ih.events import CombatantAdded
from engine.language import tokenize


def flat(state: object) -> dict[str, bool]:
    return {row["name"]: row["flat_footed"] for row in family.to_json(state)["order"]}  # type: ignore[arg-type]


def paused() -> tuple[object, list]:
    return play("add Ann init=15\nadd Bob init=12\nsurprise Ann\nnext")


def test_the_surprise_round_ends_in_a_pause() -> None:
    state, _ = paused()
    assert state.phase is Phase.SURPRISE and state.current is None


def test_the_unaware_added_at_the_pause_are_flat_footed_until_they_act() -> None:
    state, _ = paused()
    state, events = play("add Cid init=20\nadd Dee mod=2", state=state)
    added = [e for e in events if isinstance(e, CombatantAdded)]
    assert [e.unaware for e in added] == [True, True]
    state, _ = play("next", state=state)  # n opens round 1
    assert state.phase is Phase.COMBAT and state.round == 1
    assert state.current == "Cid"
    assert flat(state) == {"Cid": False, "Ann": False, "Bob": True, "Dee": True}
    state, _ = play("next\nnext\nnext", state=state)
    assert flat(state)["Bob"] is False  # acted
    assert flat(state)["Dee"] is False or state.current == "Dee"


def test_join_at_the_pause_is_flat_footed_too() -> None:
    state, _ = paused()
    state, _ = play("join Cid init=3\nbegin", state=state)
    assert flat(state)["Cid"] is True
    assert [c.name for c in state.order][-1] == "Cid"


def test_a_newcomer_in_the_fight_proper_is_not_flat_footed() -> None:
    state, _ = paused()
    state, _ = play("begin\njoin Cid init=3", state=state)
    assert flat(state)["Cid"] is False


SETUP = "add Ann init=10 com=1 dex=4\nadd Bob init=16 com=1 dex=2\nsurprise Ann"


@pytest.mark.parametrize("kind", ["free", "reflex", "swift", "move", "standard"])
def test_a_combatant_outside_the_surprise_round_cannot_act_in_it(kind: str) -> None:
    """§3.2: only combatants aware of the fight take part in the surprise round; the others
    are flat-footed and cannot act, not even a free action (it was once accepted)."""
    state = state_after(SETUP)
    line = tokenize(f"spend Bob {kind}")
    assert line is not None
    with pytest.raises(RuleError) as caught:
        family.apply(state, family.parse(line), random.Random(0))
    assert caught.value.code == "ih.act.unaware"
    assert caught.value.params == {"name": "Bob"}


def test_the_free_action_of_a_surprise_participant_is_still_allowed() -> None:
    """§3.2: those in the surprise round keep their unlimited free actions."""
    state = state_after(SETUP + "\nspend Ann move\nspend Ann free\nspend Ann free")
    row = family.to_json(state)["order"][1]
    assert row["name"] == "Ann"
    assert row["budget"] == {"swift": 0, "move": 0, "standard": 0}
