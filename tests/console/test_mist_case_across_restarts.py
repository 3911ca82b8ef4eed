"""A case file across a Deduction scene and a Test scene, the console closed and opened again
between them (RULES.md §4.6–4.7): the clues with their scenes, the conclusion and its
Deduction's clue, the open case-file moment, the PCs and the profiles carry; the Test in the
next scene closes the case file and stays after another restart. In the table's language, at
80×24, driven by keys as an MC would (D, Ctrl+Q, Ctrl+N, T)."""

from __future__ import annotations

from pathlib import Path

import pytest
from console_support import SMALL, press, state_of, until
from textual.pilot import Pilot

from console.app import STConsoleApp
from console.mist.screen import MistScreen
from console.screens.dialogs import NewSceneDialog
from engine.mist.state import MistState
from saves.store import open_store

CASE = """
mission "The Drowned Bell" anomaly="a bell rung under water"
pc Mei
theme Mei self "Detective" power="sharp eyes,old badge" weakness="stubborn"
profile Drowned limits=harmed:3 threat="It grabs an ankle: [dragged-2]"
clue "Seaweed in the bell tower" scene="Chapel"
clue "A bell rope soaked in brine" scene="Dock"
conclusion "The bell is rung under the water" supports=c1,c2
complexity 2
"""


def _app(tmp_path: Path, lang: str) -> STConsoleApp:
    return STConsoleApp(save_dir=tmp_path, lang=lang, seed=5, blink=False)


async def _quit(pilot: Pilot[None]) -> None:
    await press(pilot, "ctrl+q")  # the lock goes with the console, as at the table


@pytest.mark.parametrize(("lang", "scene"), [("en", "Bell tower"), ("zh", "钟楼")])
async def test_a_case_file_spans_a_deduction_and_a_test_scene_across_restarts(
    tmp_path: Path, lang: str, scene: str
) -> None:
    from console_support import save_scene

    save_scene(tmp_path, CASE, system="mist")
    first = STConsoleApp(save_dir=tmp_path, campaign="Test", scene="Fight", lang=lang, seed=5)
    async with first.run_test(size=SMALL) as pilot:
        await press(pilot, "D", "enter")  # the Deduction scene: deduce k1
        deduced = state_of(pilot)
        k1 = deduced.case_file.conclusions[0]
        assert k1.mode == "deduce" and k1.result is not None and deduced.case_file.open
        clues = [(c.id, c.scene) for c in deduced.case_file.clues]
        await _quit(pilot)

    second = _app(tmp_path, lang)  # opened again: the last scene, then a new one (Ctrl+N)
    async with second.run_test(size=SMALL) as pilot:
        assert await until(pilot, lambda: isinstance(second.screen, MistScreen))
        assert state_of(pilot).case_file == deduced.case_file
        await press(pilot, "ctrl+n")
        assert await until(pilot, lambda: isinstance(second.screen, NewSceneDialog))
        await pilot.press(*scene, "tab", "down", "down", "enter")
        assert await until(pilot, lambda: second.screen.history.scene.name == scene)
        carried = state_of(pilot)
        assert [c.name for c in carried.characters] == ["Mei"]
        assert [(c.id, c.scene) for c in carried.case_file.clues] == clues
        assert carried.case_file.conclusions == deduced.case_file.conclusions
        assert carried.case_file.open and not carried.case_file.tested
        assert [p.name for p in carried.profiles] == ["Drowned"]
        assert carried.mission.name == "The Drowned Bell"
        await press(pilot, "T", "enter")  # the Test scene: test k1 closes the case file
        tested = state_of(pilot)
        assert tested.case_file.conclusions[0].mode == "test"
        assert tested.case_file.tested and not tested.case_file.open
        await _quit(pilot)

    third = _app(tmp_path, lang)
    async with third.run_test(size=SMALL) as pilot:
        assert await until(pilot, lambda: isinstance(third.screen, MistScreen))
        assert third.screen.history.scene.name == scene
        again = state_of(pilot)
        assert isinstance(again, MistState) and again.case_file == tested.case_file
        await _quit(pilot)
    with open_store(tmp_path).open_campaign("Test", read_only=True) as campaign:
        assert campaign.is_ended("Fight") and not campaign.is_ended(scene)
