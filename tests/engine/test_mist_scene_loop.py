"""The scene loop (RULES.md §4.6), consequences, story tags, and the session's undo."""

from __future__ import annotations

import random

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st
from mist_support import CASE, run

from engine import commands, session
from engine.errors import RuleError
from engine.mist import family
from engine.mist.events import ConsequencesOwed, SceneEnded, SceneResolved
from engine.mist.state import Phase


def test_phases_cycle_in_order() -> None:
    state, _ = run([])
    seen = [state.phase]
    for _ in range(4):
        state, _ = run(["phase next"], state)
        seen.append(state.phase)
    assert seen == [Phase.ESTABLISH, Phase.ACTION, Phase.CONSEQUENCE, Phase.ESTABLISH, Phase.ACTION]
    assert state.scene.cycle == 2
    same, events = run(["phase action"], state)
    assert same == state and events == []
    jumped, _ = run(["phase establish"], state)
    assert jumped.phase is Phase.ESTABLISH and jumped.scene.cycle == 3


def test_threats_consequences_and_resolution() -> None:
    state, _ = run(
        [
            "pc Mei",
            "challenge Hound limits=harmed:2",
            'threat "The hound lunges" challenge=Hound',
            "phase action",
        ]
    )
    with pytest.raises(RuleError) as caught:
        run(['threat "more"'], state)
    assert caught.value.code == "mist.scene-loop.threats-presented-establish-phase"
    state, _ = run(["phase consequence", "consequence Mei bitten 2 for=t1"], state)
    with pytest.raises(RuleError) as caught:
        run(["phase next"], state)
    assert caught.value.code == "mist.scene-loop.consequence-still-pending-deliver-2"
    assert caught.value.params == {"ids": "x1"}
    state, _ = run(["deliver x1"], state)
    assert state.characters[0].statuses[0].tier == 2
    state, _ = run(["status Hound harmed 2"], state)
    assert state.threats[0].resolved
    state, events = run(["phase next"], state)
    assert any(isinstance(e, SceneResolved) for e in events)


def test_owed_consequences_are_warned_about() -> None:
    class Low(random.Random):
        def randint(self, a: int, b: int) -> int:
            return 1

    state, _ = run(
        ["pc Mei", 'theme Mei self "Cop" power="badge,gun"', "phase action", "action Mei tags=gun"],
        rng=Low(0),
    )
    assert state.owed == ("a1",)
    state, events = run(["phase next", "phase next"], state)
    assert any(isinstance(e, ConsequencesOwed) for e in events)
    state, _ = run(["phase next", "phase next", 'consequence "The gun jams" for=a1'], state)
    assert state.owed == ()


def test_scene_end_drops_story_tags_unless_kept() -> None:
    state, _ = run(
        [
            "pc Mei",
            "challenge Door",
            'tag scene "dark"',
            'tag Mei "soaked"',
            'tag Door "ajar"',
            'scene end keep=ajar next="Cellar"',
        ]
    )
    assert state.scene.name == "Cellar" and state.scene.number == 2
    assert state.scene.story_tags == () and state.characters[0].story_tags == ()
    assert [t.name for t in state.challenges[0].story_tags] == ["ajar"]
    with pytest.raises(RuleError):
        run(["scene end keep=nothing"], state)


def test_scene_end_through_the_command_language() -> None:
    scene = session.new_scene("Dock", "mist", seed=1)
    scene, events = session.execute_text(scene, 'tag scene "fog"')
    scene, events = session.execute_text(scene, "scene end")
    assert any(isinstance(e, SceneEnded) for e in events)


SCRIPT = [
    "pc Mei",
    "challenge Hound limits=harmed:4",
    'theme Mei self "Cop" power="badge,gun" weakness="tired"',
    "status Mei hurt 2",
    "phase action",
    'action Mei tags="badge,gun" target=Hound',
    'clue "hair"',
    'conclusion "wolf" supports=c1',
    "deduce k1",
]


def test_undo_restores_exactly_and_redo_replays_the_same_dice() -> None:
    scene = session.new_scene("Dock", "mist", seed=7)
    states = [scene.state]
    for text in SCRIPT:
        scene, _ = session.execute_text(scene, text)
        states.append(scene.state)
    final = scene.state
    for expected in reversed(states[:-1]):
        scene = session.undo(scene)
        assert scene.state == expected
    for _ in SCRIPT:
        scene, _ = session.redo(scene)
    assert scene.state == final


words = st.sampled_from(
    [
        "pc",
        "status",
        "reduce",
        "action",
        "effect",
        "phase",
        "Mei",
        "Hound",
        "hurt",
        "2",
        "-1",
        "7",
        "next",
        "tags=gun",
        "burn=badge",
        'clue "x"',
        "test",
        "k1",
        "c1",
        "supports=c1",
        "limits=harmed:x",
        "counters=hurt",
        "mitigate",
        "x1",
        "extra=status:",
        "growth",
        "reset",
        '"',
        "=",
        "immerse",
        "Cop",
        "sink",
        "mark",
        "abandon",
        "scene",
        "end",
        "keep=",
    ]
)


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(words, min_size=1, max_size=6))
def test_any_line_is_a_command_or_a_rule_error_and_refusals_change_nothing(
    tokens: list[str],
) -> None:
    scene = session.new_scene("Dock", "mist", seed=3)
    for text in SCRIPT[:5]:
        scene, _ = session.execute_text(scene, text)
    before = scene
    try:
        scene, _ = session.execute_text(scene, " ".join(tokens))
    except RuleError:
        assert scene is before and scene.state == before.state
    family.to_json(scene.state)


SECTION_3 = [
    "pc Ann",
    "challenge Door limits=broken:2",
    "status Mei hurt 2",
    "status Hound harmed 1",
    "reduce Mei scared 1",
    'clue "More"',
    'conclusion "Z" supports=c1 contradicts=c2',
    "complexity 3",
    "deduce k1",
    "test k1",
    "roll mist 2",
]


@pytest.mark.parametrize("phase", ["establish", "action", "consequence"])
@pytest.mark.parametrize("text", SECTION_3)
def test_section_3_commands_work_in_every_phase(phase: str, text: str) -> None:
    """INTERFACE.md §3 commands are not refused because of the phase (RULES.md §4.6 names
    none of them as phase-bound)."""
    scene = session.new_scene("S", "mist", 7)
    setup = ["pc Mei", "status Mei scared 2", "challenge Hound limits=harmed:4"]
    for line in [*setup, *CASE[:2], 'clue "c2"']:
        scene, _ = session.execute_text(scene, line)
    scene, _ = session.execute_text(scene, 'conclusion "Z" supports=c1')
    scene, _ = session.execute_text(scene, f"phase {phase}")
    scene, _ = session.execute_text(scene, text)
    assert scene.state.phase.value == phase


def test_fresh_scene_json() -> None:
    view = commands.to_json(commands.new_state("mist"), "mist")
    assert (view["family"], view["phase"], view["characters"], view["challenges"]) == (
        "mist",
        "establish",
        [],
        [],
    )
    assert (view["case_file"]["clues"], view["case_file"]["conclusions"]) == ([], [])
