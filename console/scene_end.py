"""Ending a scene or a movie asks first and says what carries (issue 25).

``end scene`` / ``end movie`` (Infinite Horror, key ``E`` ends the scene) and ``scene end``
(M.I.S.T., key ``E``) change what the campaign's cast may do next: the question names the
characters who carry and in what condition, what comes back and what stays behind. The
shell asks it before the one path into the engine runs the command (console/screens/shell.py).
"""

from __future__ import annotations

from typing import Any

from console.i18n import Translator
from engine.ih import commands as ih
from engine.ih.cast import cast_now, standing
from engine.ih.encounter import Encounter
from engine.mist import commands as mist
from engine.mist.state import MistState


def is_reopen(text: str) -> bool:
    """Whether a typed line is ``scene reopen`` (issue 25): a command of the campaign, which the
    console and ``run`` handle, not the engine."""
    return text.split("#", 1)[0].lower().split() == ["scene", "reopen"]


def cast_line(text: str) -> str | None:
    """The command of a typed ``cast COMMAND`` (issue 25 point 4: heal, restore or adjust the
    campaign's cast between scenes, ``cast heal Ann 3``, ``cast undo``), else ``None``; a
    command of the campaign, as ``scene reopen``."""
    words = text.split("#", 1)[0].split(None, 1)
    if len(words) < 1 or words[0].lower() != "cast":
        return None
    return words[1].strip() if len(words) == 2 else ""


def opened_name(text: str) -> str | None:
    """The scene a typed ``scene open "NAME"`` names (issue 25: go back to the other half of a
    split party), else ``None``; a command of the campaign, as ``scene reopen``."""
    from engine.language import tokenize

    try:
        line = tokenize(text)
    except Exception:  # an unbalanced quote: the engine's parser says so
        return None
    if line is None or line.verb != "scene" or len(line.words) != 2 or line.options:
        return None
    return line.words[1].strip() or None if line.words[0].lower() == "open" else None


def ending_question(t: Translator, state: Any, command: object) -> str | None:
    """The yes/no question before ``command`` when it ends a scene or a movie, else ``None``."""
    if isinstance(state, Encounter) and isinstance(command, (ih.EndScene, ih.EndMovie)):
        return _ih_question(t, state, movie=isinstance(command, ih.EndMovie))
    if isinstance(state, MistState) and isinstance(command, mist.EndScene):
        return _mist_question(t, state, command)
    return None


def _ih_question(t: Translator, state: Encounter, movie: bool) -> str:
    people = []
    for sheet in cast_now(state):
        if sheet.carries:
            found = standing(sheet)
            people.append(
                t(
                    "end.ih-person",
                    name=sheet.name,
                    health=found.condition.health,
                    health_max=found.health_max,
                    willpower=found.condition.willpower,
                    willpower_max=found.willpower_max,
                )
            )
    cast = t("word.list-sep").join(people) if people else t("end.nobody-carries")
    key = "end.movie-question" if movie else "end.scene-question"
    return t(key, cast=cast)


def _mist_question(t: Translator, state: MistState, command: mist.EndScene) -> str:
    names = [c.name for c in state.characters]
    cast = t("word.list-sep").join(names) if names else t("end.nobody-carries")
    kept = t("word.list-sep").join(command.keep) if command.keep else "—"
    mission = state.mission.name or "—"
    # ``scene end`` goes on in the same saved scene: the challenges and their threats stay on
    # the table (it said they stayed behind); only a new scene (Ctrl+N) starts without them.
    on_table = [c.name for c in state.challenges]
    table = (
        t("end.mist-table", challenges=t("word.list-sep").join(on_table))
        if on_table
        else t("end.mist-table-empty")
    )
    return t("end.mist-question", cast=cast, mission=mission, kept=kept, table=table)
