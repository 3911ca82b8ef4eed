"""The effects step: spend an action's power on effects, one line each (RULES.md §4.2).

The kind of effect is always one key away: ``↑`` / ``↓`` change it from any field (the fields
are one-line inputs, so the arrows are free) and the focus jumps to the field that kind needs,
so a mixed spend — 2 power on a status, then a clue — is ``Enter ↓↓↓↓ text Enter``. The power
left is shown in the header and next to the amount after every spend.

Each spend is one ``SpendEffect`` command: the dialog answers with it (a
:class:`~console.screens.command_dialog.CommandDialog`), the screen runs it through its one path
into the engine, and while power is left the step opens again on the state anew, with the same
kind, target and amount and the spends so far listed (:func:`open_effects`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.suggester import SuggestFromList
from textual.widget import Widget
from textual.widgets import Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from console import event_text
from console.i18n import Translator, refusal_text
from console.keymap import MIST_EFFECTS_KEYS, bindings_for
from console.mist import render
from console.mist.fields import whole
from console.mist.surface import MistSurface
from console.screens.command_dialog import CommandDialog, Probe
from console.widgets.ordered_input import OrderedInput
from engine.dice.mist import Outcome
from engine.errors import RuleError
from engine.mist import commands as mist
from engine.mist.state import ActionRecord, MistState

EFFECT_KINDS: tuple[str, ...] = ("status", "reduce", "tag", "untag", "clue", "feat")
"""The effects of RULES.md §4.2, in the order the dialog lists them."""

NEEDS_TARGET = frozenset({"status", "reduce", "tag", "untag"})
NEEDS_AMOUNT = frozenset({"status", "reduce"})
FREE_TEXT = frozenset({"clue", "feat"})
SHOWN_SPENDS = 3
"""How many of this step's spends stay listed under the fields."""


@dataclass(frozen=True, slots=True)
class EffectsStep:
    """What the effects step carries from one spend to the next: the kind chosen, the fields as
    they were left (``None``: the default for the action), and the lines of the spends so far."""

    kind_index: int = 0
    target: str | None = None
    name: str | None = None
    amount: str | None = None
    spent: tuple[Text, ...] = ()


class EffectsDialog(CommandDialog):
    """Spend an action's power on one effect, the power left shown (RULES.md §4.2).

    The step opens again after each spend while power is left; Escape ends it (not every action
    spends it all).
    """

    CSS_PATH = "mist_screen.tcss"
    BINDINGS = bindings_for(MIST_EFFECTS_KEYS)

    def __init__(
        self,
        translate: Translator,
        state: MistState,
        probe: Probe,
        step: EffectsStep = EffectsStep(),
    ) -> None:
        super().__init__(probe)
        self.t = translate
        self.state = state
        self.step = step
        self.kind_index = step.kind_index
        self.left_as = step
        """The fields as the last submit left them (what the next step starts from)."""

    @property
    def action(self) -> ActionRecord | None:
        actions = self.state.actions
        return actions[-1] if actions else None

    def _names(self) -> tuple[str, ...]:
        state = self.state
        return (
            tuple(c.name for c in state.challenges)
            + tuple(p.name for p in state.characters)
            + ("scene",)
        )

    def _kinds_for(self, target: str) -> tuple[str, ...]:
        """Status names worth suggesting: the target's limits and statuses, then everyone's."""
        state = self.state
        found = next((c for c in state.challenges if c.name.casefold() == target.casefold()), None)
        names: list[str] = []
        if found is not None:
            names += [limit.kind for limit in found.limits]
            names += [s.name for s in found.statuses]
        for person in state.characters:
            names += [s.name for s in person.statuses]
        return tuple(dict.fromkeys(names))

    def compose(self) -> ComposeResult:
        t = self.t
        action = self.action
        step = self.step
        target = step.target
        if target is None:
            target = (action.target if action else None) or next(
                (c.name for c in self.state.challenges if not c.overcome), ""
            )
        kinds = self._kinds_for(target) if target else ()
        name = step.name if step.name is not None else kinds[0] if kinds else ""
        amount = step.amount or (str(action.left) if action and action.left else "1")
        with Vertical(classes="mist-form", id="effects-box"):
            yield Label(t("mist.effects.title"), classes="title")
            yield Static("", id="effects-left")
            kind_list = OptionList(
                *(Option(t(f"mist.effects.{kind}"), id=kind) for kind in EFFECT_KINDS),
                id="effect-kind",
            )
            kind_list.can_focus = False
            yield kind_list
            names = SuggestFromList(self._names(), case_sensitive=False)
            suggested = SuggestFromList(kinds, case_sensitive=False) if kinds else None
            yield _row(
                "target",
                Label(t("mist.effects.target-label"), classes="effect-label"),
                OrderedInput(
                    target,
                    placeholder=t("mist.effects.target"),
                    id="effect-target",
                    suggester=names,
                ),
            )
            yield _row(
                "name",
                Label(t("mist.effects.status-label"), classes="effect-label", id="name-label"),
                OrderedInput(
                    name, placeholder=t("mist.effects.name"), id="effect-name", suggester=suggested
                ),
            )
            yield _row(
                "amount",
                Label(t("mist.effects.amount-label"), classes="effect-label"),
                OrderedInput(
                    amount, placeholder=t("mist.effects.amount"), id="effect-amount", type="integer"
                ),
                Static("", id="effects-amount-left"),
            )
            yield Static(
                Text("\n").join(step.spent[-SHOWN_SPENDS:]), classes="preview", id="effects-done"
            )
            yield Static("", classes="error", id="effects-error")
            yield Static(t("mist.effects.hint"), classes="note", id="effects-hint")

    def on_mount(self) -> None:  # then CommandDialog.on_mount (Textual calls each class's)
        self._show_left()
        self._show_kind()

    def _show_left(self) -> None:
        action = self.action
        box = self.query_one("#effects-left", Static)
        if action is None:
            box.update(Text(self.t("mist.effects.none"), style="red"))
            return
        text = Text(f"{action.id} {action.actor} {action.total} → ", style="bold")
        text.append(
            self.t(f"mist.outcome.{action.outcome.value}"),
            render.BAND_STYLES[action.outcome.value],
        )
        text.append("   ")
        text.append(f" {self.t('mist.effects.left', left=action.left)} ", style="bold reverse")
        box.update(text)
        self.query_one("#effects-amount-left", Static).update(
            Text(" " + self.t("mist.effects.of-left", left=action.left), style="dim")
        )

    def kind(self) -> str:
        """The effect kind chosen now (``status``, ``reduce``, ``tag``, ``untag``, ``clue``…)."""
        return EFFECT_KINDS[self.kind_index]

    def action_kind(self, step: int) -> None:
        """``↑`` / ``↓`` from any field: the previous / next kind of effect."""
        self._choose((self.kind_index + int(step)) % len(EFFECT_KINDS))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A click on a kind chooses it too."""
        event.stop()
        self._choose(event.option_index)

    def _choose(self, index: int) -> None:
        """Choose a kind: the name it suggests, then the fields it needs (:meth:`_show_kind`)."""
        was_status = self.kind() in NEEDS_AMOUNT
        self.kind_index = index
        name = self.query_one("#effect-name", Input)
        if self.kind() in NEEDS_AMOUNT:
            if not name.value or not was_status:
                target = self.query_one("#effect-target", Input).value.strip()
                suggested = self._kinds_for(target)
                name.value = suggested[0] if suggested else ""
        elif was_status or self.kind() in FREE_TEXT:
            name.value = ""
        self._show_kind()

    def _show_kind(self) -> None:
        """Show only the fields the kind needs and put the focus where typing starts."""
        kind = self.kind()
        self.query_one("#effect-kind", OptionList).highlighted = self.kind_index
        self.query_one("#row-target").display = kind in NEEDS_TARGET
        self.query_one("#row-amount").display = kind in NEEDS_AMOUNT
        name = self.query_one("#effect-name", Input)
        self.query_one("#name-label", Label).update(self.t(f"mist.effects.{kind}-label"))
        self.query_one("#effects-error", Static).update("")
        if kind in NEEDS_AMOUNT:
            name.placeholder = self.t("mist.effects.name")
            self.query_one("#effect-amount", Input).focus()
            return
        name.placeholder = self.t(f"mist.effects.{kind}-name")
        name.focus()

    def command(self) -> mist.SpendEffect:
        """The ``SpendEffect`` the fields make now (RULES.md §4.2).

        Raises:
            RuleError: the amount is not a whole number.
        """
        kind = self.kind()
        target = self.query_one("#effect-target", Input).value.strip() or "scene"
        name = self.query_one("#effect-name", Input).value.strip()
        if kind in NEEDS_AMOUNT:
            amount = self.query_one("#effect-amount", Input).value.strip() or "1"
            tiers = whole(amount, "The tier" if kind == "status" else "N")
            return mist.SpendEffect(kind, target, name, tiers)
        if kind in NEEDS_TARGET:
            return mist.SpendEffect(kind, target, name)
        return mist.SpendEffect(kind, None, name)

    def command_line(self) -> str:
        """The command as the journal will write it.

        Raises:
            RuleError: the amount is not a whole number.
        """
        from engine.commands import format_command

        return format_command(self.command())

    def on_input_changed(self, event: Input.Changed) -> None:
        if event.input.id == "effect-target":
            kinds = self._kinds_for(event.value.strip())
            name = self.query_one("#effect-name", Input)
            name.suggester = SuggestFromList(kinds, case_sensitive=False) if kinds else None

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Spend: answer with the ``SpendEffect``, or say here why it cannot be spent."""
        event.stop()
        error = self.query_one("#effects-error", Static)
        if self.kind() not in NEEDS_AMOUNT and not self.query_one("#effect-name", Input).value:
            error.update(Text(self.t(f"mist.effects.{self.kind()}-name") + " ?", style="red"))
            self.query_one("#effect-name", Input).focus()
            return
        try:
            command = self.command()
        except RuleError as refusal:
            error.update(Text("✗ " + refusal_text(refusal, self), style="red"))
            return
        keep_name = self.kind() in NEEDS_AMOUNT
        self.left_as = EffectsStep(  # the fields as they are left (the dialog closes)
            self.kind_index,
            self.query_one("#effect-target", Input).value,
            self.query_one("#effect-name", Input).value if keep_name else "",
            self.query_one("#effect-amount", Input).value.strip(),
            self.step.spent,
        )
        self.submit(command)

    def show_refusal(self, reason: str, command: object) -> None:
        self.query_one("#effects-error", Static).update(Text("✗ " + reason, style="red"))

    def next_step(self, events: tuple[Any, ...], left: int) -> EffectsStep:
        """The step after this one spent (``events``), with ``left`` power: the same kind and
        target, the amount cut to what is left, a name typed for a tag or a clue cleared."""
        was = self.left_as
        try:
            asked = int(was.amount or "1")
        except ValueError:
            asked = left
        spent = tuple(Text("✓ " + event_text.describe(self.t, item)) for item in events)
        return replace(was, amount=str(max(1, min(asked, left))), spent=was.spent + spent)


def _row(name: str, label: Label, field: Input, *more: Widget) -> Horizontal:
    """One line of the step: its label, its field (and what follows it)."""
    return Horizontal(label, field, *more, classes="effect-row", id=f"row-{name}")


def open_effects(screen: MistSurface, step: EffectsStep | None = None) -> None:
    """Open the effects step on the state now; after a spend, open it again while the action
    has power left (and did not fail)."""
    dialog = EffectsDialog(screen.t, screen.current(), screen.look(), step or EffectsStep())

    def spent(events: tuple[Any, ...]) -> None:
        actions = screen.current().actions
        action = actions[-1] if actions else None
        if action is None or action.left <= 0 or action.outcome is Outcome.FAIL:
            return
        open_effects(screen, dialog.next_step(events, action.left))

    screen.open_dialog(dialog, spent)
