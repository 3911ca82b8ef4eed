"""Scene and movie boundaries (RULES.md §1.7, §3.1): once-per-scene and once-per-movie uses.

A fight is one scene, so the end of a scene ends the fight: the roster stays (health and
willpower carry on), the order and its delays are kept, combat-only state goes. Whoever fainted
after staying conscious wakes if the cause is gone (health above 0).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.events import Event, Events
from engine.ih.cast import combatant_of, movie_ended, scene_ended
from engine.ih.encounter import Budget, Combatant, Encounter, Phase, fresh_turn
from engine.ih.events import MovieEnded, Revived, SceneEnded
from engine.ih.sheet import Condition, Sheet
from engine.records import replace


def end_scene(state: Encounter) -> tuple[Encounter, Events]:
    """Close the scene: per-scene uses reset, the fight ends, fainted characters may wake."""
    events: list[Event] = []
    order: list[Combatant] = []
    for combatant in state.order:
        unconscious = combatant.unconscious and combatant.health == 0
        if combatant.unconscious and not unconscious:
            events.append(Revived(combatant.name))
        order.append(
            replace(
                fresh_turn(combatant, Budget()),
                acted=False,
                started=False,
                turns_taken=0,
                delaying=False,
                delay_after=None,
                joins_round=0,
                joined=False,
                clueless=False,
                aware=False,
                unconscious=unconscious,
                kept_conscious=False,
                asleep_until_scene_end=False,
                conscious_used_scene=False,
                trait_used_scene=False,
                effects=(),
            )
        )
    ended = replace(
        state,
        sheets=_conditions(state, scene_ended),
        phase=Phase.SETUP,
        round=0,
        current=None,
        order=tuple(order),
        interrupt=None,
        scene=state.scene + 1,
    )
    return ended, (SceneEnded(state.scene), *events)


def end_movie(state: Encounter) -> tuple[Encounter, Events]:
    """Close the movie (and its last scene): per-movie uses reset too."""
    state, events = end_scene(state)
    order = tuple(replace(c, impulse_used_movie=False) for c in state.order)
    sheets = _conditions(state, movie_ended)
    ended = replace(state, order=order, sheets=sheets, movie=state.movie + 1)
    return ended, (*events, MovieEnded(state.movie))


def _conditions(state: Encounter, change: Callable[[Condition], Condition]) -> tuple[Sheet, ...]:
    """The sheets with ``change`` made to the condition of each character out of the fight
    (those in it are their combatants: issue 25, ``engine/ih/cast.py``)."""
    return tuple(
        replace(sheet, condition=change(sheet.condition))
        if sheet.condition is not None and combatant_of(state, sheet) is None
        else sheet
        for sheet in state.sheets
    )
