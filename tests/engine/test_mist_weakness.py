"""A triggered weakness tag marks its theme (RULES.md §4.8): Mastery (Taint), Progress (Self)."""

from __future__ import annotations

from mist_support import Dice, run
from test_mist_action import SETUP

from engine.mist.events import Marked
from engine.mist.state import Track


def themes(state: object) -> dict[str, tuple[int, int]]:
    person = state.characters[0]  # type: ignore[attr-defined]
    return {t.name: (t.growth_marks, t.loss_marks) for t in person.themes}


def test_a_weakness_hindering_the_roll_marks_its_theme() -> None:
    state, _ = run(SETUP)
    state, events = run(['action Mei hinder=stubborn tags="fear of light"'], state, Dice(5, 1, 1))
    marks = [(e.theme, e.track) for e in events if isinstance(e, Marked)]
    assert marks == [("Shadow Step", Track.MASTERY), ("Detective", Track.PROGRESS)]
    assert themes(state) == {"Shadow Step": (1, 0), "Detective": (1, 0)}


def test_no_weakness_no_mark_and_undo_takes_the_mark_back() -> None:
    from engine import session

    state, _ = run(SETUP)
    state, events = run(['action Mei tags="sharp eyes"'], state, Dice(5, 1))
    assert not [e for e in events if isinstance(e, Marked)]
    scene = session.new_scene("S", "mist", 3)
    for line in SETUP:
        scene, _ = session.execute_text(scene, line)
    scene, _ = session.execute_text(scene, "action Mei hinder=stubborn")
    assert themes(scene.state)["Detective"] == (1, 0)
    scene, _ = session.execute_text(scene, "undo")
    assert themes(scene.state)["Detective"] == (0, 0)


def test_the_third_mark_offers_growth() -> None:
    state, _ = run(SETUP + ["mark Mei Detective progress 2"])
    state, _ = run(["action Mei hinder=stubborn"], state, Dice(5, 1))
    detective = next(t for t in state.characters[0].themes if t.name == "Detective")
    assert detective.growth_pending == 1 and detective.growth_marks == 0


TWO_WEAKNESSES = [
    "pc Mei",
    'theme Mei taint "Shadow Step" power="walls" weakness="fear of light,cold hands"',
    'theme Mei self "Detective" power="sharp eyes" weakness="stubborn"',
    "phase action",
]


def test_one_mark_per_weakness_tag_that_hindered() -> None:
    """[I-23]: two weakness tags of one theme mark it twice; of two themes, each once."""
    state, _ = run(TWO_WEAKNESSES)
    line = 'action Mei hinder="fear of light,cold hands,stubborn"'
    state, events = run([line], state, Dice(5, 1, 1, 1))
    marks = [(e.theme, e.marks) for e in events if isinstance(e, Marked)]
    assert marks == [("Shadow Step", 1), ("Shadow Step", 2), ("Detective", 1)]
    assert themes(state) == {"Shadow Step": (2, 0), "Detective": (1, 0)}


def test_switched_i23_marks_a_theme_once_a_roll() -> None:
    state, _ = run(["interpret weakness_marks_theme_once_per_roll=true", *TWO_WEAKNESSES])
    line = 'action Mei hinder="fear of light,cold hands,stubborn"'
    state, _ = run([line], state, Dice(5, 1, 1, 1))
    assert themes(state) == {"Shadow Step": (1, 0), "Detective": (1, 0)}
