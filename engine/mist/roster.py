"""Finding and replacing the characters and challenges of a scene by name (case-insensitive)."""

from __future__ import annotations

from typing import TypeVar

from engine.errors import RuleError
from engine.mist.state import Challenge, Character, MistState, Theme
from engine.records import replace

Someone = TypeVar("Someone", Character, Challenge)
"""A character or a challenge: a name in the scene."""


def name_key(name: str) -> str:
    """How names are compared: case-insensitively, ignoring surrounding blanks (INTERFACE §3).

    A name is stored stripped (``pc " Mei "`` is Mei), so a lookup must strip too, or
    ``status " Mei " hurt 1`` would miss her and ``"hurt "`` would be a second status.
    """
    return name.strip().casefold()


def _known(state: MistState, *, characters: bool = True, challenges: bool = True) -> str:
    """The names a refusal offers instead: only those of the kind that was looked for (a missing
    challenge lists the challenges, not the player characters)."""
    names = [c.name for c in state.characters] if characters else []
    names += [c.name for c in state.challenges] if challenges else []
    return ", ".join(names) or "nobody yet"


def has_name(state: MistState, name: str) -> bool:
    """Whether a character or challenge already has this name."""
    key = name_key(name)
    return any(name_key(c.name) == key for c in state.characters) or any(
        name_key(c.name) == key for c in state.challenges
    )


def _named(items: tuple[Someone, ...], name: str) -> Someone | None:
    """The item of ``items`` called ``name`` (case and width folded: :func:`name_key`)."""
    key = name_key(name)
    return next((item for item in items if name_key(item.name) == key), None)


def character(state: MistState, name: str) -> Character:
    """The player character named ``name``.

    Raises:
        RuleError: no such character.
    """
    found = _named(state.characters, name)
    if found is None:
        raise RuleError(
            "mist.roster.character-named-known",
            name=name,
            known=_known(state, challenges=False),
        )
    return found


def challenge(state: MistState, name: str) -> Challenge:
    """The challenge named ``name``.

    Raises:
        RuleError: no such challenge.
    """
    found = _named(state.challenges, name)
    if found is None:
        raise RuleError(
            "mist.roster.challenge-named-known",
            name=name,
            known=_known(state, characters=False),
        )
    return found


def is_character(state: MistState, name: str) -> bool:
    key = name_key(name)
    return any(name_key(c.name) == key for c in state.characters)


def is_challenge(state: MistState, name: str) -> bool:
    key = name_key(name)
    return any(name_key(c.name) == key for c in state.challenges)


def check_target(state: MistState, name: str) -> str:
    """The exact name of a character or challenge called ``name``.

    Raises:
        RuleError: neither exists.
    """
    if is_character(state, name):
        return character(state, name).name
    if is_challenge(state, name):
        return challenge(state, name).name
    raise RuleError("mist.roster.character-challenge-named-known", name=name, known=_known(state))


def put_character(state: MistState, new: Character) -> MistState:
    """The state with the same-named character replaced by ``new``."""
    key = name_key(new.name)
    return replace(
        state,
        characters=tuple(new if name_key(c.name) == key else c for c in state.characters),
    )


def put_challenge(state: MistState, new: Challenge) -> MistState:
    """The state with the same-named challenge replaced by ``new``."""
    key = name_key(new.name)
    return replace(
        state,
        challenges=tuple(new if name_key(c.name) == key else c for c in state.challenges),
    )


def theme(person: Character, name: str) -> Theme:
    """The character's theme whose theme tag is ``name``.

    Raises:
        RuleError: no such theme.
    """
    key = name_key(name)
    for found in person.themes:
        if name_key(found.name) == key:
            return found
    have = ", ".join(t.name for t in person.themes) or "none"
    raise RuleError("mist.roster.theme-themes", person=person.name, name=name, have=have)


def put_theme(person: Character, new: Theme) -> Character:
    """The character with the same-named theme replaced by ``new``."""
    key = name_key(new.name)
    return replace(
        person, themes=tuple(new if name_key(t.name) == key else t for t in person.themes)
    )


def self_themes(person: Character) -> int:
    """How many Self themes the character has (full immersion's power, Controlled's tier)."""
    return sum(1 for t in person.themes if t.type.value == "self")


def giver(state: MistState, source: str | None) -> str | None:
    """Who gives a consequence's status (issue 29 §4): the challenge of the threat ``source``
    names, when it has one."""
    threat = next((t for t in state.threats if source is not None and t.id == source), None)
    return threat.challenge if threat is not None else None
