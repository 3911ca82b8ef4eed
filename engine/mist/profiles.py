"""Challenge profiles (issue 29): prepared once, kept by the campaign, used in any scene.

A profile holds a challenge's limits, story tags, starting statuses, threats and consequences
(the MC's moves, in markup: ``engine/mist/markup.py``). ``profile NAME …`` writes one,
``challenge save NAME`` makes one from a challenge on the table, ``challenge NAME from=PROFILE
[count=N]`` puts it (or a pack) on the table with its tags, statuses and threats (``t1``, ``t2``…
in the profile's order). The profiles are part of the state the campaign carries from scene to
scene (``engine/mist/carry.py``), so the journal, undo and replay cover them.
"""

from __future__ import annotations

from engine.errors import RuleError
from engine.events import Event, Events
from engine.mist import roster
from engine.mist.commands import AddChallenge, DropProfile, ProfileFromChallenge, SaveProfile
from engine.mist.events import (
    ChallengeAdded,
    ChallengeFromProfile,
    ProfileDropped,
    ProfileSaved,
    ThreatDropped,
    ThreatPresented,
)
from engine.mist.roster import name_key
from engine.mist.state import Challenge, MistState, Profile, Tag, TagKind, TagScope, Threat
from engine.records import replace

MAX_PACK = 12
"""The most challenges one ``count=`` puts on the table."""


def find(state: MistState, name: str) -> Profile | None:
    """The campaign's profile called ``name`` (case-insensitive), if any."""
    key = name_key(name)
    return next((p for p in state.profiles if name_key(p.name) == key), None)


def profile(state: MistState, name: str) -> Profile:
    """The profile called ``name``.

    Raises:
        RuleError: no such profile (the known ones are named).
    """
    found = find(state, name)
    if found is None:
        known = ", ".join(p.name for p in state.profiles) or "—"
        raise RuleError("mist.profiles.no-profile", name=name, known=known)
    return found


def put(profiles: tuple[Profile, ...], new: Profile) -> tuple[tuple[Profile, ...], bool]:
    """``profiles`` with ``new`` in (replacing one of its name in place); whether one was."""
    key = name_key(new.name)
    if any(name_key(p.name) == key for p in profiles):
        return tuple(new if name_key(p.name) == key else p for p in profiles), True
    return profiles + (new,), False


def save(state: MistState, command: SaveProfile) -> tuple[MistState, Events]:
    """Keep a profile written out (``profile NAME …``); one of the same name is replaced.

    Raises:
        RuleError: an empty name.
    """
    new = replace(command.profile, name=command.profile.name.strip())
    if not new.name:
        raise RuleError("mist.family.needs-name", what="profile")
    profiles, replaced = put(state.profiles, new)
    return replace(state, profiles=profiles), (ProfileSaved(new.name, replaced),)


def from_challenge(state: MistState, command: ProfileFromChallenge) -> tuple[MistState, Events]:
    """``challenge save NAME``: a profile of a challenge on the table, with its limits, story
    tags, statuses, notes and the threats presented for it.

    Raises:
        RuleError: no such challenge.
    """
    found = roster.challenge(state, command.challenge)
    threats = tuple(t.text for t in state.threats if t.challenge == found.name)
    new = Profile(
        (command.name or "").strip() or found.name,
        found.limits,
        tuple(t.name for t in found.story_tags),
        found.statuses,
        threats,
        (),
        found.notes,
    )
    old = find(state, new.name)
    if old is not None:
        new = replace(new, consequences=old.consequences)
    profiles, replaced = put(state.profiles, new)
    return replace(state, profiles=profiles), (ProfileSaved(new.name, replaced),)


def drop(state: MistState, command: DropProfile) -> tuple[MistState, Events]:
    """``profile drop NAME``.

    Raises:
        RuleError: no such profile.
    """
    found = profile(state, command.name)
    kept = tuple(p for p in state.profiles if p is not found)
    return replace(state, profiles=kept), (ProfileDropped(found.name),)


def next_threat_id(state: MistState) -> str:
    """The next threat's id: one past the highest (a dropped threat's id is not reused)."""
    numbers = [int(t.id[1:]) for t in state.threats if t.id[1:].isdigit()]
    return f"t{max(numbers, default=0) + 1}"


def add_from(state: MistState, command: AddChallenge) -> tuple[MistState, Events]:
    """``challenge NAME from=PROFILE [count=N] [hidden]``: the profile's challenge on the table
    (a pack of N named ``NAME 1`` … ``NAME N``), with its limits (``limits=`` given replace
    them), story tags, statuses and notes; its threats become the scene's, once for the pack,
    in the profile's order.

    Raises:
        RuleError: no such profile, a count outside 1–12, or a name already taken.
    """
    assert command.profile is not None
    source = profile(state, command.profile)
    if not 1 <= command.count <= MAX_PACK:
        raise RuleError("mist.profiles.pack-size", count=command.count, most=MAX_PACK)
    base = command.name.strip()
    if not base:
        raise RuleError("mist.family.needs-name", what="challenge")
    names = [base] if command.count == 1 else [f"{base} {n}" for n in range(1, command.count + 1)]
    events: list[Event] = []
    limits = command.limits or source.limits
    for name in names:
        if name.casefold() == "scene":
            raise RuleError("mist.family.scene-names-scene-itself")
        if roster.has_name(state, name):
            raise RuleError("mist.family.there-already-character-challenge", name=name)
        added = Challenge(
            name,
            limits,
            source.statuses,
            tuple(  # its own for as long as it lasts (issue 29 §4)
                Tag(tag, TagKind.STORY, scope=TagScope.CHALLENGE, until=name) for tag in source.tags
            ),
            source.notes,
            hidden=command.hidden,
            profile=source.name,
        )
        state = replace(state, challenges=state.challenges + (added,))
        shown = tuple((limit.kind, limit.tier) for limit in limits)
        events += [
            ChallengeAdded(name, shown, command.hidden),
            ChallengeFromProfile(name, source.name),
        ]
    for text in source.threats:
        threat = Threat(next_threat_id(state), text, names[0], state.scene.number)
        state = replace(state, threats=state.threats + (threat,))
        events.append(ThreatPresented(threat.id, threat.text, threat.challenge))
    return state, tuple(events)


def moves(state: MistState) -> tuple[tuple[str, str], ...]:
    """The consequences (MC moves) of the profiles of the challenges on the table, not
    overcome: ``(challenge, text)`` in table order, each once per profile."""
    found: list[tuple[str, str]] = []
    seen: set[str] = set()
    for challenge in state.challenges:
        source = find(state, challenge.profile) if challenge.profile else None
        if source is None or challenge.overcome or name_key(source.name) in seen:
            continue
        seen.add(name_key(source.name))
        found += [(challenge.name, text) for text in source.consequences]
    return tuple(found)


def drop_threat(state: MistState, ident: str) -> tuple[MistState, Events]:
    """``threat drop t2``: the threat off the table (a consequence it gave stays).

    Raises:
        RuleError: no such threat.
    """
    key = ident.strip().lower()
    found = next((t for t in state.threats if t.id == key), None)
    if found is None:
        raise RuleError("mist.scene-loop.threat", ident=ident)
    kept = tuple(t for t in state.threats if t is not found)
    return replace(state, threats=kept), (ThreatDropped(found.id),)
