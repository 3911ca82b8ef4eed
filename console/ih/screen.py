"""The Infinite Horror combat screen (RULES.md §3): the queue, the budget, the detail, the dice.

The screen owns the scene (``SceneScreen.scene``) and derives the :class:`IHView` from it; the
panes are bound to ``view`` and ``selected`` and redraw themselves. Every key and dialog builds
a command object (``engine/ih/commands/``) and runs it through :meth:`SceneScreen.run_command`;
the journal writes it as ``format_command(command)``. What can be done now:
``console/ih/base.py``; the keys: ``ih_turn_keys``, ``ih_vitals_keys``,
``ih_sheet_keys``.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll

from console.ih.base import IHBase
from console.ih.panes import BudgetPane, DetailPane, ExtendedPane, InitiativeQueue
from console.ih.sheet_keys import SheetKeys
from console.ih.turn_keys import TurnKeys
from console.ih.view import encounter_of, ih_view, substitutions
from console.ih.vitals_keys import VitalsKeys
from console.keymap import COMBAT_KEYS, KeySpec
from console.messages import CombatantSelected
from console.roll_lines import roll_event
from console.widgets.dice_log import DiceLog
from engine.session import Scene


class IHScreen(TurnKeys, VitalsKeys, SheetKeys):
    """Run an Infinite Horror fight from the keyboard (RULES.md §3)."""

    CSS_PATH = "screen.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    SCREEN_KEYS: ClassVar[tuple[KeySpec, ...]] = COMBAT_KEYS

    def compose_body(self) -> ComposeResult:
        t = self.t
        with Horizontal(id="ih-main"):
            queue = InitiativeQueue(t, id="queue")
            queue.border_title = t("pane.queue")
            yield queue.data_bind(IHBase.view, IHBase.selected)
            with Vertical(id="ih-side"):
                budget = BudgetPane(t, id="budget")
                budget.border_title = t("pane.budget")
                yield budget.data_bind(IHBase.view, IHBase.selected, IHBase.paid)
                # In a scrolling box that takes the focus (Tab): at 80×24 the pane shows three
                # rows of a dozen (issue 18).
                with VerticalScroll(id="detail-box") as box:
                    box.border_title = t("pane.detail")
                    detail = DetailPane(t, id="detail")
                    yield detail.data_bind(IHBase.view, IHBase.selected)
                extended = ExtendedPane(t, id="extended")
                extended.border_title = t("pane.extended")
                yield extended.data_bind(IHBase.view)
                yield self.dice_log("dice-log", "pane.dice")

    def on_mount(self) -> None:
        super().on_mount()  # the log drawn, the queue focused (SceneScreen)
        self.say_surprise_pause()

    def watch_scene(self, scene: Scene | None) -> None:
        if scene is None:
            return
        view = ih_view(encounter_of(scene), scene.system, self._view_cache)
        if self.selected is None or view.find(self.selected) is None:
            self.selected = view.current or (view.order[0].name if view.order else None)
        self.paid = substitutions(scene)
        self.view = view
        if self.is_mounted:
            self.show_log(scene)

    def show_log(self, scene: Scene) -> None:
        """The dice of every journal entry; entries already drawn are reused (long fights)."""
        cache = self._dice_cache
        kept = 0
        while kept < min(len(cache), len(scene.journal)) and cache[kept][0] is scene.journal[kept]:
            kept += 1
        del cache[kept:]
        for entry in scene.journal[kept:]:
            lines = [roll_event(self.t, scene.system, event) for event in entry.events]
            cache.append((entry, [line for line in lines if line is not None]))
        self.query_one(DiceLog).show(
            [line for _, lines in cache for line in lines],
            [index for index, (_, lines) in enumerate(cache, start=1) for _ in lines],
        )

    def home(self) -> InitiativeQueue:
        return self.query_one(InitiativeQueue)

    def names(self) -> tuple[str, ...]:
        return self.view.names if self.view is not None else ()

    def on_combatant_selected(self, message: CombatantSelected) -> None:
        message.stop()
        if message.name is not None and message.name != self.selected:
            self.selected = message.name
            self.refresh_keys()
