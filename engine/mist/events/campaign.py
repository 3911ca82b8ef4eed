"""What happened to a M.I.S.T. crew beyond one roll (RULES.md §4.5–§4.8): marks, growth, loss,
rebirth and retirement, full immersion, the case file and the season's missions.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice.mist import MistRoll, Outcome
from engine.events import Event
from engine.mist.state import Retirement, ThemeType, Track


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
    """A theme lost (§4.8): the Evolution marked, a scar (Self) or Controlled's tier (Taint), and
    the type of the newborn theme owed (``None`` after Fall asleep, [I-25])."""

    character: str
    theme: str
    type: ThemeType
    evolution_added: int
    evolution: int
    scar: str | None
    controlled_tier: int | None
    rebirth: ThemeType | None


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
