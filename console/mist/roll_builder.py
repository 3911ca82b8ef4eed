"""The roll builder (RULES.md §4.2): tick tags and statuses, see the power and the odds, roll.

Space ticks a row (a weakness hinders, a Taint theme is indulged, the rest help), ``h`` marks it
hindering, ``b`` burns a tag (+3, RULES.md §4.1), ``t`` picks the target (``Ctrl+T`` or ``↑`` /
``↓`` while the 9+ status name is being typed, where ``t`` is a letter). Rows are cut to the
list's width (the kinds shrink first, then the longest names get an ellipsis), so nothing wraps
at 80 columns and CJK names are measured in terminal cells; rows that are not the actor's own
sit under a header naming their owner (the scene, a challenge, an ally). The power breakdown is
the engine's own (``engine/mist/power.py``) and the three bands come from the exact odds
(``engine/dice/odds.py``), so what is shown is exactly what will be rolled. Rolling answers with
the ``TakeAction`` (or ``Mitigate``) command once the scene's probe says the engine takes it
(a :class:`~console.screens.command_dialog.CommandDialog`); the screen runs it through its one
path into the engine.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Group
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from console.i18n import Translator, fit
from console.keymap import BUILDER_KEYS, RECIPIENT_KEYS, bindings_for, merged
from console.mist import roll_text
from console.mist.sources import (
    SourceRow,
    Tick,
    allowed,
    default_tick,
    kind_of,
    power_choice,
    source_rows,
)
from console.screens.command_dialog import CommandDialog, Probe
from console.textual_compat import bindings_of, set_bindings
from console.widgets.ordered_input import OrderedInput
from engine.dice.odds import mist_odds
from engine.errors import RuleError
from engine.mist import commands as mist
from engine.mist import roster
from engine.mist.power import breakdown
from engine.mist.state import MistState
from engine.mist.tags import SCENE

TICK_MARKS = {
    Tick.OFF: ("[ ]", "dim"),
    Tick.HELP: ("[+]", "bold green"),
    Tick.HINDER: ("[−]", "bold red"),
    Tick.BURN: ("[b]", "bold yellow"),
    Tick.INDULGE: ("[i]", "bold magenta"),
}


MARK_WIDTH = 5
"""``[+]`` and a space before a row's name."""
MIN_NAME_WIDTH = 10
MIN_KIND_WIDTH = 8
ODDS_LABEL_WIDTH = 11 + 7
"""A band's label and its percentage beside the bar (``roll_text.odds_bands``)."""


def grouped(rows: tuple[SourceRow, ...], actor: str) -> tuple[SourceRow, ...]:
    """The rows with the actor's own first, then each owner's together (in order of appearance)."""
    first: dict[str, int] = {}
    for index, row in enumerate(rows):
        first.setdefault(row.owner, -1 if row.owner == actor else index)
    return tuple(sorted(rows, key=lambda row: first[row.owner]))


class RollBuilder(CommandDialog):
    """Build an action roll (or a mitigation) for one character from the keyboard."""

    CSS_PATH = "mist_screen.tcss"
    BINDINGS = bindings_for(RECIPIENT_KEYS)
    """Arrows reach the screen only from the 9+ status field (the row list takes them first):
    there they change who gets the status."""

    def __init__(
        self,
        translate: Translator,
        state: MistState,
        actor: str,
        probe: Probe,
        *,
        consequence: str | None = None,
    ) -> None:
        super().__init__(probe)
        self.t = translate
        self.state = state
        self.actor = roster.character(state, actor)
        self.consequence = consequence
        self.incoming = next((x for x in state.consequences if x.id == consequence), None)
        self.rows: tuple[SourceRow, ...] = grouped(source_rows(state, self.actor), self.actor.name)
        self.ticks: list[Tick] = [Tick.OFF] * len(self.rows)
        others = tuple(p.name for p in state.characters if p.name != self.actor.name)
        self.targets: tuple[str | None, ...] = (
            (None,) + tuple(c.name for c in state.challenges if not c.overcome) + others
            if consequence is None
            else (None,) + others
        )
        self.target_index = 1 if len(self.targets) > 1 and consequence is None else 0
        self.extra: str | None = None
        self.row_width = 0
        set_bindings(self, merged(bindings_of(self), BUILDER_KEYS, translate))

    @property
    def target(self) -> str | None:
        return self.targets[self.target_index]

    def compose(self) -> ComposeResult:
        t = self.t
        if self.consequence is None:
            title = t("mist.builder.title", name=self.actor.name)
        elif self.incoming is not None and self.incoming.status:  # what comes at them
            status, tier = self.incoming.status, self.incoming.tier
            key = "mist.builder.mitigate-title-status"
            title = t(key, name=self.actor.name, id=self.consequence, status=status, tier=tier)
        else:
            title = t("mist.builder.mitigate-title", name=self.actor.name, id=self.consequence)
        with Vertical(id="builder-box"):
            yield Label(title, id="builder-title")
            hint = "mist.builder.hint" if self.consequence is None else "mist.builder.mitigate-hint"
            yield Static(t(hint), id="builder-hint")
            with Horizontal(id="builder-main"):
                yield OptionList(*self._options(), id="builder-rows")
                with Vertical(id="builder-side"):
                    yield Static("", id="builder-target")
                    if self.consequence is not None:
                        extra = OrderedInput(
                            placeholder=t("mist.builder.extra-status-name"),
                            id="builder-extra-status",
                        )
                        extra.display = False
                        yield extra
                    yield Static("", id="builder-breakdown")
                    yield Static("", id="builder-odds")
            yield Static("", id="builder-error")

    def _kind(self, row: SourceRow, short: bool = False) -> str:
        """A row's kind (``power tag``, or ``power`` when short) and tier."""
        kind = self.t(("mist.source-short." if short else "mist.source.") + kind_of(row))
        return kind + (f" {row.tier}" if row.tier else "")

    def _columns(self) -> tuple[int, bool]:
        """The name column's width and whether the kinds are short, for the list's width.

        The names matter most: they keep their full width while the kinds shrink to one word;
        only then are the longest names cut (with an ellipsis), never below 10 cells.
        """
        longest = max((cell_len(row.name) for row in self.rows), default=MIN_NAME_WIDTH)
        if not self.row_width:
            return min(longest, 22), False
        for short in (False, True):
            kind = max((cell_len(self._kind(row, short)) for row in self.rows), default=0)
            if MARK_WIDTH + longest + 1 + kind <= self.row_width:
                return longest, short
        room = self.row_width - MARK_WIDTH - 1 - min(kind, MIN_KIND_WIDTH)
        return max(MIN_NAME_WIDTH, min(longest, room)), True

    def _row_text(self, row: SourceRow, tick: Tick) -> Text:
        """``[+]  name  kind tier``, cut to the list's width so it never wraps."""
        mark, style = TICK_MARKS[tick]
        text = Text(f"{mark:<4} ", style=style, no_wrap=True, overflow="ellipsis")
        name_style = "strike dim" if row.burned else ("bold" if tick is not Tick.OFF else "")
        width, short = self._columns()
        text.append(fit(row.name, width), style=name_style)
        kind = self._kind(row, short)
        if self.row_width:
            room = self.row_width - MARK_WIDTH - width - 1
            kind = fit(kind, room).rstrip() if room > 1 else ""
        text.append(f" {kind}".rstrip(), style="dim")
        return text

    def _header(self, owner: str) -> Text:
        """The line over one owner's rows: ``── Hound ──`` (a challenge, the scene, an ally)."""
        width = self.row_width or 40
        if owner == SCENE:
            owner = self.t("mist.builder.scene-owner")
        label = f"── {fit(owner, max(4, width - 8)).rstrip()} "
        return Text(label + "─" * max(2, width - cell_len(label)), style="dim", no_wrap=True)

    def _options(self) -> list[Option]:
        """One option a row (its id the row's index), under a header whenever the owner changes.

        The actor's own tags come first without a header; the scene's and the challenges' story
        tags and statuses, and the allies' tags, are grouped under their owner's name, so a
        status on the Hound never reads as the actor's own.
        """
        options: list[Option] = []
        owner = self.actor.name
        for index, (row, tick) in enumerate(zip(self.rows, self.ticks, strict=True)):
            if row.owner != owner:
                owner = row.owner
                options.append(Option(self._header(owner), id=f"owner-{index}", disabled=True))
            options.append(Option(self._row_text(row, tick), id=str(index)))
        return options

    def _row_at_cursor(self) -> int | None:
        """The index of the highlighted row (headers are never highlighted)."""
        rows = self.query_one("#builder-rows", OptionList)
        if rows.highlighted is None:
            return None
        ident = rows.get_option_at_index(rows.highlighted).id or ""
        return int(ident) if ident.isdigit() else None

    def on_mount(self) -> None:  # then CommandDialog.on_mount (Textual calls each class's)
        rows = self.query_one("#builder-rows", OptionList)
        rows.focus()
        if self.rows:
            rows.highlighted = 0
        self.update_preview()

    def on_resize(self, event: events.Resize) -> None:
        """Cut the rows to the list's new width once the layout has it."""
        self.call_after_refresh(self._fit_rows)

    def _fit_rows(self) -> None:
        rows = self.query_one("#builder-rows", OptionList)
        width = rows.scrollable_content_region.width - 1
        if width <= 0 or width == self.row_width:
            return
        self.row_width = width
        for option in self._options():
            rows.replace_option_prompt(option.id or "", option.prompt)
        self.update_preview()

    # -- ticking --------------------------------------------------------------------------------

    def action_tick(self, how: str = "") -> None:
        """Toggle the highlighted row: space as its default, ``h`` hindering, ``b`` burned."""
        rows = self.query_one("#builder-rows", OptionList)
        index = self._row_at_cursor()
        if index is None or not self.rows:
            return
        row = self.rows[index]
        wanted = Tick(how) if how else default_tick(row)
        new = Tick.OFF if self.ticks[index] is wanted else wanted
        if not allowed(row, new):
            self.query_one("#builder-error", Static).update(
                Text(
                    self.t(
                        "mist.builder.cannot",
                        name=row.name,
                        how=self.t(f"mist.tick.{wanted.value}"),
                    ),
                    "red",
                )
            )
            return
        if new is Tick.INDULGE:
            self.ticks = [Tick.OFF if tick is Tick.INDULGE else tick for tick in self.ticks]
        self.ticks[index] = new
        rows.replace_option_prompt(str(index), self._row_text(row, new))
        self.update_preview()

    def action_target(self) -> None:
        """``t`` (``Ctrl+T`` too): the next target, or who gets the 9+ status when mitigating."""
        self.target_index = (self.target_index + 1) % len(self.targets)
        self.update_preview()

    def action_recipient(self, step: int) -> None:
        """``↑`` / ``↓`` in the 9+ status field: who gets the status (yourself or an ally)."""
        if self.consequence is None or self.extra != "status":
            return
        self.target_index = (self.target_index + int(step)) % len(self.targets)
        self.update_preview()

    def action_extra(self) -> None:
        """Cycle the 9+ choice of a mitigation (§4.3): nothing, one more tier, a tier-1 status."""
        if self.consequence is None:
            return
        self.extra = {None: "reduce", "reduce": "status"}.get(self.extra)
        field = self.query_one("#builder-extra-status", Input)
        field.display = self.extra == "status"
        if self.extra == "status":
            field.focus()
        else:
            self.query_one("#builder-rows", OptionList).focus()
        self.update_preview()

    def _extra_status(self) -> str:
        if self.consequence is None:
            return ""
        return self.query_one("#builder-extra-status", Input).value.strip()

    def on_input_changed(self, event: Input.Changed) -> None:
        self.update_preview()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_roll()

    # -- preview --------------------------------------------------------------------------------

    def command(self) -> mist.TakeAction | mist.Mitigate:
        """The ``TakeAction`` or ``Mitigate`` command the ticks make now (RULES.md §4.2, §4.3)."""
        choice = power_choice(self.rows, tuple(self.ticks))
        if self.consequence is None:
            return mist.TakeAction(self.actor.name, choice, self.target or None)
        if self.extra == "reduce":
            return mist.Mitigate(self.consequence, choice, "reduce")
        if self.extra == "status":
            status = self._extra_status() or "?"
            return mist.Mitigate(self.consequence, choice, "status", status, self.target or None)
        return mist.Mitigate(self.consequence, choice)

    def command_line(self) -> str:
        """The command as the journal will write it, shown under the odds."""
        from engine.commands import format_command

        return format_command(self.command())

    def update_preview(self) -> None:
        """Redraw the breakdown and the odds of each band for the rows ticked now."""
        t = self.t
        error = self.query_one("#builder-error", Static)
        error.update("")
        if self.consequence is None:
            target = Text(t("mist.builder.target") + t.colon, style="bold")
            target.append(self.target or t("mist.none"))
        else:
            target = Text(t("mist.builder.extra") + t.colon, style="bold")
            if self.extra == "reduce":
                target.append(t("mist.builder.extra-reduce"))
            elif self.extra == "status":
                who = self.target or t("mist.builder.yourself")
                name = self._extra_status() or "…"
                target.append(t("mist.builder.extra-status", name=name, who=who))
            else:
                target.append(t("mist.none"))
        self.query_one("#builder-target", Static).update(target)
        choice = power_choice(self.rows, tuple(self.ticks))
        side = self.query_one("#builder-side").scrollable_content_region.width
        try:
            paid = breakdown(self.state, self.actor, choice, self.target)
        except RuleError as problem:
            error.update(Text(problem.render(self.t.lang), style="red"))
            return
        self.query_one("#builder-breakdown", Static).update(
            Group(*roll_text.breakdown_lines(t, paid.sources, side or None))
        )
        odds = mist_odds(paid.power, self.state.interpretations)
        bands = [Text(t("mist.builder.odds"), style="bold underline")]
        bar = max(6, min(24, side - ODDS_LABEL_WIDTH)) if side else 24
        bands += roll_text.odds_bands(t, odds, bar)
        bands.append(Text(self.command_line(), style="dim italic"))
        self.query_one("#builder-odds", Static).update(Group(*bands))

    # -- rolling --------------------------------------------------------------------------------

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_roll()

    def action_roll(self) -> None:
        """Answer with the roll's command, or stay open and say why the engine refuses it."""
        if self.extra == "status" and not self._extra_status():
            self.query_one("#builder-error", Static).update(
                Text(self.t("mist.builder.extra-status-missing"), "red")
            )
            self.query_one("#builder-extra-status", Input).focus()
            return
        self.submit(self.command())

    def show_refusal(self, reason: str, command: object) -> None:
        self.query_one("#builder-error", Static).update(Text("✗ " + reason, style="red"))
