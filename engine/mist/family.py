"""The M.I.S.T. rule family for ``engine/commands.py``: verbs, state, parse, apply, JSON.

``apply`` either returns the whole new state with its events or raises ``RuleError`` with the
old state untouched (states are immutable: nothing is half-changed).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine.errors import RuleError
from engine.events import Event, Events
from engine.language import Line
from engine.mist import (
    action,
    casefile,
    growth,
    immersion,
    language,
    limits,
    mission,
    roster,
    scene_loop,
    tags,
)
from engine.mist import commands as c
from engine.mist.events import (
    ChallengeAdded,
    ChallengeHidden,
    ChallengeRevealed,
    CharacterAdded,
    LimitSet,
    LimitsHidden,
    LimitsRevealed,
    NoteAdded,
    SettingChanged,
)
from engine.mist.json_view import to_json as _to_json
from engine.mist.state import Challenge, Character, Limit, MistState
from engine.mist.status import check_tier

VERBS: tuple[str, ...] = language.VERBS

Result = tuple[MistState, Events]


def new_state(system: str) -> MistState:
    """The empty state of a new ``mist`` scene."""
    if system != "mist":
        raise RuleError("mist.family.family-plays-system-mist", system=system)
    return MistState()


def parse(line: Line) -> Any | None:
    """The command for a Mist line, ``None`` when the verb is not Mist's."""
    return language.parse(line)


def to_json(state: MistState) -> dict[str, Any]:
    """INTERFACE.md §2's Mist scene."""
    return _to_json(state)


def _new_name(state: MistState, name: str, what: str) -> str:
    name = name.strip()
    if not name:
        raise RuleError("mist.family.needs-name", what=what)
    if name.casefold() == "scene":
        raise RuleError("mist.family.scene-names-scene-itself")
    if roster.has_name(state, name):
        raise RuleError("mist.family.there-already-character-challenge", name=name)
    return name


def _add_character(state: MistState, command: c.AddCharacter, rng: random.Random) -> Result:
    name = _new_name(state, command.name, "character")
    state = replace(state, characters=state.characters + (Character(name),))
    return state, (CharacterAdded(name),)


def _add_challenge(state: MistState, command: c.AddChallenge, rng: random.Random) -> Result:
    name = _new_name(state, command.name, "challenge")
    added = Challenge(name, command.limits, hidden=command.hidden)
    state = replace(state, challenges=state.challenges + (added,))
    limits_ = tuple((limit.kind, limit.tier) for limit in command.limits)
    return state, (ChallengeAdded(name, limits_, command.hidden),)


def _set_visibility(state: MistState, command: c.SetVisibility, rng: random.Random) -> Result:
    """What the players' view shows of a challenge (INTERFACE.md "Players' view")."""
    found = roster.challenge(state, command.challenge)
    event: object
    if command.limits and command.shown:
        if found.limits_shown:
            raise RuleError("visibility.limits-already-shown", name=found.name)
        found, event = replace(found, limits_shown=True), LimitsRevealed(found.name)
    elif command.limits:
        if not found.limits_shown:
            raise RuleError("visibility.limits-already-hidden", name=found.name)
        found, event = replace(found, limits_shown=False), LimitsHidden(found.name)
    elif command.shown:
        if not found.hidden:
            raise RuleError("visibility.not-hidden", name=found.name)
        found, event = replace(found, hidden=False), ChallengeRevealed(found.name)
    else:
        if found.hidden:
            raise RuleError("visibility.already-hidden", name=found.name)
        found, event = replace(found, hidden=True), ChallengeHidden(found.name)
    return roster.put_challenge(state, found), (event,)


def _set_limit(state: MistState, command: c.SetLimit, rng: random.Random) -> Result:
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


def _add_note(state: MistState, command: c.AddNote, rng: random.Random) -> Result:
    found = roster.challenge(state, command.challenge)
    state = roster.put_challenge(state, replace(found, notes=found.notes + (command.text,)))
    return state, (NoteAdded(found.name, command.text),)


def _take_status(state: MistState, command: c.TakeStatus, rng: random.Random) -> Result:
    """[I-4]: ``counters=OTHER`` makes this status reduce OTHER by its tier instead."""
    if command.counters:
        check_tier(command.tier)
        return limits.reduce_on(
            state, command.target, command.counters, command.tier, countered_by=command.name
        )
    return limits.take_on(state, command.target, command.name, command.tier)


def _reduce_status(state: MistState, command: c.ReduceStatus, rng: random.Random) -> Result:
    """``counters=OTHER``: NAME is the opposing status; OTHER is the one reduced ([I-4])."""
    if command.counters:
        return limits.reduce_on(
            state, command.target, command.counters, command.by, countered_by=command.name
        )
    return limits.reduce_on(state, command.target, command.name, command.by)


def _interpret(state: MistState, command: c.SetInterpretation, rng: random.Random) -> Result:
    changes: dict[str, Any] = {command.name: command.value}
    settings = replace(state.settings, **changes)
    return replace(state, settings=settings), (SettingChanged(command.name, command.value),)


def _case_moment(state: MistState, command: c.CaseFileMoment, rng: random.Random) -> Result:
    return casefile.open_moment(state) if command.open else casefile.close_moment(state)


HANDLERS: dict[type, Callable[[MistState, Any, random.Random], Result]] = {
    c.AddCharacter: _add_character,
    c.AddChallenge: _add_challenge,
    c.SetLimit: _set_limit,
    c.SetVisibility: _set_visibility,
    c.AddNote: _add_note,
    c.AddTheme: lambda s, cmd, r: growth.add_theme(s, cmd),
    c.TakeStatus: _take_status,
    c.ReduceStatus: _reduce_status,
    c.AddStoryTag: lambda s, cmd, r: tags.add_story_tag(s, cmd.target, cmd.tag),
    c.RemoveStoryTag: lambda s, cmd, r: tags.remove_story_tag(s, cmd.target, cmd.tag),
    c.BurnTag: lambda s, cmd, r: tags.burn(s, cmd.character, cmd.tag),
    c.RestoreTag: lambda s, cmd, r: tags.restore(s, cmd.character, cmd.tag),
    c.SetPhase: lambda s, cmd, r: scene_loop.set_phase(s, cmd.phase),
    c.PresentThreat: lambda s, cmd, r: scene_loop.present_threat(s, cmd),
    c.ResolveThreat: lambda s, cmd, r: scene_loop.resolve_threat(s, cmd.id),
    c.EndScene: lambda s, cmd, r: scene_loop.end_scene(s, cmd),
    c.TakeAction: action.take_action,
    c.SpendEffect: lambda s, cmd, r: action.spend_effect(s, cmd),
    c.AddConsequence: lambda s, cmd, r: scene_loop.add_consequence(s, cmd),
    c.Deliver: lambda s, cmd, r: scene_loop.deliver(s, cmd.id),
    c.Mitigate: action.mitigate,
    c.Immerse: immersion.immerse,
    c.Mark: lambda s, cmd, r: growth.mark(s, cmd),
    c.Grow: lambda s, cmd, r: growth.grow(s, cmd),
    c.Rebirth: lambda s, cmd, r: growth.rebirth(s, cmd),
    c.Retire: lambda s, cmd, r: growth.retire(s, cmd),
    c.AddClue: lambda s, cmd, r: casefile.new_clue(s, cmd.text, cmd.found_by, cmd.scene),
    c.AddConclusion: lambda s, cmd, r: casefile.add_conclusion(s, cmd),
    c.SetComplexity: lambda s, cmd, r: casefile.set_complexity(s, cmd.complexity),
    c.CaseRoll: casefile.case_roll,
    c.CaseFileMoment: _case_moment,
    c.AddQuestion: lambda s, cmd, r: casefile.add_question(s, cmd.text),
    c.AnswerQuestion: lambda s, cmd, r: casefile.answer_question(s, cmd),
    c.StartSeason: lambda s, cmd, r: mission.start_season(s, cmd.name),
    c.StartMission: lambda s, cmd, r: mission.start_mission(s, cmd),
    c.CutInSummary: lambda s, cmd, r: mission.cut_in(s, cmd),
    c.Suppress: lambda s, cmd, r: mission.suppress(s, cmd.opportunity),
    c.EndMission: lambda s, cmd, r: mission.end_mission(s),
    c.SetInterpretation: _interpret,
}


def apply(state: MistState, command: Any, rng: random.Random) -> tuple[MistState, tuple[Any, ...]]:
    """Apply one Mist command: the new state and its events, or a ``RuleError``."""
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise RuleError("mist.family.command", command=type(command).__name__)
    new, events = handler(state, command, rng)
    return new, tuple(events)
