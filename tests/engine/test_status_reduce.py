"""Reducing statuses (RULES.md §4.1, vector 14, [I-11]); every [I-n] is a setting of every scene."""

from __future__ import annotations

import inspect
import re

import pytest
from mist_support import run

from engine import commands, session, settings
from engine.errors import RuleError
from engine.mist.events import StatusTaken
from engine.settings import field_names


def statuses(state: object) -> dict[str, object]:
    return commands.to_json(state, "mist")["characters"][0]["statuses"]


def test_reducing_a_status_the_target_lacks_is_a_rule_error() -> None:
    state, _ = run(["pc Rin", "status Rin hurt 2"])
    with pytest.raises(RuleError) as caught:
        run(["reduce Rin nosuch 1"], state)
    assert caught.value.code == "mist.status.not-held"
    assert dict(caught.value.params) == {"target": "Rin", "name": "nosuch", "held": "hurt"}


def test_countering_a_status_the_target_lacks_is_a_rule_error() -> None:
    state, _ = run(["pc Rin"])
    with pytest.raises(RuleError):
        run(["status Rin healed 2 counters=hurt"], state)


def test_a_mark_lost_at_the_cap_is_reported() -> None:
    state, events = run(["pc Rin", "status Rin hurt 6", "status Rin hurt 6"])
    taken = [e for e in events if isinstance(e, StatusTaken)]
    assert taken[-1].capped and taken[-1].marked is None
    assert statuses(state) == {"hurt": {"tier": 6, "boxes": [6]}}


@pytest.mark.parametrize(
    ("switched", "boxes", "tier"), [(False, [1, 3], 3), (True, [2], 2)], ids=["default", "I-11"]
)
def test_vector_14(switched: bool, boxes: list[int], tier: int) -> None:
    lines = ["pc Rin", "status Rin hurt 2", "status Rin hurt 4", "reduce Rin hurt 1"]
    if switched:
        lines.insert(0, "interpret reduce_erases_highest_marks=true")
    state, _ = run(lines)
    assert statuses(state) == {"hurt": {"tier": tier, "boxes": boxes}}


def test_i11_erasing_more_marks_than_held_removes_the_status() -> None:
    lines = ["interpret reduce_erases_highest_marks=true", "pc Rin", "status Rin hurt 2"]
    state, _ = run([*lines, "status Rin hurt 4", "reduce Rin hurt 2"])
    assert statuses(state) == {}


@pytest.mark.parametrize("system", ["ih-d10", "ih-d6", "mist"])
def test_every_scene_accepts_every_setting_and_lists_them(system: str) -> None:
    names = field_names()
    # One field per [I-n] its docstring names (engine/settings.py); [I-2] alone has two; and
    # the console's own readings where RULES.md is silent (named in the class's docstring), and
    # the Move table RULES.md §2.2 leaves to a setting.
    cited = re.findall(r'^    """\[(I-\d+)\]', inspect.getsource(settings), re.MULTILINE)
    own = ("down_turns_skipped", "move_table")
    assert len(names) == len(cited) + len(own) == len(set(cited)) + 1 + len(own) >= 20
    assert cited.count("I-2") == 2
    assert all(name in names for name in own)
    scene = session.new_scene("S", system, 7)
    for name in names:
        value = {"d6_chance_success_extra_dice": "1", "move_table": "5:5"}.get(name, "true")
        scene, _ = session.execute_text(scene, f"interpret {name}={value}")
    listed = commands.to_json(scene.state, system)["interpretations"]
    assert list(listed) == list(names)
    assert listed["d6_chance_success_extra_dice"] == 1
    assert listed["move_table"] == "5:5"
    assert all(
        value is True
        for key, value in listed.items()
        if key not in ("d6_chance_success_extra_dice", "move_table")
    )
