"""What every key of the Infinite Horror screen stands on (RULES.md §3): the view of the scene,
the selection, what can be done now, and why a key that cannot be used does nothing.

The screen owns the scene (``SceneScreen.scene``) and derives the :class:`IHView` from it; the
panes are bound to ``view`` and ``selected`` and redraw themselves. What can be done now is
asked of the view and of the engine (:meth:`SceneScreen.refusal`, a dry run), never worked out
again here. The keys themselves: ``ih_turn_keys`` (turn order), ``ih_vitals_keys`` (health,
willpower, effects, rolls), ``ih_sheet_keys`` (sheets, checks, extended actions).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import events
from textual.reactive import reactive

from console import event_text
from console.i18n import Translator
from console.ih.view import IHView, ViewCache
from console.screens.command_dialog import AskConfirm
from console.screens.shell import SceneScreen
from engine.ih import commands as ih
from engine.ih.encounter import ActionKind
from engine.ih.events import UnusualReflex
from engine.ih.sheet_events import ExtendedRolled
from engine.session import JournalEntry, Scene

NEEDS_SELECTION = frozenset(
    "delay remove toggle_hidden amount spend effect".split()  # noqa: SIM905
)
"""Actions for the selected combatant: greyed out when nobody is selected."""

SHEET_ACTIONS = frozenset({"add_from_sheet", "check"})
"""Actions that work from the campaign's sheets (RULES.md §3.10): greyed out without one."""
EDITS = NEEDS_SELECTION | frozenset(
    (
        *"next_turn next_down begin end_scene combatant roll attack".split(),  # noqa: SIM905
        *"add_from_sheet check extended".split(),  # noqa: SIM905
    )
)
"""Actions that change the scene: refused in read-only mode."""

TURN_COMMANDS: dict[str, Callable[[Any], ih.Command]] = {
    "next_turn": lambda _: ih.Next(),
    "next_down": lambda _: ih.Next(down=True),  # ``N``: the turn starts even if that one is down
    "begin": lambda _: ih.Begin(),
    "end_scene": lambda _: ih.EndScene(),  # the shell asks first, saying what carries (issue 25)
}
"""The keys that run one command (:attr:`~console.screens.shell_keys.ShellKeys.KEY_COMMANDS`);
``n`` and ``b`` greyed out ask the engine why with the same command."""


class IHBase(SceneScreen):
    """The Infinite Horror screen's state and rules for its keys (RULES.md §3)."""

    # The bound panes repaint themselves; a screen repaint would redraw all of them.
    view: reactive[IHView | None] = reactive(None, always_update=True, repaint=False)
    selected: reactive[str | None] = reactive(None, repaint=False)
    paid: reactive[tuple[tuple[str, str], ...]] = reactive((), repaint=False)

    def __init__(self, scene: Scene, translate: Translator, **options: Any) -> None:
        self._dice_cache: list[tuple[JournalEntry, list[Text]]] = []
        self._view_cache: ViewCache = {}
        self._turn_before: str | None = None
        """The current actor before the command being run (the selection may follow the turn)."""
        super().__init__(scene, translate, **options)

    def run_command_events(self, command: object, source: str = "key") -> tuple[Any, ...] | None:
        before = self.view.current if self.view is not None else None
        self._turn_before = before
        return super().run_command_events(command, source)

    def after_command(self, text: str, events: tuple[Any, ...]) -> None:
        super().after_command(text, events)
        self._offer_to_stay_conscious(events)
        for event in events:
            if isinstance(event, ExtendedRolled) and event.mishap_near:
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
        self.say_surprise_pause()
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

    def say_surprise_pause(self) -> None:
        """At the pause after the surprise round, the status line says what to do next
        (RULES.md §3.2): add and roll the unaware, then n or b opens round 1."""
        view = self.view
        if view is not None and view.phase == "surprise" and view.current is None:
            status = self.status if self.status.startswith("✓") else ""
            hint = "⚠ " + self.t("status.surprise-over")
            self.status = hint if not status else f"{hint}  ({status[2:]})"

    def _offer_to_stay_conscious(self, events: tuple[Any, ...]) -> None:
        """Health 0: offer the willpower reflex to stay conscious, once a scene (RULES.md §1.7,
        §3.9 step 6), when the combatant still may. Yes spends it (``willpower NAME conscious``)."""
        from engine.ih.encounter import Encounter
        from engine.ih.events import Unconscious
        from engine.ih.vitals import WillpowerUse

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
            stay = ih.UseWillpower(who.name, WillpowerUse.CONSCIOUS)
            self.open_dialog(AskConfirm(self.look(), self.t, question, stay))

    # -- a key that can't be used now says why --------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """A greyed-out combat key names the rule that refuses it instead of doing nothing.

        ``t`` with the standard action spent, ``n`` before the fight, ``d`` for someone who
        acted: the engine's own reason goes to the status line (RULES.md §3.4–§3.6). Read-only
        refusals are the app's (it names who holds the campaign).
        """
        if self.read_only or self.view is None:
            return
        for action, parameters in self.greyed_out(event.key):
            if action in SHEET_ACTIONS:  # greyed out only while the roster has no sheet
                event.stop()
                event.prevent_default()
                self.refuse(self.t("status.needs-sheets"), "key")
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
            return self.spend_command(str(parameters[0]))
        if action in ("next_turn", "next_down", "begin"):
            return TURN_COMMANDS[action](self)
        if action == "delay" and who is not None:
            return ih.Delay(who, after=None)
        return None

    def spend_command(self, kind: str) -> ih.Spend | None:
        """The spend a key stands for: the current actor's move, standard… (README); a reflex
        (``x``) is the one spend taken off-turn (RULES.md §3.7), made by the selected one."""
        view = self.view
        spender = self.selected
        if kind != "reflex" and view is not None and view.current is not None:
            spender = view.current
        try:
            return ih.Spend(spender, ActionKind(kind)) if spender is not None else None
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
        if action in ("next_turn", "next_down"):
            # at the pause after the surprise round, n opens round 1 (RULES.md §3.2)
            paused = view.phase == "surprise" and view.current is None
            return True if fighting and (view.current is not None or paused) else None
        if action == "begin":
            return True if view.phase != "combat" and view.order else None
        if action == "combatant" and parameters and parameters[0]:  # join: the fight is on
            return True if fighting else None
        if action == "select_current":
            return True if view.current is not None else None
        if action == "attack":
            return True if fighting and view.current is not None and len(view.order) > 1 else None
        if action == "delay":
            return True if fighting and chosen and not chosen.marks.acted else None
        if action == "spend":
            # Asked of the engine, not worked out again here (RULES.md §3.6–§3.7), so the keys
            # and the rules never disagree.
            spend = self.spend_command(str(parameters[0]) if parameters else "")
            return True if view.phase != "setup" and spend and not self.refusal(spend) else None
        if action in SHEET_ACTIONS:
            return True if view.sheets else None
        return True

    def sheets(self) -> tuple[Any, ...]:
        """The campaign's character sheets (RULES.md §2), kept in the scene's state."""
        return tuple(getattr(self.history.scene.state, "sheets", ()))
