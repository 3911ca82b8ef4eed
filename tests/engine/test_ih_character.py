"""IH characters: derived traits (RULES.md §2.2), the creation validator (§2.3), NPC lines."""

from __future__ import annotations

from dataclasses import replace

import pytest
from ih_support import play

from engine.ih import derived, family
from engine.ih.character import (
    Attributes,
    Character,
    Concept,
    Feat,
    Language,
    Skills,
    Specialty,
)
from engine.ih.creation import Choices, attribute_cost, skill_cost, validate
from engine.ih.npc import from_character, to_entry
from engine.ih.traits import Category, Skill
from engine.settings import Interpretations

# Attributes: physical 4 (3 + 1 free), mental 2, social 3 (1 + 2 free).
VALID = Character(
    concept=Concept(name="Ann"),
    attributes=Attributes(
        strength=2,
        dexterity=3,
        stamina=2,  # physical: 1 + 2 + 1 = 4 (3 + 1 free)
        intelligence=2,
        wits=2,
        resolve=1,  # mental: 2
        presence=2,
        manipulation=1,
        composure=3,  # social: 3 (1 + 2 free)
    ),
    skills=Skills(
        athletics=2,
        firearms=3,
        martial=1,  # physical: 2 + 4 + 1 = 7 (6 + 1 free)
        academics=2,
        devices=2,
        crafts=1,  # mental: 5
        insight=2,
        stealth=1,
        expression=1,
        socialize=2,  # social: 6 (4 + 2 free)
    ),
    specialties=(
        Specialty(Skill.FIREARMS, "Pistols", 3),
        Specialty(Skill.ATHLETICS, "Running", 2),
        Specialty(Skill.INSIGHT, "Lies", 1),
    ),
    feats=(Feat("Quick Draw", 2, minimum_level=2), Feat("Toughness", 3)),
    languages=(Language("Mandarin", 3, native=True), Language("English", 1)),
)


def test_the_valid_sheet_has_no_problems() -> None:
    assert validate(VALID) == ()


@pytest.mark.parametrize(("value", "cost"), [(1, 0), (2, 1), (4, 3), (5, 5)])
def test_attribute_cost_four_to_five_costs_two(value: int, cost: int) -> None:
    assert attribute_cost(value) == cost


@pytest.mark.parametrize(("value", "cost"), [(0, 0), (1, 1), (2, 2), (3, 4)])
def test_skill_cost_two_to_three_costs_two(value: int, cost: int) -> None:
    assert skill_cost(value) == cost


def problems(
    character: Character, choices: Choices | None = None
) -> list[tuple[str, str, int, int]]:
    """Each problem as data: its code, subject, points spent and allowed (the console words
    ``creation.<code>`` per language)."""
    return [(p.code, p.subject, p.spent, p.allowed) for p in validate(character, choices)]


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        (
            {"attributes": replace(VALID.attributes, strength=1)},
            ("attribute-free", "", 2, 3),
        ),
        (
            {"attributes": replace(VALID.attributes, intelligence=1)},
            ("attribute-category", "mental", 1, 2),
        ),
        ({"attributes": replace(VALID.attributes, wits=3)}, ("attribute-free", "", 4, 3)),
        (
            {"attributes": replace(VALID.attributes, dexterity=6)},
            ("attribute-range", "dexterity", 6, 5),
        ),
        ({"skills": replace(VALID.skills, crafts=2)}, ("skill-free", "", 4, 3)),
        ({"skills": replace(VALID.skills, crafts=0)}, ("skill-category", "mental", 4, 5)),
        ({"skills": replace(VALID.skills, martial=0)}, ("skill-free", "", 2, 3)),
        (
            {"skills": replace(VALID.skills, stealth=4, socialize=0, expression=0)},
            ("skill-range", "stealth", 4, 3),
        ),
        ({"specialties": VALID.specialties[:2]}, ("specialty-points", "", 5, 6)),
        (
            {"specialties": (*VALID.specialties, Specialty(Skill.MARTIAL, "Knife", 1))},
            ("specialty-points", "", 7, 6),
        ),
        (
            {"specialties": (Specialty(Skill.MARTIAL, "Knife", 2), *VALID.specialties[1:])},
            ("specialty-level", "Knife", 2, 1),
        ),
        ({"feats": VALID.feats[:1]}, ("feat-points", "", 2, 5)),
        ({"feats": (*VALID.feats, Feat("Luck", 1))}, ("feat-points", "", 6, 5)),
        (
            {"feats": (Feat("Quick Draw", 1, minimum_level=2), Feat("Toughness", 4))},
            ("feat-minimum", "Quick Draw", 1, 2),
        ),
        ({"languages": VALID.languages[:1]}, ("language-points", "", 3, 4)),
        (
            {"languages": (Language("Mandarin", 1, native=True), Language("English", 3))},
            ("native-level", "Mandarin", 1, 2),
        ),
        ({"languages": (Language("English", 4),)}, ("native-count", "", 0, 1)),
    ],
)
def test_each_budget_over_and_under(
    changes: dict[str, object], expected: tuple[str, str, int, int]
) -> None:
    found = problems(replace(VALID, **changes))  # type: ignore[arg-type]
    assert expected in found, found


def test_intelligence_one_puts_all_language_points_in_the_native_language() -> None:
    sheet = replace(
        VALID,
        attributes=replace(VALID.attributes, intelligence=1, wits=3),
        languages=(Language("Mandarin", 1, native=True), Language("English", 1)),
    )
    assert ("intelligence-one", "", 2, 1) in problems(sheet)


def test_priority_choice_changes_which_category_is_short() -> None:
    choices = Choices(attribute_priority=(Category.MENTAL, Category.PHYSICAL, Category.SOCIAL))
    assert ("attribute-category", "mental", 2, 3) in problems(VALID, choices)


def test_skill_cap_four_with_the_special_feat() -> None:
    sheet = replace(VALID, skills=replace(VALID.skills, firearms=4, athletics=1, martial=0))
    assert ("skill-range", "firearms", 4, 3) in problems(sheet)
    assert not any(
        p[:2] == ("skill-range", "firearms") for p in problems(sheet, Choices(skill_cap_feat=True))
    )


def test_derived_traits() -> None:
    sheet = replace(VALID, attributes=replace(VALID.attributes, dexterity=6, wits=3))
    assert derived.speed(sheet) == 2 + 6 + 5
    assert derived.initiative(sheet) == 6 + 3
    assert derived.defense(sheet) == derived.Defense(base=3, bonus_successes=1, dodge=0)
    # [I-8]: ih-d6 uses the d10 formula by default; switched off, its traits give none.
    assert derived.defense(sheet, "ih-d6").bonus_successes == 1
    no_d6_bonus = Interpretations(d6_trait_bonus_successes=False)
    assert derived.defense(sheet, "ih-d6", no_d6_bonus).bonus_successes == 0
    assert derived.sensing_range(sheet, "ih-d6", no_d6_bonus) == 60
    assert derived.health(sheet) == 2 + 5
    assert derived.willpower_max(sheet) == 1 + 3
    assert derived.will_save(sheet) == 1 + 0
    assert derived.reflex_save(sheet) == 6 + 2
    assert derived.fortitude_save(sheet) == 2 + 0
    assert derived.sensing_range(sheet) == 60
    wise = replace(sheet, attributes=replace(sheet.attributes, wits=11))
    assert derived.sensing_range(wise) == 20 * 11 + 20 * 2
    assert derived.move_distance(13, ((0, 5), (10, 10), (15, 15))) == 10


@pytest.mark.parametrize(("value", "bonus"), [(5, 0), (6, 1), (10, 1), (11, 2), (16, 3)])
def test_attribute_bonus_successes(value: int, bonus: int) -> None:
    assert derived.attribute_bonus(value) == bonus


def test_npc_stat_line_from_a_sheet() -> None:
    line = from_character(VALID)
    assert (line.initiative_modifier, line.health, line.willpower, line.defense) == (6, 7, 4, 2)
    entry = to_entry(line, initiative=14)
    assert entry.initiative == 14 and entry.modifier is None and entry.name == "Ann"


def test_feat_cost_i10() -> None:
    from engine.ih.creation import feat_cost

    assert [feat_cost(level) for level in (1, 2, 3)] == [1, 2, 3]
    assert [feat_cost(level, cumulative=True) for level in (1, 2, 3)] == [1, 3, 6]
    # Quick Draw 2 + Toughness 3 = 5 points; cumulative 3 + 6 = 9: over the 5 feat points.
    assert validate(VALID, cumulative_feats=True) != ()
    assert any(p.budget == "Feat points" and p.spent == 9 for p in validate(VALID, None, True))


def test_category_priority_is_the_players_pick_unless_i9_fixes_it() -> None:
    from engine.ih.sheet import Sheet
    from engine.ih.sheet_view import problems

    # Social gets the 3 attribute points here: valid when the player picks, not in fixed order.
    social_first = replace(
        VALID,
        attributes=Attributes(
            strength=2,
            dexterity=2,
            stamina=1,  # physical 2
            intelligence=2,
            wits=2,
            resolve=1,  # mental 2
            presence=3,
            manipulation=3,
            composure=2,  # social 2 + 2 + 1 = 5 (3 + 2 free); mental 2 (1 + 1 free)
        ),
        languages=(Language("Mandarin", 3, native=True), Language("English", 1)),
    )
    sheet = Sheet(name="Ann", character=social_first)
    assert not [p for p in problems(sheet) if "attribute" in p.budget.lower()]
    fixed = Interpretations(creation_fixed_category_order=True)
    assert [p for p in problems(sheet, fixed) if "attributes" in p.budget]


def test_i9_fixes_the_skill_order_too() -> None:
    """§2.3 [I-9]: skills' 6 / 5 / 4 is the player's choice by default; the fixed-order
    setting covers the skills as well as the attributes (issue 23, point 8)."""
    from engine.ih.sheet import Sheet
    from engine.ih.sheet_view import problems

    social_skills_first = replace(
        VALID,
        # physical: firearms 3 = 4; mental: 5 as VALID; social: 4 + 2 + 2 + 1 = 9 (6 + 3 free)
        skills=replace(
            VALID.skills, athletics=0, martial=0, insight=3, stealth=2, expression=2, socialize=1
        ),
        specialties=(
            Specialty(Skill.FIREARMS, "Pistols", 3),
            Specialty(Skill.INSIGHT, "Lies", 3),
        ),
    )
    sheet = Sheet(name="Ann", character=social_skills_first)
    fixed = Interpretations(creation_fixed_category_order=True)
    assert [(p.code, p.subject) for p in problems(sheet)] == []
    assert [(p.code, p.subject) for p in problems(sheet, fixed)] == [
        ("skill-category", "physical"),  # physical 4 of 6: social's 9 is 5 over its 4
        ("skill-free", ""),
    ]


@pytest.mark.parametrize(
    ("options", "willpower"), [("", 4), ("com=3", 5), ("com=1", 3), ("com=3 willpower=2", 2)]
)
def test_default_willpower_is_resolve_plus_composure(options: str, willpower: int) -> None:
    """RULES.md §2.2: Willpower max = Resolve + Composure (Resolve: the human average 2)."""
    state, _ = play(f"add A init=10 {options}")
    row = family.to_json(state)["order"][0]
    assert (row["willpower"], row["willpower_max"], row["health"]) == (willpower, willpower, 7)
