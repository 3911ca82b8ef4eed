"""The Infinite Horror forms that add to the fight: a combatant (RULES.md §3.3, §3.5) and a
lasting effect (§3.1). Each is a :class:`~console.screens.command_dialog.CommandDialog`: it
answers with the ``add``/``join`` or ``effect`` command, and a refusal (a name already in the
fight, a field out of range) is shown in the form, which stays open."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Label, RadioButton, RadioSet, Static

from console.i18n import Translator, refusal_text
from console.screens.command_dialog import CommandDialog, Probe
from console.screens.dialogs import DIALOG_CSS, SHORT_BREAKPOINTS, FormKeys, labelled
from console.widgets.ordered_input import OrderedInput
from engine.errors import RuleError
from engine.ih import commands as ih
from engine.ih.encounter import Kind
from engine.ih.roster import Entry
from engine.language import parse_int

FIELD_LABELS = {
    "init": "queue.initiative",
    "mod": "dialog.label-mod",
    "dex": "trait.dexterity",
    "com": "trait.composure",
    "health": "queue.health",
    "willpower": "queue.willpower",
    "defense": "dialog.label-defense",
    "defense-bonus": "dialog.label-defense-bonus",
}
"""Each number field of the add and join dialogs: its label (and its name in a refusal)."""


class CombatantDialog(FormKeys, CommandDialog):
    """Add a combatant before the fight or have one join mid-fight (RULES.md §3.3, §3.5).

    Returns the ``add`` / ``join`` command.
    """

    DEFAULT_CSS = (
        DIALOG_CSS.format(name="CombatantDialog")
        + """
    CombatantDialog Horizontal Input { width: 1fr; }
    CombatantDialog .row { width: 1fr; }
    CombatantDialog #kind-row { margin-top: 1; }
    CombatantDialog #kind-row RadioSet { layout: horizontal; width: auto; margin-right: 1; }
    CombatantDialog #kind-row RadioSet > RadioButton { width: auto; margin-right: 1; }
    CombatantDialog #kind-row Checkbox { width: auto; margin-right: 1; }
    CombatantDialog #kind-row Button { min-width: 8; }
    """
    )
    VERTICAL_BREAKPOINTS = SHORT_BREAKPOINTS

    def __init__(self, probe: Probe, translate: Translator, *, join: bool) -> None:
        super().__init__(probe)
        self.t = translate
        self.verb = "join" if join else "add"

    def compose(self) -> ComposeResult:
        t = self.t
        with Vertical():
            yield Label(t(f"dialog.{self.verb}-title"), classes="title")
            yield labelled(t("dialog.name"), OrderedInput(placeholder=t("dialog.name"), id="name"))
            pairs = (
                ("init", "mod"),
                ("dex", "com"),
                ("health", "willpower"),
                ("defense", "defense-bonus"),
            )
            for pair in pairs:
                with Horizontal():
                    for key in pair:
                        label_key = FIELD_LABELS[key]
                        field = OrderedInput(placeholder=t(f"dialog.{key}"), id=key, type="integer")
                        yield labelled(t(label_key), field)
            with Horizontal(id="kind-row"):
                with RadioSet(id="kind"):
                    yield RadioButton(t("kind.npc"), value=True, id="npc")
                    yield RadioButton(t("kind.pc"), id="pc")
                yield Checkbox(t("dialog.hidden"), id="hidden")
                yield Button(t(f"dialog.{self.verb}"), variant="primary", id="ok")
            if self.verb == "join":  # §3.5: a newcomer ruled clueless is flat-footed
                yield Checkbox(t("dialog.clueless"), id="clueless")
            yield Static("", classes="error", id="combatant-error")

    def _value(self, field: str) -> str:
        return self.query_one(f"#{field}", Input).value.strip()

    def command(self) -> ih.Add | None:
        """The command the fields make, or ``None`` with the reason shown."""
        error = self.query_one("#combatant-error", Static)
        name = self._value("name")
        if not name:
            error.update(self.t("dialog.need-name"))
            return None
        init, mod = self._value("init"), self._value("mod")
        if not init and not mod:
            error.update(self.t("dialog.need-init"))
            return None
        numbers: dict[str, int | None] = {}
        try:
            for field in FIELD_LABELS:
                value = self._value(field)
                numbers[field] = parse_int(value, self.t(FIELD_LABELS[field])) if value else None
        except RuleError as refusal:
            error.update(refusal_text(refusal, self))
            return None
        pressed = self.query_one(RadioSet).pressed_button
        entry = Entry(
            name=name,
            initiative=numbers["init"],
            modifier=None if init else numbers["mod"],
            dexterity=numbers["dex"],
            composure=numbers["com"],
            health=numbers["health"],
            willpower=numbers["willpower"],
            defense=numbers["defense"] or 0,
            defense_bonus=numbers["defense-bonus"] or 0,
            kind=Kind.PC if pressed is not None and pressed.id == "pc" else Kind.NPC,
            hidden=self.query_one("#hidden", Checkbox).value,
            clueless=self.verb == "join" and self.query_one("#clueless", Checkbox).value,
        )
        return ih.Add(entry=entry, join=self.verb == "join")

    def send(self) -> None:
        command = self.command()
        if command is not None:
            self.submit(command)

    def show_refusal(self, reason: str, command: object) -> None:
        self.query_one("#combatant-error", Static).update(reason)


class EffectDialog(CommandDialog):
    """A lasting effect on a combatant, timed on its creator's turns (RULES.md §3.1)."""

    DEFAULT_CSS = DIALOG_CSS.format(name="EffectDialog")
    VERTICAL_BREAKPOINTS = SHORT_BREAKPOINTS

    def __init__(
        self, probe: Probe, translate: Translator, target: str, source: str | None
    ) -> None:
        super().__init__(probe)
        self.t = translate
        self.target = target
        self.source = source

    def compose(self) -> ComposeResult:
        t = self.t
        with Vertical():
            yield Label(t("dialog.effect-title", name=self.target), classes="title")
            label = OrderedInput(placeholder=t("dialog.effect-label"), id="label")
            yield labelled(t("detail.effect"), label)
            rounds = OrderedInput(placeholder=t("dialog.rounds"), id="rounds", type="integer")
            yield labelled(t("dialog.rounds"), rounds)
            yield Label(t("dialog.by"), classes="field-label")  # the field starts filled in
            yield OrderedInput(self.source or "", placeholder=t("dialog.by"), id="by")
            yield Static("", classes="error", id="effect-error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        label = self.query_one("#label", Input).value.strip()
        rounds = self.query_one("#rounds", Input).value.strip()
        by = self.query_one("#by", Input).value.strip()
        error = self.query_one("#effect-error", Static)
        if not label or not rounds:
            error.update(self.t("dialog.need-effect"))
            return
        try:
            count = parse_int(rounds, self.t("dialog.rounds"))
        except RuleError as refusal:
            error.update(refusal_text(refusal, self))
            return
        self.submit(ih.AddEffect(self.target, label, count, by or None))

    def show_refusal(self, reason: str, command: object) -> None:
        self.query_one("#effect-error", Static).update(reason)
