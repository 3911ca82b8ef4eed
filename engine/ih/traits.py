"""The nine attributes and twelve skills of Infinite Horror (§2.1).

Their names in each language are the console's labels (``trait.<name>`` and
``trait.category.<name>`` in console/locale/*.json; zh-Hant as RULES.md writes them).
"""

from __future__ import annotations

from enum import StrEnum


class Category(StrEnum):
    """The three trait categories: physical, mental, social."""

    PHYSICAL = "physical"
    MENTAL = "mental"
    SOCIAL = "social"


class Attribute(StrEnum):
    """The nine attributes (RULES.md §2.1)."""

    STRENGTH = "strength"
    DEXTERITY = "dexterity"
    STAMINA = "stamina"
    INTELLIGENCE = "intelligence"
    WITS = "wits"
    RESOLVE = "resolve"
    PRESENCE = "presence"
    MANIPULATION = "manipulation"
    COMPOSURE = "composure"


class Skill(StrEnum):
    """The twelve skills (RULES.md §2.1)."""

    ATHLETICS = "athletics"
    FIREARMS = "firearms"
    MARTIAL = "martial"
    SURVIVAL = "survival"
    ACADEMICS = "academics"
    DEVICES = "devices"
    CRAFTS = "crafts"
    CONCENTRATION = "concentration"
    INSIGHT = "insight"
    STEALTH = "stealth"
    EXPRESSION = "expression"
    SOCIALIZE = "socialize"


ATTRIBUTE_CATEGORY: dict[Attribute, Category] = {
    Attribute.STRENGTH: Category.PHYSICAL,
    Attribute.DEXTERITY: Category.PHYSICAL,
    Attribute.STAMINA: Category.PHYSICAL,
    Attribute.INTELLIGENCE: Category.MENTAL,
    Attribute.WITS: Category.MENTAL,
    Attribute.RESOLVE: Category.MENTAL,
    Attribute.PRESENCE: Category.SOCIAL,
    Attribute.MANIPULATION: Category.SOCIAL,
    Attribute.COMPOSURE: Category.SOCIAL,
}

SKILL_CATEGORY: dict[Skill, Category] = {
    **{s: Category.PHYSICAL for s in (Skill.ATHLETICS, Skill.FIREARMS, Skill.MARTIAL)},
    Skill.SURVIVAL: Category.PHYSICAL,
    **{s: Category.MENTAL for s in (Skill.ACADEMICS, Skill.DEVICES, Skill.CRAFTS)},
    Skill.CONCENTRATION: Category.MENTAL,
    **{s: Category.SOCIAL for s in (Skill.INSIGHT, Skill.STEALTH, Skill.EXPRESSION)},
    Skill.SOCIALIZE: Category.SOCIAL,
}


def label(trait: Attribute | Skill | Category) -> str:
    """The English label of a trait, as RULES.md writes it ("Dexterity")."""
    return trait.value.capitalize()
