"""The Infinite Horror keys of health, willpower, initiative, lasting effects and rolls
(RULES.md §1.1, §1.7, §3.1, §3.8): each asks for a number or a form that answers with the
command object, through ``open_dialog`` (a refusal is shown in the dialog, which stays open)."""

from __future__ import annotations

from collections.abc import Callable

from console.ih.base import IHBase
from console.ih.combat_forms import EffectDialog
from console.screens.command_dialog import AskAmount
from engine.ih import commands as ih

AMOUNTS: dict[str, tuple[Callable[[str, int], ih.Command], bool]] = {
    "damage": (ih.Damage, False),
    "heal": (ih.Heal, False),
    "willpower": (ih.AdjustWillpower, True),
    "initiative": (ih.ChangeInitiative, True),
}
"""The keys that ask for a number (``amount('damage')`` in console/keys.toml): the command
the number makes for the selected combatant, and whether it may be negative. The dialog's
title is ``dialog.<kind>-title``."""


class VitalsKeys(IHBase):
    """Keys that change the selected combatant's health, willpower, initiative or effects."""

    def action_amount(self, kind: str) -> None:
        """Ask for a number; the dialog answers with the command it makes (:data:`AMOUNTS`)."""
        who = self.selected
        if who is not None and kind in AMOUNTS:
            make, signed = AMOUNTS[kind]
            title = self.t(f"dialog.{kind}-title", name=who)
            ask = AskAmount(
                self.look(), lambda amount: make(who, amount), self.t, title, signed=signed
            )
            self.open_dialog(ask)

    def action_effect(self) -> None:
        if self.selected is not None and self.view is not None:
            self.open_dialog(EffectDialog(self.look(), self.t, self.selected, self.view.current))

    def action_roll(self) -> None:
        from console.ih.view import encounter_of
        from console.screens.roll_dialog import RollDialog, WillpowerState
        from engine.ih.family import find_combatant

        scene = self.history.scene
        roller = find_combatant(encounter_of(scene), self.selected) if self.selected else None
        willpower = None
        if roller is not None:
            willpower = WillpowerState(
                left=roller.willpower,
                most=roller.willpower_max,
                waiting=roller.boost_pending and not roller.boost_rolled,
                rolled=roller.boost_pending and roller.boost_rolled,
            )
        dialog = RollDialog(
            self.look(),
            self.t,
            scene.system,
            self.selected,
            interpretations=scene.state.interpretations,
            willpower=willpower,
        )
        self.open_dialog(dialog)
