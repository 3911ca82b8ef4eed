"""What happened in a M.I.S.T. scene's play (RULES.md §4.1–§4.4, §4.6): characters and
challenges, statuses and limits, tags, phases and threats, actions, effects and consequences.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice.mist import MistRoll
from engine.events import Event
from engine.mist.state import Phase, PowerSource, TagScope, ThemeType


@dataclass(frozen=True, slots=True)
class CharacterAdded(Event):
    name: str


@dataclass(frozen=True, slots=True)
class ChallengeAdded(Event):
    name: str
    limits: tuple[tuple[str, int | None], ...]
    hidden: bool = False


@dataclass(frozen=True, slots=True)
class ChallengeFromProfile(Event):
    """A challenge put on the table from a campaign profile (issue 29)."""

    name: str
    profile: str


@dataclass(frozen=True, slots=True)
class ProfileSaved(Event):
    """A challenge profile kept by the campaign (issue 29); ``replaced``: one of its name was."""

    name: str
    replaced: bool = False


@dataclass(frozen=True, slots=True)
class ProfileDropped(Event):
    name: str


@dataclass(frozen=True, slots=True)
class ThreatDropped(Event):
    """A threat taken off the table (``threat drop t2``, issue 29)."""

    id: str


@dataclass(frozen=True, slots=True)
class ChallengeHidden(Event):
    """The challenge is left out of the players' view."""

    challenge: str


@dataclass(frozen=True, slots=True)
class ChallengeRevealed(Event):
    """The challenge is shown to the players."""

    challenge: str


@dataclass(frozen=True, slots=True)
class LimitsHidden(Event):
    """The players' view no longer shows the challenge's limits."""

    challenge: str


@dataclass(frozen=True, slots=True)
class LimitsRevealed(Event):
    """The players' view shows the challenge's limits."""

    challenge: str


@dataclass(frozen=True, slots=True)
class LimitSet(Event):
    challenge: str
    kind: str
    tier: int | None


@dataclass(frozen=True, slots=True)
class NoteAdded(Event):
    challenge: str
    text: str


@dataclass(frozen=True, slots=True)
class ThemeAdded(Event):
    character: str
    theme: str
    type: ThemeType
    newborn: bool


@dataclass(frozen=True, slots=True)
class StatusTaken(Event):
    """A take (§4.1): ``marked`` is the box marked, ``None`` when the mark was lost (capped);
    ``given_by`` who gave it, when known (an effect's actor, a threat's challenge, ``by=``:
    issue 29 §4)."""

    target: str
    name: str
    asked: int
    marked: int | None
    boxes: tuple[int, ...]
    tier: int
    capped: bool
    given_by: str | None = None


@dataclass(frozen=True, slots=True)
class StatusReduced(Event):
    """A reduction; ``gone`` when no marks are left; ``countered_by`` names an opposing status;
    ``absent`` when the target had no such status (nothing changed)."""

    target: str
    name: str
    by: int
    boxes: tuple[int, ...]
    tier: int
    gone: bool
    countered_by: str | None = None
    absent: bool = False


@dataclass(frozen=True, slots=True)
class CharacterTransformed(Event):
    """A player character's status reached the limit 6: death or permanent change (§4.1)."""

    name: str
    status: str


@dataclass(frozen=True, slots=True)
class ChallengeOvercome(Event):
    """A challenge's status reached one of its limits (§4.1)."""

    name: str
    kind: str
    tier: int
    limit: int


@dataclass(frozen=True, slots=True)
class StoryTagAdded(Event):
    """A story tag on ``target``, lasting as ``scope`` says (issue 29 §4); ``until`` names the
    challenge a challenge-scoped tag goes with."""

    target: str
    tag: str
    scope: TagScope = TagScope.SCENE
    until: str | None = None


@dataclass(frozen=True, slots=True)
class StoryTagRemoved(Event):
    """A story tag removed; ``gone_with`` names the challenge it went with (issue 29 §4)."""

    target: str
    tag: str
    gone_with: str | None = None


@dataclass(frozen=True, slots=True)
class TagBurned(Event):
    character: str
    tag: str


@dataclass(frozen=True, slots=True)
class TagRestored(Event):
    character: str
    tag: str


@dataclass(frozen=True, slots=True)
class PhaseChanged(Event):
    old: Phase
    new: Phase
    cycle: int


@dataclass(frozen=True, slots=True)
class SceneResolved(Event):
    """All challenges overcome and threats resolved: the scene may end (§4.6)."""

    scene: str


@dataclass(frozen=True, slots=True)
class SceneEnded(Event):
    """The scene ended (``reason`` "mc"); its story tags went, except those kept."""

    scene: str
    removed_tags: tuple[str, ...]
    kept_tags: tuple[str, ...]
    next_scene: str


@dataclass(frozen=True, slots=True)
class ThreatPresented(Event):
    id: str
    text: str
    challenge: str | None


@dataclass(frozen=True, slots=True)
class ThreatResolved(Event):
    id: str


@dataclass(frozen=True, slots=True)
class ActionRolled(Event):
    """An action roll with its power broken down source by source (§4.2)."""

    id: str
    actor: str
    sources: tuple[PowerSource, ...]
    power: int
    roll: MistRoll
    consequence_owed: bool


@dataclass(frozen=True, slots=True)
class EffectSpent(Event):
    """An effect paid from an action's power (§4.2 table)."""

    action: str
    kind: str
    detail: str
    cost: int
    left: int


@dataclass(frozen=True, slots=True)
class ConsequencePending(Event):
    id: str
    target: str | None
    status: str | None
    tier: int
    text: str
    source: str | None


@dataclass(frozen=True, slots=True)
class ConsequenceDelivered(Event):
    """A consequence lands; ``mitigated`` when a mitigation reduced its tier (§4.3) to ``tier``."""

    id: str
    target: str | None
    status: str | None
    tier: int
    mitigated: bool = False


@dataclass(frozen=True, slots=True)
class ConsequencesOwed(Event):
    """A warning: rolls that owe a consequence none was delivered for (§4.2, §4.6)."""

    sources: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Mitigated(Event):
    """A mitigation (§4.3, [I-6]): the roll, how much it reduced, and the chosen 9+ extra."""

    consequence: str
    actor: str
    sources: tuple[PowerSource, ...]
    roll: MistRoll
    reduction: int
    tier_before: int
    tier_after: int
    extra: str | None


@dataclass(frozen=True, slots=True)
class SettingChanged(Event):
    name: str
    value: bool | int
