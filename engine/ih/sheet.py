"""A character sheet at the table: a :class:`Character` with its side, system and skill bonuses.

Sheets sit in the scene's state (``Encounter.sheets``) so that the scene's journal covers them
(undo, redo, the session report), and the campaign's roster keeps them between scenes
(INTERFACE.md §3 "Characters, checks and attacks"). A combatant added from a sheet names it in
``Combatant.sheet``; ``engine/ih/checks.py`` finds it again (``sheet_of``).

This module imports nothing of the encounter (the encounter's state holds sheets).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.ih.character import Character
from engine.ih.creation import Choices
from engine.ih.traits import Skill


@dataclass(frozen=True, slots=True)
class SkillBonus:
    """Bonus successes a skill gives (RULES.md §1.5: the table is not in the sources, an input)."""

    skill: Skill
    successes: int


@dataclass(frozen=True, slots=True)
class Sheet:
    """One character of the campaign's roster (RULES.md §2)."""

    name: str
    pc: bool = False
    system: str = "ih-d10"
    character: Character = field(default_factory=Character)
    skill_bonuses: tuple[SkillBonus, ...] = ()
    choices: Choices = field(default_factory=Choices)

    @property
    def side(self) -> str:
        """``pc`` or ``npc`` (INTERFACE.md's ``side`` key; a combatant's ``kind``)."""
        return "pc" if self.pc else "npc"

    @property
    def key(self) -> str:
        """The case-insensitive form of the name (names match so, INTERFACE.md §3)."""
        return self.name.casefold()

    def skill_bonus(self, skill: Skill) -> int:
        """The bonus successes of ``skill`` (0 when none was entered)."""
        for bonus in self.skill_bonuses:
            if bonus.skill is skill:
                return bonus.successes
        return 0


def find_sheet(sheets: tuple[Sheet, ...], name: str) -> Sheet | None:
    """The sheet called ``name`` (case-insensitive), or ``None``."""
    wanted = name.strip().casefold()
    for sheet in sheets:
        if sheet.key == wanted:
            return sheet
    return None
