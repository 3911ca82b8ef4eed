"""The end of the surprise round (RULES.md §3.2): a pause, the unaware flat-footed, round 1."""

from __future__ import annotations

from engine.ih import family
from engine.ih.encounter import Phase
from engine.ih.events import CombatantAdded
from tests.engine.test_ih_encounter import play


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
