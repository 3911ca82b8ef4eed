"""``hide`` / ``reveal`` and ``add … hidden``: what the players' view may show (INTERFACE.md).

Hiding changes nothing in the fight; it is journalled like every command, undone like every
command, and written in the session report.
"""

from __future__ import annotations

import pytest

from console.report import session_report
from engine.commands import to_json
from engine.errors import RuleError
from engine.ih import commands as ih
from engine.mist import commands as mist
from engine.session import History, Scene, execute_text, new_scene


def _run(scene: Scene, *lines: str) -> Scene:
    for line in lines:
        scene, _ = execute_text(scene, line)
    return scene


def _fight() -> Scene:
    return _run(
        new_scene("Warehouse", "ih-d10", seed=3),
        "add Ann init=15 pc",
        'add "Ghoul 2" init=9 hidden',
        "add Ghoul init=10",
        "begin",
    )


def _hidden(scene: Scene) -> dict[str, bool]:
    return {row["name"]: row["hidden"] for row in to_json(scene.state, scene.system)["order"]}


def test_add_hidden_keeps_the_combatant_in_the_order_and_marks_it() -> None:
    scene = _fight()
    assert _hidden(scene) == {"Ann": False, "Ghoul": False, "Ghoul 2": True}
    assert [x.name for x in scene.state.order] == ["Ann", "Ghoul", "Ghoul 2"]
    added = scene.journal[1].command
    assert isinstance(added, ih.Add) and added.entry.hidden


def test_hide_and_reveal_change_only_the_mark_and_are_journalled() -> None:
    scene = _fight()
    before = scene.state
    scene = _run(scene, "hide ann", 'reveal "ghoul 2"')
    assert _hidden(scene) == {"Ann": True, "Ghoul": False, "Ghoul 2": False}
    assert [e.command for e in scene.journal[-2:]] == [ih.Hide("ann"), ih.Reveal("ghoul 2")]
    assert [e.text for e in scene.journal[-2:]] == ["hide ann", 'reveal "ghoul 2"']
    assert scene.state.current == before.current
    assert [x.initiative for x in scene.state.order] == [x.initiative for x in before.order]


def test_undo_and_redo_of_hide() -> None:
    history = History(_fight())
    history.execute(ih.Hide("Ghoul"), "hide Ghoul")
    assert _hidden(history.scene)["Ghoul"] is True
    history.undo()
    assert _hidden(history.scene)["Ghoul"] is False
    history.redo()
    assert _hidden(history.scene)["Ghoul"] is True


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ('hide "Ghoul 2"', "visibility.already-hidden"),
        ("reveal Ann", "visibility.not-hidden"),
    ],
)
def test_refusals_leave_the_scene_as_it_was(line: str, code: str) -> None:
    scene = _fight()
    with pytest.raises(RuleError) as refused:
        execute_text(scene, line)
    assert refused.value.code == code
    assert refused.value.params["name"] in ("Ghoul 2", "Ann")


@pytest.mark.parametrize("line", ["hide", "hide Ann Bob", "hide Nobody", "add X init=3 hiddenx"])
def test_bad_lines_are_rule_errors(line: str) -> None:
    with pytest.raises(RuleError):
        execute_text(_fight(), line)


def test_the_report_says_who_was_hidden_and_revealed() -> None:
    scene = _run(_fight(), 'reveal "Ghoul 2"', "hide Ghoul")
    report = session_report("Demo", [scene])
    assert "Ghoul 2 enters the fight with initiative 9 (hidden from the players)" in report
    assert "Ghoul 2 is revealed to the players" in report
    assert "Ghoul is hidden from the players" in report


def _mist() -> Scene:
    return _run(
        new_scene("Alley", "mist", seed=3),
        "pc Mei",
        "challenge Hound limits=harmed:4 hidden",
        "challenge Crowd limits=convinced:3",
    )


def _challenges(scene: Scene) -> dict[str, tuple[bool, bool]]:
    view = to_json(scene.state, scene.system)
    return {c["name"]: (c["hidden"], c["limits_shown"]) for c in view["challenges"]}


def test_mist_challenges_hide_reveal_and_show_their_limits() -> None:
    scene = _mist()
    assert _challenges(scene) == {"Hound": (True, False), "Crowd": (False, False)}
    scene = _run(scene, "reveal hound", "reveal Crowd limits", "hide crowd")
    assert _challenges(scene) == {"Hound": (False, False), "Crowd": (True, True)}
    assert scene.journal[-2].command == mist.SetVisibility("Crowd", shown=True, limits=True)
    scene = _run(scene, "hide Crowd limits")
    assert _challenges(scene)["Crowd"] == (True, False)
    report = session_report("Demo", [scene])
    assert "Hound is revealed to the players" in report
    assert "Crowd: limits revealed to the players" in report


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("hide Hound", "visibility.already-hidden"),
        ("reveal Crowd", "visibility.not-hidden"),
        ("hide Crowd limits", "visibility.limits-already-hidden"),
    ],
)
def test_mist_refusals(line: str, code: str) -> None:
    with pytest.raises(RuleError) as refused:
        execute_text(_mist(), line)
    assert refused.value.code == code


@pytest.mark.parametrize("line", ["hide Mei", "reveal Hound everything", "challenge X hiddenx"])
def test_mist_bad_lines(line: str) -> None:
    with pytest.raises(RuleError):
        execute_text(_mist(), line)


def test_a_group_from_a_sheet_can_be_added_hidden() -> None:
    scene = _run(
        new_scene("Warehouse", "ih-d10", seed=3),
        "sheet Ghoul npc dexterity=3 composure=2",
        "add Ann init=15 pc",
        "add Ghoul from=Ghoul count=2 hidden",
    )
    assert _hidden(scene) == {"Ann": False, "Ghoul 1": True, "Ghoul 2": True}
    scene = _run(scene, 'reveal "Ghoul 1"')
    assert _hidden(scene)["Ghoul 1"] is False


def test_hiding_an_unknown_clue_or_question_says_so() -> None:
    """``hide c9`` with no clue c9 was refused as a challenge no one had made ("No challenge
    named 'c9' (known: Hound)"): it names the clues, or the questions, there are."""
    from mist_support import run

    state, _ = run(["challenge Hound limits=harmed:4", 'clue "Claw marks"'])
    with pytest.raises(RuleError) as caught:
        run(["hide c9"], state)
    assert caught.value.code == "mist.casefile.clue-clues"
    assert dict(caught.value.params) == {"id": "c9", "have": "c1"}
    with pytest.raises(RuleError) as caught:
        run(["reveal q9"], state)
    assert caught.value.code == "mist.casefile.question-questions"
    assert caught.value.params["have"] == "q1, q2, q3, q4, q5"
    empty, _ = run(["pc Mei"])
    with pytest.raises(RuleError) as caught:
        run(["hide c1"], empty)
    assert caught.value.params["have"] == "none yet"
