"""What the players' view shows: a combatant hidden by the ST is left out of it.

Hiding changes nothing in the fight (a hidden combatant keeps its place in the order and takes its
turns); it only marks the record so that ``st-console player`` leaves it out (INTERFACE.md,
"Players' view"). Reinforcements are added hidden (``add … hidden``) and revealed on arrival.
"""

from __future__ import annotations

from engine.errors import RuleError
from engine.events import Events
from engine.ih.encounter import Encounter, find, put
from engine.ih.events import Hidden, Revealed
from engine.records import replace


def hide(state: Encounter, name: str) -> tuple[Encounter, Events]:
    """Leave ``name`` out of the players' view.

    Raises:
        RuleError: no such combatant, or already hidden.
    """
    combatant = find(state, name)
    if combatant.hidden:
        raise RuleError("visibility.already-hidden", name=combatant.name)
    return put(state, replace(combatant, hidden=True)), (Hidden(combatant.name),)


def reveal(state: Encounter, name: str) -> tuple[Encounter, Events]:
    """Show a hidden ``name`` to the players.

    Raises:
        RuleError: no such combatant, or not hidden.
    """
    combatant = find(state, name)
    if not combatant.hidden:
        raise RuleError("visibility.not-hidden", name=combatant.name)
    return put(state, replace(combatant, hidden=False)), (Revealed(combatant.name),)
