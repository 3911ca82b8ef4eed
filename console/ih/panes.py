"""The panes of the Infinite Horror combat screen (RULES.md §3), each drawn from an IHView.

Data flows down: the screen binds its ``view`` and ``selected`` reactives to these panes. The
queue posts :class:`~console.messages.CombatantSelected` when its cursor moves; nothing here
calls the engine.
"""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

from rich.text import Text
from textual.reactive import reactive

from console import render
from console.i18n import Translator, pad
from console.ih import combat_text
from console.ih.view import CombatantView, IHView
from console.keymap import LIST_KEYS, merged
from console.messages import CombatantSelected
from console.textual_compat import bindings_of, set_bindings
from console.widgets.queue_view import RowList
from console.widgets.text_lines import TextLines

COLUMN_WIDTHS: tuple[int, ...] = (15, 5, 11, 11, 10, 0)
"""Cells of name, initiative, marks, health, willpower; effects take the rest of the line."""

COMPACT_WIDTHS: tuple[int, ...] = (11, 5, 11, 8, 5, 0)
"""Below :data:`WIDE_FROM` cells: short health bar, willpower as a number, effects counted."""

TINY_WIDTHS: tuple[int, ...] = (12, 5, 6, 6, 0)
"""Below :data:`COMPACT_FROM` cells: no willpower column, health as a number, effects counted."""

WIDE_FROM = sum(COLUMN_WIDTHS) + 12
"""The full layout needs its columns and 12 cells of effects."""

COMPACT_FROM = sum(COMPACT_WIDTHS) + 4
"""The compact layout needs its columns and 4 cells for the count of effects."""

PC_STYLE = "underline cyan"
"""How a player character's name is drawn in the queue (colour, and underlined for screens
and people without it)."""

KEYS = ("name", "initiative", "marks", "health", "willpower", "effects")


class InitiativeQueue(RowList):
    """The turn order: current actor, score, markers, health and willpower bars, effects."""

    # repaint=False: the rows that changed are redrawn by ``set_rows``, not the whole list.
    view: reactive[IHView | None] = reactive(None, always_update=True, repaint=False)
    selected: reactive[str | None] = reactive(None, repaint=False)

    def __init__(self, translate: Translator, **kwargs: object) -> None:
        super().__init__(COLUMN_WIDTHS, **kwargs)
        self.t = translate
        set_bindings(self, merged(bindings_of(self), LIST_KEYS, translate))
        self._names: tuple[str, ...] = ()

    def on_mount(self) -> None:
        t = self.t
        self.set_header(
            tuple(Text(("  " if key == "name" else "") + t(f"queue.{key}")) for key in KEYS)
        )

    def column_widths(self, width: int) -> tuple[int, ...]:
        """Full columns when they fit; at 80×24 (a 46-cell queue) the compact ones."""
        if width >= WIDE_FROM:
            return COLUMN_WIDTHS
        return COMPACT_WIDTHS if width >= COMPACT_FROM else TINY_WIDTHS

    def header_cells(self, width: int) -> tuple[Text, ...]:
        cells = self._header
        if width >= WIDE_FROM or len(cells) != len(KEYS):
            return cells
        # The effects are counted (✦2) under a header of the same sign.
        effects = Text(self.t("queue.effects-short"))
        if width >= COMPACT_FROM:
            return (*cells[:4], Text(self.t("queue.willpower-short")), effects)
        return (*cells[:4], effects)  # no willpower column

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
        width = self.size.width
        style = "bold" if combatant.current else ("dim" if combatant.marks.acted else "")
        if combatant.marks.unconscious:
            style += " strike"
        name = Text("▶ " if combatant.current else "  ", style="bold")
        # PCs in the players' colour, NPCs plain (issue 18: they looked the same).
        name.append(combatant.name, style=f"{style} {PC_STYLE}" if combatant.pc else style)
        score = Text(f"{combatant.initiative:>3}  ")
        marks = combat_text.markers(t, combatant.marks)
        health_style = render.meter_style(combatant.health, combatant.health_max)
        if width >= WIDE_FROM:
            health = render.bar(combatant.health, combatant.health_max, 4, health_style)
            willpower = render.bar(combatant.willpower, combatant.willpower_max, 3, "blue")
            effects = combat_text.effects(t, combatant.effects)
            return (name, score, marks, health, willpower, effects)
        count = Text(f"✦{len(combatant.effects)}" if combatant.effects else "", style="italic")
        if width >= COMPACT_FROM:
            health = render.bar(combatant.health, combatant.health_max, 2, health_style)
            willpower = Text(f"{combatant.willpower}/{combatant.willpower_max}", style="blue")
            return (name, score, marks, health, willpower, count)
        health = Text(f"{combatant.health}/{combatant.health_max}", style=health_style)
        return (name, score, marks, health, count)

    def on_row_list_highlighted(self, event: RowList.Highlighted) -> None:
        event.stop()
        if 0 <= event.row < len(self._names):
            self.post_message(CombatantSelected(self._names[event.row]))


_NOT_DRAWN = object()
"""What a pane has drawn before its first drawing (not ``None``: an empty fight shows None)."""


class _CombatantPane(TextLines):
    """A pane about one combatant: redrawn only when what it shows has changed."""

    view: reactive[IHView | None] = reactive(None, always_update=True, repaint=False)
    selected: reactive[str | None] = reactive(None, repaint=False)

    def __init__(self, translate: Translator, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.t = translate
        self._drawn: object = _NOT_DRAWN
        self._scheduled = False

    def shown(self) -> object:
        """What the pane draws now; it is redrawn when this changes."""
        view = self.view
        if view is None:
            return _NOT_DRAWN  # nothing to draw yet
        return view.find(self.selected) or view.find(view.current)

    def _maybe_refresh(self) -> None:
        """Draw again once the screen has set both its view and selection.

        A ``next`` sets the view, then selects the new current actor: drawing after each would
        make the pane's lines twice per keypress.
        """
        if not self._scheduled:
            self._scheduled = True
            self.call_next(self._refresh_now)

    def _refresh_now(self) -> None:
        self._scheduled = False
        now = self.shown()
        if now != self._drawn:
            self._drawn = now
            self.show(self.text_lines())

    NOBODY: ClassVar[str] = "detail.nobody"
    """The locale key of the line shown when nobody is selected."""

    def text_lines(self) -> list[Text]:
        """The lines the pane shows now: the selected combatant's (or the current actor's)."""
        view = self.view
        if view is None:
            return []
        combatant = view.find(self.selected) or view.find(view.current)
        if combatant is None:
            return [Text(self.t(self.NOBODY), style="dim")]
        return self.combatant_lines(combatant)

    def combatant_lines(self, combatant: CombatantView) -> list[Text]:
        """Each pane draws its own part of the combatant."""
        return []

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

    NOBODY = "budget.nobody"

    def combatant_lines(self, combatant: CombatantView) -> list[Text]:
        t = self.t
        head = Text(combatant.name, style="bold")
        if combatant.current:
            head.append("  " + t("budget.their-turn"), style="green")
        elif combatant.marks.acted:
            head.append("  " + t("budget.acted"), style="dim")
        else:
            head.append("  " + t("budget.off-turn"), style="yellow")
        lines: list[Text] = [head]
        if combatant.current:
            lines.extend(combat_text.budget_slots(t, combatant.budget, combatant.owed_swift))
        else:
            # What is left of their last turn is spent and gone: show what the next one brings.
            lines.append(Text(t("budget.next-turn"), style="dim italic"))
            lines.extend(combat_text.budget_slots(t, combatant.next_budget, combatant.owed_swift))
        if combatant.current:
            for kind, by in self.paid:
                line = combat_text.substitution(t, kind, by)
                if line is not None:
                    lines.append(line)
        return lines


class DetailPane(_CombatantPane):
    """Traits, derived values, declared defense bonus and notes of the selected combatant."""

    def combatant_lines(self, combatant: CombatantView) -> list[Text]:
        """Lines of Text (a rich Table costs several times more to draw on every ``next``)."""
        t = self.t
        rows: list[tuple[str, Text]] = [
            (
                t("queue.health"),
                render.bar(
                    combatant.health,
                    combatant.health_max,
                    10,
                    render.meter_style(combatant.health, combatant.health_max),
                ),
            ),
            (
                t("queue.willpower"),
                render.bar(combatant.willpower, combatant.willpower_max, 10, "blue"),
            ),
            (t("queue.initiative"), Text(str(combatant.initiative))),
        ]
        on_sheet = ("kind", "dexterity", "composure") if combatant.sheet is not None else ()
        for key, value in combatant.details:
            if key in on_sheet:
                continue  # shown with the sheet's traits below
            label = t(f"trait.{key}") if t.has(f"trait.{key}") else key.replace("_", " ")
            if key == "kind" and t.has(f"kind.{value}"):
                value = t(f"kind.{value}")
            rows.append((label, Text(value)))
        for effect in combatant.effects:
            about = Text(effect.label, style="italic")
            left = t("effect.rounds-left", rounds=effect.rounds_left)
            about.append(left if t.is_chinese else " " + left, style="dim")
            if effect.source:
                about.append(" " + t("effect.by", source=effect.source), style="dim")
            rows.append((t("detail.effect"), about))
        lines: list[Text] = []
        for index, (name, shown) in enumerate(rows):
            if index == 3 and combatant.sheet is not None:
                lines.extend(_sheet_lines(t, combatant))  # right under health, willpower, init
            line = Text()
            line.append(pad(name, 11) + " ", style="bold")
            line.append_text(shown)
            lines.append(line)
        if combatant.sheet is not None and len(rows) <= 3:
            lines.extend(_sheet_lines(t, combatant))
        if combatant.notes:
            lines.append(Text(combatant.notes, style="italic"))
        return lines


def _sheet_lines(t: Translator, combatant: CombatantView) -> list[Text]:
    """The sheet's traits under the combatant's own values (RULES.md §2): one line a category."""
    head = Text()
    head.append(pad(t("detail.sheet"), 11) + " ", style="bold")
    head.append(combatant.sheet or "", style="italic")
    lines = [head]
    for category, values in combatant.sheet_traits:
        line = Text()
        line.append(pad(t(f"trait.{category}"), 11) + " ", style="bold")
        for index, (name, value) in enumerate(values):
            if index:
                line.append(" ")
            line.append(t(f"trait-short.{name}"), style="dim")
            line.append(str(value))
        lines.append(line)
    if combatant.specialties:
        line = Text()
        line.append(pad(t("trait.specialty"), 11) + " ", style="bold")
        line.append(
            t("word.list-sep").join(f"{name} {level}" for name, level in combatant.specialties)
        )
        lines.append(line)
    return lines


class ExtendedPane(TextLines):
    """The scene's extended actions with progress bars (RULES.md §1.8, §3.10); hidden when none.

    A bar per action: successes against the DC; the 1s against the DC when the mishap rule is on,
    in yellow with a warning once they come near it (the ST must tell the player the risk).
    """

    view: reactive[IHView | None] = reactive(None, always_update=True, repaint=False)

    def __init__(self, translate: Translator, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.t = translate
        self._drawn: object = _NOT_DRAWN

    def watch_view(self, view: IHView | None) -> None:
        tasks = view.extended if view is not None else ()
        if tasks == self._drawn:
            return
        self._drawn = tasks
        self.display = bool(tasks)
        self.show([line for task in tasks for line in extended_lines(self.t, task)])


def extended_lines(t: Translator, task: object) -> list[Text]:
    """One extended action: id, label, who, its bar of successes, the 1s, the rolls."""
    x: Any = task
    head = Text()
    head.append(f"{x.id} ", style="magenta bold")
    head.append(x.label, style="bold")
    head.append(f"  {x.by}", style="dim")
    if x.state != "going":
        state = t(f"extended.state.{x.state}")
        if x.failure:
            state += " (" + t(f"extended.failure.{x.failure}") + ")"
        head.append("  " + state, style="green" if x.state == "done" else "red")
    bar = Text("  ")
    bar.append_text(render.bar(x.successes, x.dc, 12, "green"))
    rolls = f"{x.rolls}/{x.deadline}" if x.deadline else str(x.rolls)
    bar.append(
        "  " + t("extended.rolls", rolls=rolls, interval=t(f"extended.interval.{x.interval}")),
        style="dim",
    )
    lines = [head, bar]
    if x.mishap:
        ones = Text("  ")
        near = x.mishap_near
        ones.append_text(render.bar(x.ones, x.dc, 12, "yellow" if near else "red"))
        ones.append(" " + t("extended.ones"))
        if near:
            ones.append(" ⚠ " + t("extended.mishap-near", ones=x.ones), style="bold yellow")
        lines.append(ones)
    return lines
