"""The M.I.S.T. screen's structure (issue 17): its key groups are typed against the screen's
public surface, its dialogs answer with a command the look at the scene they were given has
taken, and its keys and panes read a :class:`~console.mist.view.MistView` made from the
engine's records.
"""

from __future__ import annotations

import ast
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from console_support import SCENE, SIZE, AppFactory, press, state_of, type_text
from textual.pilot import Pilot
from textual.widgets import Static

from console.mist.dialogs import FormDialog
from console.mist.effects import EffectsDialog
from console.mist.screen import MistScreen
from console.mist.view import mist_view
from engine.mist.commands import AddQuestion
from engine.session import Scene, execute_text, new_scene

MIST = Path(__file__).resolve().parents[2] / "console" / "mist"
GROUPS = ("loop_actions.py", "case_actions.py", "themes.py", "story.py")


@asynccontextmanager
async def mist_screen(
    make_app: AppFactory, script: str = SCENE
) -> AsyncIterator[tuple[Pilot[Any], MistScreen]]:
    """The M.I.S.T. screen after ``script``, at 120×40."""
    app = make_app(script=script, system="mist")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MistScreen)
        yield pilot, screen


def test_no_method_is_typed_self_any_and_the_groups_reach_nothing_private() -> None:
    for path in sorted(MIST.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.args.args:
                first = node.args.args[0].annotation
                assert not (isinstance(first, ast.Name) and first.id == "Any"), (path, node.name)
    for name in GROUPS:
        tree = ast.parse((MIST / name).read_text(encoding="utf-8"))
        private = [
            node.attr
            for node in ast.walk(tree)
            if isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in ("self", "screen")
            and node.attr.startswith("_")
        ]
        assert private == [], (name, private)


def test_the_view_is_read_from_the_records_and_kept_for_the_same_state() -> None:
    scene = new_scene("Ward", "mist", seed=5)
    script = SCENE + "phase action\nphase consequence\nconsequence Mei hurt 2\n"
    for line in script.strip().splitlines():
        scene, _ = execute_text(scene, line)
    view = mist_view(scene)
    assert view.characters == ("Mei", "Wang")
    assert view.challenges == ("Hound",)
    assert view.phase == "consequence"
    assert view.pending == ("x1",)
    assert view.open_threats == ("t1",)
    assert view.taints_of("Mei") == ("Shadow Hands",) and view.taints_of("Wang") == ()
    assert view.questions == ("q1", "q2", "q3", "q4", "q5") and view.conclusions == ()
    assert mist_view(scene, view) is view  # the same state: not read again
    assert mist_view(replace(scene, name="Renamed"), view).title == "Renamed"


class Refusing:
    """A look at the scene that refuses every command ("not now") and keeps what it was asked."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.asked: list[object] = []

    def refusal(self, command: object) -> str | None:
        self.asked.append(command)
        return "not now"


async def test_a_form_answers_with_the_command_only_when_the_probe_takes_it(
    make_app: AppFactory,
) -> None:
    async with mist_screen(make_app) as (pilot, screen):
        app = pilot.app
        refusing = Refusing(screen.history.scene)
        screen.look = lambda: refusing  # type: ignore[method-assign,assignment,return-value]
        journal = len(screen.history.scene.journal)
        await press(pilot, "q")
        form = app.screen
        assert isinstance(form, FormDialog)
        await type_text(pilot, "Who opened the door?")
        await press(pilot, "enter")
        # The keys ask the look too (is there an effect to spend?); the form asked once.
        assert [c for c in refusing.asked if isinstance(c, AddQuestion)] == [
            AddQuestion("Who opened the door?")
        ]
        assert app.screen is form  # refused: the form stays open with the reason
        assert "✗ not now" in str(form.query_one("#form-error", Static).render())
        assert len(screen.history.scene.journal) == journal
        del screen.look  # the scene's own look again: the engine takes it
        await press(pilot, "enter")
        assert app.screen is form, "the form keeps the look it was given when it opened"
        await press(pilot, "escape", "q")
        await type_text(pilot, "Who opened the door?")
        await press(pilot, "enter")
        assert app.screen is screen
        assert screen.history.scene.journal[-1].text == 'question "Who opened the door?"'
        assert state_of(pilot).case_file.questions[-1].text == "Who opened the door?"


async def test_the_effects_key_asks_the_probe(make_app: AppFactory) -> None:
    """``e`` is live exactly when the engine would take a spend (no re-derived rule)."""
    async with mist_screen(make_app, SCENE + "phase action\n") as (pilot, screen):
        app = pilot.app
        assert not screen.check_action("effects", ())
        await press(pilot, "a", "space", "enter")
        assert isinstance(app.screen, EffectsDialog)
        await press(pilot, "escape")
        assert screen.check_action("effects", ())
        assert not screen.check_action("mitigate", ())  # nothing pending


async def test_a_name_too_long_is_refused_in_the_form(make_app: AppFactory) -> None:
    """The probe checks the ranges the one path checks first, so the form stays open."""
    async with mist_screen(make_app) as (pilot, screen):
        app = pilot.app
        journal = len(screen.history.scene.journal)
        await press(pilot, "C")
        form = app.screen
        assert isinstance(form, FormDialog)
        await type_text(pilot, "H" * 61)
        await press(pilot, "enter")
        assert app.screen is form
        assert "✗ " in str(form.query_one("#form-error", Static).render())
        assert len(screen.history.scene.journal) == journal


@pytest.mark.parametrize(
    ("lang", "path"),
    [
        ("en", "Lights › Mission 1: Bell (ended) › Scene 1"),
        ("zh", "Lights › 任务 1：Bell（已结束） › 场景 1"),
    ],
)
def test_the_story_line_says_the_mission_ended(lang: str, path: str) -> None:
    """After ``mission end`` the story line named the mission as if it ran on."""
    from console.i18n import Translator
    from console.mist.render import navigator_lines
    from engine.mist.state import Mission, MistState

    state = MistState(mission=Mission(season="Lights", name="Bell", number=1, ended=True))
    assert path in navigator_lines(Translator(lang), state)[0].plain
    running = MistState(mission=Mission(season="Lights", name="Bell", number=1))
    assert "(ended)" not in navigator_lines(Translator("en"), running)[0].plain
