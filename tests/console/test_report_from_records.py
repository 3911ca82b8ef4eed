"""The session report and ``run``'s printed scene are read from the engine's typed records, not
from the ``run --json`` dicts read back (issue 24 §2)."""

from __future__ import annotations

from dataclasses import replace
from typing import NoReturn

import pytest
from console_support import FIGHT

from console.demo import build_scene
from console.i18n import Translator
from console.report import session_report
from console.scene_text import scene_text
from engine.ih.encounter import Encounter
from engine.mist.state import Finding, MistState
from engine.session import Scene

CASE = """
pc Mei
challenge Hound limits=harmed:4,scared:immune
status Hound harmed 2
complexity 1
clue "Wet footprints" scene="Ward 7"
conclusion "A drowned man rang it" supports=c1
"""


def _no_json(*_: object) -> NoReturn:
    raise AssertionError("the report and the scene text read records, never run --json")


@pytest.fixture
def without_json(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every way to the stable JSON view of a scene fails."""
    import engine.commands
    import engine.ih.family
    import engine.mist.family
    import engine.mist.json_view

    for module in (engine.commands, engine.ih.family, engine.mist.family, engine.mist.json_view):
        monkeypatch.setattr(module, "to_json", _no_json)


def _hurt_ann(scene: Scene) -> Scene:
    """Ann's record with health 2 and willpower 1, put in by hand (no command, no event)."""
    state = scene.state
    assert isinstance(state, Encounter)
    order = tuple(replace(x, health=2, willpower=1) if x.name == "Ann" else x for x in state.order)
    return replace(scene, state=replace(state, order=order))


@pytest.mark.usefixtures("without_json")
@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
def test_a_fight_reports_from_its_records_without_the_json_view(lang: str) -> None:
    t = Translator(lang)
    fight = _hurt_ann(build_scene("Fight", "ih-d10", FIGHT, 5))
    report = session_report("Night Shift", [fight], t)
    standing = t("report.fighter", name="Ann", initiative=15, health=2, willpower=1)
    assert f"- {standing}{t('report.stop')}" in report.splitlines()
    text = scene_text(fight, t)
    slots = " ".join(f"{t(f'action-word.{k}')} 1" for k in ("swift", "move", "standard"))
    row = t("report.ih.row", place=1, name="Ann", initiative=15, health=2, willpower=1, slots=slots)
    assert row in text.splitlines()


@pytest.mark.usefixtures("without_json")
def test_a_case_reports_from_its_records_without_the_json_view() -> None:
    scene = build_scene("Case", "mist", CASE, 5)
    report = session_report("Night Shift", [scene])
    assert "- c1: Wet footprints (found in Ward 7)" in report
    assert "- Challenge **Hound**: still standing; harmed-2" in report
    lines = scene_text(scene).splitlines()
    assert "- Challenge Hound (active; limits harmed 4, scared immune): harmed-2" in lines
    assert "- Conclusion k1: A drowned man rang it (power 1)" in lines


def test_a_property_found_without_words_is_a_question_mark_not_a_dict() -> None:
    """``test k1`` without ``property=`` finds a property with no text: the report shows ``?``,
    as the case pane does (it once printed the JSON dict's Python form)."""
    scene = build_scene("Case", "mist", CASE, 5)
    state = scene.state
    assert isinstance(state, MistState)
    case = replace(state.case_file, properties=(Finding("p1", "", "k1"),))
    report = session_report("Night Shift", [replace(scene, state=replace(state, case_file=case))])
    assert "- p1: ?" in report.splitlines()
    assert "{" not in report
