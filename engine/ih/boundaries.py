"""Scene and movie boundaries (RULES.md §1.7, §3.1): once-per-scene and once-per-movie uses.

A fight is one scene, so the end of a scene ends the fight: the roster stays (health and
willpower carry on), the order and its delays are kept, combat-only state goes. Whoever fainted
after staying conscious wakes if the cause is gone (health above 0).
"""

from __future__ import annotations

from dataclasses import replace

from engine.events import Event, Events
from engine.ih.encounter import Budget, Combatant, Encounter, Phase, fresh_turn
from engine.ih.events import MovieEnded, Revived, SceneEnded


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
    return replace(state, order=order, movie=state.movie + 1), (*events, MovieEnded(state.movie))
