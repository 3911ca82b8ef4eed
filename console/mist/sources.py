"""What a roll can invoke, and the power choice a set of ticks makes (RULES.md §4.2–4.4).

The roll builder lists a character's tags, the scene's and the challenges' story tags, the
statuses in play and the Taint themes that may be indulged; each row is ticked as helping,
hindering, burned or indulged. :func:`power_choice` turns the ticks into the engine's
:class:`PowerChoice`, so the builder runs the same ``TakeAction`` / ``Mitigate`` command the
command line parses into (STYLE.md: one path into the engine).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum, auto

from engine.mist.commands import PowerChoice
from engine.mist.state import Character, MistState, TagKind, ThemeType


class Tick(StrEnum):
    """How a row counts in the roll."""

    OFF = ""
    HELP = "help"
    HINDER = "hinder"
    BURN = "burn"
    INDULGE = "indulge"


class RowKind(StrEnum):
    """What a row is."""

    TAG = auto()  # "tag": a StrEnum's auto() is the member's name in lower case
    WEAKNESS = auto()
    STORY = auto()
    STATUS = auto()
    INDULGE = auto()


@dataclass(frozen=True, slots=True)
class SourceRow:
    """One thing the roll may count: a tag, a status, or a Taint theme to indulge."""

    kind: RowKind
    name: str
    """The tag's, the status's or the Taint theme's name, as the command names it."""
    owner: str
    """Whose it is: the actor, an ally, a challenge, or ``scene`` (the builder's headers)."""
    detail: str
    """What it belongs to: the theme of a tag (``theme`` for a theme tag), or ``story``,
    ``status``, ``indulge``."""
    burnable: bool = False
    """The actor's own power or theme tag: it may be burned for +3 (RULES.md §4.1)."""
    burned: bool = False
    tier: int = 0
    """A status's tier (0 for the rest)."""


def source_rows(state: MistState, actor: Character) -> tuple[SourceRow, ...]:
    """Every row the builder offers for ``actor``: own tags first, then story tags, statuses."""
    rows: list[SourceRow] = []
    for theme in actor.themes:
        rows.append(
            SourceRow(RowKind.TAG, theme.name, actor.name, "theme", True, theme.theme_tag_burned)
        )
        for tag in theme.power_tags:
            rows.append(SourceRow(RowKind.TAG, tag.name, actor.name, theme.name, True, tag.burned))
        for tag in theme.weaknesses:
            rows.append(SourceRow(RowKind.WEAKNESS, tag.name, actor.name, theme.name))
    for tag in actor.story_tags:
        rows.append(SourceRow(RowKind.STORY, tag.name, actor.name, "story"))
    for tag in state.scene.story_tags:
        rows.append(SourceRow(RowKind.STORY, tag.name, "scene", "story"))
    for challenge in state.challenges:
        for tag in challenge.story_tags:
            rows.append(SourceRow(RowKind.STORY, tag.name, challenge.name, "story"))
    for other in state.characters:
        if other.name != actor.name:
            for tag in other.story_tags:
                rows.append(SourceRow(RowKind.STORY, tag.name, other.name, "story"))
    for status in actor.statuses:
        rows.append(SourceRow(RowKind.STATUS, status.name, actor.name, "status", tier=status.tier))
    for challenge in state.challenges:
        for status in challenge.statuses:
            rows.append(
                SourceRow(RowKind.STATUS, status.name, challenge.name, "status", tier=status.tier)
            )
    for theme in actor.themes:
        if theme.type is ThemeType.TAINT:
            rows.append(SourceRow(RowKind.INDULGE, theme.name, actor.name, "indulge"))
    return tuple(rows)


def default_tick(row: SourceRow) -> Tick:
    """What space ticks: a weakness hinders, a Taint theme is indulged, the rest help."""
    if row.kind is RowKind.WEAKNESS:
        return Tick.HINDER
    if row.kind is RowKind.INDULGE:
        return Tick.INDULGE
    return Tick.HELP


def allowed(row: SourceRow, tick: Tick) -> bool:
    """Whether ``row`` can take ``tick`` (a burned tag is unusable; only own tags burn)."""
    if tick is Tick.OFF:
        return True
    if row.burned:
        return False
    if tick is Tick.BURN:
        return row.burnable
    if tick is Tick.INDULGE:
        return row.kind is RowKind.INDULGE
    if tick is Tick.HINDER:
        return row.kind in (RowKind.WEAKNESS, RowKind.STORY, RowKind.STATUS, RowKind.TAG)
    return row.kind is not RowKind.INDULGE


def power_choice(rows: tuple[SourceRow, ...], ticks: tuple[Tick, ...]) -> PowerChoice:
    """The engine's :class:`PowerChoice` for the ticked rows."""
    tags: list[str] = []
    hinder: list[str] = []
    statuses: list[str] = []
    hindering: list[str] = []
    burn: list[str] = []
    indulge: str | None = None
    for row, tick in zip(rows, ticks, strict=True):
        if tick is Tick.OFF:
            continue
        if row.kind is RowKind.STATUS:
            (statuses if tick is Tick.HELP else hindering).append(row.name)
        elif tick is Tick.INDULGE:
            indulge = row.name
        elif tick is Tick.BURN:
            burn.append(row.name)
        elif tick is Tick.HINDER:
            hinder.append(row.name)
        else:
            tags.append(row.name)
    return PowerChoice(
        tuple(tags), tuple(hinder), tuple(statuses), tuple(hindering), tuple(burn), indulge
    )


def kind_of(row: SourceRow) -> str:
    """The locale suffix naming the row's kind."""
    if row.kind is RowKind.TAG:
        return "theme-tag" if row.detail == "theme" else "power-tag"
    return {
        RowKind.WEAKNESS: "weakness-tag",
        RowKind.STORY: "story-tag",
        RowKind.STATUS: "status",
        RowKind.INDULGE: "indulgence",
    }[row.kind]


__all__ = [
    "RowKind",
    "SourceRow",
    "Tick",
    "TagKind",
    "allowed",
    "default_tick",
    "kind_of",
    "power_choice",
    "source_rows",
]
