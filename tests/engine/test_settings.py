"""The [I-n] interpretations are named settings a table can switch per scene (RULES.md)."""

from __future__ import annotations

import pytest

from engine import commands, session
from engine.dice.command import CheckRolled, MistRolled
from engine.errors import RuleError
from engine.settings import Interpretations, assign


def play(system: str, *lines: str) -> tuple[session.Scene, list[object]]:
    scene = session.new_scene("S", system, seed=3)
    events: list[object] = []
    for line in lines:
        scene, new = session.execute_text(scene, line)
        events.extend(new)
    return scene, events


def test_every_interpretation_has_a_default_from_rules_md() -> None:
    assert Interpretations() == Interpretations(
        d6_sixes_counted_across_check=True,
        d6_chance_success_extra_dice=2,
        computed_turn_order=True,
        stack_same_name_statuses=True,
        negative_power_subtracts_d4=True,
        mitigate_mixed_reduces_by_power=True,
    )


@pytest.mark.parametrize(
    ("name", "value", "expected"),
    [
        ("d6_sixes_counted_across_check", "off", False),
        ("d6_chance_success_extra_dice", "3", 3),
        ("computed_turn_order", "false", False),
        ("negative_power_subtracts_d4", "no", False),
    ],
)
def test_assign_reads_the_value_for_the_kind_of_setting(
    name: str, value: str, expected: object
) -> None:
    assert getattr(assign(Interpretations(), name, value), name) == expected


@pytest.mark.parametrize(
    ("name", "value"),
    [("nope", "true"), ("computed_turn_order", "maybe"), ("d6_chance_success_extra_dice", "-1")],
)
def test_a_bad_setting_is_a_rule_error(name: str, value: str) -> None:
    with pytest.raises(RuleError):
        assign(Interpretations(), name, value)


def test_an_ih_scene_switches_a_setting_and_its_rolls_follow_it() -> None:
    scene, events = play(
        "ih-d6", "interpret d6-sixes-counted-across-check=false", "roll ih-d6 4 --level 1"
    )
    rolled = [e for e in events if isinstance(e, CheckRolled)]
    assert rolled[0].command.check is not None
    assert rolled[0].command.check.interpretations.d6_sixes_counted_across_check is False
    view = commands.to_json(scene.state, scene.system)
    assert view["interpretations"]["d6_sixes_counted_across_check"] is False


def test_a_mist_scene_rolls_with_its_own_i5() -> None:
    scene, events = play("mist", "interpret negative_power_subtracts_d4=false", "roll mist -3")
    rolled = [e for e in events if isinstance(e, MistRolled)]
    assert rolled[0].result.d4s == ()
    assert (
        commands.to_json(scene.state, "mist")["interpretations"]["negative_power_subtracts_d4"]
        is False
    )


def test_a_refused_setting_leaves_the_scene_as_it_was() -> None:
    scene, _ = play("ih-d10", "add Ann init=12")
    with pytest.raises(RuleError):
        session.execute_text(scene, "interpret computed_turn_order=sometimes")
