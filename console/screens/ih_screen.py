"""The Infinite Horror combat screen (RULES.md §3): the queue, the budget, the detail, the dice.

The screen owns the scene (``SceneScreen.scene``) and derives the :class:`IHView` from it; the
panes are bound to ``view`` and ``selected`` and redraw themselves. Every key and dialog builds
a command object (``engine/ih/commands/``) and runs it through :meth:`SceneScreen.run_command`;
the journal writes it as ``format_command(command)``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.reactive import reactive

from console import event_text, render
from console.i18n import Translator
from console.keymap import COMBAT_KEYS, KeySpec
from console.messages import CombatantSelected
from console.screens.dialogs import (
    AmountDialog,
    ChoiceDialog,
    CombatantDialog,
    ConfirmDialog,
    EffectDialog,
)
from console.screens.ih_panes import BudgetPane, DetailPane, ExtendedPane, InitiativeQueue
from console.screens.ih_view import IHView, ViewCache, encounter_of, ih_view, substitutions
from console.screens.shell import SceneScreen, _action_and_parameters
from console.widgets.dice_log import DiceLog
from engine.ih import commands as ih
from engine.ih.encounter import ActionKind
from engine.ih.events import UnusualReflex
from engine.session import History, JournalEntry, Scene

EDITS = frozenset(
    {
        "next_turn",
        "begin",
        "delay",
        "add",
        "join",
        "remove",
        "toggle_hidden",
        "damage",
        "heal",
        "willpower",
        "spend",
        "effect",
        "initiative",
        "roll",
        "attack",
        "add_from_sheet",
        "check",
        "extended",
    }
)
"""Actions that change the scene: refused in read-only mode."""

NEEDS_SELECTION = frozenset(
    {
        "delay",
        "remove",
        "toggle_hidden",
        "damage",
        "heal",
        "willpower",
        "spend",
        "effect",
        "initiative",
    }
)


class IHScreen(SceneScreen):
    """Run an Infinite Horror fight from the keyboard (RULES.md §3)."""

    CSS_PATH = "ih_screen.tcss"
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (110, "-wide")]
    SCREEN_KEYS: ClassVar[tuple[KeySpec, ...]] = COMBAT_KEYS

    # The bound panes repaint themselves; a screen repaint would redraw all of them.
    view: reactive[IHView | None] = reactive(None, always_update=True, repaint=False)
    selected: reactive[str | None] = reactive(None, repaint=False)
    paid: reactive[tuple[tuple[str, str], ...]] = reactive((), repaint=False)

    def __init__(
        self,
        scene: Scene,
        translate: Translator,
        *,
        read_only: bool = False,
        history: History | None = None,
    ) -> None:
        self._dice_cache: list[tuple[JournalEntry, list[Text]]] = []
        self._view_cache: ViewCache = {}
        self._turn_before: str | None = None
        """The current actor before the command being run (the selection may follow the turn)."""
        super().__init__(scene, translate, read_only=read_only, history=history)

    def compose_body(self) -> ComposeResult:
        t = self.t
        with Horizontal(id="ih-main"):
            queue = InitiativeQueue(t, id="queue")
            queue.border_title = t("pane.queue")
            yield queue.data_bind(IHScreen.view, IHScreen.selected)
            with Vertical(id="ih-side"):
                budget = BudgetPane(t, id="budget")
                budget.border_title = t("pane.budget")
                yield budget.data_bind(IHScreen.view, IHScreen.selected, IHScreen.paid)
                # In a scrolling box that takes the focus (Tab): at 80×24 the pane shows three
                # rows of a dozen (issue 18).
                with VerticalScroll(id="detail-box") as box:
                    box.border_title = t("pane.detail")
                    detail = DetailPane(t, id="detail")
                    yield detail.data_bind(IHScreen.view, IHScreen.selected)
                extended = ExtendedPane(t, id="extended")
                extended.border_title = t("pane.extended")
                yield extended.data_bind(IHScreen.view)
                log = DiceLog(id="dice-log")
                log.border_title = t("pane.dice")
                yield log

    def on_mount(self) -> None:
        super().on_mount()
        self._show_dice(self.history.scene)
        self.query_one(InitiativeQueue).focus()
        self._say_surprise_pause()

    def _say_surprise_pause(self) -> None:
        """At the pause after the surprise round, the status line says what to do next
        (RULES.md §3.2): add and roll the unaware, then n or b opens round 1."""
        view = self.view
        if view is not None and view.phase == "surprise" and view.current is None:
            status = self.status if self.status.startswith("✓") else ""
            hint = "⚠ " + self.t("status.surprise-over")
            self.status = hint if not status else f"{hint}  ({status[2:]})"

    def watch_scene(self, scene: Scene | None) -> None:
        if scene is None:
            return
        view = ih_view(encounter_of(scene), scene.system, self._view_cache)
        if self.selected is None or view.find(self.selected) is None:
            self.selected = view.current or (view.order[0].name if view.order else None)
        self.paid = substitutions(scene)
        self.view = view
        if self.is_mounted:
            self._show_dice(scene)

    def _show_dice(self, scene: Scene) -> None:
        """The dice of every journal entry; entries already drawn are reused (long fights)."""
        cache = self._dice_cache
        kept = 0
        while kept < min(len(cache), len(scene.journal)) and cache[kept][0] is scene.journal[kept]:
            kept += 1
        del cache[kept:]
        for entry in scene.journal[kept:]:
            lines = [render.roll_event(self.t, scene.system, event) for event in entry.events]
            cache.append((entry, [line for line in lines if line is not None]))
        self.query_one(DiceLog).show([line for _, lines in cache for line in lines])

    def home(self) -> InitiativeQueue:
        return self.query_one(InitiativeQueue)

    def names(self) -> tuple[str, ...]:
        return self.view.names if self.view is not None else ()

    def on_combatant_selected(self, message: CombatantSelected) -> None:
        message.stop()
        if message.name is not None and message.name != self.selected:
            self.selected = message.name
            self.refresh_keys()

    def run_command_events(self, command: object, source: str = "key") -> tuple[Any, ...] | None:
        before = self.view.current if self.view is not None else None
        self._turn_before = before
        return super().run_command_events(command, source)

    def after_command(self, text: str, events: tuple[Any, ...]) -> None:
        super().after_command(text, events)
        self._offer_to_stay_conscious(events)
        for event in events:
            if type(event).__name__ == "ExtendedRolled" and event.mishap_near:
                # RULES.md §3.10: the ST must tell the player the risk of a mishap.
                self.notify(
                    self.t(
                        "extended.mishap-warning",
                        id=event.id,
                        label=event.label,
                        ones=event.ones,
                        dc=event.dc,
                    ),
                    severity="warning",
                    timeout=8,
                )
        view = self.view
        if view is None:
            return
        self._say_surprise_pause()
        for event in events:
            if isinstance(event, UnusualReflex):  # RULES.md §3.7: a warning, not a refusal
                self.notify(event_text.describe(self.t, event), severity="warning", timeout=8)
        verb = text.strip().split(" ", 1)[0].lower()
        if verb in ("next", "begin", "undo", "redo"):
            self.selected = view.current or self.selected
        elif self.selected == self._turn_before and view.current != self._turn_before:
            # The turn moved on (the current actor delayed, was removed…): the selection
            # follows it, so the next key acts for whoever acts now (RULES.md §3.4).
            self.selected = view.current or self.selected

    def _offer_to_stay_conscious(self, events: tuple[Any, ...]) -> None:
        """Health 0: offer the willpower reflex to stay conscious, once a scene (RULES.md §1.7,
        §3.9 step 6), when the combatant still may. Yes spends it (``willpower NAME conscious``)."""
        from engine.ih.encounter import Encounter
        from engine.ih.events import Unconscious

        state = self.history.scene.state
        if not isinstance(state, Encounter) or self.read_only:
            return
        for event in events:
            if not isinstance(event, Unconscious) or event.reason != "health":
                continue
            found = [c for c in state.order if c.name == event.name]
            if not found:
                continue
            who = found[0]
            if who.willpower < 1 or who.conscious_used_scene or who.asleep_until_scene_end:
                continue
            question = self.t("dialog.stay-conscious", name=who.name, willpower=who.willpower)

            def answered(yes: bool | None, name: str = who.name) -> None:
                if yes:
                    from engine.ih.vitals import WillpowerUse

                    self.run_command(ih.UseWillpower(name, WillpowerUse.CONSCIOUS), "dialog")

            self.app.push_screen(ConfirmDialog(self.t, question), answered)

    # -- a key that can't be used now says why --------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """A greyed-out combat key names the rule that refuses it instead of doing nothing.

        ``t`` with the standard action spent, ``n`` before the fight, ``d`` for someone who
        acted: the engine's own reason goes to the status line (RULES.md §3.4–§3.6). Read-only
        refusals are the app's (it names who holds the campaign).
        """
        if self.read_only or self.view is None:
            return
        for namespace, bindings in self._modal_binding_chain:
            if namespace is not self:
                continue
            for binding in bindings.key_to_bindings.get(event.key, ()):
                action, parameters = _action_and_parameters(binding.action)
                if self.check_action(action, parameters):
                    return
                command = self._refused_command(action, parameters)
                if command is not None:
                    event.stop()
                    event.prevent_default()
                    self._explain(command)
                    return

    def _refused_command(self, action: str, parameters: tuple[object, ...]) -> ih.Command | None:
        """The command a greyed-out key stands for, to ask the engine why it is refused."""
        who = self.selected
        if action == "spend" and parameters:
            spender = self._spender(str(parameters[0]))
            return self._spend(spender, str(parameters[0])) if spender is not None else None
        if action == "next_turn":
            return ih.Next()
        if action == "begin":
            return ih.Begin()
        if action == "delay" and who is not None:
            return ih.Delay(who, after=None)
        return None

    @staticmethod
    def _spend(who: str, kind: str) -> ih.Spend | None:
        try:
            return ih.Spend(who, ActionKind(kind))
        except ValueError:
            return None

    def _explain(self, command: ih.Command) -> None:
        """Show the engine's reason for refusing ``command``; a spend it takes is simply made."""
        reason = self.refusal(command)
        if reason is not None:
            self.refuse(reason, "key")
        elif isinstance(command, ih.Spend):
            self.run_command(command)

    # -- what can be done now -------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        base = super().check_action(action, parameters)
        if base is not True or action not in EDITS and action != "select_current":
            return base
        if self.read_only and action in EDITS:
            return None
        view = self.view
        if view is None:
            return None
        chosen = view.find(self.selected)
        fighting = view.phase in ("surprise", "combat")
        if action in NEEDS_SELECTION and chosen is None:
            return None
        if action == "next_turn":
            # at the pause after the surprise round, n opens round 1 (RULES.md §3.2)
            paused = view.phase == "surprise" and view.current is None
            return True if fighting and (view.current is not None or paused) else None
        if action == "begin":
            return True if view.phase != "combat" and view.order else None
        if action == "join":
            return True if fighting else None
        if action == "select_current":
            return True if view.current is not None else None
        if action == "attack":
            return True if fighting and view.current is not None and len(view.order) > 1 else None
        if action == "delay":
            return True if fighting and chosen and not chosen.acted else None
        if action == "spend":
            return self._can_spend(str(parameters[0]) if parameters else "", view)
        if action in ("add_from_sheet", "check"):
            return True if self._sheets() else None
        return True

    def _can_spend(self, kind: str, view: IHView) -> bool | None:
        """Whether the engine would take the spend now (RULES.md §3.6–§3.7): asked, not
        worked out again here, so the keys and the rules never disagree."""
        spender = self._spender(kind)
        spend = self._spend(spender, kind) if spender is not None else None
        if view.phase == "setup" or spend is None:
            return None
        return True if self.refusal(spend) is None else None

    def _spender(self, kind: str) -> str | None:
        """Who a spend key acts for: the current actor (README: "spend the current actor's
        move, standard…"), whoever is selected; a reflex (``x``) is the one spend taken off-turn
        (RULES.md §3.7), so it acts for the selected combatant."""
        view = self.view
        if kind != "reflex" and view is not None and view.current is not None:
            return view.current
        return self.selected

    # -- keys -----------------------------------------------------------------------------------

    def action_next_turn(self) -> None:
        self.run_command(ih.Next())

    def action_begin(self) -> None:
        self.run_command(ih.Begin())

    def action_select_current(self) -> None:
        if self.view is not None and self.view.current:
            self.selected = self.view.current

    def action_spend(self, kind: str) -> None:
        spender = self._spender(kind)
        spend = self._spend(spender, kind) if spender is not None else None
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
        options = [("next-round", self.t("dialog.next-round"))] + [
            (name, self.t("dialog.after", name=name))
            for name in later
            if (row := view.find(name)) is not None and not row.acted
        ]

        def chosen(choice: str | None) -> None:
            if choice == "next-round":
                self.run_command(ih.Delay(who, after=None), "dialog")
            elif choice:
                self.run_command(ih.Delay(who, after=choice), "dialog")

        self.app.push_screen(ChoiceDialog(self.t("dialog.delay-title", name=who), options), chosen)

    def _amount(self, make: Any, title_key: str, *, signed: bool) -> None:
        """Ask for a number, then run ``make(name, amount)``: the command of the key."""
        who = self.selected
        if who is None:
            return

        def chosen(amount: int | None) -> None:
            if amount is not None:
                self.run_command(make(who, amount), "dialog")

        self.app.push_screen(
            AmountDialog(self.t, self.t(title_key, name=who), signed=signed), chosen
        )

    def action_damage(self) -> None:
        self._amount(ih.Damage, "dialog.damage-title", signed=False)

    def action_heal(self) -> None:
        self._amount(ih.Heal, "dialog.heal-title", signed=False)

    def action_willpower(self) -> None:
        self._amount(ih.AdjustWillpower, "dialog.willpower-title", signed=True)

    def action_initiative(self) -> None:
        self._amount(ih.ChangeInitiative, "dialog.initiative-title", signed=True)

    def _run_returned(self, command: ih.Command | None) -> None:
        if command is not None:
            self.run_command(command, "dialog")

    def action_add(self) -> None:
        self.app.push_screen(CombatantDialog(self.t, join=False), self._run_returned)

    def action_join(self) -> None:
        self.app.push_screen(CombatantDialog(self.t, join=True), self._run_returned)

    def action_effect(self) -> None:
        if self.selected is None or self.view is None:
            return
        self.app.push_screen(
            EffectDialog(self.t, self.selected, self.view.current), self._run_returned
        )

    def action_remove(self) -> None:
        who = self.selected
        if who is None:
            return

        def confirmed(yes: bool | None) -> None:
            if yes:
                self.run_command(ih.Remove(who), "dialog")

        self.app.push_screen(
            ConfirmDialog(self.t, self.t("dialog.remove-question", name=who)), confirmed
        )

    def action_toggle_hidden(self) -> None:
        """Hide the selected combatant from the players' view, or reveal them."""
        chosen = self.view.find(self.selected) if self.view is not None else None
        if chosen is not None:
            command = ih.Reveal(chosen.name) if chosen.hidden else ih.Hide(chosen.name)
            self.run_command(command, "key")

    def action_attack(self) -> None:
        """The attack dialog for the current actor, the selected combatant as the target."""
        from console.screens.attack_dialog import AttackDialog

        view = self.view
        if view is None or view.current is None:
            self.refuse(self.t("attack.need-actor"), "key")
            return
        target = self.selected if self.selected != view.current else None
        self.app.push_screen(
            AttackDialog(
                self.t,
                lambda: encounter_of(self.history.scene),
                view.current,
                target,
                roller=lambda line: self.run_command_events(line, "dialog"),
            )
        )

    def action_roll(self) -> None:
        from console.screens.roll_dialog import RollDialog, WillpowerState
        from engine.ih.family import find_combatant

        scene = self.history.scene
        roller = find_combatant(encounter_of(scene), self.selected) if self.selected else None
        willpower = None
        if roller is not None:
            willpower = WillpowerState(
                left=roller.willpower,
                most=roller.willpower_max,
                waiting=roller.boost_pending and not roller.boost_rolled,
                rolled=roller.boost_pending and roller.boost_rolled,
            )
        self.app.push_screen(
            RollDialog(
                self.t,
                scene.system,
                self.selected,
                roller=lambda command: self.run_command_events(command, "dialog"),
                interpretations=scene.state.interpretations,
                willpower=willpower,
            )
        )

    # -- sheets, checks and extended actions (issue 14) -----------------------------------------

    def _sheets(self) -> tuple[Any, ...]:
        return tuple(getattr(self.history.scene.state, "sheets", ()))

    def _current(self) -> Scene:
        return self.history.scene

    def action_roster(self) -> None:
        from console.screens.roster import RosterScreen

        self.app.push_screen(
            RosterScreen(
                self.t,
                self._current,
                lambda line: self.run_command(line, "dialog"),
                self._open_check,
            )
        )

    def _open_check(self, who: str | None) -> None:
        from console.screens.check_dialog import CheckDialog

        self.app.push_screen(
            CheckDialog(
                self.t,
                self._current,
                who,
                roller=lambda line: self.run_command_events(line, "dialog"),
            )
        )

    def action_check(self) -> None:
        self._open_check(self.selected)

    def action_add_from_sheet(self) -> None:
        """Pick a sheet, then how many: one combatant or N numbered ones (RULES.md §3.3)."""
        sheets = self._sheets()
        if not sheets:
            return
        view = self.view
        verb = "add" if view is None or view.phase == "setup" else "join"

        def picked(name: str | None) -> None:
            if not name:
                return
            taken = self.view is not None and self.view.find(name) is not None

            def counted(count: int | None) -> None:
                if count is None:
                    return
                grouped = count if count > 1 or taken else None
                self.run_command(
                    ih.AddFromSheet(name, name, grouped, join=verb == "join"), "dialog"
                )

            self.app.push_screen(
                AmountDialog(self.t, self.t("roster.add-title", name=name)), counted
            )

        options = [(s.name, f"{s.name} ({self.t('sheet.side.' + s.side)})") for s in sheets]
        self.app.push_screen(ChoiceDialog(self.t("roster.pick-title"), options), picked)

    def action_extended(self) -> None:
        from console.screens.extended_screen import ExtendedScreen

        self.app.push_screen(
            ExtendedScreen(
                self.t,
                self._current,
                lambda line: self.run_command_events(line, "dialog"),
                self.selected,
            )
        )
