"""A sheet as numbers and data: derived traits (RULES.md §2.2), creation problems (§2.3), JSON.

``run --json`` prints these (INTERFACE.md ``sheets``); the console's roster and sheet editor
show the same values, so the two never disagree.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from engine.dice.mist import MistRoll
from engine.ih import creation, derived
from engine.ih.rolls import RollRecord
from engine.ih.sheet import Sheet
from engine.ih.traits import Attribute, Category, Skill
from engine.records import replace
from engine.settings import DEFAULT, Interpretations

FIXED_ORDER: tuple[Category, Category, Category] = (
    Category.PHYSICAL,
    Category.MENTAL,
    Category.SOCIAL,
)


@dataclass(frozen=True, slots=True)
class Derived:
    """The derived traits of §2.2 (defense is the base defense), fields named as INTERFACE.md
    keys them."""

    size: int
    speed: int
    initiative: int
    defense: int
    defense_bonus: int
    dodge: int
    health: int
    willpower: int
    will_save: int
    reflex_save: int
    fortitude_save: int
    sensing_range_m: int
    move_m: int | None = None
    """Metres per move action from Speed by the table's ``move_table`` (§2.2); ``None``
    without one."""


def derived_of(sheet: Sheet, settings: Interpretations = DEFAULT) -> Derived:
    """A sheet's derived traits (§2.2): what the roster and the sheet editor show."""
    character, system = sheet.character, sheet.system
    defense = derived.defense(character, system, settings)
    return Derived(
        size=character.size,
        speed=derived.speed(character),
        initiative=derived.initiative(character),
        defense=defense.base,
        defense_bonus=defense.bonus_successes,
        dodge=defense.dodge,
        health=derived.health(character),
        willpower=derived.willpower_max(character),
        will_save=derived.will_save(character, settings),
        reflex_save=derived.reflex_save(character),
        fortitude_save=derived.fortitude_save(character),
        sensing_range_m=derived.sensing_range(character, system, settings),
        move_m=derived.move(character, settings),
    )


def derived_traits(sheet: Sheet, settings: Interpretations = DEFAULT) -> dict[str, int]:
    """The derived traits of §2.2 by their INTERFACE.md keys (``run --json``'s ``derived``)."""
    return asdict(derived_of(sheet, settings))


def choices(sheet: Sheet, settings: Interpretations = DEFAULT) -> creation.Choices:
    """The category priorities the validator checks the sheet against (RULES.md §2.3, [I-9]).

    By default the player picks which category gets 3 / 2 / 1 (6 / 5 / 4): a sheet that never
    said is read with its categories ranked by the points they spend, the most getting the
    largest budget. [I-9] ``creation_fixed_category_order`` fixes the order physical, mental,
    social for the attributes' 3 / 2 / 1 **and** the skills' 6 / 5 / 4 (000:157, 000:250).
    """
    character = sheet.character
    fixed = settings.creation_fixed_category_order
    return replace(
        sheet.choices,
        attribute_priority=FIXED_ORDER if fixed else creation.ranked(character, Attribute),
        skill_priority=(
            FIXED_ORDER
            if fixed
            else creation.ranked(character, Skill, settings.skill_four_costs_three)
        ),
    )


def problems(sheet: Sheet, settings: Interpretations = DEFAULT) -> tuple[creation.Problem, ...]:
    """Every creation budget over or under and every limit broken (§2.3)."""
    return creation.validate(
        sheet.character,
        choices(sheet, settings),
        cumulative_feats=settings.feat_cost_cumulative,
        settings=settings,
    )


def sheet_json(sheet: Sheet, settings: Interpretations = DEFAULT) -> dict[str, Any]:
    """One entry of ``sheets`` in ``run --json`` (INTERFACE.md)."""
    character = sheet.character
    return {
        "name": sheet.name,
        "side": sheet.side,
        "system": sheet.system,
        "attributes": {a.value: character.attributes.of(a) for a in Attribute},
        "skills": {s.value: character.skills.of(s) for s in Skill},
        "skill_bonus": {b.skill.value: b.successes for b in sheet.skill_bonuses},
        "specialties": [
            {"skill": s.skill.value, "name": s.name, "level": s.level}
            for s in character.specialties
        ],
        "feats": [{"name": f.name, "level": f.level} for f in character.feats],
        "languages": [
            {"name": x.name, "level": x.level, "native": x.native, "family": x.family}
            for x in character.languages
        ],
        "concept": asdict(character.concept),
        "origin": asdict(character.origin),
        "derived": derived_traits(sheet, settings),
        "creation_problems": [p.message for p in problems(sheet, settings)],
    }


def roll_json(record: RollRecord) -> dict[str, Any]:
    """One entry of ``rolls`` in ``run --json``: who, what, and the ``roll --json`` keys (an IH
    check's, or a M.I.S.T. roll's), then the same record keys for every entry."""
    view: dict[str, Any] = {"by": record.by, "label": record.label}
    roll = record.result
    if isinstance(roll, MistRoll):  # ``roll mist POWER`` in an IH scene: the §2 M.I.S.T. keys
        view.update(system="mist", power=roll.power, d8=roll.d8, d4s=list(roll.d4s))
        view.update(total=roll.total, outcome=str(roll.outcome))
    else:
        view.update(asdict(roll))
        view["faces"] = list(roll.faces)
    view["parts"] = [asdict(p) for p in record.parts]
    view["bonus_parts"] = [asdict(p) for p in record.bonus_parts]
    view["willpower"] = record.willpower
    view["opponent"] = record.opponent
    view["extended"] = record.extended
    view["hidden"] = record.hidden
    view["doubled"] = record.doubled
    if record.attack is not None:
        view["attack"] = asdict(record.attack)
    return view
