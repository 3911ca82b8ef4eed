"""Who is in the fight: adding combatants before it, joining during it (RULES.md §3.3, §3.5).

Initiative is an entered result or 1d10 + modifier, rolled with the scene's seeded rng. A
combatant added once the fight has begun is a join: inserted in order, first turn next round,
not flat-footed unless the ST rules them clueless. One added during the surprise round or at
its end is one of the unaware: first turn in round 1, flat-footed until then (§3.2).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.errors import RuleError
from engine.events import Events
from engine.ih.encounter import Combatant, Encounter, Kind, Phase, index_of
from engine.ih.events import CombatantAdded
from engine.ih.initiative import insert_sorted


@dataclass(frozen=True, slots=True)
class Entry:
    """What the ST gives for a new combatant (``add``/``join``); ``None`` = a default.

    Defaults follow RULES.md §2.2 with the human average 2 for traits not given: Dexterity and
    Composure 2, health = Stamina 2 + Size 5 = 7, willpower = Resolve 2 + Composure (4 when
    Composure is not given either).
    """

    name: str
    initiative: int | None = None
    modifier: int | None = None
    dexterity: int | None = None
    composure: int | None = None
    health: int | None = None
    willpower: int | None = None
    defense: int = 0
    defense_bonus: int = 0
    defense_bonus_kept: int = 0
    """Of ``defense_bonus``, the successes not from a legendary Dexterity or Wits (§3.8): a
    sheet's ``defense-bonus``; an ``add … defense-bonus=N`` typed bare is all legendary."""
    kind: Kind = Kind.NPC
    clueless: bool = False
    hidden: bool = False
    """``add … hidden``: reinforcements the players do not see yet."""
    sheet: str | None = None
    """The roster sheet the values came from (``add NAME from=SHEET``)."""


AVERAGE_TRAIT = 2
"""RULES.md §2.3: the human average of an attribute, the default Dexterity and Composure."""

ADULT_SIZE = 5
"""RULES.md §2.2: an adult's Size."""


def add(state: Encounter, entry: Entry, rng: random.Random, join: bool) -> tuple[Encounter, Events]:
    """Add (setup) or join (fight under way) a combatant with rolled or entered initiative."""
    name = entry.name.strip()
    if not name:
        raise RuleError("ih.roster.combatant-needs-name")
    if index_of(state, name) >= 0:
        raise RuleError("ih.roster.there-already-combatant-named", name=name)
    dexterity = AVERAGE_TRAIT if entry.dexterity is None else entry.dexterity
    composure = AVERAGE_TRAIT if entry.composure is None else entry.composure
    for value, what in ((dexterity, "Dexterity"), (composure, "Composure")):
        if value < 0:
            raise RuleError("ih.roster.negative", what=what)
    face: int | None = None
    modifier = entry.modifier
    if entry.initiative is not None and modifier is not None:
        raise RuleError("ih.roster.give-either-init-rolled")
    health = AVERAGE_TRAIT + ADULT_SIZE if entry.health is None else entry.health
    # RULES.md §2.2: Willpower = Resolve + Composure; Resolve defaults to the human average.
    willpower = AVERAGE_TRAIT + composure if entry.willpower is None else entry.willpower
    if health < 1 or willpower < 0:
        raise RuleError("ih.roster.health-must-least-willpower")
    if entry.defense < 0 or entry.defense_bonus < 0 or entry.defense_bonus_kept < 0:
        raise RuleError("ih.roster.defense-defense-bonus-successes")
    if entry.initiative is not None:  # every refusal comes before the die (engine/refusal.py)
        score = entry.initiative
    else:
        if modifier is None:
            modifier = dexterity + composure
        face = rng.randint(1, 10)
        score = face + modifier
    joining = join or state.phase is not Phase.SETUP
    first_round = state.round + 1 if state.phase is Phase.COMBAT else 1
    # RULES.md §3.2: those added in (or at the end of) the surprise round are the unaware who
    # roll initiative after it; like everyone who sat it out they are flat-footed until they
    # act. Only a newcomer in the fight proper (§3.5) is not.
    newcomer = state.phase is Phase.COMBAT
    combatant = Combatant(
        name=name,
        initiative=score,
        original=score,
        kind=entry.kind,
        dexterity=dexterity,
        composure=composure,
        health=health,
        health_max=health,
        willpower=willpower,
        willpower_max=willpower,
        defense=entry.defense,
        defense_bonus=entry.defense_bonus,
        defense_bonus_kept=min(entry.defense_bonus_kept, entry.defense_bonus),
        joins_round=first_round if joining else 0,
        joined=joining and newcomer,
        clueless=entry.clueless,
        hidden=entry.hidden,
        sheet=entry.sheet,
    )
    state, ties = insert_sorted(state, combatant, rng)
    unaware = state.phase is Phase.SURPRISE
    added = CombatantAdded(
        name, score, face, modifier, joining, first_round, unaware, hidden=entry.hidden
    )
    return state, (added, *ties)
