"""The panes of the Infinite Horror combat screen (issue 6 §2), each drawn from an IHView.

Data flows down: the screen binds its ``view`` and ``selected`` reactives to these panes. The
queue posts :class:`~console.messages.CombatantSelected` when its cursor moves; nothing here
calls the engine.
"""

from __future__ import annotations

from functools import partial

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import Static

from console import render
from console.i18n import Translator, pad
from console.keymap import LIST_KEYS, merged
from console.messages import CombatantSelected
from console.screens.ih_view import CombatantView, IHView
from console.widgets.queue_view import RowList

COLUMN_WIDTHS: tuple[int, ...] = (15, 5, 11, 11, 10, 0)
"""Cells of name, initiative, marks, health, willpower; effects take the rest of the line."""


class InitiativeQueue(RowList):
    """The turn order: current actor, score, markers, health and willpower bars, effects."""

    view: reactive[IHView | None] = reactive(None, always_update=True)
    selected: reactive[str | None] = reactive(None)

    def __init__(self, translate: Translator, **kwargs: object) -> None:
        super().__init__(COLUMN_WIDTHS, **kwargs)
        self.t = translate
        self._bindings = merged(self._bindings, LIST_KEYS, translate)
        self._names: tuple[str, ...] = ()

    def on_mount(self) -> None:
        t = self.t
        keys = ("name", "initiative", "marks", "health", "willpower", "effects")
        self.set_header(
            tuple(Text(("  " if key == "name" else "") + t(f"queue.{key}")) for key in keys)
        )

    def watch_view(self, view: IHView | None) -> None:
        if view is None:
            return
        self._names = view.names
        self.set_rows([(c, partial(self._cells, c)) for c in view.order])
        self.watch_selected(self.selected)

    def watch_selected(self, name: str | None) -> None:
        if name in self._names:
            self.cursor_row = self._names.index(name)

    def _cells(self, combatant: CombatantView) -> tuple[Text, ...]:
        t = self.t
        style = "bold" if combatant.current else ("dim" if combatant.acted else "")
        name = Text("▶ " if combatant.current else "  ", style="bold")
        name.append(combatant.name, style=style)
        score = Text(f"{combatant.initiative:>3}  ")
        health = render.bar(
            combatant.health,
            combatant.health_max,
            4,
            render.meter_style(combatant.health, combatant.health_max),
        )
        willpower = render.bar(combatant.willpower, combatant.willpower_max, 3, "blue")
        effects = render.effects(
            t, [{"label": e.label, "rounds_left": e.rounds_left} for e in combatant.effects]
        )
        return (name, score, render.markers(t, combatant.as_mapping()), health, willpower, effects)

    def on_row_list_highlighted(self, event: RowList.Highlighted) -> None:
        event.stop()
        if 0 <= event.row < len(self._names):
            self.post_message(CombatantSelected(self._names[event.row]))


class _CombatantPane(Static):
    """A pane about one combatant: redrawn only when what it shows has changed."""

    view: reactive[IHView | None] = reactive(None, always_update=True, repaint=False)
    selected: reactive[str | None] = reactive(None, repaint=False)

    def __init__(self, translate: Translator, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.t = translate
        self._drawn: object = None

    def shown(self) -> object:
        """What the pane draws now; it is redrawn when this changes."""
        view = self.view
        if view is None:
            return None
        return view.find(self.selected) or view.find(view.current)

    def _maybe_refresh(self) -> None:
        now = self.shown()
        if now != self._drawn:
            self._drawn = now
            self.refresh()

    def watch_view(self) -> None:
        self._maybe_refresh()

    def watch_selected(self) -> None:
        self._maybe_refresh()


class BudgetPane(_CombatantPane):
    """The action budget of the selected combatant (the current actor by default), RULES.md §3.6."""

    paid: reactive[tuple[tuple[str, str], ...]] = reactive((), repaint=False)
    """Substitutions this turn: (action, paid by), e.g. ("move", "standard")."""

    def shown(self) -> object:
        return (super().shown(), self.paid)

    def watch_paid(self) -> None:
        self._maybe_refresh()

    def render(self) -> Group | Text:
        view = self.view
        t = self.t
        if view is None:
            return Text("")
        combatant = view.find(self.selected) or view.find(view.current)
        if combatant is None:
            return Text(t("budget.nobody"), style="dim")
        head = Text(combatant.name, style="bold")
        if combatant.current:
            head.append("  " + t("budget.their-turn"), style="green")
        elif combatant.acted:
            head.append("  " + t("budget.acted"), style="dim")
        else:
            head.append("  " + t("budget.off-turn"), style="yellow")
        lines: list[Text] = [head]
        lines.extend(render.budget_slots(t, combatant.budget, combatant.owed_swift))
        if combatant.current:
            for kind, by in self.paid:
                line = render.substitution(t, kind, by)
                if line is not None:
                    lines.append(line)
        return Group(*lines)


class DetailPane(_CombatantPane):
    """Traits, derived values, declared defense bonus and notes of the selected combatant."""

    def render(self) -> Group | Text:
        view = self.view
        t = self.t
        if view is None:
            return Text("")
        combatant = view.find(self.selected) or view.find(view.current)
        if combatant is None:
            return Text(t("detail.nobody"), style="dim")
        table = Table.grid(padding=(0, 1))
        table.add_column(no_wrap=True)
        table.add_column()
        table.add_row(
            Text(pad(t("queue.health"), 11), style="bold"),
            render.bar(
                combatant.health,
                combatant.health_max,
                10,
                render.meter_style(combatant.health, combatant.health_max),
            ),
        )
        table.add_row(
            Text(pad(t("queue.willpower"), 11), style="bold"),
            render.bar(combatant.willpower, combatant.willpower_max, 10, "blue"),
        )
        table.add_row(
            Text(pad(t("queue.initiative"), 11), style="bold"), Text(str(combatant.initiative))
        )
        for key, value in combatant.details:
            label = t(f"trait.{key}") if t.has(f"trait.{key}") else key.replace("_", " ")
            table.add_row(Text(pad(label, 11), style="bold"), Text(value))
        for effect in combatant.effects:
            line = Text(effect.label, style="italic")
            line.append(" " + t("effect.rounds-left", rounds=effect.rounds_left), style="dim")
            if effect.source:
                line.append(" " + t("effect.by", source=effect.source), style="dim")
            table.add_row(Text(pad(t("detail.effect"), 11), style="bold"), line)
        parts: list[Table | Text] = [table]
        if combatant.notes:
            parts.append(Text(combatant.notes, style="italic"))
        return Group(*parts)
