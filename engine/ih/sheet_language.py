"""The character verbs of the console language (INTERFACE.md "Characters, checks and attacks").

======================================================================  ==========================
command                                                                 meaning (RULES.md)
======================================================================  ==========================
``sheet NAME [pc|npc] [recurring] [ih-d10|ih-d6] TRAIT=N …``  create or update a sheet
``sheet NAME delete``                                                   take it off the roster
``specialty NAME SKILL "SPECIALTY" N`` (0 takes it off)                 §2.1
``feat NAME "FEAT" N`` · ``language NAME "LANGUAGE" N [native]``        §2.3
``add|join NAME from=SHEET [count=N] [init=N|mod=N]``                   combatants from a sheet
``check NAME TRAITS [--dc N|vs=OTHER:TRAITS] [--willpower] […]``        a check, §3.10
``extended NAME "LABEL" TRAITS|dp=N dc=N interval=turn|minute|…``       an extended action, §1.8
``extended roll ID`` · ``extended lose ID N`` · ``extended drop ID``
======================================================================  ==========================

TRAIT is an attribute or skill by its English name in lower case (or its zh label), ``size``,
``xp``, ``initiative-bonus``, ``dodge``, ``will-save-bonus``, ``reflex-save-bonus``,
``fortitude-save-bonus``, ``defense-bonus`` (defense bonus successes, §3.8), ``skill-cap`` (3, or
4 with the special feat that lets a new character take a skill of 4, §2.3); text fields are
``gender``, ``age``, ``height-weight``, ``race``, ``nationality``, ``appearance``,
``personality``, ``background``, ``origin``, ``impulse``, ``origin-trait``.
"""

from __future__ import annotations

from engine.errors import RuleError
from engine.ih import commands as c
from engine.ih.checks import TRAIT_NAMES
from engine.ih.traits import Attribute, Skill, zh_field_labels
from engine.language import Line, parse_int

TRAIT_RANGE = (0, 10)
"""Skills (and skill bonus successes) typed on a sheet: 0–10 (a value over 10 is a typing slip)."""

ATTRIBUTE_RANGE = (0, 999)
"""Attributes typed on a sheet. RULES.md §2.3 caps them at 5 at creation only (the creation
report checks it); enhancements go past it with no cap (003: an attribute of 11 has 2 bonus
successes). 999 is no rule, only a bound below the 1,000-dice pool limit."""

NUMBER_FIELDS: dict[str, tuple[int, int]] = {
    "size": (1, 10),
    "xp": (0, 9999),
    "initiative-bonus": (-10, 10),
    "dodge": (-10, 10),
    "will-save-bonus": (-10, 10),
    "reflex-save-bonus": (-10, 10),
    "fortitude-save-bonus": (-10, 10),
    "defense-bonus": (0, 10),
    "skill-cap": (3, 4),
}
"""Other whole-number fields of a sheet and their allowed values."""

TEXT_FIELDS: tuple[str, ...] = (
    "gender",
    "age",
    "height-weight",
    "race",
    "nationality",
    "appearance",
    "personality",
    "background",
    "origin",
    "impulse",
    "origin-trait",
)
"""The concept fields of RULES.md §2.3 (and the origin's impulse and trait, §1.7)."""

SKILL_BONUS = "skill-bonus."
MAX_GROUP = 50
"""The most combatants one ``add … count=N`` makes (``count=1000`` is a typing slip)."""
INTERVALS: tuple[str, ...] = ("turn", "minute", "hour", "day")
LEVEL_RANGE = (0, 10)
LANGUAGE_RANGE = (0, 5)
SHEET_USAGE = "sheet NAME [pc|npc] [recurring] TRAIT=N …"
SHEET_EXAMPLE = "sheet Ann pc dexterity=3 firearms=2"


def _usage(text: str) -> RuleError:
    return RuleError("ih.sheet-language.use", text=text)


def _level_usage(text: str) -> RuleError:
    """The usage of a level command, saying in the table's words that N 0 takes it off."""
    return RuleError("ih.sheet-language.use-level", text=text)


def _number(value: str, what: str, low: int, high: int) -> int:
    number = parse_int(value, what)
    if not low <= number <= high:
        raise RuleError("ih.sheet.out-of-range", what=what, value=number, low=low, high=high)
    return number


def trait_key(word: str) -> str | None:
    """The English name of an attribute or skill typed as ``word`` (any case, or a zh label)."""
    trait = TRAIT_NAMES.get(word.strip().casefold())
    return None if trait is None else trait.value


def skill_of(word: str) -> Skill:
    """The skill typed as ``word``.

    Raises:
        RuleError: not one of the twelve skills.
    """
    found = TRAIT_NAMES.get(word.strip().casefold())
    if not isinstance(found, Skill):
        raise RuleError("ih.sheet.unknown-skill", word=word, skills=", ".join(s for s in Skill))
    return found


def _sheet(line: Line) -> c.SetSheet | c.DeleteSheet:
    if not line.words:
        raise RuleError("ih.sheet-language.use-example", text=SHEET_USAGE, example=SHEET_EXAMPLE)
    name = line.words[0].strip()
    if not name:
        raise RuleError("ih.sheet.no-name")
    pc: bool | None = None
    recurring: bool | None = None
    system: str | None = None
    pairs: list[tuple[str, str]] = list(line.options)
    for word in line.words[1:]:
        flag = word.lower()
        if flag in ("pc", "npc"):
            pc = flag == "pc"
        elif flag == "recurring":
            recurring = True
        elif flag in ("ih-d10", "ih-d6"):
            system = flag
        elif flag == "delete" and len(line.words) == 2 and not line.options:
            return c.DeleteSheet(name=name)
        elif "=" in word:
            key, _, value = word.partition("=")
            pairs.append((key.lower(), value))
        else:
            raise RuleError("ih.sheet.unexpected-word", word=word, usage=SHEET_USAGE)
    traits: list[tuple[str, int]] = []
    bonuses: list[tuple[Skill, int]] = []
    texts: list[tuple[str, str]] = []
    for typed, value in pairs:
        key = zh_field_labels().get(typed.casefold(), typed)  # 年龄=34 is age=34, 体积=6 size=6
        if key == "system":
            if value.lower() not in ("ih-d10", "ih-d6"):
                raise RuleError("ih.sheet.bad-system", value=value)
            system = value.lower()
        elif key.startswith(SKILL_BONUS):
            skill = skill_of(key[len(SKILL_BONUS) :])
            bonuses.append((skill, _number(value, key, 0, 10)))
        elif key in NUMBER_FIELDS:
            traits.append((key, _number(value, key, *NUMBER_FIELDS[key])))
        elif key in TEXT_FIELDS:
            texts.append((key, value.strip()))
        else:
            trait = trait_key(key)
            if trait is None:
                raise RuleError(
                    "ih.sheet.unknown-trait",
                    word=key,
                    attributes=", ".join(a for a in Attribute),
                    skills=", ".join(s for s in Skill),
                )
            limits = ATTRIBUTE_RANGE if trait in {a.value for a in Attribute} else TRAIT_RANGE
            traits.append((trait, _number(value, trait, *limits)))
    return c.SetSheet(
        name=name,
        pc=pc,
        system=system,
        traits=tuple(traits),
        skill_bonuses=tuple(bonuses),
        texts=tuple(texts),
        recurring=recurring,
    )


def _specialty(line: Line) -> c.SetSpecialty:
    usage = 'specialty NAME SKILL "SPECIALTY" N'
    if len(line.words) != 4 or line.options:
        raise _level_usage(usage)
    name, skill, specialty, level = line.words
    if not specialty.strip() or "+" in specialty:
        raise RuleError("ih.sheet.bad-specialty-name", specialty=specialty)
    return c.SetSpecialty(
        name=name,
        skill=skill_of(skill),
        specialty=specialty.strip(),
        level=_number(level, specialty.strip(), *LEVEL_RANGE),
    )


def _feat(line: Line) -> c.SetFeat:
    usage = 'feat NAME "FEAT" N'
    if len(line.words) != 3 or line.options:
        raise _level_usage(usage)
    name, feat, level = line.words
    if not feat.strip():
        raise _level_usage(usage)
    return c.SetFeat(name=name, feat=feat.strip(), level=_number(level, feat, *LEVEL_RANGE))


def _language(line: Line) -> c.SetLanguage:
    usage = 'language NAME "LANGUAGE" N [native] [family=FAMILY]'
    words = list(line.words)
    native = len(words) == 4 and words[3].lower() == "native"
    if native:
        words = words[:3]
    options = dict(line.options)
    if len(words) != 3 or set(options) - {"family"} or not words[1].strip():
        raise _level_usage(usage)
    name, language, level = words
    return c.SetLanguage(
        name=name,
        language=language.strip(),
        level=_number(level, language, *LANGUAGE_RANGE),
        native=native,
        family=options.get("family", "").strip(),
    )


def parse_add_from(line: Line) -> c.AddFromSheet:
    """``add|join NAME from=SHEET [count=N] [init=N|mod=N] [clueless] [hidden]``."""
    usage = f"{line.verb} NAME from=SHEET [count=N] [init=N|mod=N] [hidden]"
    if not line.words:
        raise _usage(usage)
    values: dict[str, str] = {}
    for key, value in line.options:
        if key not in ("from", "count", "init", "mod"):
            raise RuleError("ih.sheet-language.unknown-option-use-2", key=key, usage=usage)
        values[key] = value
    clueless = False
    hidden = False
    for word in line.words[1:]:
        if word.lower() in ("clueless", "flat-footed") and line.verb == "join":
            clueless = True
        elif word.lower() == "hidden":
            hidden = True
        else:
            raise RuleError(
                "ih.sheet-language.unexpected-name-spaces-needs", word=word, usage=usage
            )
    sheet = values["from"].strip()
    if not sheet:
        raise _usage(usage)
    count = _number(values["count"], "count", 1, MAX_GROUP) if "count" in values else None
    initiative = parse_int(values["init"], "init") if "init" in values else None
    modifier = parse_int(values["mod"], "mod") if "mod" in values else None
    if initiative is not None and modifier is not None:
        raise RuleError("ih.sheet-language.give-either-init-rolled")
    return c.AddFromSheet(
        name=line.words[0],
        sheet=sheet,
        count=count,
        initiative=initiative,
        modifier=modifier,
        join=line.verb == "join",
        clueless=clueless,
        hidden=hidden,
    )


CHECK_USAGE = (
    "check NAME TRAIT+TRAIT[+SPECIALTY] [--dc N | vs=OTHER:TRAIT+TRAIT] [--willpower] "
    "[--again 10|9|8] [--level 1|2|3] [--bonus N] [--penalty N] [fails-at-0] [reflex-move] "
    "[hidden]"
)
CHECK_VALUES = ("dc", "again", "level", "bonus", "penalty", "vs")


def _check(line: Line) -> c.Check:
    if len(line.words) < 2:
        raise _usage(CHECK_USAGE)
    name, traits = line.words[0], line.words[1]
    values: dict[str, str] = {}
    flags: set[str] = set()
    for key, value in line.options:
        option = key.lstrip("-")
        if option not in CHECK_VALUES:
            raise RuleError("ih.sheet-language.unknown-option-use-3", key=key, usage=CHECK_USAGE)
        values[option] = value
    rest = list(line.words[2:])
    index = 0
    while index < len(rest):
        word = rest[index]
        option = word.lstrip("-").lower()
        if option in ("willpower", "hidden", "fails-at-0", "reflex-move"):
            flags.add(option)
        elif word.startswith("--") and option in CHECK_VALUES:
            if index + 1 >= len(rest):
                raise RuleError("ih.sheet-language.needs-value-use", word=word, usage=CHECK_USAGE)
            if option in values:  # ``--dc 2 --dc 3`` or ``dc=2 --dc 3``
                raise RuleError("language.option-twice", verb=line.verb, key=word)
            values[option] = rest[index + 1]
            index += 1
        else:
            raise RuleError("ih.sheet-language.unexpected-use", word=word, usage=CHECK_USAGE)
        index += 1
    opponent: str | None = None
    opponent_traits: str | None = None
    if "vs" in values:
        if "dc" in values:
            raise RuleError("ih.check.dc-and-vs")
        who, sep, what = values["vs"].rpartition(":")
        if not sep or not who.strip() or not what.strip():
            raise RuleError("ih.check.bad-vs", value=values["vs"])
        opponent, opponent_traits = who.strip(), what.strip()
    again = parse_int(values["again"], "--again") if "again" in values else 10
    level = parse_int(values["level"], "--level") if "level" in values else 1
    return c.Check(
        name=name,
        traits=traits,
        dc=_number(values["dc"], "--dc", 0, 1000) if "dc" in values else None,
        opponent=opponent,
        opponent_traits=opponent_traits,
        willpower="willpower" in flags,
        again=again,
        level=level,
        bonus=_number(values["bonus"], "--bonus", 0, 1000) if "bonus" in values else 0,
        penalty=_number(values["penalty"], "--penalty", 0, 1000) if "penalty" in values else 0,
        hidden="hidden" in flags,
        fails_at_zero="fails-at-0" in flags,
        reflex_move="reflex-move" in flags,
    )


EXTENDED_USAGE = (
    'extended NAME "LABEL" TRAIT+TRAIT|dp=N dc=N interval=turn|minute|hour|day [deadline=N] '
    "[mishap]  ·  extended roll ID  ·  extended lose ID N  ·  extended drop ID"
)


def _extended(
    line: Line,
) -> c.StartExtended | c.RollExtended | c.LoseExtended | c.DropExtended:
    words = line.words
    first = words[0].lower() if words else ""
    if first == "roll" and any(w.lstrip("-").lower() == "willpower" for w in words[2:]):
        raise RuleError("ih.extended.no-willpower")
    if first == "roll" and len(words) == 2:
        values = dict(line.options)
        unknown = set(values) - {"bonus", "penalty"}
        if unknown:
            raise _usage(EXTENDED_USAGE)
        return c.RollExtended(
            id=words[1].lower(),
            bonus=_number(values["bonus"], "bonus", 0, 1000) if "bonus" in values else 0,
            penalty=_number(values["penalty"], "penalty", 0, 1000) if "penalty" in values else 0,
        )
    if first == "lose" and len(words) == 3 and not line.options:
        return c.LoseExtended(id=words[1].lower(), successes=_number(words[2], "N", 1, 1000))
    if first == "drop" and len(words) == 2 and not line.options:
        return c.DropExtended(id=words[1].lower())
    if first in ("roll", "lose", "drop"):
        raise _usage(EXTENDED_USAGE)
    if len(words) not in (2, 3, 4):
        raise _usage(EXTENDED_USAGE)
    name, label = words[0], words[1].strip()
    if not label:
        raise RuleError("ih.extended.no-label")
    rest = [w.lower() for w in words[2:]]
    mishap = "mishap" in rest
    if mishap:
        rest.remove("mishap")
    traits = words[2] if rest else None
    if len(rest) > 1:
        raise _usage(EXTENDED_USAGE)
    values = dict(line.options)
    unknown = set(values) - {"dp", "dc", "interval", "deadline"}
    if unknown:
        raise RuleError(
            "ih.sheet-language.unknown-option-use", key=sorted(unknown)[0], usage=EXTENDED_USAGE
        )
    if (traits is None) == ("dp" not in values):
        raise RuleError("ih.extended.pool", usage=EXTENDED_USAGE)
    if "dc" not in values or "interval" not in values:
        raise _usage(EXTENDED_USAGE)
    interval = values["interval"].lower()
    if interval not in INTERVALS:
        raise RuleError("ih.extended.bad-interval", value=values["interval"])
    return c.StartExtended(
        name=name,
        label=label,
        traits=traits,
        dp=_number(values["dp"], "dp", -1000, 1000) if "dp" in values else None,
        dc=_number(values["dc"], "dc", 1, 1000),
        interval=interval,
        deadline=_number(values["deadline"], "deadline", 1, 1000) if "deadline" in values else None,
        mishap=mishap,
    )


PARSERS = {
    "sheet": _sheet,
    "specialty": _specialty,
    "feat": _feat,
    "language": _language,
    "check": _check,
    "extended": _extended,
}
