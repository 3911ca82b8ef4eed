"""Willpower's +3 DP: one spend tied to one roll, once per action, refused at 0 (§1.7)."""

from __future__ import annotations

import pytest

from engine import session
from engine.dice.command import CheckRolled
from engine.errors import RuleError
from engine.ih.encounter import find
from engine.ih.events import WillpowerChanged

FIGHT = ("add Ann init=15 willpower=2", "add Bob init=10", "begin")


def play(*lines: str) -> tuple[session.Scene, list[object]]:
    scene = session.new_scene("S", "ih-d10", 3)
    events: list[object] = []
    for line in (*FIGHT, *lines):
        scene, new = session.execute_text(scene, line)
        events.extend(new)
    return scene, events


def refused(scene: session.Scene, line: str) -> RuleError:
    with pytest.raises(RuleError) as caught:
        session.execute_text(scene, line)
    return caught.value


def willpower(scene: session.Scene, name: str = "Ann") -> int:
    return find(scene.state, name).willpower


def rolls(events: list[object]) -> list[CheckRolled]:
    return [e for e in events if isinstance(e, CheckRolled)]


def test_roll_with_willpower_by_a_combatant_spends_one() -> None:
    scene, events = play("spend Ann standard", "roll ih-d10 4 --willpower by=Ann")
    assert willpower(scene) == 1
    assert rolls(events)[0].result.dp == 7
    assert [e.use for e in events if isinstance(e, WillpowerChanged)] == ["+3dp"]


def test_the_spend_path_adds_the_dice_to_the_next_roll() -> None:
    scene, events = play("willpower Ann +3dp", "spend Ann standard", "roll ih-d10 4 by=Ann")
    assert willpower(scene) == 1
    assert rolls(events)[0].result.dp == 7


def test_spend_then_roll_with_the_box_ticked_is_one_spend() -> None:
    scene, events = play("willpower Ann +3dp", "roll ih-d10 4 --willpower by=Ann")
    assert willpower(scene) == 1
    assert rolls(events)[0].result.dp == 7


def test_once_per_action() -> None:
    scene, _ = play("spend Ann standard", "roll ih-d10 4 --willpower by=Ann")
    assert refused(scene, "roll ih-d10 4 --willpower by=Ann").code == "ih.willpower.once-per-action"
    assert refused(scene, "willpower Ann +3dp").code == "ih.willpower.once-per-action"
    # a roll without willpower on the same action gets no dice and spends nothing
    scene, events = session.execute_text(scene, "roll ih-d10 4 by=Ann")
    assert rolls(list(events))[0].result.dp == 4
    # the next action may have its own +3 DP
    scene, _ = session.execute_text(scene, "spend Ann move")
    scene, events = session.execute_text(scene, "roll ih-d10 4 --willpower by=Ann")
    assert rolls(list(events))[0].result.dp == 7
    assert willpower(scene) == 0


def test_refused_at_zero_willpower_and_the_scene_is_unchanged() -> None:
    scene, _ = play("willpower Ann -2")
    before = scene.state
    assert refused(scene, "roll ih-d10 4 --willpower by=Ann").code == "ih.willpower.none-left"
    assert refused(scene, "willpower Ann +3dp").code == "ih.willpower.none-left"
    assert scene.state == before


def test_a_new_turn_is_a_new_action() -> None:
    scene, _ = play("roll ih-d10 4 --willpower by=Ann", "next", "next")
    assert scene.state.current == "Ann"
    scene, events = session.execute_text(scene, "roll ih-d10 4 --willpower by=Ann")
    assert rolls(list(events))[0].result.dp == 7
    assert willpower(scene) == 0


def test_without_by_nobody_pays_and_by_a_stranger_is_refused() -> None:
    scene, events = play("roll ih-d10 4 --willpower")
    assert rolls(events)[0].result.dp == 7 and willpower(scene) == 2
    assert refused(scene, "roll ih-d10 4 --willpower by=Zed").code == "ih.willpower.not-in-fight"


def test_the_roll_replays_identically_after_undo_redo() -> None:
    scene, _ = play("roll ih-d10 4 --willpower by=Ann")
    scene, _ = session.execute_text(scene, "undo")
    assert willpower(scene) == 2
    scene, _ = session.execute_text(scene, "redo")
    assert willpower(scene) == 1
