"""The Infinite Horror character sheets' commands (RULES.md §2, §1.8, §3.10): sheets, their
specialties, feats and languages, a combatant added from a sheet, checks of a sheet's traits
and extended actions. ``engine/ih/handlers.py`` applies each.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ih.traits import Skill


@dataclass(frozen=True, slots=True)
class SetSheet:
    """``sheet NAME [pc|npc] [TRAIT=N …]``: create or update a roster sheet (RULES.md §2).

    ``traits`` are attribute and skill names (and ``size``) with their values; ``skill_bonuses``
    the skills' bonus successes; ``texts`` the concept fields (``gender="…"``). ``None`` for
    ``pc`` or ``system`` keeps the sheet's (a new sheet: NPC, the scene's system).
    """

    name: str
    pc: bool | None = None
    system: str | None = None
    traits: tuple[tuple[str, int], ...] = ()
    skill_bonuses: tuple[tuple[Skill, int], ...] = ()
    texts: tuple[tuple[str, str], ...] = ()
    recurring: bool | None = None
    """``recurring``: an NPC whose condition the campaign keeps between scenes (issue 25);
    ``None`` keeps the sheet's."""


@dataclass(frozen=True, slots=True)
class DeleteSheet:
    """``sheet NAME delete``: take a sheet out of the roster (combatants keep their numbers)."""

    name: str


@dataclass(frozen=True, slots=True)
class SetSpecialty:
    """``specialty NAME SKILL "SPECIALTY" N``: a specialty's level (0 takes it off), §2.1."""

    name: str
    skill: Skill
    specialty: str
    level: int


@dataclass(frozen=True, slots=True)
class SetFeat:
    """``feat NAME "FEAT" N``: a feat's level (0 takes it off), §2.3."""

    name: str
    feat: str
    level: int


@dataclass(frozen=True, slots=True)
class SetLanguage:
    """``language NAME "LANGUAGE" N [native] [family=F]``: a language's level (0 takes it off)
    and the family or branch it belongs to (related languages, §2.3 [I-18])."""

    name: str
    language: str
    level: int
    native: bool = False
    family: str = ""


@dataclass(frozen=True, slots=True)
class AddFromSheet:
    """``add|join NAME from=SHEET [count=N] [init=N|mod=N]``: combatants from a sheet.

    With ``count`` the combatants are numbered ``NAME 1`` … ``NAME N`` (after any already in the
    fight), each rolling its own 1d10 + Initiative unless ``init`` fixes the result.
    """

    name: str
    sheet: str
    count: int | None = None
    initiative: int | None = None
    modifier: int | None = None
    join: bool = False
    clueless: bool = False
    hidden: bool = False
    """``hidden``: left out of the players' view until revealed (reinforcements)."""


@dataclass(frozen=True, slots=True)
class Check:
    """``check NAME TRAIT+TRAIT[+SPECIALTY] [--dc N|vs=OTHER:TRAITS] [options]`` (§3.10)."""

    name: str
    traits: str
    dc: int | None = None
    opponent: str | None = None
    opponent_traits: str | None = None
    willpower: bool = False
    again: int = 10
    level: int = 1
    bonus: int = 0
    penalty: int = 0
    hidden: bool = False
    fails_at_zero: bool = False
    """``fails-at-0``: the ST rules this use of a social skill at 0 a failure, as a mental
    skill's is (RULES.md §1.4: Expression for playing piano), instead of losing 3 successes."""
    reflex_move: bool = False
    """``reflex-move``: a save against an area attack after a reflex move out of its reach;
    its final successes are doubled (RULES.md §3.7)."""


@dataclass(frozen=True, slots=True)
class StartExtended:
    """``extended NAME "LABEL" TRAITS|dp=N dc=N interval=… [deadline=N] [mishap]`` (§1.8)."""

    name: str
    label: str
    traits: str | None
    dp: int | None
    dc: int
    interval: str
    deadline: int | None = None
    mishap: bool = False


@dataclass(frozen=True, slots=True)
class RollExtended:
    """``extended roll ID [bonus=N] [penalty=N]``: one interval's roll (§1.8)."""

    id: str
    bonus: int = 0
    penalty: int = 0


@dataclass(frozen=True, slots=True)
class LoseExtended:
    """``extended lose ID N``: the work was interrupted; N accumulated successes are lost."""

    id: str
    successes: int


@dataclass(frozen=True, slots=True)
class DropExtended:
    """``extended drop ID``: the action is abandoned."""

    id: str
