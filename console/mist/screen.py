"""The M.I.S.T. screen (RULES.md §4): the scene loop, characters, case file, story so far.

The screen owns the scene (``SceneScreen.scene``, shared with the shell), reads it into a
:class:`~console.mist.view.MistView` and hands that to the panes. Its keys are grouped by subject
(``loop_actions.py``, ``case_actions.py``, ``themes.py``, ``story.py``), each group typed against
the screen's public surface (:class:`~console.mist.surface.MistSurface`); every key and dialog
makes a command object (``engine/mist/commands.py``) run through
:meth:`SceneScreen.run_command` — the same path as the command line; the journal writes it as
``format_command(command)`` (RULES.md §4, STYLE.md). A dialog answers with its command
(:meth:`SceneScreen.open_dialog`); what follows it is given the command's events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.reactive import reactive

from console import event_text
from console.keymap import MIST_KEYS, KeySpec
from console.mist.case_actions import CaseFileActions
from console.mist.dialogs import Field, field
from console.mist.loop_actions import SceneLoopActions, effects_open, mitigable
from console.mist.panes import (
    CaseFilePane,
    CharactersPane,
    MistPane,
    NavigatorPane,
    SceneLoopPane,
)
from console.mist.story import StoryActions
from console.mist.surface import MistSurface
from console.mist.themes import ThemeActions
from console.mist.view import MistView, mist_view
from console.screens.dialogs import ChoiceDialog, ConfirmDialog
from console.screens.shell import SceneScreen
from console.widgets.dice_log import DiceLog
from engine.mist import profiles
from engine.mist.events import ChallengeOvercome, ConsequenceDelivered, ThemeLost
from engine.mist.state import MistState
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
        "threat_lands",
        "resolve",
        "visibility",
        "status_form",
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

NEEDS_CHARACTER = frozenset({"action_roll", "burn", "mark", "growth", "theme", "retire"})
"""Actions on the selected character."""

WHY: dict[str, str] = {
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
    "threat_lands": "mist.why.no-threat",
    "select": "mist.why.one-character",
    "case_roll": "mist.why.no-conclusion",
}
"""The reason shown for a greyed-out key (its action → a locale key), as on the combat screen:
a key that does nothing says why (issue 18)."""


def logged(item: object) -> bool:
    """Whether the log pane words an event under its command: a roll, a challenge overcome, a
    theme lost, and what the rules word (issue 29 §4): a tag gone with its challenge, who gave
    a status, a consequence reduced by mitigation. The status line words every event."""
    if hasattr(item, "roll") or isinstance(item, (ChallengeOvercome, ThemeLost)):
        return True
    return bool(
        getattr(item, "gone_with", None)
        or getattr(item, "given_by", None)
        or (isinstance(item, ConsequenceDelivered) and item.mitigated)
    )


class MistScreen(SceneLoopActions, CaseFileActions, ThemeActions, StoryActions, SceneScreen):
    """Run a M.I.S.T. scene and its case file from the keyboard (RULES.md §4)."""

    CSS_PATH = "mist_screen.tcss"
    VERTICAL_BREAKPOINTS = [(0, "-short"), (32, "-tall")]
    """Under 32 rows (80×24) the scene loop gets more of the left column (issue 18)."""
    SCREEN_KEYS: ClassVar[tuple[KeySpec, ...]] = MIST_KEYS
    PLACEHOLDER_KEY: ClassVar[str] = "mist.command.placeholder"

    view: reactive[MistView | None] = reactive(None, always_update=True)
    selected: reactive[str | None] = reactive(None)

    def compose_body(self) -> ComposeResult:
        t = self.t
        with Horizontal(id="mist-main"):
            with Vertical(id="mist-left"):
                loop = SceneLoopPane(t, "mist.pane.scene-loop", id="scene-loop")
                yield loop.data_bind(MistScreen.view)
                people = CharactersPane(t, "mist.pane.characters", id="characters")
                yield people.data_bind(MistScreen.view, MistScreen.selected)
            with Vertical(id="mist-right"):
                nav = NavigatorPane(t, "mist.pane.story", id="navigator")
                yield nav.data_bind(MistScreen.view)
                case = CaseFilePane(t, "mist.pane.case-file", id="case-file")
                yield case.data_bind(MistScreen.view)
                yield self.dice_log("mist-log", "mist.pane.log")

    def on_mount(self) -> None:  # after it, the shell's: the log is drawn there (show_log)
        self.query_one(SceneLoopPane).focus()

    def home(self) -> SceneLoopPane:
        """The scene loop has the focus when no dialog or line does: after the command line
        closes the keys go there at once (the key gate waits for a focused widget)."""
        return self.query_one(SceneLoopPane)

    def watch_scene(self, scene: Scene | None) -> None:
        if scene is None or not isinstance(scene.state, MistState):
            return
        view = mist_view(scene, self.view)
        if self.selected not in view.characters:
            self.selected = view.characters[0] if view.characters else None
        self.view = view
        if self.is_mounted:
            self.show_log(scene)
            self.refresh_bindings()

    def show_log(self, scene: Scene) -> None:
        """The journal's last commands and their rolls, in the log pane."""
        lines: list[Text] = []
        entries: list[int] = []
        shown = scene.journal[-40:]
        for number, entry in enumerate(shown, start=len(scene.journal) - len(shown) + 1):
            lines.append(Text("› " + entry.text, style="dim"))
            entries.append(number)
            for item in entry.events:
                if logged(item):
                    lines.append(Text("  " + event_text.describe(self.t, item)))
                    entries.append(number)
        self.query_one("#mist-log", DiceLog).show(lines, entries)

    def names(self) -> tuple[str, ...]:
        view = self.view
        return () if view is None else view.characters + view.challenges

    def after_command(self, text: str, events: tuple[Any, ...]) -> None:
        """The status line in Mist words; undo and redo name the command (the shell's text)."""
        if text.strip().lower() in ("undo", "redo"):
            super().after_command(text, ())
            if text.strip().lower() == "redo" and events:
                self.status += "  —  " + self.t("report.separator").join(
                    event_text.describe(self.t, e) for e in events
                )
            return
        described = [event_text.describe(self.t, item) for item in events]
        self.status = (
            "✓ "
            + text.strip()
            + ("  —  " + self.t("report.separator").join(described) if described else "")
        )

    # -- what can be done now -------------------------------------------------------------------

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Grey out what cannot be done now: read from the view, or asked of the probe when it
        is a question of the rules (an effect to spend, a consequence to mitigate)."""
        base = super().check_action(action, parameters)
        if base is not True or action not in EDITS and action != "select":
            return base
        view = self.view
        if view is None or (self.read_only and action in EDITS):
            return None
        if action in NEEDS_CHARACTER:
            can = self.selected is not None
        elif action == "answer":
            can = bool(view.questions)
        elif action == "effects":
            can = effects_open(self)
        elif action == "mitigate":
            can = bool(mitigable(self))
        elif action == "deliver":
            can = bool(view.pending)
        elif action == "immerse":
            can = bool(view.taints_of(self.selected))
        elif action == "resolve":
            can = bool(view.open_threats)
        elif action == "threat_lands":
            can = bool(view.open_threats) or bool(profiles.moves(self.current()))
        elif action == "visibility":
            can = bool(view.challenges) or bool(self.current().case_file.questions)
        elif action == "select":
            can = len(view.characters) > 1
        elif action == "case_roll":
            can = bool(view.conclusions)
        else:
            can = True
        return True if can else None

    def why_not(self, action: str) -> str | None:
        """Why ``action`` is greyed out now, in the console's language."""
        key = WHY.get(action)
        if key is None:
            return None
        if action == "immerse" and not self.selected:
            key = "mist.why.no-character"
        return self.t(key, name=self.selected or "")

    def on_key(self, event: events.Key) -> None:
        """A greyed-out key says why in the status line instead of doing nothing."""
        if self.read_only or self.view is None:
            return
        for action, _ in self.greyed_out(event.key):
            reason = self.why_not(action)
            if reason is not None:
                event.stop()
                event.prevent_default()
                self.refuse(reason, "key")
                return

    # -- the surface the action groups use (MistSurface) ----------------------------------------

    def current(self) -> MistState:
        state = self.history.scene.state
        assert isinstance(state, MistState)
        return state

    def field(self, key: str, value: str = "", suggestions: tuple[str, ...] = ()) -> Field:
        return field(self.t, key, value, suggestions)

    def choose(
        self, title: str, options: list[tuple[str, str]], then: Callable[[str | None], None]
    ) -> None:
        self.app.push_screen(ChoiceDialog(title, options), then)

    def confirm(self, question: str, then: Callable[[bool | None], None]) -> None:
        self.app.push_screen(ConfirmDialog(self.t, question), then)

    def warn(self, reason: str) -> None:
        self.status = "✗ " + reason
        self.notify(reason, severity="warning")

    # -- keys of the screen itself --------------------------------------------------------------

    def select_character(self, name: str) -> None:
        self.selected = name

    def action_select(self, step: int) -> None:
        view = self.view
        if view is None or not view.characters:
            return
        names = view.characters
        index = names.index(self.selected) if self.selected in names else 0
        self.selected = names[(index + int(step)) % len(names)]
        self.refresh_bindings()

    def action_zoom(self) -> None:
        """Fill the screen with the focused pane (the case file when none is), or come back."""
        if self.maximized is not None:
            self.minimize()
            return
        focused = self.focused
        pane = focused if isinstance(focused, MistPane) else None
        self.maximize(pane or self.query_one(CaseFilePane), container=False)


def _surface(screen: MistScreen) -> MistSurface:
    """Mypy checks here that the screen provides every member its action groups use."""
    return screen
