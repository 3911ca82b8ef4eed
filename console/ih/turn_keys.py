"""The Infinite Horror keys of the turn order (RULES.md §3.2–§3.6, §3.9): begin, next, spend,
delay, add or join a combatant, remove one, hide one from the players, attack.

Each key builds a command object; a key that asks first opens a
:class:`~console.screens.command_dialog.CommandDialog` through ``open_dialog``, which answers
with the command (a refusal is shown in the dialog, which stays open).
"""

from __future__ import annotations

from console.ih.base import TURN_COMMANDS, IHBase
from console.ih.combat_forms import CombatantDialog
from console.screens.command_dialog import AskChoice, AskConfirm
from engine.ih import commands as ih


class TurnKeys(IHBase):
    """Keys that move the fight along and change who is in it."""

    KEY_COMMANDS = TURN_COMMANDS

    def action_select_current(self) -> None:
        if self.view is not None and self.view.current:
            self.selected = self.view.current

    def action_spend(self, kind: str) -> None:
        spend = self.spend_command(kind)
        if spend is not None:
            self.run_command(spend)

    def action_delay(self) -> None:
        view = self.view
        if view is None or self.selected is None:
            return
        who = self.selected
        # RULES.md §3.4: only after someone later in the order who has not acted yet (a delay
        # never raises a score); the engine refuses the others, so they are not offered.
        names = list(view.names)
        later = names[names.index(who) + 1 :] if who in names else []
        choices: list[tuple[ih.Command, str]] = [
            (ih.Delay(who, after=None), self.t("dialog.next-round"))
        ]
        choices += [
            (ih.Delay(who, after=name), self.t("dialog.after", name=name))
            for name in later
            if (row := view.find(name)) is not None and not row.marks.acted
        ]
        self.open_dialog(AskChoice(self.look(), self.t("dialog.delay-title", name=who), choices))

    def action_combatant(self, join: bool) -> None:
        """``a`` adds a combatant before the fight, ``J`` joins one to it (RULES.md §3.3)."""
        self.open_dialog(CombatantDialog(self.look(), self.t, join=bool(join)))

    def action_remove(self) -> None:
        who = self.selected
        if who is not None:
            question = self.t("dialog.remove-question", name=who)
            self.open_dialog(AskConfirm(self.look(), self.t, question, ih.Remove(who)))

    def action_toggle_hidden(self) -> None:
        """Hide the selected combatant from the players' view, or reveal them."""
        chosen = self.view.find(self.selected) if self.view is not None else None
        if chosen is not None:
            command = ih.Reveal(chosen.name) if chosen.marks.hidden else ih.Hide(chosen.name)
            self.run_command(command, "key")

    def action_attack(self) -> None:
        """The attack dialog for the current actor, the selected combatant as the target."""
        from console.ih.attack_dialog import AttackDialog

        view = self.view
        if view is None or view.current is None:
            self.refuse(self.t("attack.need-actor"), "key")
            return
        target = self.selected if self.selected != view.current else None
        self.open_dialog(AttackDialog(self.look(), self.t, view.current, target))
