"""The M.I.S.T. screen (RULES.md §4): the scene loop, characters, case file, story so far.

The screen owns the scene (``SceneScreen.scene``, shared with the shell) and hands its state to
the panes; every key and dialog builds a command object (``engine/mist/commands.py``) and runs it
through :meth:`SceneScreen.run_command` — the same path as the command line; the journal writes
it as ``format_command(command)`` (RULES.md §4, STYLE.md).
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive

from console import event_text
from console.keymap import MIST_KEYS, KeySpec
from console.mist import render
from console.mist.case_actions import CaseFileActions
from console.mist.dialogs import Field, FormDialog, Values
from console.mist.effects import EffectsDialog
from console.mist.fields import limits, whole
from console.mist.panes import (
    CaseFilePane,
    CharactersPane,
    MistPane,
    NavigatorPane,
    SceneLoopPane,
)
from console.mist.roll_builder import RollBuilder
from console.mist.story import StoryActions
from console.mist.themes import ThemeActions
from console.screens.dialogs import ChoiceDialog
from console.screens.shell import SceneScreen, action_and_parameters
from console.widgets.dice_log import DiceLog
from engine.dice.mist import Outcome
from engine.mist import commands as mist
from engine.mist.events import ActionRolled
from engine.mist.state import MistState, Phase, ThemeType
from engine.session import Scene

EDITS = frozenset(
    {
        "phase_next",
        "action_roll",
        "effects",
        "consequence",
        "mitigate",
        "deliver",
        "immerse",
        "threat",
        "resolve",
        "visibility",
        "status",
        "reduce",
        "story_tag",
        "challenge",
        "clue",
        "conclusion",
        "case_roll",
        "casefile",
        "end_scene",
        "burn",
        "mark",
        "growth",
        "retire",
        "theme",
        "question",
        "answer",
        "story",
        "add_pc",
        "complexity",
    }
)
"""Actions that change the scene: refused in read-only mode."""

DIALOG_SOURCE = "mist-dialog"
"""The source of a line run by a Mist dialog, which shows a refusal inline."""


class MistScreen(CaseFileActions, ThemeActions, StoryActions, SceneScreen):
    """Run a M.I.S.T. scene and its case file from the keyboard (RULES.md §4)."""

    CSS_PATH = "mist_screen.tcss"
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    """Under 32 rows (80×24) the scene loop gets more of the left column (issue 18)."""
    SCREEN_KEYS: ClassVar[tuple[KeySpec, ...]] = MIST_KEYS
    PLACEHOLDER_KEY: ClassVar[str] = "mist.command.placeholder"

    state: reactive[MistState | None] = reactive(None, always_update=True)
    selected: reactive[str | None] = reactive(None)
    scene_title: reactive[str] = reactive("")
    """The saved scene's name (the story line names the scene by it)."""
    _refusal = ""

    def compose_body(self) -> ComposeResult:
        t = self.t
        with Horizontal(id="mist-main"):
            with Vertical(id="mist-left"):
                loop = SceneLoopPane(t, "mist.pane.scene-loop", id="scene-loop")
                yield loop.data_bind(MistScreen.state)
                people = CharactersPane(t, "mist.pane.characters", id="characters")
                yield people.data_bind(MistScreen.state, MistScreen.selected)
            with Vertical(id="mist-right"):
                nav = NavigatorPane(t, "mist.pane.story", id="navigator")
                yield nav.data_bind(MistScreen.state, MistScreen.scene_title)
                case = CaseFilePane(t, "mist.pane.case-file", id="case-file")
                yield case.data_bind(MistScreen.state)
                log = DiceLog(id="mist-log")
                log.border_title = t("mist.pane.log")
                yield log

    def on_mount(self) -> None:
        super().on_mount()
        self._show_log(self.history.scene)
        self.query_one(SceneLoopPane).focus()

    def watch_scene(self, scene: Scene | None) -> None:
        if scene is None or not isinstance(scene.state, MistState):
            return
        state = scene.state
        names = [p.name for p in state.characters]
        if self.selected not in names:
            self.selected = names[0] if names else None
        self.scene_title = scene.name
        self.state = state
        if self.is_mounted:
            self._show_log(scene)
            self.refresh_bindings()

    def _show_log(self, scene: Scene) -> None:
        lines: list[Text] = []
        for entry in scene.journal[-40:]:
            lines.append(Text("› " + entry.text, style="dim"))
            for item in entry.events:
                if hasattr(item, "roll") or type(item).__name__ in ("ChallengeOvercome",):
                    lines.append(Text("  " + event_text.describe(self.t, item)))
        self.query_one("#mist-log", DiceLog).show(lines)

    def names(self) -> tuple[str, ...]:
        state = self.state
        if state is None:
            return ()
        return tuple(p.name for p in state.characters) + tuple(c.name for c in state.challenges)

    def after_command(self, text: str, events: tuple[Any, ...]) -> None:
        """The status line in Mist words; undo and redo name the command (the shell's text)."""
        if text.strip().lower() in ("undo", "redo"):
            super().after_command(text, ())
            if text.strip().lower() == "redo" and events:
                self.status += "  —  " + "; ".join(event_text.describe(self.t, e) for e in events)
            return
        described = [event_text.describe(self.t, item) for item in events]
        self.status = "✓ " + text.strip() + ("  —  " + "; ".join(described) if described else "")

    # -- what can be done now -------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        base = super().check_action(action, parameters)
        if base is not True or action not in EDITS and action != "select":
            return base
        state = self.state
        if state is None or (self.read_only and action in EDITS):
            return None
        if action in ("action_roll", "burn", "mark", "growth", "theme", "retire"):
            return True if self.selected else None
        if action == "answer":
            return True if state.case_file.questions else None
        if action == "effects":
            last = state.actions[-1] if state.actions else None
            usable = last is not None and last.scene == state.scene.number and last.left > 0
            return True if usable else None
        if action == "mitigate":
            return True if self._mitigable(state) else None
        if action == "deliver":
            return True if any(not x.delivered for x in state.consequences) else None
        if action == "immerse":
            return True if self._taint_themes(state) else None
        if action == "resolve":
            return True if any(not x.resolved for x in state.threats) else None
        if action == "visibility":
            return True if state.challenges else None
        if action == "select":
            return True if len(state.characters) > 1 else None
        if action == "case_roll":
            return True if state.case_file.conclusions else None
        return True

    WHY: ClassVar[dict[str, str]] = {
        "action_roll": "mist.why.no-character",
        "burn": "mist.why.no-character",
        "mark": "mist.why.no-character",
        "growth": "mist.why.no-character",
        "theme": "mist.why.no-character",
        "retire": "mist.why.no-character",
        "answer": "mist.why.no-question",
        "effects": "mist.why.no-effects",
        "mitigate": "mist.why.no-mitigable",
        "deliver": "mist.why.no-pending",
        "immerse": "mist.why.no-taint",
        "resolve": "mist.why.no-threat",
        "select": "mist.why.one-character",
        "case_roll": "mist.why.no-conclusion",
    }
    """The reason shown for a greyed-out key (its action → a locale key), as on the combat
    screen: a key that does nothing says why (issue 18)."""

    def why_not(self, action: str) -> str | None:
        """Why ``action`` is greyed out now, in the console's language."""
        key = self.WHY.get(action)
        if key is None:
            return None
        if action == "immerse" and not self.selected:
            key = "mist.why.no-character"
        return self.t(key, name=self.selected or "")

    def on_key(self, event: events.Key) -> None:
        """A greyed-out key says why in the status line instead of doing nothing."""
        if self.read_only or self.state is None:
            return
        for namespace, bindings in self._modal_binding_chain:
            if namespace is not self:
                continue
            for binding in bindings.key_to_bindings.get(event.key, ()):
                action, parameters = action_and_parameters(binding.action)
                if self.check_action(action, parameters):
                    return
                reason = self.why_not(action)
                if reason is not None:
                    event.stop()
                    event.prevent_default()
                    self.refuse(reason, "key")
                    return

    @staticmethod
    def _mitigable(state: MistState) -> list[tuple[str, str]]:
        names = {p.name for p in state.characters}
        return [
            (x.id, x.target)
            for x in state.consequences
            if not x.delivered and x.status and x.target in names
        ]

    def _taint_themes(self, state: MistState) -> tuple[str, ...]:
        person = next((p for p in state.characters if p.name == self.selected), None)
        if person is None:
            return ()
        return tuple(t.name for t in person.themes if t.type is ThemeType.TAINT)

    # -- helpers --------------------------------------------------------------------------------

    def _runner(self, command: object) -> tuple[Any, ...] | str:
        """Run a dialog's command: its events, or why it was refused (the dialog shows it)."""
        self._refusal = ""
        events = self.run_command_events(command, DIALOG_SOURCE)
        if events is not None:
            return events
        from engine.commands import format_command

        return self._refusal or format_command(command)

    def refuse(self, reason: str, source: str) -> None:
        """A Mist dialog shows the reason itself, next to what was typed: no notification."""
        if source == DIALOG_SOURCE:
            self._refusal = reason
            self.status = "✗ " + reason
            return
        super().refuse(reason, source)

    def _current(self) -> MistState:
        state = self.history.scene.state
        assert isinstance(state, MistState)
        return state

    def _form(
        self,
        title_key: str,
        fields: tuple[Field, ...],
        build: Any,
        *,
        preview: Any = None,
        note: RenderableType | None = None,
        then: Any = None,
        start: str | None = None,
        **values: object,
    ) -> None:
        dialog = FormDialog(
            self.t(title_key, **values),
            fields,
            build,
            self._runner,
            preview=preview,
            note=note,
            start=start,
        )
        self.app.push_screen(dialog, then)

    def _field(self, key: str, value: str = "", suggestions: tuple[str, ...] = ()) -> Field:
        t = self.t
        return Field(key, t(f"mist.field.{key}"), value, suggestions, t(f"mist.label.{key}"))

    # -- the scene loop -------------------------------------------------------------------------

    def action_phase_next(self) -> None:
        self.run_command(mist.SetPhase(None))

    def action_select(self, step: int) -> None:
        state = self.state
        if state is None or not state.characters:
            return
        names = [p.name for p in state.characters]
        index = names.index(self.selected) if self.selected in names else 0
        self.selected = names[(index + int(step)) % len(names)]
        self.refresh_bindings()

    def action_action_roll(self) -> None:
        """Open the roll builder; outside the Action phase, offer to move to it first (§4.6)."""
        if self.selected is None:
            return
        state = self._current()
        phase = state.phase
        if phase is Phase.CONSEQUENCE and any(not x.delivered for x in state.consequences):
            # Offering to move would only be refused: say why at once (RULES.md §4.6).
            self.run_command(mist.SetPhase(Phase.ACTION))
            return
        if phase is not Phase.ACTION:
            now = self.t(f"mist.phase.{phase.value}")
            self.status = "ⓘ " + self.t("mist.action.not-now", phase=now)
            options = [
                ("move", self.t("mist.action.move-to-action")),
                ("stay", self.t("mist.action.stay", phase=now)),
            ]

            def chosen(answer: str | None) -> None:
                if answer == "move" and self.run_command(mist.SetPhase(Phase.ACTION), "dialog"):
                    self._open_builder()

            title = self.t("mist.action.not-now", phase=now)
            self.app.push_screen(ChoiceDialog(title, options), chosen)
            return
        self._open_builder()

    def _open_builder(self) -> None:
        if self.selected is None:
            return
        self.app.push_screen(
            RollBuilder(self.t, self._current(), self.selected, self._runner), self._after_roll
        )

    def _after_roll(self, events: tuple[Any, ...] | None) -> None:
        rolled = next((e for e in events or () if isinstance(e, ActionRolled)), None)
        if rolled is None:
            return
        if rolled.roll.outcome is not Outcome.FAIL and rolled.power > 0:
            self.action_effects()

    def action_effects(self) -> None:
        self.app.push_screen(EffectsDialog(self.t, self._current, self._runner))

    def action_mitigate(self) -> None:
        state = self.state
        if state is None:
            return
        choices = self._mitigable(state)
        if not choices:
            return

        def chosen(ident: str | None) -> None:
            target = dict(choices).get(ident or "")
            if ident and target:
                builder = RollBuilder(
                    self.t, self._current(), target, self._runner, consequence=ident
                )
                self.app.push_screen(builder)

        if len(choices) == 1:
            chosen(choices[0][0])
            return
        labels = {x.id: render.consequence_text(self.t, x).plain for x in state.consequences}
        options = [(ident, labels[ident]) for ident, _ in choices]
        self.app.push_screen(ChoiceDialog(self.t("mist.mitigate.choose"), options), chosen)

    def action_deliver(self) -> None:
        self.run_command(mist.Deliver(None))

    def action_consequence(self) -> None:
        statuses = tuple(s.name for p in self._current().characters for s in p.statuses)

        def build(v: Values) -> mist.AddConsequence | None:
            source = v["source"] or None
            if v["status"]:
                tier = whole(v["tier"] or "1", "The tier")
                return mist.AddConsequence(v["text"], v["target"], v["status"], tier, source)
            return mist.AddConsequence(v["text"], source=source) if v["text"] else None

        last = self._current().owed
        self._form(
            "mist.form.consequence",
            (
                self._field("target", self.selected or "", self.names()),
                self._field("status", "", statuses),
                self._field("tier", "1"),
                self._field("text"),
                self._field("source", last[0] if last else ""),
            ),
            build,
            start="status" if self.selected else None,
        )

    def action_threat(self) -> None:
        challenges = tuple(c.name for c in self._current().challenges)

        def build(v: Values) -> mist.PresentThreat | None:
            if not v["text"]:
                return None
            return mist.PresentThreat(v["text"], v["challenge"] or None)

        self._form(
            "mist.form.threat",
            (self._field("text"), self._field("challenge", "", challenges)),
            build,
        )

    def action_resolve(self) -> None:
        threats = [x for x in self._current().threats if not x.resolved]
        options = [(x.id, f"{x.id} {x.text}") for x in threats]

        def chosen(ident: str | None) -> None:
            if ident:
                self.run_command(mist.ResolveThreat(ident), "dialog")

        self.app.push_screen(ChoiceDialog(self.t("mist.form.resolve"), options), chosen)

    def action_visibility(self) -> None:
        """What the players' view shows of a challenge: hide or reveal it, or its limits."""
        t = self.t
        options: list[tuple[str, str]] = []
        commands: dict[str, mist.SetVisibility] = {}

        def offer(command: mist.SetVisibility, label: str) -> None:
            key = str(len(options))
            commands[key] = command
            options.append((key, label))

        for found in self._current().challenges:
            name = found.name
            if found.hidden:
                offer(mist.SetVisibility(name, shown=True), t("mist.visibility.reveal", name=name))
            else:
                offer(mist.SetVisibility(name, shown=False), t("mist.visibility.hide", name=name))
            if found.limits_shown:
                offer(
                    mist.SetVisibility(name, shown=False, limits=True),
                    t("mist.visibility.hide-limits", name=name),
                )
            else:
                offer(
                    mist.SetVisibility(name, shown=True, limits=True),
                    t("mist.visibility.reveal-limits", name=name),
                )

        def chosen(key: str | None) -> None:
            if key in commands:
                self.run_command(commands[key], "dialog")

        self.app.push_screen(ChoiceDialog(t("mist.form.visibility"), options), chosen)

    def _status_form(self, verb: str) -> None:
        state = self._current()
        statuses = tuple(
            dict.fromkeys(
                [s.name for p in state.characters for s in p.statuses]
                + [s.name for c in state.challenges for s in c.statuses]
                + [limit.kind for c in state.challenges for limit in c.limits]
            )
        )

        def build(v: Values) -> mist.TakeStatus | mist.ReduceStatus | None:
            if not v["target"] or not v["status"]:
                return None
            if verb == "status":
                return mist.TakeStatus(
                    v["target"], v["status"], whole(v["tier"] or "1", "The tier")
                )
            return mist.ReduceStatus(v["target"], v["status"], whole(v["tier"] or "1", "N"))

        self._form(
            f"mist.form.{verb}",
            (
                self._field("target", self.selected or "", self.names()),
                self._field("status", "", statuses),
                self._field("tier", "1"),
            ),
            build,
            start="status" if self.selected else None,
        )

    def action_status(self) -> None:
        self._status_form("status")

    def action_reduce(self) -> None:
        self._status_form("reduce")

    def action_story_tag(self) -> None:
        def build(v: Values) -> mist.AddStoryTag | None:
            if not v["tag"]:
                return None
            return mist.AddStoryTag(v["target"] or "scene", v["tag"])

        self._form(
            "mist.form.story-tag",
            (self._field("target", "scene", self.names() + ("scene",)), self._field("tag")),
            build,
        )

    def action_challenge(self) -> None:
        def build(v: Values) -> mist.AddChallenge | None:
            if not v["name"]:
                return None
            return mist.AddChallenge(v["name"], limits(v["limits"].replace(" ", "")))

        self._form(
            "mist.form.challenge", (self._field("name"), self._field("limits", "harmed:4")), build
        )

    def action_add_pc(self) -> None:
        """``P``: a player character by name (``pc NAME``, RULES.md §4.1); themes follow (H)."""

        def build(v: Values) -> mist.AddCharacter | None:
            return mist.AddCharacter(v["name"]) if v["name"] else None

        def added(events: tuple[Any, ...] | None) -> None:
            if events:
                state = self._current()
                if state.characters:
                    self.selected = state.characters[-1].name

        self._form("mist.form.add-pc", (self._field("name"),), build, then=added)

    def action_complexity(self) -> None:
        """``X``: the case file's Complexity (``complexity N``, RULES.md §4.7)."""
        current = self._current().case_file.complexity

        def build(v: Values) -> mist.SetComplexity | None:
            if not v["complexity"]:
                return None
            return mist.SetComplexity(whole(v["complexity"], "The complexity"))

        self._form("mist.form.complexity", (self._field("complexity", str(current or "")),), build)

    def action_end_scene(self) -> None:
        self.run_command(mist.EndScene())

    def action_zoom(self) -> None:
        """Fill the screen with the focused pane (the case file when none is), or come back."""
        if self.maximized is not None:
            self.minimize()
            return
        focused = self.focused
        pane = focused if isinstance(focused, MistPane) else None
        self.maximize(pane or self.query_one(CaseFilePane), container=False)
