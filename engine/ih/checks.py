"""Checks from the character sheet (RULES.md §3.10): traits named, the pool and bonuses worked out.

:func:`check_pool` turns a sheet and ``dexterity+firearms[+SPECIALTY][+N|-N]`` into a
:class:`CheckPool`: the dice pool with a line per part, the bonus successes of attributes ≥ 6
(§1.5, [I-8] for ``ih-d6``) and of the skill (an input on the sheet), and the untrained rule by
the skill's category when the skill is 0 (§1.4). ``attack`` (§3.9) and ``check`` both use it.

:func:`sheet_of` finds the sheet of a combatant (its ``sheet`` field, INTERFACE.md ``order``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.dice.ih import CheckSpec, Untrained
from engine.errors import RuleError
from engine.ih import derived
from engine.ih.encounter import Encounter, find
from engine.ih.rolls import PoolPart
from engine.ih.sheet import Sheet, find_sheet
from engine.ih.traits import (
    INPUT_LANGUAGES,
    LOCALE_DIR,
    SKILL_CATEGORY,
    Attribute,
    Skill,
    zh_labels,
)
from engine.settings import DEFAULT, Interpretations

MAX_TRAITS = 2
"""§3.10: attribute + skill, a lone attribute, or two attributes (a specialty comes on top)."""

_MODIFIER = re.compile(r"[+-]?[0-9]{1,4}")
_TRAILING_MODIFIER = re.compile(r"(.*[^0-9+-])([+-][0-9]{1,4})")


@dataclass(frozen=True, slots=True)
class CheckPool:
    """A check's pool from a sheet, before willpower and the roll's own options.

    ``dp`` is the sum of ``parts``; ``bonus`` the sum of ``bonus_parts`` (added by §1.1 only when
    the roll has effective successes); ``untrained`` the category of a skill at 0 (§1.4).
    """

    label: str
    dp: int
    parts: tuple[PoolPart, ...]
    bonus: int
    bonus_parts: tuple[PoolPart, ...]
    untrained: Untrained | None
    attributes: tuple[Attribute, ...] = ()
    skill: Skill | None = None

    def spec(
        self,
        system: str,
        settings: Interpretations = DEFAULT,
        *,
        willpower: bool = False,
        dc: int | None = None,
        again: int = 10,
        level: int = 1,
        bonus: int = 0,
        penalty: int = 0,
        modifier: int = 0,
    ) -> CheckSpec:
        """The :class:`CheckSpec` to roll: this pool with the roll's own options added."""
        return CheckSpec(
            system=system,
            dp=self.dp + modifier,
            again=again,
            level=level,
            bonus=self.bonus + bonus,
            penalty=penalty,
            untrained=self.untrained,
            willpower=willpower,
            dc=dc,
            interpretations=settings,
        )


def _trait_names() -> dict[str, Attribute | Skill]:
    names: dict[str, Attribute | Skill] = {trait.value: trait for trait in (*Attribute, *Skill)}
    return {**zh_labels(), **names}


TRAIT_NAMES: dict[str, Attribute | Skill] = _trait_names()
"""Trait names a check accepts: the English names in any case, and the zh labels of §2.1
(Simplified and Traditional, from the locale files: ``traits.zh_labels``)."""


SAVES: dict[str, tuple[Attribute, Skill]] = {
    "will_save": (Attribute.RESOLVE, Skill.CONCENTRATION),
    "reflex_save": (Attribute.DEXTERITY, Skill.ATHLETICS),
    "fortitude_save": (Attribute.STAMINA, Skill.SURVIVAL),
}
"""RULES.md §2.2's saves: two traits and the save's own bonus ([I-17])."""


def _save_names() -> dict[str, str]:
    """``will-save`` (also ``will_save``) and the zh labels the console shows (意志豁免…)."""
    import json

    names: dict[str, str] = {}
    for lang in INPUT_LANGUAGES:
        words = json.loads((LOCALE_DIR / f"{lang}.json").read_text("utf-8"))
        names.update({words[f"trait.{save}"].casefold(): save for save in SAVES})
    for save in SAVES:
        names[save] = names[save.replace("_", "-")] = save
    return names


SAVE_NAMES: dict[str, str] = _save_names()
"""Words a check reads as a save (RULES.md §2.2), mapped to the derived trait's key."""


def _save_pool(
    sheet: Sheet, save: str, terms: list[str], traits: str, settings: Interpretations, system: str
) -> CheckPool:
    """A save rolled (RULES.md §1.6, §2.2): its two traits + its bonus ([I-17]: or the maximum
    willpower for the Will save), whole-number modifiers on top, nothing else. An attribute ≥ 6
    and the skill's bonus add bonus successes as in any check (§1.5, §3.10); the untrained rule
    (§1.4) is for checks of a skill and does not apply to a save, a resistance of its own."""
    attribute, skill = SAVES[save]
    character = sheet.character
    third = PoolPart("save", "save_bonus", getattr(character.bonuses, save))
    if save == "will_save" and settings.will_save_adds_willpower:
        third = PoolPart("save", "willpower", derived.willpower_max(character))
    parts = [
        PoolPart("attribute", attribute.value, character.attributes.of(attribute)),
        PoolPart("skill", skill.value, character.skills.of(skill)),
        third,
    ]
    for term in terms:
        if SAVE_NAMES.get(term.casefold()) is None and not _MODIFIER.fullmatch(term):
            raise RuleError("ih.check.save-alone", save_key=f"trait.{save}", traits=traits)
        if _MODIFIER.fullmatch(term):
            parts.append(PoolPart("modifier", "modifier", int(term)))
    if sum(SAVE_NAMES.get(term.casefold()) is not None for term in terms) > 1:
        raise RuleError("ih.check.save-alone", save_key=f"trait.{save}", traits=traits)
    bonus_parts: list[PoolPart] = []
    value = derived.attribute_bonus(character.attributes.of(attribute), system, settings)
    if value:
        bonus_parts.append(PoolPart("attribute", attribute.value, value))
    if sheet.skill_bonus(skill) and character.skills.of(skill) > 0:
        bonus_parts.append(PoolPart("skill", skill.value, sheet.skill_bonus(skill)))
    modifiers = "".join(f"{p.value:+d}" for p in parts if p.kind == "modifier")
    return CheckPool(
        label=save.replace("_", "-") + modifiers,
        dp=sum(part.value for part in parts),
        parts=tuple(parts),
        bonus=sum(part.value for part in bonus_parts),
        bonus_parts=tuple(bonus_parts),
        untrained=None,
        attributes=(attribute,),
        skill=skill,
    )


def _terms(traits: str) -> list[str]:
    """``dexterity+firearms-1`` → ``["dexterity", "firearms", "-1"]``."""
    terms: list[str] = []
    for raw in traits.split("+"):
        term = raw.strip()
        match = _TRAILING_MODIFIER.fullmatch(term)
        if match and not _MODIFIER.fullmatch(term):
            terms += [match.group(1).strip(), match.group(2)]
        else:
            terms.append(term)
    return terms


def check_pool(
    sheet: Sheet,
    traits: str,
    settings: Interpretations = DEFAULT,
    system: str | None = None,
    *,
    save: bool = False,
) -> CheckPool:
    """The pool of ``sheet`` for ``traits`` (RULES.md §3.10), with its breakdown.

    ``traits`` is ``TRAIT[+TRAIT][+SPECIALTY][+N|-N]``: attributes and skills by their English
    names (any case) or zh labels, a specialty of the sheet under the skill named, and whole
    numbers as modifiers; or, where ``save`` allows it, a save alone (``will-save``,
    ``reflex-save``, ``fortitude-save`` or the zh labels, §2.2). ``system`` defaults to the
    sheet's.

    Raises:
        RuleError: an empty or unknown word, a trait named twice, more than two traits, two
            skills, or a specialty whose skill is not in the check; a save where a check is made
            actively (an attack, an extended action, the acting side of an opposed check: a save
            is never made actively, §1.6), or a save with other traits.
    """
    system = system or sheet.system
    terms = _terms(traits)
    named = next((SAVE_NAMES[t.casefold()] for t in terms if t.casefold() in SAVE_NAMES), None)
    if named is not None:
        if not save:
            raise RuleError(
                "ih.check.save-not-active", save_key=f"trait.{named}", word=named.replace("_", "-")
            )
        return _save_pool(sheet, named, terms, traits, settings, system)
    character = sheet.character
    parts: list[PoolPart] = []
    attributes: list[Attribute] = []
    skills: list[Skill] = []
    specialties: list[str] = []
    specialty_skills: list[Skill] = []
    for term in terms:
        if not term:
            raise RuleError("ih.check.empty-trait", traits=traits)
        if _MODIFIER.fullmatch(term):
            parts.append(PoolPart("modifier", "modifier", int(term)))
            continue
        trait = TRAIT_NAMES.get(term.casefold())
        if isinstance(trait, Attribute):
            if trait in attributes:
                raise RuleError(
                    "ih.check.repeated-trait", trait_key=f"trait.{trait.value}", traits=traits
                )
            attributes.append(trait)
            parts.append(PoolPart("attribute", trait.value, character.attributes.of(trait)))
            continue
        if isinstance(trait, Skill):
            if trait in skills:
                raise RuleError(
                    "ih.check.repeated-trait", trait_key=f"trait.{trait.value}", traits=traits
                )
            if skills:
                raise RuleError(
                    "ih.check.two-skills",
                    first_key=f"trait.{skills[0].value}",
                    second_key=f"trait.{trait.value}",
                )
            skills.append(trait)
            parts.append(PoolPart("skill", trait.value, character.skills.of(trait)))
            continue
        specialty = next(
            (s for s in character.specialties if s.name.casefold() == term.casefold()), None
        )
        if specialty is None:
            raise RuleError(
                "ih.check.unknown-trait",
                word=term,
                name=sheet.name,
                specialties=", ".join(s.name for s in character.specialties) or "—",
            )
        if specialties:
            raise RuleError("ih.check.two-specialties", first=specialties[0], second=term)
        specialties.append(specialty.name)
        specialty_skills.append(specialty.skill)
        parts.append(PoolPart("specialty", specialty.name, specialty.level))
    if not attributes and not skills:
        raise RuleError("ih.check.no-trait", traits=traits)
    if skills and not attributes:  # §3.10: attribute + skill, one attribute, or two
        raise RuleError("ih.check.skill-without-attribute", traits=traits, skill=skills[0].value)
    for specialty_name, skill in zip(specialties, specialty_skills, strict=True):
        if skill not in skills:
            raise RuleError(
                "ih.check.specialty-without-skill",
                specialty=specialty_name,
                skill_key=f"trait.{skill.value}",
            )
    if len(attributes) + len(skills) > MAX_TRAITS:
        raise RuleError("ih.check.too-many-traits", traits=traits)
    bonus_parts: list[PoolPart] = []
    for attribute in attributes:
        value = derived.attribute_bonus(character.attributes.of(attribute), system, settings)
        if value:
            bonus_parts.append(PoolPart("attribute", attribute.value, value))
    untrained: Untrained | None = None
    for skill in skills:
        level = character.skills.of(skill)
        if level <= 0:
            untrained = Untrained(SKILL_CATEGORY[skill].value)
        elif sheet.skill_bonus(skill):
            bonus_parts.append(PoolPart("skill", skill.value, sheet.skill_bonus(skill)))
    label = "+".join(
        part.label if part.kind != "modifier" else f"{part.value:+d}".lstrip("+") for part in parts
    ).replace("+-", "-")
    return CheckPool(
        label=label,
        dp=sum(part.value for part in parts),
        parts=tuple(parts),
        bonus=sum(part.value for part in bonus_parts),
        bonus_parts=tuple(bonus_parts),
        untrained=untrained,
        attributes=tuple(attributes),
        skill=skills[0] if skills else None,
    )


def opposed_success(final: int, opponent_final: int, settings: Interpretations = DEFAULT) -> bool:
    """An opposed check (§3.10): the opponent's final successes are the DC.

    [I-15]: a tie goes to the side that acts (final ≥ DC); with ``opposed_tie_goes_to_defender``
    the acting side must exceed them. A failed check (0 successes) never wins.
    """
    if final <= 0:
        return False
    if settings.opposed_tie_goes_to_defender:
        return final > opponent_final
    return final >= opponent_final


def sheet_named(state: Encounter, name: str) -> Sheet:
    """The roster sheet called ``name`` (case-insensitive).

    Raises:
        RuleError: no sheet has that name.
    """
    found = find_sheet(state.sheets, name)
    if found is None:
        known = ", ".join(s.name for s in state.sheets) or "—"
        raise RuleError("ih.sheet.unknown", name=name, known=known)
    return found


def sheet_of(state: Encounter, name: str) -> Sheet | None:
    """The sheet of the combatant called ``name``, or ``None`` when it was typed in bare.

    The combatant's ``sheet`` field (INTERFACE.md: each ``order`` entry's ``"sheet"``) names it.

    Raises:
        RuleError: no combatant has that name.
    """
    combatant = find(state, name)
    if combatant.sheet is None:
        return None
    return find_sheet(state.sheets, combatant.sheet)


def roller_sheet(state: Encounter, name: str) -> Sheet:
    """The sheet a check by ``name`` rolls from: the combatant's sheet, else the sheet so named.

    ``check "Ghoul 2" …`` uses the sheet Ghoul 2 was added from; ``check Ann …`` works before Ann
    joins the fight.

    Raises:
        RuleError: neither a combatant with a sheet nor a sheet has that name.
    """
    wanted = name.strip().casefold()
    for combatant in state.order:
        if combatant.key == wanted:
            if combatant.sheet is not None:
                found = find_sheet(state.sheets, combatant.sheet)
                if found is not None:
                    return found
            if find_sheet(state.sheets, name) is None:
                raise RuleError("ih.sheet.combatant-without-sheet", name=combatant.name)
    return sheet_named(state, name)


def refuse_other_system_options(
    system: str, again: int, level: int, again_word: str, level_word: str
) -> None:
    """Refuse an option of the other IH variant rather than ignore it (issue 23, point 7).

    ``again`` (10/9/8-again) is ``ih-d10``'s, ``level`` (the explode level) ``ih-d6``'s
    (RULES.md §1.2); ``again_word`` and ``level_word`` are how the command spells them
    (``--again``, ``again=``), so the refusal names the option as typed.

    Raises:
        RuleError: a non-default ``again`` on ``ih-d6`` or ``level`` on ``ih-d10``.
    """
    if system == "ih-d6" and again != 10:
        raise RuleError("ih.option.again-not-d6", option=again_word, level=level_word)
    if system == "ih-d10" and level != 1:
        raise RuleError("ih.option.level-not-d10", option=level_word, again=again_word)
