"""The Infinite Horror keys of the campaign's sheets (RULES.md §2, §3.3, §3.10, §1.8): the
roster, a combatant added from a sheet, a check from a sheet, the extended actions. Each opens
a :class:`~console.screens.command_dialog.CommandDialog` through ``open_dialog``."""

from __future__ import annotations

from console.ih.base import IHBase
from console.screens.command_dialog import AskAmount
from console.screens.dialogs import ChoiceDialog
from engine.ih import commands as ih


class SheetKeys(IHBase):
    """Keys that work from the campaign's sheets."""

    def action_roster(self) -> None:
        from console.screens.roster import RosterScreen

        self.open_dialog(RosterScreen(self.look(), self.t, self.open_check))

    def open_check(self, who: str | None) -> None:
        """The check dialog for ``who`` (RULES.md §3.10), from the screen or the roster."""
        from console.ih.check_dialog import CheckDialog

        self.open_dialog(CheckDialog(self.look(), self.t, who))

    def action_check(self) -> None:
        self.open_check(self.selected)

    def action_add_from_sheet(self) -> None:
        """Pick a sheet, then how many: one combatant or N numbered ones (RULES.md §3.3)."""
        sheets = self.sheets()
        if not sheets:
            return
        view = self.view
        join = not (view is None or view.phase == "setup")

        def picked(name: str | None) -> None:
            if not name:
                return
            taken = self.view is not None and self.view.find(name) is not None

            def add(count: int) -> ih.AddFromSheet:
                grouped = count if count > 1 or taken else None
                return ih.AddFromSheet(name, name, grouped, join=join)

            title = self.t("roster.add-title", name=name)
            self.open_dialog(AskAmount(self.look(), add, self.t, title, default=1))

        t = self.t
        side_gap = "" if t.is_chinese else " "  # 安（玩家）, Ann (PC)
        options = [
            (s.name, s.name + side_gap + t("word.parenthesised", text=t(f"sheet.side.{s.side}")))
            for s in sheets
        ]
        self.app.push_screen(ChoiceDialog(self.t("roster.pick-title"), options), picked)

    def action_extended(self) -> None:
        from console.ih.extended_screen import ExtendedScreen

        self.open_dialog(ExtendedScreen(self.look(), self.t, self.selected))
