"""The nine attributes and twelve skills of Infinite Horror, and the Chinese names a check
accepts for them (§2.1).

``ATTRIBUTE_ZH`` / ``SKILL_ZH`` are input vocabulary: the names the command language reads
(``check Ann 敏捷+射擊``, as RULES.md writes them). What the console *shows* for a trait, in
each language, is its label in console/locale/*.json (``trait.<name>``, ``trait.category.<name>``).
"""

from __future__ import annotations

from enum import StrEnum


class Category(StrEnum):
    """The three trait categories: physical, mental, social (生理, 心智, 互動)."""

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


CATEGORY_ZH: dict[Category, str] = {
    Category.PHYSICAL: "生理",
    Category.MENTAL: "心智",
    Category.SOCIAL: "互動",
}

ATTRIBUTE_ZH: dict[Attribute, str] = {
    Attribute.STRENGTH: "力量",
    Attribute.DEXTERITY: "敏捷",
    Attribute.STAMINA: "耐力",
    Attribute.INTELLIGENCE: "智力",
    Attribute.WITS: "感知",
    Attribute.RESOLVE: "決心",
    Attribute.PRESENCE: "風度",
    Attribute.MANIPULATION: "操控",
    Attribute.COMPOSURE: "沉著",
}

SKILL_ZH: dict[Skill, str] = {
    Skill.ATHLETICS: "運動",
    Skill.FIREARMS: "射擊",
    Skill.MARTIAL: "武技",
    Skill.SURVIVAL: "求生",
    Skill.ACADEMICS: "學識",
    Skill.DEVICES: "器用",
    Skill.CRAFTS: "手藝",
    Skill.CONCENTRATION: "專注",
    Skill.INSIGHT: "洞察",
    Skill.STEALTH: "隱秘",
    Skill.EXPRESSION: "表達",
    Skill.SOCIALIZE: "社交",
}

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
