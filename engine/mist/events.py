"""What happened in a M.I.S.T. scene, as data (STYLE.md): the log and the report read these."""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice.mist import MistRoll, Outcome
from engine.events import Event
from engine.mist.state import Phase, PowerSource, Retirement, ThemeType, Track


@dataclass(frozen=True, slots=True)
class CharacterAdded(Event):
    name: str


@dataclass(frozen=True, slots=True)
class ChallengeAdded(Event):
    name: str
    limits: tuple[tuple[str, int | None], ...]
    hidden: bool = False


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
    """A take (§4.1): ``marked`` is the box marked, ``None`` when the mark was lost (capped)."""

    target: str
    name: str
    asked: int
    marked: int | None
    boxes: tuple[int, ...]
    tier: int
    capped: bool


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
    target: str
    tag: str


@dataclass(frozen=True, slots=True)
class StoryTagRemoved(Event):
    target: str
    tag: str


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
    id: str
    target: str | None
    status: str | None
    tier: int


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
class Marked(Event):
    """A mark on a theme track (§4.8)."""

    character: str
    theme: str
    track: Track
    marks: int


@dataclass(frozen=True, slots=True)
class GrowthPending(Event):
    character: str
    theme: str


@dataclass(frozen=True, slots=True)
class GrowthTaken(Event):
    character: str
    theme: str
    choice: str
    detail: str
    newborn_done: bool


@dataclass(frozen=True, slots=True)
class ThemeLost(Event):
    """A theme lost (§4.8): the Evolution marked, a scar (Self) or Controlled's tier (Taint)."""

    character: str
    theme: str
    type: ThemeType
    evolution_added: int
    evolution: int
    scar: str | None
    controlled_tier: int | None
    rebirth: ThemeType


@dataclass(frozen=True, slots=True)
class ThemeReborn(Event):
    character: str
    theme: str
    type: ThemeType


@dataclass(frozen=True, slots=True)
class RetirementOffered(Event):
    """5 Evolution: Fall asleep or Return to calm may be chosen (§4.8)."""

    character: str
    evolution: int


@dataclass(frozen=True, slots=True)
class Retired(Event):
    character: str
    choice: Retirement


@dataclass(frozen=True, slots=True)
class Immersed(Event):
    """A full immersion (§4.5): the depth, the roll and the table row applied."""

    character: str
    theme: str
    depth: str
    roll: MistRoll
    row: Outcome
    out_of_control: bool
    result: str


@dataclass(frozen=True, slots=True)
class ClueAdded(Event):
    id: str
    text: str
    scene: str
    found_by: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ConclusionAdded(Event):
    id: str
    power: int
    can_roll: bool


@dataclass(frozen=True, slots=True)
class ComplexitySet(Event):
    complexity: int


@dataclass(frozen=True, slots=True)
class CaseRolled(Event):
    """A Deduction or Test roll (§4.7) with its outcome row applied."""

    conclusion: str
    mode: str
    roll: MistRoll
    right: bool
    new_clue: str | None
    refuting_clue: str | None
    opportunity: str | None
    property: str | None
    consequence: bool


@dataclass(frozen=True, slots=True)
class CaseFileOpened(Event):
    moment: int


@dataclass(frozen=True, slots=True)
class CaseFileClosed(Event):
    moment: int
    tested: bool


@dataclass(frozen=True, slots=True)
class CaseFileWarning(Event):
    """A case file would end without a Test: no opportunity can come of it (§4.6)."""

    reason: str


@dataclass(frozen=True, slots=True)
class QuestionAdded(Event):
    id: str
    text: str


@dataclass(frozen=True, slots=True)
class QuestionAnswered(Event):
    id: str
    conclusion: str | None


@dataclass(frozen=True, slots=True)
class SeasonStarted(Event):
    name: str


@dataclass(frozen=True, slots=True)
class MissionStarted(Event):
    name: str
    number: int
    anomaly: str


@dataclass(frozen=True, slots=True)
class CutIn(Event):
    """The cut-in (§4.6): the summary, the anomaly and the clues already found."""

    summary: str
    anomaly: str
    clues: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AnomalySuppressed(Event):
    opportunity: str


@dataclass(frozen=True, slots=True)
class MissionEnded(Event):
    name: str
    suppressed: bool


@dataclass(frozen=True, slots=True)
class SettingChanged(Event):
    name: str
    value: bool | int
