"""Every M.I.S.T. command and the rule that applies it (RULES.md §4).

``HANDLERS`` maps each type of :data:`engine.mist.commands.Command` to one named handler
``(state, command, rng) -> (state, events)`` (``engine/dispatch.py``); each handler hands the
command's fields to the module of its rule. The case file's and the mission's handlers are
``case_handlers.py``'s.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.dispatch import Handler
from engine.errors import RuleError
from engine.events import Event, Events
from engine.mist import (
    action,
    growth,
    immersion,
    limits,
    notes,
    profiles,
    roster,
    scene_loop,
    tags,
    visibility,
)
from engine.mist import commands as c
from engine.mist.case_handlers import CASE_HANDLERS
from engine.mist.events import (
    ChallengeAdded,
    CharacterAdded,
    LimitSet,
    SettingChanged,
)
from engine.mist.state import Challenge, Character, Limit, MistState
from engine.mist.status import check_tier
from engine.records import replace

Result = tuple[MistState, Events]


def _new_name(state: MistState, name: str, what: str) -> str:
    name = name.strip()
    if not name:
        raise RuleError("mist.family.needs-name", what=what)
    if name.casefold() == "scene":
        raise RuleError("mist.family.scene-names-scene-itself")
    if roster.has_name(state, name):
        raise RuleError("mist.family.there-already-character-challenge", name=name)
    return name


def add_character(state: MistState, command: c.AddCharacter, rng: random.Random) -> Result:
    name = _new_name(state, command.name, "character")
    state = replace(state, characters=state.characters + (Character(name),))
    return state, (CharacterAdded(name),)


def add_challenge(state: MistState, command: c.AddChallenge, rng: random.Random) -> Result:
    if command.profile is not None:
        return profiles.add_from(state, command)
    name = _new_name(state, command.name, "challenge")
    added = Challenge(name, command.limits, hidden=command.hidden)
    state = replace(state, challenges=state.challenges + (added,))
    limits_ = tuple((limit.kind, limit.tier) for limit in command.limits)
    return state, (ChallengeAdded(name, limits_, command.hidden),)


def save_profile(state: MistState, command: c.SaveProfile, rng: random.Random) -> Result:
    """Issue 29: a challenge profile written out."""
    return profiles.save(state, command)


def profile_from_challenge(
    state: MistState, command: c.ProfileFromChallenge, rng: random.Random
) -> Result:
    """Issue 29: a profile made from a challenge on the table."""
    return profiles.from_challenge(state, command)


def drop_profile(state: MistState, command: c.DropProfile, rng: random.Random) -> Result:
    """Issue 29: a profile dropped."""
    return profiles.drop(state, command)


def drop_threat(state: MistState, command: c.DropThreat, rng: random.Random) -> Result:
    """Issue 29: a threat taken off the table."""
    return profiles.drop_threat(state, command.id)


def set_limit(state: MistState, command: c.SetLimit, rng: random.Random) -> Result:
    found = roster.challenge(state, command.challenge)
    kind = command.kind.strip()
    if not kind:
        raise RuleError("mist.family.limit-needs-status-kind")
    old = limits.limit_for(found, kind)
    new = Limit(old.kind if old else kind, command.tier)
    kept = tuple(limit for limit in found.limits if limit is not old)
    found = replace(
        found,
        limits=kept + (new,)
        if old is None
        else tuple(new if limit is old else limit for limit in found.limits),
    )
    state = roster.put_challenge(state, found)
    events: list[Event] = [LimitSet(found.name, new.kind, new.tier)]
    state, reached = limits.check_limit(state, found.name, new)
    return state, (*events, *reached)


def take_status(state: MistState, command: c.TakeStatus, rng: random.Random) -> Result:
    """[I-4]: ``counters=OTHER`` makes this status reduce OTHER by its tier instead."""
    if command.counters:
        check_tier(command.tier)
        return limits.reduce_on(
            state, command.target, command.counters, command.tier, countered_by=command.name
        )
    by = (command.by or "").strip() or None
    return limits.take_on(state, command.target, command.name, command.tier, by)


def reduce_status(state: MistState, command: c.ReduceStatus, rng: random.Random) -> Result:
    """``counters=OTHER``: NAME is the opposing status; OTHER is the one reduced ([I-4])."""
    if command.counters:
        return limits.reduce_on(
            state, command.target, command.counters, command.by, countered_by=command.name
        )
    return limits.reduce_on(state, command.target, command.name, command.by)


def set_visibility(state: MistState, command: c.SetVisibility, rng: random.Random) -> Result:
    """What the players' view shows (``visibility.py``)."""
    return visibility.set_visibility(state, command)


def interpret(state: MistState, command: c.SetInterpretation, rng: random.Random) -> Result:
    changes: dict[str, Any] = {command.name: command.value}
    changed = replace(state.interpretations, **changes)
    return replace(state, interpretations=changed), (SettingChanged(command.name, command.value),)


def add_theme(state: MistState, command: c.AddTheme, rng: random.Random) -> Result:
    """§4.1: a theme with its tags on a character."""
    return growth.add_theme(state, command)


def add_story_tag(state: MistState, command: c.AddStoryTag, rng: random.Random) -> Result:
    """§4.1: a story tag on a character, a challenge or the scene."""
    return tags.add_story_tag(
        state, command.target, command.tag, scope=command.scope, until=command.until
    )


def remove_story_tag(state: MistState, command: c.RemoveStoryTag, rng: random.Random) -> Result:
    """§4.1: a story tag removed."""
    return tags.remove_story_tag(state, command.target, command.tag)


def burn_tag(state: MistState, command: c.BurnTag, rng: random.Random) -> Result:
    """§4.1: a power tag burned."""
    return tags.burn(state, command.character, command.tag)


def restore_tag(state: MistState, command: c.RestoreTag, rng: random.Random) -> Result:
    """§4.1: a burned tag restored."""
    return tags.restore(state, command.character, command.tag)


def set_phase(state: MistState, command: c.SetPhase, rng: random.Random) -> Result:
    """§4.6: the scene's phase."""
    return scene_loop.set_phase(state, command.phase)


def present_threat(state: MistState, command: c.PresentThreat, rng: random.Random) -> Result:
    """§4.6: a threat presented."""
    return scene_loop.present_threat(state, command)


def resolve_threat(state: MistState, command: c.ResolveThreat, rng: random.Random) -> Result:
    """§4.6: a threat resolved."""
    return scene_loop.resolve_threat(state, command.id)


def end_scene(state: MistState, command: c.EndScene, rng: random.Random) -> Result:
    """§4.6: the scene ends."""
    return scene_loop.end_scene(state, command)


def take_action(state: MistState, command: c.TakeAction, rng: random.Random) -> Result:
    """§4.2: an action roll."""
    return action.take_action(state, command, rng)


def spend_effect(state: MistState, command: c.SpendEffect, rng: random.Random) -> Result:
    """§4.2: power of a rolled action spent on an effect."""
    return action.spend_effect(state, command)


def add_consequence(state: MistState, command: c.AddConsequence, rng: random.Random) -> Result:
    """§4.6: a consequence pending."""
    return scene_loop.add_consequence(state, command)


def deliver(state: MistState, command: c.Deliver, rng: random.Random) -> Result:
    """§4.6: a pending consequence delivered."""
    return scene_loop.deliver(state, command.id)


def mitigate(state: MistState, command: c.Mitigate, rng: random.Random) -> Result:
    """§4.3: a consequence mitigated."""
    return action.mitigate(state, command, rng)


def immerse(state: MistState, command: c.Immerse, rng: random.Random) -> Result:
    """§4.4–§4.5: indulgence and full immersion."""
    return immersion.immerse(state, command, rng)


def mark(state: MistState, command: c.Mark, rng: random.Random) -> Result:
    """§4.8: a mark on a theme's track."""
    return growth.mark(state, command)


def grow(state: MistState, command: c.Grow, rng: random.Random) -> Result:
    """§4.8: growth taken."""
    return growth.grow(state, command)


def rebirth(state: MistState, command: c.Rebirth, rng: random.Random) -> Result:
    """§4.8: a lost theme reborn."""
    return growth.rebirth(state, command)


def retire(state: MistState, command: c.Retire, rng: random.Random) -> Result:
    """§4.8: a character retires."""
    return growth.retire(state, command)


HANDLERS: Mapping[type, Handler[MistState]] = {
    c.AddCharacter: add_character,
    c.AddChallenge: add_challenge,
    c.SaveProfile: save_profile,
    c.ProfileFromChallenge: profile_from_challenge,
    c.DropProfile: drop_profile,
    c.DropThreat: drop_threat,
    c.SetLimit: set_limit,
    c.SetVisibility: set_visibility,
    c.AddNote: notes.add_note,
    c.AddTheme: add_theme,
    c.TakeStatus: take_status,
    c.ReduceStatus: reduce_status,
    c.AddStoryTag: add_story_tag,
    c.RemoveStoryTag: remove_story_tag,
    c.BurnTag: burn_tag,
    c.RestoreTag: restore_tag,
    c.SetPhase: set_phase,
    c.PresentThreat: present_threat,
    c.ResolveThreat: resolve_threat,
    c.EndScene: end_scene,
    c.TakeAction: take_action,
    c.SpendEffect: spend_effect,
    c.AddConsequence: add_consequence,
    c.Deliver: deliver,
    c.Mitigate: mitigate,
    c.Immerse: immerse,
    c.Mark: mark,
    c.Grow: grow,
    c.Rebirth: rebirth,
    c.Retire: retire,
    c.SetInterpretation: interpret,
    **CASE_HANDLERS,
}
"""The one handler of each M.I.S.T. command type."""
