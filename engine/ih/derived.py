"""Derived traits (RULES.md §2.2), computed from the sheet, never stored.

Bonus successes from high attributes follow §1.5 (6→1, 11→2, 16→3). ``ih-d6`` uses the same
formula unless [I-8] ``d6_trait_bonus_successes`` is switched off.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ih.character import Character
from engine.settings import DEFAULT, Interpretations, move_rows

SENSING_METRES_PER_WITS = 20
"""§2.2: sensing range is Wits × 20 m, plus 20 m per Wits bonus success."""


@dataclass(frozen=True, slots=True)
class Defense:
    """Base defense: the lower of Dexterity and Wits, with the higher's bonus successes."""

    base: int
    bonus_successes: int
    dodge: int


def attribute_bonus(value: int, system: str = "ih-d10", settings: Interpretations = DEFAULT) -> int:
    """Bonus successes of a high attribute (RULES.md §1.5): ⌊(value − 1) / 5⌋ from 6 up.

    ``ih-d6`` uses the same formula by [I-8]; with ``d6_trait_bonus_successes`` off it has none.
    """
    if value < 6 or (system == "ih-d6" and not settings.d6_trait_bonus_successes):
        return 0
    return (value - 1) // 5


def speed(character: Character) -> int:
    """Strength + Dexterity + Size."""
    attributes = character.attributes
    return attributes.strength + attributes.dexterity + character.size


def initiative(character: Character) -> int:
    """Dexterity + Composure (+ ability bonuses): the modifier of 1d10 + Initiative (§3.3)."""
    attributes = character.attributes
    return attributes.dexterity + attributes.composure + character.bonuses.initiative


def defense(
    character: Character, system: str = "ih-d10", settings: Interpretations = DEFAULT
) -> Defense:
    """Lower of Dexterity and Wits, with the bonus successes of the higher of the two and the
    sheet's own defense bonus successes (gear, traits, powers: §3.8)."""
    dexterity, wits = character.attributes.dexterity, character.attributes.wits
    return Defense(
        base=min(dexterity, wits),
        bonus_successes=attribute_bonus(max(dexterity, wits), system, settings)
        + character.bonuses.defense_bonus,
        dodge=character.bonuses.dodge,
    )


def health(character: Character) -> int:
    """Stamina + Size."""
    return character.attributes.stamina + character.size


def willpower_max(character: Character) -> int:
    """Resolve + Composure."""
    return character.attributes.resolve + character.attributes.composure


def will_save(character: Character, settings: Interpretations = DEFAULT) -> int:
    """Resolve + Concentration + will-save bonus (DP), RULES.md §2.2 [I-17].

    ``will_save_adds_willpower`` reads 000:188's third term 意志 as Willpower: Resolve +
    Concentration + maximum willpower (the will-save bonus then does not apply).
    """
    third = (
        willpower_max(character)
        if settings.will_save_adds_willpower
        else character.bonuses.will_save
    )
    return character.attributes.resolve + character.skills.concentration + third


def reflex_save(character: Character) -> int:
    """Dexterity + Athletics + reflex-save bonus (DP)."""
    return (
        character.attributes.dexterity + character.skills.athletics + character.bonuses.reflex_save
    )


def fortitude_save(character: Character) -> int:
    """Stamina + Survival + fortitude-save bonus (DP)."""
    return (
        character.attributes.stamina + character.skills.survival + character.bonuses.fortitude_save
    )


def sensing_range(
    character: Character, system: str = "ih-d10", settings: Interpretations = DEFAULT
) -> int:
    """Metres of precise location: Wits × 20 (+ Wits bonus successes × 20), seed 004."""
    wits = character.attributes.wits
    return SENSING_METRES_PER_WITS * (wits + attribute_bonus(wits, system, settings))


def move(character: Character, settings: Interpretations = DEFAULT) -> int | None:
    """Metres per move action (RULES.md §2.2): Speed looked up in the table's ``move_table``
    setting; ``None`` when the table has set none (the sources give no table)."""
    table = move_rows(settings.move_table)
    return move_distance(speed(character), table) if table else None


def move_distance(speed_value: int, table: tuple[tuple[int, int], ...]) -> int:
    """Metres per move action from Speed, by a table of (minimum speed, metres) rows.

    The table is not in the sources (RULES.md §2.2), so the caller supplies it as a setting.
    """
    metres = 0
    for minimum, distance in sorted(table):
        if speed_value >= minimum:
            metres = distance
    return metres
