"""The nine attributes and twelve skills of Infinite Horror, and the Chinese names a check
accepts for them (§2.1).

What the console *shows* for a trait, in each language, is its label in console/locale/*.json
(``trait.<name>``, ``trait.category.<name>``); ``zh_labels`` reads the zh and zh-Hant labels
from there as input vocabulary (``check Ann 敏捷+射击``, ``check Ann 敏捷+射擊``), so there is
one table of Chinese trait names.
"""

from __future__ import annotations

import json
from enum import StrEnum
from functools import lru_cache
from pathlib import Path


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


LOCALE_DIR = Path(__file__).resolve().parents[2] / "console" / "locale"
"""The console's locale files (data, not code: nothing of the console is imported)."""

INPUT_LANGUAGES = ("zh", "zh-Hant")
"""Whose ``trait.<name>`` labels a check and a sheet read as trait names (§2.1)."""


@lru_cache(maxsize=1)
def zh_labels() -> dict[str, Attribute | Skill]:
    """The zh labels of §2.1 as input: ``trait.<name>`` of each locale in ``INPUT_LANGUAGES``.

    One table: the labels the console shows under ``--lang zh`` (Simplified, 射击) and
    ``--lang zh-Hant`` (Traditional, 射擊, as RULES.md writes them) are exactly the words the
    command language reads, so a label typed as shown is never refused.
    """
    names: dict[str, Attribute | Skill] = {}
    for lang in INPUT_LANGUAGES:
        words = json.loads((LOCALE_DIR / f"{lang}.json").read_text("utf-8"))
        for trait in (*Attribute, *Skill):
            names[words[f"trait.{trait.value}"].casefold()] = trait
    return names


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


@lru_cache(maxsize=1)
def zh_field_labels() -> dict[str, str]:
    """A sheet's other fields as the console shows them in Chinese, as input: Size
    (``trait.size``, 体积) and the concept fields (``sheet.concept.<field>``: 年龄, 性别…), each
    to its field's name in the command language (``size``, ``age``)."""
    names: dict[str, str] = {}
    for lang in INPUT_LANGUAGES:
        words: dict[str, str] = json.loads((LOCALE_DIR / f"{lang}.json").read_text("utf-8"))
        names[words["trait.size"].casefold()] = "size"
        prefix = "sheet.concept."
        for key, value in words.items():
            if key.startswith(prefix):
                names[value.casefold()] = key[len(prefix) :]
    return names
