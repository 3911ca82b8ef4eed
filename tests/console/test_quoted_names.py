"""Names and texts with quotes in them survive a key or a dialog (STYLE.md: a key builds the
command object, never a line for the parser to read back).

The two bugs of the review: a combatant named ``Ann "Axe"`` could not be damaged from the ``-``
key (``damage "Ann 'Axe'" 1 → No combatant named "Ann 'Axe'"``), and a threat typed as
``He said "run" now`` was saved as ``He said run now``.
"""

from __future__ import annotations

from typing import Any

from console_support import AppRun
from textual.pilot import Pilot
from textual.widgets import Static

from console.ih.screen import IHScreen
from console.mist.dialogs import FormDialog
from console.mist.screen import MistScreen
from console.screens.dialogs import AmountDialog
from engine import commands
from engine.ih import commands as ih
from engine.ih.encounter import Encounter
from engine.mist import commands as mist
from engine.mist.state import MistState

AXE = """
add 'Ann "Axe"' init=15 health=7 pc
add Bob init=12 health=8 pc
begin
"""
"""The name added on the command line in single quotes, as a script always could."""


def _scene_screen(pilot: Pilot[Any]) -> Any:
    screen = pilot.app.screen_stack[1]
    assert isinstance(screen, IHScreen | MistScreen)
    return screen


async def test_a_combatant_named_with_quotes_is_damaged_from_the_minus_key(run_app: AppRun) -> None:
    async with run_app(script=AXE) as (app, pilot):
        screen = _scene_screen(pilot)
        assert screen.selected == 'Ann "Axe"'
        await pilot.press("minus")
        await pilot.pause()
        assert isinstance(app.screen, AmountDialog)
        await pilot.press("2", "enter")
        await pilot.pause()
        scene = screen.history.scene
        state = scene.state
        assert isinstance(state, Encounter)
        ann = next(c for c in state.order if c.name == 'Ann "Axe"')
        assert ann.health == 5
        entry = scene.journal[-1]
        assert entry.command == ih.Damage('Ann "Axe"', 2)
        assert entry.text == r'damage "Ann \"Axe\"" 2'
        assert commands.parse(entry.text, scene.system) == entry.command
        assert screen.status.startswith(r'✓ damage "Ann \"Axe\"" 2')


async def test_a_threat_typed_with_quotes_is_kept_as_typed(run_app: AppRun) -> None:
    async with run_app(script="pc Mei\nchallenge Hound limits=harmed:3\n", system="mist") as (
        app,
        pilot,
    ):
        screen = _scene_screen(pilot)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, FormDialog)
        await pilot.press(*'He said "run" now', "enter")
        await pilot.pause()
        assert not isinstance(app.screen, FormDialog)
        scene = screen.history.scene
        state = scene.state
        assert isinstance(state, MistState)
        assert state.threats[-1].text == 'He said "run" now'
        entry = scene.journal[-1]
        assert entry.command == mist.PresentThreat('He said "run" now')
        assert commands.parse(entry.text, scene.system) == entry.command


async def test_a_key_is_held_to_the_limits_a_typed_line_is(run_app: AppRun) -> None:
    """A command object from a key or a dialog is range-checked as the parser checks a line
    (``engine/limits.py``): 10,000 damage is refused, the scene unchanged."""
    async with run_app(script=AXE) as (app, pilot):
        screen = _scene_screen(pilot)
        before = screen.history.scene
        await pilot.press("minus")
        await pilot.pause()
        await pilot.press(*"10000", "enter")
        await pilot.pause()
        assert screen.history.scene is before
        # refused in the dialog, which stays open with the reason (the amount can be retyped)
        assert isinstance(app.screen, AmountDialog)
        assert "9999" in str(app.screen.query_one("#amount-error", Static).render())
