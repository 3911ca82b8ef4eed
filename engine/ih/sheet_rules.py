"""Sheets in the roster and combatants from a sheet (RULES.md §2, §3.3; INTERFACE.md §3).

A sheet may break the creation budgets (NPCs and veterans do): the validator shows its problems
(``sheet_view.problems``), it never refuses. What is refused is what cannot be: a specialty
above its skill, a second native language, an unknown sheet.
"""

from __future__ import annotations

import random
import re
from typing import Any, TypeVar

from engine.errors import RuleError
from engine.events import Event, Events
from engine.ih import cast, npc, roster
from engine.ih import commands as c
from engine.ih.character import Character, Concept, Feat, Language, Specialty
from engine.ih.checks import sheet_named
from engine.ih.creation import SKILL_CAP_WITH_FEAT
from engine.ih.encounter import Encounter, Kind, find, put
from engine.ih.sheet import Sheet, SkillBonus, find_sheet
from engine.ih.sheet_events import SheetDeleted, SheetEntrySet, SheetSaved
from engine.ih.sheet_language import (
    ATTRIBUTE_RANGE,
    LANGUAGE_RANGE,
    LEVEL_RANGE,
    MAX_GROUP,
    NUMBER_FIELDS,
    TRAIT_RANGE,
)
from engine.ih.traits import Attribute, Skill
from engine.ih.vitals import TEMPORARY_TRAITS
from engine.limits import MAX_NUMBER, MAX_TEXT
from engine.records import replace

CONCEPT_FIELDS: dict[str, str] = {
    "gender": "gender",
    "age": "age",
    "height-weight": "height_weight",
    "race": "race",
    "nationality": "nationality",
    "appearance": "appearance",
    "personality": "personality",
    "background": "background",
}
ORIGIN_FIELDS: dict[str, str] = {"origin": "name", "impulse": "impulse", "origin-trait": "trait"}
BONUS_FIELDS: dict[str, str] = {
    "initiative-bonus": "initiative",
    "dodge": "dodge",
    "will-save-bonus": "will_save",
    "reflex-save-bonus": "reflex_save",
    "fortitude-save-bonus": "fortitude_save",
    "defense-bonus": "defense_bonus",
}
Named = TypeVar("Named", Feat, Language)
"""A sheet entry known by its name alone."""

ATTRIBUTE_NAMES = frozenset(a.value for a in Attribute)
SKILL_NAMES = frozenset(s.value for s in Skill)


def _put_sheet(state: Encounter, sheet: Sheet) -> Encounter:
    sheets = list(state.sheets)
    for index, old in enumerate(sheets):
        if old.key == sheet.key:
            sheets[index] = sheet
            return replace(state, sheets=tuple(sheets))
    return replace(state, sheets=(*sheets, sheet))


def set_sheet(state: Encounter, command: c.SetSheet) -> tuple[Encounter, Events]:
    """Create or update a sheet; a value that would put a specialty above its skill is refused."""
    name = command.name.strip()
    if not name:
        raise RuleError("ih.sheet.no-name")
    old = find_sheet(state.sheets, name)
    sheet = old or Sheet(name=name, system=state.system, character=Character(Concept(name=name)))
    character = sheet.character
    attributes: dict[str, Any] = {}
    skills: dict[str, Any] = {}
    bonuses: dict[str, Any] = {}
    size, xp = character.size, character.xp_spent
    skill_cap_feat = sheet.choices.skill_cap_feat
    for key, value in command.traits:
        low, high = NUMBER_FIELDS.get(
            key, ATTRIBUTE_RANGE if key in ATTRIBUTE_NAMES else TRAIT_RANGE
        )
        if not low <= value <= high:  # a command built by hand (an import) is checked too
            raise RuleError("ih.sheet.out-of-range", what=key, value=value, low=low, high=high)
        if key in ATTRIBUTE_NAMES:
            attributes[key] = value
        elif key in SKILL_NAMES:
            skills[key] = value
        elif key in BONUS_FIELDS:
            bonuses[BONUS_FIELDS[key]] = value
        elif key == "size":
            size = value
        elif key == "xp":
            xp = value
        elif key == "skill-cap":  # §2.3: creation cap 3, 4 with a special feat
            skill_cap_feat = value == SKILL_CAP_WITH_FEAT
        else:
            raise RuleError("ih.sheet.unknown-trait", word=key, attributes="", skills="")
    concept: dict[str, Any] = {}
    origin: dict[str, Any] = {}
    for key, text in command.texts:
        if key in CONCEPT_FIELDS:
            concept[CONCEPT_FIELDS[key]] = text
        elif key in ORIGIN_FIELDS:
            origin[ORIGIN_FIELDS[key]] = text
    character = replace(
        character,
        attributes=replace(character.attributes, **attributes),
        skills=replace(character.skills, **skills),
        bonuses=replace(character.bonuses, **bonuses),
        concept=replace(character.concept, **concept),
        origin=replace(character.origin, **origin),
        size=size,
        xp_spent=xp,
    )
    _check_specialties(character)
    for skill, successes in command.skill_bonuses:
        if not 0 <= successes <= TRAIT_RANGE[1]:
            raise RuleError(
                "ih.sheet.out-of-range", what=skill.value, value=successes, low=0, high=10
            )
    skill_bonuses = {b.skill: b.successes for b in sheet.skill_bonuses}
    skill_bonuses.update(dict(command.skill_bonuses))
    sheet = replace(
        sheet,
        pc=sheet.pc if command.pc is None else command.pc,
        recurring=sheet.recurring if command.recurring is None else command.recurring,
        system=command.system or sheet.system,
        character=character,
        skill_bonuses=tuple(SkillBonus(s, n) for s, n in skill_bonuses.items() if n),
        choices=replace(sheet.choices, skill_cap_feat=skill_cap_feat),
    )
    changes: list[tuple[str, str]] = []
    if command.pc is not None:
        changes.append(("side", sheet.side))
    if command.recurring is not None:
        changes.append(("recurring", "yes" if command.recurring else "no"))
    if command.system is not None:
        changes.append(("system", command.system))
    changes += [(key, str(value)) for key, value in command.traits]
    changes += [(f"skill-bonus.{s.value}", str(n)) for s, n in command.skill_bonuses]
    changes += list(command.texts)
    return _put_sheet(state, sheet), (SheetSaved(sheet.name, old is None, tuple(changes)),)


def check_sheet(sheet: Sheet) -> None:
    """Refuse a sheet no command could make (an imported or hand-edited one is untrusted).

    Raises:
        RuleError: an empty name, a system other than ih-d10/ih-d6, a trait, Size, bonus or
            entry level out of its range, or a specialty above its skill.
    """
    if not sheet.name.strip():
        raise RuleError("ih.sheet.no-name")
    if sheet.system not in ("ih-d10", "ih-d6"):
        raise RuleError("ih.sheet.bad-system", value=sheet.system)
    character = sheet.character
    values = [(a.value, character.attributes.of(a), ATTRIBUTE_RANGE) for a in Attribute]
    values += [(s.value, character.skills.of(s), TRAIT_RANGE) for s in Skill]
    values += [("size", character.size, NUMBER_FIELDS["size"])]
    values += [("xp", character.xp_spent, NUMBER_FIELDS["xp"])]
    bonuses = character.bonuses
    values += [("defense-bonus", bonuses.defense_bonus, NUMBER_FIELDS["defense-bonus"])]
    values += [(b.skill.value, b.successes, TRAIT_RANGE) for b in sheet.skill_bonuses]
    values += [(f.name, f.level, LEVEL_RANGE) for f in character.feats]
    values += [(x.name, x.level, LANGUAGE_RANGE) for x in character.languages]
    values += [(s.name, s.level, LEVEL_RANGE) for s in character.specialties]
    values += _condition_values(sheet)
    for what, value, (low, high) in values:
        if not low <= value <= high:
            raise RuleError("ih.sheet.out-of-range", what=what, value=value, low=low, high=high)
    _check_specialties(character)


def _condition_values(sheet: Sheet) -> list[tuple[str, int, tuple[int, int]]]:
    """The numbers of a carried condition (issue 25) with their ranges: what commands can make
    (health and willpower 0 and up, temporary boxes of Stamina or Size, a note's length)."""
    condition = sheet.condition
    if condition is None:
        return []
    wide = (0, MAX_NUMBER)
    values = [("health", condition.health, wide), ("willpower", condition.willpower, wide)]
    traits = [trait for trait, _ in condition.temporary_boxes]
    values.append(("temporary boxes", len(traits), (0, len(TEMPORARY_TRAITS))))
    for trait, boxes in condition.temporary_boxes:
        known = 1 if trait in TEMPORARY_TRAITS and traits.count(trait) == 1 else 0
        values += [(f"temporary {trait}", known, (1, 1)), (f"temporary {trait}", boxes, wide)]
    values.append(("notes", len(condition.notes), (0, MAX_NUMBER)))
    values += [("note", len(note), (0, MAX_TEXT)) for note in condition.notes]
    return values


def _check_specialties(character: Character) -> None:
    for specialty in character.specialties:
        _within_skill(specialty.name, specialty.skill, specialty.level, character)


def _within_skill(name: str, skill: Skill, level: int, character: Character) -> None:
    """A specialty's level is at most its skill's (RULES.md §2.1)."""
    value = character.skills.of(skill)
    if level > value:
        raise RuleError(
            "ih.sheet.specialty-above-skill",
            specialty=name,
            level=level,
            skill_key=f"trait.{skill.value}",
            value=value,
        )


def _level(what: str, level: int, allowed: tuple[int, int]) -> None:
    low, high = allowed
    if not low <= level <= high:
        raise RuleError("ih.sheet.out-of-range", what=what, value=level, low=low, high=high)


def delete_sheet(state: Encounter, name: str) -> tuple[Encounter, Events]:
    """Take a sheet off the roster; combatants added from it keep their numbers."""
    sheet = sheet_named(state, name)
    sheets = tuple(s for s in state.sheets if s.key != sheet.key)
    order = tuple(
        replace(x, sheet=None) if x.sheet is not None and x.sheet.casefold() == sheet.key else x
        for x in state.order
    )
    return replace(state, sheets=sheets, order=order), (SheetDeleted(sheet.name),)


def set_specialty(state: Encounter, command: c.SetSpecialty) -> tuple[Encounter, Events]:
    """A specialty at a level no higher than its skill (RULES.md §2.1); level 0 takes it off."""
    sheet = sheet_named(state, command.name)
    _level(command.specialty, command.level, LEVEL_RANGE)
    character = sheet.character
    _within_skill(command.specialty, command.skill, command.level, character)
    wanted = command.specialty.casefold()
    kept = tuple(
        s
        for s in character.specialties
        if not (s.name.casefold() == wanted and s.skill is command.skill)
    )
    if command.level > 0:
        kept += (Specialty(command.skill, command.specialty, command.level),)
    sheet = replace(sheet, character=replace(character, specialties=kept))
    event = SheetEntrySet(
        sheet.name, "specialty", command.specialty, command.level, command.skill.value
    )
    return _put_sheet(state, sheet), (event,)


def _without(entries: tuple[Named, ...], name: str) -> tuple[Named, ...]:
    """``entries`` less the one called ``name`` (any case): a feat or language set again."""
    wanted = name.casefold()
    return tuple(entry for entry in entries if entry.name.casefold() != wanted)


def set_feat(state: Encounter, command: c.SetFeat) -> tuple[Encounter, Events]:
    """A feat at a level (RULES.md §2.3; its price is [I-10]'s); level 0 takes it off."""
    sheet = sheet_named(state, command.name)
    _level(command.feat, command.level, LEVEL_RANGE)
    kept = _without(sheet.character.feats, command.feat)
    if command.level > 0:
        kept += (Feat(command.feat, command.level),)
    sheet = replace(sheet, character=replace(sheet.character, feats=kept))
    event = SheetEntrySet(sheet.name, "feat", command.feat, command.level)
    return _put_sheet(state, sheet), (event,)


def set_language(state: Encounter, command: c.SetLanguage) -> tuple[Encounter, Events]:
    """A language at level 1–5 (RULES.md §2.3); ``native`` moves the native mark to it."""
    sheet = sheet_named(state, command.name)
    _level(command.language, command.level, LANGUAGE_RANGE)
    character = sheet.character
    kept = _without(character.languages, command.language)
    if command.native:
        kept = tuple(replace(x, native=False) for x in kept)
    if command.level > 0:
        kept += (Language(command.language, command.level, command.native, command.family),)
    sheet = replace(sheet, character=replace(character, languages=kept))
    event = SheetEntrySet(
        sheet.name, "language", command.language, command.level, native=command.native
    )
    return _put_sheet(state, sheet), (event,)


def _numbered_names(state: Encounter, name: str, count: int) -> list[str]:
    """``NAME 1`` … ``NAME N``, after the highest number of that name already in the fight."""
    pattern = re.compile(re.escape(name.casefold()) + r" ([0-9]+)")
    taken = [
        int(match.group(1)) for x in state.order if (match := pattern.fullmatch(x.key)) is not None
    ]
    start = max(taken, default=0) + 1
    return [f"{name} {n}" for n in range(start, start + count)]


def add_from_sheet(
    state: Encounter, command: c.AddFromSheet, rng: random.Random
) -> tuple[Encounter, Events]:
    """One or ``count`` combatants from a sheet, each rolling 1d10 + Initiative (§3.3).

    Initiative modifier, Dexterity, Composure, health, willpower and defense come from the sheet
    (RULES.md §2.2); the whole group is one command, so one undo takes it back.
    """
    sheet = sheet_named(state, command.sheet)
    if command.count is not None and not 1 <= command.count <= MAX_GROUP:
        raise RuleError(
            "ih.sheet.out-of-range", what="count", value=command.count, low=1, high=MAX_GROUP
        )
    name = command.name.strip()
    if not name:
        raise RuleError("ih.sheet-rules.combatant-needs-name")
    line = npc.from_character(sheet.character, state.system, state.interpretations)
    names = [name] if command.count is None else _numbered_names(state, name, command.count)
    events: list[Event] = []
    for each in names:
        entry = replace(
            npc.to_entry(line, Kind.PC if sheet.pc else Kind.NPC, command.initiative),
            name=each,
            clueless=command.clueless,
            sheet=sheet.name,
            hidden=command.hidden,
        )
        if command.modifier is not None:
            entry = replace(entry, modifier=command.modifier)
        state, added = roster.add(state, entry, rng, command.join)
        events += added
    if command.count is None:
        character = cast.combatant_of(state, sheet)
        if character is not None and character.key == name.casefold():
            state = put(state, cast.starting(character, sheet))  # issue 25: the campaign's
        state = _with_willpower_spent_out_of_the_fight(state, sheet, name)
    return state, tuple(events)


def _with_willpower_spent_out_of_the_fight(state: Encounter, sheet: Sheet, name: str) -> Encounter:
    """A character who spent willpower on checks before joining the fight (§3.11, tracked in
    ``Encounter.sheet_willpower_spent``) joins with what is left, not a full pool (§1.7)."""
    spent = dict(state.sheet_willpower_spent).get(sheet.key, 0)
    combatant = find(state, name)
    if not spent or combatant is None:
        return state
    return put(state, replace(combatant, willpower=max(0, combatant.willpower - spent)))
