"""Checks from the character sheet (RULES.md §3.10): pools, bonus successes, untrained rule."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from ih_support import scenario

from engine.dice.ih import Untrained
from engine.errors import RuleError
from engine.ih.character import Attributes, Character, Skills, Specialty
from engine.ih.checks import check_pool, opposed_success, roller_sheet, sheet_of
from engine.ih.encounter import Combatant, Encounter
from engine.ih.rolls import PoolPart
from engine.ih.sheet import Sheet, SkillBonus
from engine.ih.traits import Attribute, Skill
from engine.settings import Interpretations

ANN = Sheet(
    name="Ann",
    pc=True,
    character=Character(
        attributes=Attributes(dexterity=3, wits=6, intelligence=11),
        skills=Skills(firearms=2, insight=1),
        specialties=(Specialty(Skill.FIREARMS, "Pistols", 1),),
    ),
    skill_bonuses=(SkillBonus(Skill.INSIGHT, 2),),
)


def test_attribute_skill_specialty_pool_has_a_line_per_part() -> None:
    pool = check_pool(ANN, "dexterity+firearms+pistols")
    assert pool.dp == 3 + 2 + 1
    assert pool.parts == (
        PoolPart("attribute", "dexterity", 3),
        PoolPart("skill", "firearms", 2),
        PoolPart("specialty", "Pistols", 1),
    )
    assert pool.bonus == 0
    assert pool.untrained is None
    assert pool.label == "dexterity+firearms+Pistols"


@pytest.mark.parametrize(
    ("traits", "dp", "bonus"),
    [
        ("wits", 6, 1),  # a lone attribute of 6: 1 bonus success (§1.5)
        ("Wits+Intelligence", 17, 1 + 2),  # two attributes, each its own bonus
        ("wits+insight", 7, 1 + 2),  # the skill's bonus is the sheet's input
        ("dexterity+firearms-2", 3, 0),  # a modifier
        ("dexterity+firearms+1", 6, 0),
        ("敏捷+射擊", 5, 0),  # the zh labels of §2.1
    ],
)
def test_pools_and_bonus_successes(traits: str, dp: int, bonus: int) -> None:
    pool = check_pool(ANN, traits)
    assert (pool.dp, pool.bonus) == (dp, bonus)


def test_d6_trait_bonus_follows_i8() -> None:
    assert check_pool(ANN, "wits", system="ih-d6").bonus == 1
    off = Interpretations(d6_trait_bonus_successes=False)
    assert check_pool(ANN, "wits", off, "ih-d6").bonus == 0
    assert check_pool(ANN, "wits", off, "ih-d10").bonus == 1


@pytest.mark.parametrize(
    ("traits", "untrained"),
    [
        ("strength+athletics", Untrained.PHYSICAL),
        ("wits+academics", Untrained.MENTAL),
        ("presence+socialize", Untrained.SOCIAL),
        ("dexterity+firearms", None),
    ],
)
def test_skill_at_zero_applies_the_untrained_rule_by_category(
    traits: str, untrained: Untrained | None
) -> None:
    pool = check_pool(ANN, traits)
    assert pool.untrained == untrained
    spec = pool.spec("ih-d10")
    assert spec.untrained == untrained


def test_untrained_skill_gives_no_skill_bonus() -> None:
    sheet = replace(ANN, skill_bonuses=(SkillBonus(Skill.ATHLETICS, 2),))
    assert check_pool(sheet, "dexterity+athletics").bonus == 0


@pytest.mark.parametrize(
    ("traits", "code"),
    [
        ("dexterity+firarms", "ih.check.unknown-trait"),
        ("dexterity+dexterity", "ih.check.repeated-trait"),
        ("firearms+insight", "ih.check.two-skills"),
        ("dexterity+wits+firearms", "ih.check.too-many-traits"),
        ("dexterity+pistols", "ih.check.specialty-without-skill"),
        ("dexterity++firearms", "ih.check.empty-trait"),
        ("", "ih.check.empty-trait"),
        ("2", "ih.check.no-trait"),
    ],
)
def test_bad_trait_lists_are_refused_with_a_code(traits: str, code: str) -> None:
    with pytest.raises(RuleError) as caught:
        check_pool(ANN, traits)
    assert caught.value.code == code


def test_spec_adds_the_rolls_own_options() -> None:
    pool = check_pool(ANN, "wits+insight")
    spec = pool.spec("ih-d10", willpower=True, dc=3, bonus=1, penalty=2, modifier=-1)
    assert (spec.dp, spec.pool, spec.bonus, spec.penalty, spec.dc) == (6, 9, 4, 2, 3)


@pytest.mark.parametrize(
    ("final", "other", "tie_to_defender", "wins"),
    [
        (3, 2, False, True),
        (2, 2, False, True),
        (2, 2, True, False),
        (3, 2, True, True),
        (0, 0, False, False),
        (1, 3, False, False),
    ],
)
def test_opposed_tie_rule_i15(final: int, other: int, tie_to_defender: bool, wins: bool) -> None:
    settings = Interpretations(opposed_tie_goes_to_defender=tie_to_defender)
    assert opposed_success(final, other, settings) is wins


def test_sheet_of_a_combatant_and_of_a_roller() -> None:
    state = Encounter(
        system="ih-d10",
        sheets=(ANN, Sheet(name="Ghoul")),
        order=(
            Combatant(name="Ghoul 2", initiative=5, original=5, sheet="Ghoul"),
            Combatant(name="Bob", initiative=4, original=4),
        ),
    )
    assert sheet_of(state, "ghoul 2") == Sheet(name="Ghoul")
    assert sheet_of(state, "Bob") is None
    assert roller_sheet(state, "Ghoul 2").name == "Ghoul"
    assert roller_sheet(state, "ann") is ANN
    with pytest.raises(RuleError) as caught:
        roller_sheet(state, "Bob")
    assert caught.value.code == "ih.sheet.combatant-without-sheet"
    with pytest.raises(RuleError) as caught:
        roller_sheet(state, "Zed")
    assert caught.value.code == "ih.sheet.unknown"


def test_sheet_json_carries_interface_keys_and_derived_traits() -> None:
    from engine.ih.sheet_view import sheet_json

    view = sheet_json(ANN)
    assert view["side"] == "pc"
    assert view["attributes"]["wits"] == 6
    assert view["skills"]["firearms"] == 2
    assert view["specialties"] == [{"skill": "firearms", "name": "Pistols", "level": 1}]
    assert view["derived"] == {
        "size": 5,
        "speed": 1 + 3 + 5,
        "initiative": 3 + 1,
        "defense": 3,
        "defense_bonus": 1,
        "dodge": 0,
        "health": 1 + 5,
        "willpower": 1 + 1,
        "will_save": 1,
        "reflex_save": 3,
        "fortitude_save": 1,
        "sensing_range_m": 20 * 6 + 20,
        "move_m": None,  # no Move table set (RULES.md §2.2: move_table)
    }
    assert view["creation_problems"]  # Intelligence 11 is far over budget: shown, not refused


SHEETS = ["sheet Bob npc wits=2 stealth=1", "sheet Ann pc wits=2 dexterity=2"]


def test_check_with_zero_successes_fails_against_dc_zero() -> None:
    """§1.1.5: 0 effective successes is a failed check, DC 0 included (as opposed 0 vs 0)."""
    _, _, fixed = scenario([*SHEETS, "check Bob wits+stealth --dc 0"], [1, 1, 1])
    _, _, opposed = scenario([*SHEETS, "check Bob wits+stealth vs=Ann:wits"], [1] * 5)
    keys = ("final_successes", "dc", "success")
    assert [fixed["rolls"][-1][k] for k in keys] == [0, 0, False]
    assert [opposed["rolls"][-2][k] for k in keys] == [0, 0, False]
    _, _, met = scenario([*SHEETS, "check Bob wits+stealth --dc 0"], [8, 1, 1])
    assert [met["rolls"][-1][k] for k in keys] == [1, 0, True]


LOCALES = Path(__file__).resolve().parents[2] / "console" / "locale"


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_sheet_and_check_read_every_trait_label_the_zh_consoles_show(lang: str) -> None:
    """§2.1 "Chinese names are the UI's zh labels": Simplified (射击) and Traditional (射擊)."""
    words = json.loads((LOCALES / f"{lang}.json").read_text("utf-8"))
    for trait in (*Attribute, *Skill):
        shown = words[f"trait.{trait.value}"]
        _, _, view = scenario([f"sheet Ann pc {shown}=3"])
        group = "attributes" if isinstance(trait, Attribute) else "skills"
        assert view["sheets"][0][group][trait.value] == 3, shown
        # a lone skill is no check (§3.10): each label is read beside an attribute
        with_attribute = shown if isinstance(trait, Attribute) else f"{shown}+wits"
        pool = check_pool(Sheet(name="Ann"), with_attribute)
        assert pool.parts[0].label == trait.value, shown
