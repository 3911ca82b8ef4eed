"""What the players see of a scene, as Rich renderables (INTERFACE.md, "Players' view").

Pure functions of the engine's state and a translator: no file, no screen. What is hidden is
dropped here, before any text is made, so no later step (a tooltip, a log line, a JSON dump) can
show it: a hidden combatant or challenge, a current actor who is hidden, an effect's source, a
threat tied to a hidden challenge, a challenge's limits until the ST reveals them, the ST's notes.

This module has the heading both families share; each family's view is its own module,
``console/player/ih_text.py`` and ``console/player/mist_text.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text

from console.i18n import Translator


@dataclass(frozen=True, slots=True)
class Heading:
    """The view's top line: where the table is."""

    campaign: str
    scene: str


def heading(t: Translator, where: Heading, detail: str = "") -> Text:
    text = Text(where.campaign, style="bold")
    text.append("  ·  ")
    text.append(where.scene, style="bold cyan")
    if detail:
        text.append("  ·  ")
        text.append(detail, style="bold")
    return text
