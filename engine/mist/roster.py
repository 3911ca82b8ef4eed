"""Finding and replacing the characters and challenges of a scene by name (case-insensitive)."""

from __future__ import annotations

from dataclasses import replace

from engine.errors import RuleError
from engine.mist.state import Challenge, Character, MistState, Theme


def _known(state: MistState) -> str:
    names = [c.name for c in state.characters] + [c.name for c in state.challenges]
    return ", ".join(names) or "nobody yet"


def has_name(state: MistState, name: str) -> bool:
    """Whether a character or challenge already has this name."""
    key = name.casefold()
    return any(c.name.casefold() == key for c in state.characters) or any(
        c.name.casefold() == key for c in state.challenges
    )


def character(state: MistState, name: str) -> Character:
    """The player character named ``name``.

    Raises:
        RuleError: no such character.
    """
    key = name.casefold()
    for found in state.characters:
        if found.name.casefold() == key:
            return found
    raise RuleError(f"No character named '{name}' (known: {_known(state)}).")


def challenge(state: MistState, name: str) -> Challenge:
    """The challenge named ``name``.

    Raises:
        RuleError: no such challenge.
    """
    key = name.casefold()
    for found in state.challenges:
        if found.name.casefold() == key:
            return found
    raise RuleError(f"No challenge named '{name}' (known: {_known(state)}).")


def is_character(state: MistState, name: str) -> bool:
    key = name.casefold()
    return any(c.name.casefold() == key for c in state.characters)


def is_challenge(state: MistState, name: str) -> bool:
    key = name.casefold()
    return any(c.name.casefold() == key for c in state.challenges)


def check_target(state: MistState, name: str) -> str:
    """The exact name of a character or challenge called ``name``.

    Raises:
        RuleError: neither exists.
    """
    if is_character(state, name):
        return character(state, name).name
    if is_challenge(state, name):
        return challenge(state, name).name
    raise RuleError(f"No character or challenge named '{name}' (known: {_known(state)}).")


def put_character(state: MistState, new: Character) -> MistState:
    """The state with the same-named character replaced by ``new``."""
    key = new.name.casefold()
    return replace(
        state,
        characters=tuple(new if c.name.casefold() == key else c for c in state.characters),
    )


def put_challenge(state: MistState, new: Challenge) -> MistState:
    """The state with the same-named challenge replaced by ``new``."""
    key = new.name.casefold()
    return replace(
        state,
        challenges=tuple(new if c.name.casefold() == key else c for c in state.challenges),
    )


def theme(person: Character, name: str) -> Theme:
    """The character's theme whose theme tag is ``name``.

    Raises:
        RuleError: no such theme.
    """
    key = name.casefold()
    for found in person.themes:
        if found.name.casefold() == key:
            return found
    have = ", ".join(t.name for t in person.themes) or "none"
    raise RuleError(f"{person.name} has no theme '{name}' (themes: {have}).")


def put_theme(person: Character, new: Theme) -> Character:
    """The character with the same-named theme replaced by ``new``."""
    key = new.name.casefold()
    return replace(
        person, themes=tuple(new if t.name.casefold() == key else t for t in person.themes)
    )


def self_themes(person: Character) -> int:
    """How many Self themes the character has (full immersion's power, Controlled's tier)."""
    return sum(1 for t in person.themes if t.type.value == "self")
