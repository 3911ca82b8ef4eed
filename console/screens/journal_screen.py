"""A scene screen for any rule family: the scene as INTERFACE.md §2 shows it, and its journal.

It serves a family whose own screen is not registered in ``console.app.SCREENS_BY_FAMILY``
(M.I.S.T. until its screen lands, issue 7): the shell's command line, undo/redo, saves and
help all work, and the panes show the scene's state and every command that made it.
"""

from __future__ import annotations

import json

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import RichLog, Static

from console import render
from console.screens.shell import SceneScreen
from console.widgets.dice_log import DiceLog
from engine import commands
from engine.session import Scene


class JournalScreen(SceneScreen):
    """The state (as JSON) beside the journal and the dice of the scene."""

    DEFAULT_CSS = """
    JournalScreen #journal-main { height: 1fr; }
    JournalScreen #scene-state { width: 1fr; height: 1fr; border: round $primary; padding: 0 1; }
    JournalScreen #journal { width: 1fr; height: 1fr; border: round $secondary; }
    JournalScreen #dice-log { width: 1fr; height: 1fr; border: round $accent; }
    JournalScreen #status { height: 1; padding: 0 1; background: $panel; }
    """

    def compose_body(self) -> ComposeResult:
        with Horizontal(id="journal-main"):
            state = Static("", id="scene-state", markup=False)
            state.border_title = self.t("pane.scene")
            yield state
            journal = RichLog(id="journal", wrap=True, markup=False)
            journal.border_title = self.t("pane.journal")
            yield journal
            dice = DiceLog(id="dice-log")
            dice.border_title = self.t("pane.dice")
            yield dice

    def watch_scene(self, scene: Scene | None) -> None:
        if scene is None or not self.is_mounted:
            return
        data = commands.to_json(scene.state, scene.system)
        self.query_one("#scene-state", Static).update(
            json.dumps(data, ensure_ascii=False, indent=2)
        )
        journal = self.query_one("#journal", RichLog)
        journal.clear()
        dice: list[Text] = []
        for number, entry in enumerate(scene.journal, 1):
            journal.write(Text(f"{number:>3}  {entry.text}"))
            for event in entry.events:
                line = render.roll_event(self.t, scene.system, event)
                if line is not None:
                    dice.append(line)
        self.query_one(DiceLog).show(dice)
