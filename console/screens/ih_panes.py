"""The panes of the Infinite Horror combat screen (issue 6 §2), each drawn from an IHView.

Data flows down: the screen binds its ``view`` and ``selected`` reactives to these panes. The
queue posts :class:`~console.messages.CombatantSelected` when its cursor moves; nothing here
calls the engine.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widgets import DataTable, Static

from console import render
from console.i18n import Translator, fit, pad
from console.keymap import LIST_KEYS, merged
from console.messages import CombatantSelected
from console.screens.ih_view import CombatantView, IHView


class InitiativeQueue(DataTable[Text]):
    """The turn order: current actor, score, markers, health and willpower bars, effects."""

    view: reactive[IHView | None] = reactive(None, always_update=True)
    selected: reactive[str | None] = reactive(None)

    def __init__(self, translate: Translator, **kwargs: object) -> None:
        super().__init__(cursor_type="row", zebra_stripes=False, **kwargs)  # type: ignore[arg-type]
        self.t = translate
        self._bindings = merged(self._bindings, LIST_KEYS, translate)
        self._names: tuple[str, ...] = ()

    def on_mount(self) -> None:
        t = self.t
        self.add_column(t("queue.name"), key="name", width=14)
        self.add_column(t("queue.initiative"), key="initiative", width=4)
        self.add_column(t("queue.marks"), key="marks", width=10)
        self.add_column(t("queue.health"), key="health", width=10)
        self.add_column(t("queue.willpower"), key="willpower", width=8)
        self.add_column(t("queue.effects"), key="effects")

    def watch_view(self, view: IHView | None) -> None:
        if view is None:
            return
        keep = self.selected
        self.clear()
        for combatant in view.order:
            self.add_row(*self._cells(combatant), key=combatant.name)
        self._names = view.names
        target = keep if keep in self._names else view.current
        if target in self._names:
            self.move_cursor(row=self._names.index(target))

    def watch_selected(self, name: str | None) -> None:
        if name in self._names and self.cursor_row != self._names.index(name):
            self.move_cursor(row=self._names.index(name))

    def _cells(self, combatant: CombatantView) -> tuple[Text, ...]:
        t = self.t
        style = "bold" if combatant.current else ("dim" if combatant.acted else "")
        name = Text("▶ " if combatant.current else "  ", style="bold")
        name.append(fit(combatant.name, 12).rstrip(), style=style)
        score = Text(str(combatant.initiative), justify="right")
        health = render.bar(
            combatant.health,
            combatant.health_max,
            4,
            render.meter_style(combatant.health, combatant.health_max),
        )
        willpower = render.bar(combatant.willpower, combatant.willpower_max, 3, "blue")
        return (
            name,
            score,
            render.markers(t, combatant.as_mapping()),
            health,
            willpower,
            render.effects(
                t, [{"label": e.label, "rounds_left": e.rounds_left} for e in combatant.effects]
            ),
        )

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        if event.cursor_row != self.cursor_row:
            return  # a stale highlight from a redraw; the cursor has moved on since
        name = event.row_key.value if event.row_key is not None else None
        self.post_message(CombatantSelected(name))


class BudgetPane(Static):
    """The action budget of the selected combatant (the current actor by default), RULES.md §3.6."""

    view: reactive[IHView | None] = reactive(None, always_update=True, layout=True)
    selected: reactive[str | None] = reactive(None, layout=True)
    paid: reactive[tuple[tuple[str, str], ...]] = reactive((), layout=True)
    """Substitutions this turn: (action, paid by), e.g. ("move", "standard")."""

    def __init__(self, translate: Translator, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.t = translate

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


class DetailPane(Static):
    """Traits, derived values, declared defense bonus and notes of the selected combatant."""

    view: reactive[IHView | None] = reactive(None, always_update=True)
    selected: reactive[str | None] = reactive(None)

    def __init__(self, translate: Translator, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.t = translate

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
            Text(pad(t("queue.health"), 10), style="bold"),
            render.bar(
                combatant.health,
                combatant.health_max,
                10,
                render.meter_style(combatant.health, combatant.health_max),
            ),
        )
        table.add_row(
            Text(pad(t("queue.willpower"), 10), style="bold"),
            render.bar(combatant.willpower, combatant.willpower_max, 10, "blue"),
        )
        table.add_row(
            Text(pad(t("queue.initiative"), 10), style="bold"), Text(str(combatant.initiative))
        )
        for key, value in combatant.details:
            label = t(f"trait.{key}") if t.has(f"trait.{key}") else key.replace("_", " ")
            table.add_row(Text(pad(label, 10), style="bold"), Text(value))
        for effect in combatant.effects:
            line = Text(effect.label, style="italic")
            line.append(" " + t("effect.rounds-left", rounds=effect.rounds_left), style="dim")
            if effect.source:
                line.append(" " + t("effect.by", source=effect.source), style="dim")
            table.add_row(Text(pad(t("detail.effect"), 10), style="bold"), line)
        parts: list[Table | Text] = [table]
        if combatant.notes:
            parts.append(Text(combatant.notes, style="italic"))
        return Group(*parts)
