"""The character-creation validator (RULES.md §2.3): every budget over- or under-spent, by name.

Attributes: 3 / 2 / 1 points to the categories in the player's chosen order, then 3 free;
raising 4→5 costs 2; human maximum 5 at creation. Skills: 6 / 5 / 4, then 3 free; 2→3 costs 2;
cap 3 (4 with a special feat, whose 3→4 costs 2, [I-19]). Points a category spends beyond its
own budget come out of the free points. 6 specialty points, each specialty ≤ its skill; 5 feat
points (a level-L feat costs L); Intelligence × 2 language points, the native language at level
≥ 2, and with Intelligence 1 only the native language; a language at level 4+ halves the cost
of the others of its family ([I-18]). Good looks need a starting Presence ≥ 3 (a warning).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from engine.ih.character import Character, Language
from engine.ih.traits import (
    ATTRIBUTE_CATEGORY,
    SKILL_CATEGORY,
    Attribute,
    Category,
    Skill,
    label,
)
from engine.settings import DEFAULT, Interpretations

ATTRIBUTE_POINTS = (3, 2, 1)
SKILL_POINTS = (6, 5, 4)
FREE_POINTS = 3
SPECIALTY_POINTS = 6
FEAT_POINTS = 5
HUMAN_MAXIMUM = 5
SKILL_CAP = 3
SKILL_CAP_WITH_FEAT = 4
LANGUAGE_MAXIMUM = 5
NATIVE_MINIMUM = 2
RELATED_DISCOUNT_LEVEL = 4
"""§2.3 (000:115): a language at level 4+ halves the cost of its family's or branch's."""
GOOD_LOOKS_PRESENCE = 3
"""§2.3 (000:91): good-looking (帥哥/美女) only with a starting Presence of 3 or more."""
GOOD_LOOKS_WORDS: tuple[str, ...] = (
    "帥哥", "帅哥", "美女", "good-looking", "good looking", "handsome", "beautiful",
)  # fmt: skip
"""Words of an appearance that claim good looks (the concept's appearance is free text)."""


@dataclass(frozen=True, slots=True)
class Choices:
    """The player's choices the sheet cannot show: which category gets which budget."""

    attribute_priority: tuple[Category, Category, Category] = (
        Category.PHYSICAL,
        Category.MENTAL,
        Category.SOCIAL,
    )
    skill_priority: tuple[Category, Category, Category] = (
        Category.PHYSICAL,
        Category.MENTAL,
        Category.SOCIAL,
    )
    skill_cap_feat: bool = False


@dataclass(frozen=True, slots=True)
class Problem:
    """One budget or limit broken: ``budget`` names it, ``message`` is for the ST."""

    budget: str
    spent: int | float
    """Points spent (a language budget may hold half points, [I-18]), or the value itself."""
    allowed: int
    message: str
    code: str = ""
    """What kind of problem, for the console's words per language (``creation.<code>``)."""
    subject: str = ""
    """The trait, category or entry it is about (an English trait or category name in lower
    case, or the specialty's, feat's or language's own name)."""


def attribute_cost(value: int) -> int:
    """Points to raise an attribute from 1 to ``value`` (4→5 costs 2)."""
    return max(value - 1, 0) + (1 if value >= 5 else 0)


def skill_cost(value: int, four_costs_three: bool = False) -> int:
    """Points to raise a skill from 0 to ``value``: 0→1 and 1→2 cost 1, 2→3 costs 2 (000:255).

    [I-19] 000 prices no 3→4: it costs 2, the last stated step (a skill of 4 costs 6); with
    ``four_costs_three`` it costs 3 (a skill of 4 costs 7).
    """
    extra = 1 if four_costs_three and value >= 4 else 0
    return max(value, 0) + max(value - 2, 0) + extra


def language_cost(character: Character, round_up: bool = False) -> Fraction:
    """Language points of ``character``'s languages (RULES.md §2.3, [I-18]).

    1 point per level; a language of a family (or branch) in which another language is at
    level 4+ costs half (000:115). The family's highest language (the first listed of a tie)
    is the one that discounts the others and pays in full. Half points are kept exactly (two
    related levels per point); ``round_up`` rounds each discounted language's half up.
    """
    total = Fraction(0)
    for language in character.languages:
        head = _family_head(character, language)
        if head is None or head is language or head.level < RELATED_DISCOUNT_LEVEL:
            total += language.level
            continue
        half = Fraction(language.level, 2)
        total += math.ceil(half) if round_up else half
    return total


def _family_head(character: Character, language: Language) -> Language | None:
    """The highest-level language of ``language``'s family (first of a tie), or ``None``."""
    family = language.family.strip().casefold()
    if not family:
        return None
    group = [x for x in character.languages if x.family.strip().casefold() == family]
    return max(group, key=lambda x: x.level)


def spent_by_category(
    character: Character, kind: type[Attribute] | type[Skill], four_costs_three: bool = False
) -> dict[Category, int]:
    """The creation points ``character`` spent on attributes (or skills) of each category
    (``four_costs_three``: [I-19]'s setting)."""
    if kind is Attribute:
        return {
            c: sum(
                attribute_cost(character.attributes.of(a))
                for a in Attribute
                if ATTRIBUTE_CATEGORY[a] is c
            )
            for c in Category
        }
    return {
        c: sum(
            skill_cost(character.skills.of(s), four_costs_three)
            for s in Skill
            if SKILL_CATEGORY[s] is c
        )
        for c in Category
    }


def ranked(
    character: Character, kind: type[Attribute] | type[Skill], four_costs_three: bool = False
) -> tuple[Category, Category, Category]:
    """The categories by points spent, most first (ties in physical, mental, social order).

    RULES.md §2.3: the player picks which category gets the largest budget; a sheet that never
    said is read as the pick that fits it best. ``four_costs_three`` is [I-19]'s setting: the
    points are counted at the price the validator charges.
    """
    spent = spent_by_category(character, kind, four_costs_three)
    first, second, third = sorted(Category, key=lambda c: -spent[c])
    return (first, second, third)


def feat_cost(level: int, cumulative: bool = False) -> int:
    """Feat points for a feat at ``level`` (§2.3): L, or 1 + 2 + … + L with [I-10]."""
    level = max(level, 0)
    return level * (level + 1) // 2 if cumulative else level


def validate(
    character: Character,
    choices: Choices | None = None,
    cumulative_feats: bool = False,
    settings: Interpretations = DEFAULT,
) -> tuple[Problem, ...]:
    """Every creation problem of ``character``; empty when the sheet is a valid new character.

    ``cumulative_feats`` is [I-10] ``feat_cost_cumulative``; ``settings`` gives [I-18]
    ``related_language_round_up`` and [I-19] ``skill_four_costs_three``.
    """
    choices = choices or Choices()
    problems: list[Problem] = []
    attribute_spent = spent_by_category(character, Attribute)
    problems += _category_budgets(
        "attributes", "attribute", attribute_spent, choices.attribute_priority, ATTRIBUTE_POINTS
    )
    for attribute in Attribute:
        value = character.attributes.of(attribute)
        if value < 1 or value > HUMAN_MAXIMUM:
            problems.append(
                Problem(
                    label(attribute),
                    value,
                    HUMAN_MAXIMUM,
                    f"{label(attribute)} {value} is outside 1–{HUMAN_MAXIMUM}.",
                    "attribute-range",
                    attribute.value,
                )
            )
    skill_spent = spent_by_category(character, Skill, settings.skill_four_costs_three)
    problems += _category_budgets(
        "skills", "skill", skill_spent, choices.skill_priority, SKILL_POINTS
    )
    cap = SKILL_CAP_WITH_FEAT if choices.skill_cap_feat else SKILL_CAP
    for skill in Skill:
        value = character.skills.of(skill)
        if value < 0 or value > cap:
            problems.append(
                Problem(
                    label(skill),
                    value,
                    cap,
                    f"{label(skill)} {value} is outside 0–{cap}.",
                    "skill-range",
                    skill.value,
                )
            )
    problems += _specialties(character)
    problems += _feats(character, cumulative_feats)
    problems += _languages(character, settings.related_language_round_up)
    problems += _appearance(character)
    return tuple(problems)


def good_looking(appearance: str) -> bool:
    """The appearance claims good looks (帥哥/美女, good-looking…), §2.3."""
    text = appearance.casefold()
    return any(word in text for word in GOOD_LOOKS_WORDS)


def _appearance(character: Character) -> list[Problem]:
    """§2.3 (000:91): good looks need a starting Presence ≥ 3 (Presence permits the look; the
    look gives no Presence). A warning among the creation problems, never a refusal."""
    presence = character.attributes.presence
    if not good_looking(character.concept.appearance) or presence >= GOOD_LOOKS_PRESENCE:
        return []
    message = (
        f"Appearance {character.concept.appearance!r}: good-looking needs a starting Presence "
        f"of {GOOD_LOOKS_PRESENCE} or more (Presence {presence})."
    )
    return [
        Problem(
            "Appearance",
            presence,
            GOOD_LOOKS_PRESENCE,
            message,
            "appearance-presence",
            character.concept.appearance,
        )
    ]


def _spent_message(
    name: str, spent: int | float, allowed: int, code: str = "", subject: str = ""
) -> Problem:
    return Problem(name, spent, allowed, f"{name}: {spent} spent of {allowed}", code, subject)


def _category_budgets(
    plural: str,
    singular: str,
    spent: dict[Category, int],
    priority: tuple[Category, Category, Category],
    points: tuple[int, int, int],
) -> list[Problem]:
    problems: list[Problem] = []
    if sorted(priority) != sorted(Category):
        message = f"The {singular} priority must name each category once."
        return [Problem(plural, 0, 0, message, "priority", singular)]
    free_used = 0
    overs: list[str] = []
    for category, allowed in zip(priority, points, strict=True):
        used = spent[category]
        name = f"{label(category)} {plural}"
        if used < allowed:
            problems.append(
                _spent_message(name, used, allowed, f"{singular}-category", category.value)
            )
        elif used > allowed:
            free_used += used - allowed
            overs.append(f"{name}: {used} spent of {allowed}")
    if free_used != FREE_POINTS:
        problem = _spent_message(
            f"Free {singular} points", free_used, FREE_POINTS, f"{singular}-free"
        )
        if overs and free_used > FREE_POINTS:
            problem = Problem(
                problem.budget,
                free_used,
                FREE_POINTS,
                f"{problem.message} ({'; '.join(overs)})",
                f"{singular}-free",
            )
        problems.append(problem)
    return problems


def _specialties(character: Character) -> list[Problem]:
    problems: list[Problem] = []
    total = sum(s.level for s in character.specialties)
    if total != SPECIALTY_POINTS:
        problems.append(
            _spent_message("Specialty points", total, SPECIALTY_POINTS, "specialty-points")
        )
    for specialty in character.specialties:
        skill = character.skills.of(specialty.skill)
        if specialty.level < 1 or specialty.level > skill:
            problems.append(
                Problem(
                    specialty.name,
                    specialty.level,
                    skill,
                    f"{label(specialty.skill)} specialty {specialty.name!r} {specialty.level} "
                    f"must be 1–{label(specialty.skill)} ({skill}).",
                    "specialty-level",
                    specialty.name,
                )
            )
    return problems


def _feats(character: Character, cumulative: bool = False) -> list[Problem]:
    problems: list[Problem] = []
    total = sum(feat_cost(f.level, cumulative) for f in character.feats)
    if total != FEAT_POINTS:
        problems.append(_spent_message("Feat points", total, FEAT_POINTS, "feat-points"))
    for feat in character.feats:
        if feat.level < max(feat.minimum_level, 1):
            problems.append(
                Problem(
                    feat.name,
                    feat.level,
                    feat.minimum_level,
                    f"Feat {feat.name!r} level {feat.level} is below its minimum "
                    f"{feat.minimum_level}.",
                    "feat-minimum",
                    feat.name,
                )
            )
    return problems


def _languages(character: Character, round_up: bool = False) -> list[Problem]:
    problems: list[Problem] = []
    intelligence = character.attributes.intelligence
    allowed = intelligence * 2
    cost = language_cost(character, round_up)
    total: int | float = int(cost) if cost.denominator == 1 else float(cost)
    if cost != allowed:
        problems.append(_spent_message("Language points", total, allowed, "language-points"))
    natives = [x for x in character.languages if x.native]
    if len(natives) != 1:
        problems.append(
            Problem(
                "Native language",
                len(natives),
                1,
                "Name exactly one native language.",
                "native-count",
            )
        )
    for language in character.languages:
        if not 1 <= language.level <= LANGUAGE_MAXIMUM:
            problems.append(
                Problem(
                    language.name,
                    language.level,
                    LANGUAGE_MAXIMUM,
                    f"Language {language.name!r} level {language.level} is outside 1–5.",
                    "language-level",
                    language.name,
                )
            )
        if language.native and language.level < NATIVE_MINIMUM:
            problems.append(
                Problem(
                    language.name,
                    language.level,
                    NATIVE_MINIMUM,
                    f"The native language {language.name!r} needs level 2 or more.",
                    "native-level",
                    language.name,
                )
            )
    if intelligence == 1 and any(not x.native for x in character.languages):
        problems.append(
            Problem(
                "Languages",
                len(character.languages),
                1,
                "With Intelligence 1 all language points go to the native language.",
                "intelligence-one",
            )
        )
    return problems
