"""Quick NPC stat lines: only what the tracker needs (RULES.md §2.2, §3.3).

A full sheet reduces to one with :func:`from_character`; :func:`to_entry` gives the ``add``
command's entry, so an NPC from a sheet and one typed in behave the same.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ih import derived
from engine.ih.character import Character
from engine.ih.encounter import Kind
from engine.ih.roster import Entry
from engine.settings import DEFAULT, Interpretations


@dataclass(frozen=True, slots=True)
class StatLine:
    """Initiative modifier, Composure, Dexterity, health, willpower, defense, notes."""

    name: str
    initiative_modifier: int
    composure: int
    dexterity: int
    health: int
    willpower: int
    defense: int
    defense_bonus: int = 0
    defense_bonus_kept: int = 0
    """Of ``defense_bonus``, the sheet's own (gear, powers): kept at base defense 0 (§3.8)."""
    notes: str = ""


def from_character(
    character: Character, system: str = "ih-d10", settings: Interpretations = DEFAULT
) -> StatLine:
    """The stat line of a full sheet, derived traits computed (§2.2)."""
    defense = derived.defense(character, system, settings)
    return StatLine(
        name=character.concept.name,
        initiative_modifier=derived.initiative(character),
        composure=character.attributes.composure,
        dexterity=character.attributes.dexterity,
        health=derived.health(character),
        willpower=derived.willpower_max(character),
        defense=defense.base + defense.dodge,
        defense_bonus=defense.bonus_successes,
        defense_bonus_kept=character.bonuses.defense_bonus,
    )


def to_entry(line: StatLine, kind: Kind = Kind.NPC, initiative: int | None = None) -> Entry:
    """The ``add`` entry for this line: rolls 1d10 + modifier unless ``initiative`` is given."""
    return Entry(
        name=line.name,
        initiative=initiative,
        modifier=None if initiative is not None else line.initiative_modifier,
        dexterity=line.dexterity,
        composure=line.composure,
        health=line.health,
        willpower=line.willpower,
        defense=line.defense,
        defense_bonus=line.defense_bonus,
        defense_bonus_kept=line.defense_bonus_kept,
        kind=kind,
    )
