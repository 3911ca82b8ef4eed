"""The case file and mission commands of M.I.S.T. (RULES.md §4.6 structure of play, §4.7 writing
the case file): clues, conclusions, complexity, the deduce/test rolls, the case-file moments,
questions, seasons, missions, cut-ins and the anomaly suppressed.

``engine/mist/commands.py`` joins them with the scene's commands into one ``Command``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeVar

Kind = TypeVar("Kind", bound=type)


def saved_as_commands(cls: Kind) -> Kind:
    """A save names a command by its class's module (``saves/type_registry.py``): these keep
    the name they were always saved under, ``engine.mist.commands.AddClue``, so the journals
    written before they moved here open as before (and ``engine.mist.commands`` exports them)."""
    cls.__module__ = "engine.mist.commands"
    return cls


@saved_as_commands
@dataclass(frozen=True, slots=True)
class AddClue:
    """``clue "TEXT" [by=TAG,…] [scene=NAME]``."""

    text: str
    found_by: tuple[str, ...] = ()
    scene: str | None = None


@saved_as_commands
@dataclass(frozen=True, slots=True)
class AddConclusion:
    """``conclusion "TEXT" supports=c1,c2 [contradicts=c3]``."""

    text: str
    supports: tuple[str, ...]
    contradicts: tuple[str, ...] = ()


@saved_as_commands
@dataclass(frozen=True, slots=True)
class SetComplexity:
    """``complexity N``."""

    complexity: int


@saved_as_commands
@dataclass(frozen=True, slots=True)
class CaseRoll:
    """``deduce ID`` / ``test ID [clue="…"] [property="…"]`` (§4.7)."""

    conclusion: str
    mode: str
    refuting_clue: str = ""
    property: str = ""


@saved_as_commands
@dataclass(frozen=True, slots=True)
class CaseFileMoment:
    """``casefile open|close``."""

    open: bool


@saved_as_commands
@dataclass(frozen=True, slots=True)
class AddQuestion:
    """``question "TEXT"``."""

    text: str


@saved_as_commands
@dataclass(frozen=True, slots=True)
class AnswerQuestion:
    """``answer q1 [k2|none]``."""

    id: str
    conclusion: str | None


@saved_as_commands
@dataclass(frozen=True, slots=True)
class StartSeason:
    """``season "NAME"``."""

    name: str


@saved_as_commands
@dataclass(frozen=True, slots=True)
class StartMission:
    """``mission "NAME" [anomaly="…"]``."""

    name: str
    anomaly: str = ""


@saved_as_commands
@dataclass(frozen=True, slots=True)
class CutInSummary:
    """``cutin "SUMMARY" [anomaly="…"]``."""

    summary: str
    anomaly: str = ""


@saved_as_commands
@dataclass(frozen=True, slots=True)
class Suppress:
    """``suppress o1``: the anomaly suppressed through an opportunity."""

    opportunity: str


@saved_as_commands
@dataclass(frozen=True, slots=True)
class EndMission:
    """``mission end``."""
