"""An Infinite Horror character sheet (RULES.md §2): what is stored, never what is derived.

Derived traits (§2.2) are computed by ``derived.py`` from these fields; the creation budgets of
§2.3 are checked by ``creation.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.ih.traits import Attribute, Skill


@dataclass(frozen=True, slots=True)
class Attributes:
    """The nine attributes; each starts at 1 (RULES.md §2.3)."""

    strength: int = 1
    dexterity: int = 1
    stamina: int = 1
    intelligence: int = 1
    wits: int = 1
    resolve: int = 1
    presence: int = 1
    manipulation: int = 1
    composure: int = 1

    def of(self, attribute: Attribute) -> int:
        """The value of one attribute."""
        value: int = getattr(self, attribute.value)
        return value


@dataclass(frozen=True, slots=True)
class Skills:
    """The twelve skills; each starts at 0 (RULES.md §2.3)."""

    athletics: int = 0
    firearms: int = 0
    martial: int = 0
    survival: int = 0
    academics: int = 0
    devices: int = 0
    crafts: int = 0
    concentration: int = 0
    insight: int = 0
    stealth: int = 0
    expression: int = 0
    socialize: int = 0

    def of(self, skill: Skill) -> int:
        """The value of one skill."""
        value: int = getattr(self, skill.value)
        return value


@dataclass(frozen=True, slots=True)
class Specialty:
    """A specialty under a skill: adds its level as DP when it applies (§2.1)."""

    skill: Skill
    name: str
    level: int


@dataclass(frozen=True, slots=True)
class Feat:
    """A feat at a level; ``minimum_level`` for feats bought whole (a level-2 feat)."""

    name: str
    level: int
    minimum_level: int = 1


@dataclass(frozen=True, slots=True)
class Language:
    """A language at level 1–5; the native one needs level 2 or more (§2.3)."""

    name: str
    level: int
    native: bool = False
    family: str = ""
    """The family or branch the ST names (§2.3): languages sharing it are related, and one at
    level 4+ halves the cost of the others ([I-18]). Empty: related to none."""


@dataclass(frozen=True, slots=True)
class Origin:
    """The origin (起源) with its impulse (once a movie) and trait (once a scene), §1.7."""

    name: str = ""
    impulse: str = ""
    trait: str = ""


@dataclass(frozen=True, slots=True)
class Concept:
    """The concept fields of §2.3 (race starts human)."""

    name: str = ""
    gender: str = ""
    age: str = ""
    height_weight: str = ""
    race: str = "human"
    nationality: str = ""
    appearance: str = ""
    personality: str = ""
    background: str = ""


@dataclass(frozen=True, slots=True)
class Bonuses:
    """Bonuses from abilities and gear that derived traits add (§2.2)."""

    initiative: int = 0
    dodge: int = 0
    will_save: int = 0
    reflex_save: int = 0
    fortitude_save: int = 0
    defense_bonus: int = 0
    """Defense bonus successes from gear, traits or powers (RULES.md §3.8), on top of those of
    a legendary Dexterity or Wits (§1.5): the pool a combatant added from the sheet declares
    from (``sheet NAME defense-bonus=N``)."""


@dataclass(frozen=True, slots=True)
class Character:
    """A character sheet: concept, traits, specialties, feats, languages, origin, XP spent."""

    concept: Concept = field(default_factory=Concept)
    attributes: Attributes = field(default_factory=Attributes)
    skills: Skills = field(default_factory=Skills)
    specialties: tuple[Specialty, ...] = ()
    feats: tuple[Feat, ...] = ()
    languages: tuple[Language, ...] = ()
    origin: Origin = field(default_factory=Origin)
    size: int = 5
    bonuses: Bonuses = field(default_factory=Bonuses)
    xp_spent: int = 0
