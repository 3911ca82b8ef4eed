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
class Condition:
    """Where a character of the campaign stands between scenes (issue 25): what the last
    scene left of their health and willpower, and the once-per-scene and once-per-movie uses
    spent (RULES.md §1.7, §2.2, §3.1). A scene's combatant added from the sheet starts from it
    (``add NAME from=NAME``); see ``engine/ih/cast.py``."""

    health: int
    willpower: int
    temporary_boxes: tuple[tuple[str, int], ...] = ()
    """Health boxes from temporary Stamina or Size, per trait (RULES.md §2.2)."""
    unconscious: bool = False
    impulse_used_movie: bool = False
    trait_used_scene: bool = False
    conscious_used_scene: bool = False
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Sheet:
    """One character of the campaign's roster (RULES.md §2)."""

    name: str
    pc: bool = False
    system: str = "ih-d10"
    character: Character = field(default_factory=Character)
    skill_bonuses: tuple[SkillBonus, ...] = ()
    choices: Choices = field(default_factory=Choices)
    recurring: bool = False
    """``sheet NAME … recurring``: an NPC whose condition carries from scene to scene, as every
    PC's does (issue 25)."""
    condition: Condition | None = None
    """The condition the character starts the scene in; ``None``: unhurt, full willpower, no
    use spent (a new sheet, or one whose character was never in a fight)."""

    @property
    def side(self) -> str:
        """``pc`` or ``npc`` (INTERFACE.md's ``side`` key; a combatant's ``kind``)."""
        return "pc" if self.pc else "npc"

    @property
    def key(self) -> str:
        """The case-insensitive form of the name (names match so, INTERFACE.md §3)."""
        return self.name.casefold()

    @property
    def carries(self) -> bool:
        """Whether the campaign keeps this character's condition between scenes: a PC's, or
        a ``recurring`` NPC's (issue 25)."""
        return self.pc or self.recurring

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
