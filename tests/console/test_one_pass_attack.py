"""One attack from the key to the screen resolves once (issue 24 §1: one pass per command).

The dialog asks the engine's refusal (``engine/refusal.py``: no dice) before it answers, the
odds are read once per change of a field, and the screen applies the attack once: one
resolution, one set of dice, whatever the dialog asked before.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from console_support import AppRun, ih_screen, opened_quietly

from console.ih.attack_dialog import AttackDialog
from engine.ih import attack as attack_module
from engine.refusal import NoDice

FIGHT = """
add Cid init=16 dex=2 com=1 defense=2 defense-bonus=1 health=6 willpower=2 npc
add Ann init=15 dex=3 com=3 defense=3 health=7 willpower=5 pc
begin
next
"""


async def test_an_attack_is_resolved_once_and_its_dice_rolled_once(
    run_app: AppRun, monkeypatch: pytest.MonkeyPatch
) -> None:
    resolved: list[str] = []
    rolled: list[int] = []
    real_attack, real_roll = attack_module.attack, attack_module.roll_check

    def counted_attack(state: Any, command: Any, rng: random.Random) -> Any:
        resolved.append("dry" if isinstance(rng, NoDice) else "applied")
        return real_attack(state, command, rng)

    def counted_roll(spec: Any, rng: random.Random) -> Any:
        result = real_roll(spec, rng)  # NoDice stops here, before it is counted
        rolled.append(result.dp)
        return result

    monkeypatch.setattr(attack_module, "attack", counted_attack)
    monkeypatch.setattr(attack_module, "roll_check", counted_roll)
    from engine.ih import handlers

    monkeypatch.setattr(handlers.attack, "attack", counted_attack)
    async with run_app(script=FIGHT) as (app, pilot):
        await opened_quietly(pilot)
        ih_screen(app).selected = "Cid"
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        assert isinstance(app.screen, AttackDialog)
        await pilot.press("5")
        await pilot.pause()
        resolved.clear()
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert ih_screen(app).history.scene.journal[-1].text == "attack Ann Cid dp=5"
    assert resolved.count("applied") == 1  # the screen applied it once
    assert resolved.count("dry") <= 1  # the refusal stopped at its first die
    assert len(rolled) == 1  # one roll of dice, the attack's own
