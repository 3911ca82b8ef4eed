"""The attack dialog (issue 15): the exact odds of this attack on this target, then the roll.

The current actor attacks a target picked from the queue with a pool typed as a number (DP) or
as traits from the sheet (``dexterity+firearms``). Before anything is rolled the dialog shows
the target's defense as the engine reads it now (flat-footed, willpower defense, a reflex move
out of reach; RULES.md §3.9 [I-12], [I-13]) and the exact odds from
``engine/ih/attack_odds.py``: the chance to hit, the expected damage, the chance the target
goes down, and the whole damage distribution as a bar chart (values that take the target to 0
health in green). The fields make one :class:`~engine.ih.commands.Attack`; the odds are those of
that very command, and attacking answers with it (a :class:`CommandDialog` that stays open): the
scene screen runs it through its one path into the engine and the dialog shows the result in
words, then the odds of the next attack.

Several targets (RULES.md §3.9, ``attack ATTACKER A,B``): **+ Target** (``ctrl+t``) keeps the
target chosen and another can be picked; each is attacked once with every bonus success, the
odds are shown per target and the result per target after. One target with several attacks
takes **Attacks** and **Split**; with several targets, **Attacks** are those on the target
chosen now (``attacks=NAME:N``, RULES.md §3.8's mixed case), the kept ones attacked once.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from console import render
from console.i18n import Translator
from console.ih.combat_text import attack_sentence
from console.ih.view import encounter_of
from console.keymap import ATTACK_KEYS, bindings_for
from console.screens.command_dialog import CommandDialog, Probe
from console.screens.odds_form import OddsForm
from console.widgets.odds_chart import OddsChart
from console.widgets.ordered_input import OrderedInput
from engine.errors import RuleError
from engine.fullwidth import ascii_forms
from engine.ih.attack_odds import TargetOdds, preview
from engine.ih.attack_reading import pool_of
from engine.ih.commands import Attack
from engine.ih.encounter import Encounter, index_of
from engine.ih.events import AttackRolled
from engine.ih.vitals import defense_bonus_left
from engine.language import WHOLE_NUMBER, parse_int
from engine.limits import check_command


class AttackDialog(OddsForm, CommandDialog):
    """``attacker`` attacks a target of the fight, with the exact odds shown first."""

    SUBMIT = "attack"
    SUMMARY = "attack-odds"
    CSS_PATH = "attack_dialog.tcss"
    BINDINGS = bindings_for(ATTACK_KEYS)
    STAYS_OPEN = True

    def __init__(
        self,
        probe: Probe,
        translate: Translator,
        attacker: str,
        target: str | None,
    ) -> None:
        super().__init__(probe)
        self.t = translate
        self.attacker = attacker
        self.first_target = target
        self.command: Attack | None = None
        """The attack the fields make now (``None`` while they make none)."""
        self.planned: TargetOdds | None = None
        """Its odds against the target chosen (``None`` while there are none)."""
        self.kept: list[str] = []
        """Targets kept with **+ Target**; the one chosen now is attacked with them."""
        self._previewed: tuple[Encounter, Attack, tuple[TargetOdds, ...]] | None = None
        """The fight, the attack and its odds last shown (see :meth:`_preview`)."""

    @property
    def state(self) -> Encounter:
        """The fight as the dialog was given it (after the last attack it answered)."""
        return encounter_of(self.probe.scene)

    # -- layout ---------------------------------------------------------------------------------

    def _targets(self) -> list[str]:
        return [c.name for c in self.state.order if c.name.casefold() != self.attacker.casefold()]

    def compose(self) -> ComposeResult:
        t = self.t
        targets = self._targets()
        chosen = self.first_target if self.first_target in targets else None
        if chosen is None and targets:
            chosen = targets[0]
        with Vertical(id="attack-box"):
            yield Label(t("attack.title", attacker=self.attacker), id="attack-title")
            with Horizontal(classes="row"):
                yield Label(t("attack.target-label"), classes="label")
                yield Select(
                    [(name, name) for name in targets],
                    value=chosen if chosen is not None else Select.BLANK,
                    allow_blank=chosen is None,
                    id="target",
                )
                yield Label(t("attack.pool-label"), classes="label")
                yield OrderedInput(
                    "", id="pool", classes="pool", placeholder=t("attack.pool-placeholder")
                )
                yield Label(t("attack.mod-label"), classes="label")
                yield OrderedInput("", id="mod", type="integer", classes="field", placeholder="0")
            with Horizontal(classes="row"):
                yield Label(t("attack.bonus-label"), classes="label")
                yield OrderedInput("", id="bonus", type="integer", classes="field", placeholder="0")
                yield Label(t("attack.penalty-label"), classes="label")
                yield OrderedInput(
                    "", id="penalty", type="integer", classes="field", placeholder="0"
                )
                yield Label(t("attack.attacks-label"), classes="label")
                yield OrderedInput(
                    "", id="attacks", type="integer", classes="field", placeholder="1"
                )
                yield Label(t("attack.split-label"), classes="label")
                yield OrderedInput("", id="split", classes="split", placeholder="1,1")
            yield Static("", id="attack-targets")
            yield Static("", id="attack-defense")
            with Horizontal(classes="row"):
                yield Label("", id="defend-label", classes="label")
                yield OrderedInput("", id="defend", classes="split", placeholder="0")
            with Horizontal(classes="flags"):
                yield Checkbox(t("attack.reflex-move"), id="reflex-move", compact=True)
                yield Checkbox(t("attack.willpower"), id="willpower", compact=True)
                yield Checkbox(t("attack.no-damage"), id="no-damage", compact=True)
            yield Static("", id="attack-odds")
            yield OddsChart(id="attack-chart")
            yield Static("", id="attack-result")
            with Horizontal(classes="row buttons"):
                yield Button(t("attack.attack"), variant="primary", id="attack")
                yield Button(t("attack.close"), id="close")
                yield Button(t("attack.add-target"), id="add-target")

    def on_mount(self) -> None:
        self.query_one("#pool", Input).focus()
        self.update_odds()

    # -- the command the fields make ------------------------------------------------------------

    def _text(self, widget_id: str) -> str:
        return self.query_one(f"#{widget_id}", Input).value.strip()

    def _checked(self, widget_id: str) -> bool:
        return self.query_one(f"#{widget_id}", Checkbox).value

    def target(self) -> str | None:
        value = self.query_one("#target", Select).value
        return value if isinstance(value, str) else None

    def targets(self) -> tuple[str, ...]:
        """The kept targets, then the one chosen now (each once)."""
        chosen = self.target()
        extra = (chosen,) if chosen is not None and chosen not in self.kept else ()
        return (*self.kept, *extra)

    def action_add_target(self) -> None:
        """Keep the target chosen (so another can be picked), or let a kept one go."""
        chosen = self.target()
        if chosen is None:
            return
        if chosen in self.kept:
            self.kept.remove(chosen)
        else:
            self.kept.append(chosen)
        self.update_odds()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "add-target":
            self.action_add_target()
        else:
            super().on_button_pressed(event)

    def current_command(self) -> Attack:
        """The attack the fields make now.

        Raises:
            RuleError: a field that is not a number where one is needed, no pool, no target.
        """
        target = self.target()
        targets = self.targets()
        if target is None or not targets:
            raise RuleError("ih.attack.need-target")
        pool = ascii_forms(self._text("pool"))  # ｓｔｒ＋ｂｒａｗｌ, １２
        if not pool:
            raise RuleError("ih.attack.need-pool")
        dp: int | None = None
        traits: str | None = None
        if WHOLE_NUMBER.fullmatch(pool):
            dp = int(pool)
        else:
            traits = pool.lower().replace(" ", "")

        def number(widget_id: str, what: str, default: int) -> int:
            text = self._text(widget_id)
            return parse_int(text, what) if text else default

        split_text = self._text("split")
        split_text = ascii_forms(split_text)
        split = tuple(parse_int(v, "split") for v in split_text.split(",")) if split_text else ()
        # §3.8: one count per roll on the target (``2,1``: 2 before the first, 1 before the
        # second), as ``defend=2,1`` types it
        defend_text = ascii_forms(self._text("defend"))  # an input method's ２，１
        defend = (
            tuple(parse_int(v, "defend") for v in defend_text.split(",")) if defend_text else ()
        )
        who = target if len(targets) > 1 else ""
        # several targets: Attacks are those on the target chosen now, the others once (§3.8)
        attacks = number("attacks", "attacks", 1)
        return Attack(
            attacker=self.attacker,
            targets=targets,
            dp=dp,
            traits=traits,
            modifier=number("mod", "mod", 0),
            bonus=number("bonus", "bonus", 0),
            penalty=number("penalty", "penalty", 0),
            attacks=attacks if len(targets) == 1 else 1,
            attacks_by=((target, attacks),) if len(targets) > 1 and attacks != 1 else (),
            split=split,
            defend=tuple((who, count) for count in defend) if any(defend) else (),
            reflex_move=("*",) if self._checked("reflex-move") else (),
            willpower=self._checked("willpower"),
            no_damage=self._checked("no-damage"),
        )

    # -- the odds -------------------------------------------------------------------------------

    def update_odds(self) -> None:
        """Read the fields, find the target's defense now and the exact odds (no dice rolled)."""
        summary = self.query_one("#attack-odds", Static)
        chart = self.query_one(OddsChart)
        shown = self.targets()
        names = self.t("word.list-sep").join(shown)  # 、 in Chinese
        listed = self.t("attack.targets", names=names) if len(shown) > 1 else ""
        line = self.query_one("#attack-targets", Static)
        line.update(listed)
        line.display = bool(listed)
        try:
            command = self.current_command()
            check_command(command)  # the limits a typed line meets (engine/limits.py)
            every = self._preview(command)
        except RuleError as error:
            self.command = self.planned = None
            self._show_defense(None)
            chart.show({}, None)
            summary.update(Text(error.render(self._lang), style="red"))
            return
        chosen = (self.target() or "").casefold()
        planned = next((p for p in every if p.target.casefold() == chosen), every[-1])
        self.command, self.planned = command, planned
        self._show_defense(planned)
        named = len(every) > 1
        summary.update("\n".join(self._odds_words(p, command, named) for p in every))
        threshold = None if command.no_damage else max(planned.health, 1)
        chart.show(dict(enumerate(planned.odds.distribution)), threshold)

    def _preview(self, command: Attack) -> tuple[TargetOdds, ...]:
        """The exact odds of ``command`` in the fight now, worked out once for each fight and
        command (rolling reads the fields again: the odds already shown are not redone)."""
        state = self.state
        known = self._previewed
        if known is not None and known[0] is state and known[1] == command:
            return known[2]
        every = preview(state, command)
        self._previewed = (state, command, every)
        return every

    def _odds_words(self, planned: TargetOdds, command: Attack, named: bool) -> str:
        """The odds against one target in words (after its name when there are several)."""
        odds = planned.odds
        t = self.t
        if command.no_damage:
            words = t(
                "attack.odds-no-damage",
                hit=render.percent(odds.p_hit),
                expected=f"{odds.expected:.2f}",
            )
        else:
            words = t(
                "attack.odds",
                hit=render.percent(odds.p_hit),
                expected=f"{odds.expected:.2f}",
                target=planned.target,
                down=render.percent(planned.p_down),
            )
        if odds.chance:
            words = t("attack.chance") + " · " + words
            words += " · " + t("attack.dramatic") + " " + render.percent(odds.p_dramatic_failure)
        return f"{planned.target}{t.colon}{words}" if named else words

    @property
    def _lang(self) -> str:
        return getattr(self.t, "lang", "en")

    def _show_defense(self, planned: TargetOdds | None) -> None:
        """The target's defense, defense bonus left and health, as the attack will meet them."""
        t = self.t
        line = self.query_one("#attack-defense", Static)
        label = self.query_one("#defend-label", Label)
        state = self.state
        target = self.target()
        position = index_of(state, target) if target is not None else -1
        if position < 0:
            line.update("")
            label.update(t("attack.defend-label"))
            return
        record = state.order[position]
        label.update(f"{record.name} {t('attack.defend-label')}")
        notes = ""
        pool_line = self._pool_line()
        total = record.defense
        dice = "—"
        if planned is not None:
            defense = planned.defense
            total = defense.total
            if defense.flat_footed and defense.base == 0 and record.defense:
                notes += t("attack.defense-flat")
            if defense.doubled:  # §3.7: the base only, then willpower's +2
                notes += t("attack.defense-doubled")
            if defense.willpower:
                notes += t("attack.defense-willpower")
            if not state.interpretations.defense_subtracts_from_pool:
                notes += t("attack.defense-by-hand")
            dice = t("attack.chance") if planned.odds.chance else str(planned.odds.pool)
        line.update(
            pool_line
            + t(
                "attack.defense",
                target=record.name,
                total=total,
                notes=notes,
                pool=dice,
                left=defense_bonus_left(  # §3.8: base defense at 0 loses the legendary part
                    record, planned.defense.base_zero if planned is not None else None
                ),
                bonus=record.defense_bonus,
                health=record.health,
                health_max=record.health_max,
            )
        )

    def _pool_line(self) -> str:
        """A pool from the sheet, part by part (RULES.md §3.10), and the dice modifier with its
        sign (issue 27 §3), as a line of its own (none for plain dice and no modifier)."""
        command = self.command
        if command is None or (command.traits is None and not command.modifier):
            return ""
        try:
            pool = pool_of(self.state, command)
        except RuleError:
            return ""
        t = self.t
        named = [
            f"{t('trait.' + p.label) if t.has('trait.' + p.label) else p.label} {p.value}"
            for p in pool.parts
        ] or [str(pool.dp)]
        if command.modifier:
            named.append(f"{t('trait.modifier')} {command.modifier:+d}")
        line = t("attack.pool-parts", parts=" + ".join(named), dp=pool.dp + command.modifier)
        if pool.trait_bonus:
            line += " · " + t("attack.trait-bonus", count=pool.trait_bonus)
        if pool.untrained_penalty:
            line += " · " + t("attack.untrained", count=pool.untrained_penalty)
        return line + "\n"

    # -- the roll -------------------------------------------------------------------------------

    def action_attack(self) -> None:
        """Answer with the attack the fields make (the scene makes it)."""
        self.send()

    def show_outcome(self, events: tuple[Any, ...] | None) -> None:
        """The attack's result in words; the odds then follow the fight as it is after it (the
        declared defense bonus spent, health lost)."""
        if events is None:
            return
        lines = [attack_sentence(self.t, e) for e in events if isinstance(e, AttackRolled)]
        self.query_one("#attack-result", Static).update(Text("\n").join(lines))
        self.query_one("#defend", Input).value = ""
        self.update_odds()

    def action_close(self) -> None:
        self.dismiss(None)
