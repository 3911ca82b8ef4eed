"""The state of a M.I.S.T. scene: characters, challenges, the scene loop and the case file.

Everything is a frozen dataclass of plain values (the saves codec serialises it from the type
hints); the rules that change it live in the modules named for them (RULES.md §4).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.dice.mist import Outcome
from engine.settings import Interpretations


class ThemeType(StrEnum):
    """The two theme types of RULES.md §4.1."""

    SELF = "self"
    TAINT = "taint"

    @property
    def other(self) -> ThemeType:
        return ThemeType.TAINT if self is ThemeType.SELF else ThemeType.SELF


class TagKind(StrEnum):
    """What a tag is: a theme's core, a power tag, a weakness, or a temporary story tag."""

    THEME = "theme"
    POWER = "power"
    WEAKNESS = "weakness"
    STORY = "story"


class TagScope(StrEnum):
    """How long a story tag lasts (issue 29 §4; RULES.md §4.1: story tags vanish "when the scene
    or situation changes"): the scene (gone at ``scene end`` unless kept), a challenge (gone when
    that challenge is overcome or left behind) or its character (kept from scene to scene until
    removed)."""

    SCENE = "scene"
    CHALLENGE = "challenge"
    CHARACTER = "character"


class Phase(StrEnum):
    """The scene loop of RULES.md §4.6: Establish → Action → Consequence → Establish."""

    ESTABLISH = "establish"
    ACTION = "action"
    CONSEQUENCE = "consequence"

    @property
    def next(self) -> Phase:
        order = (Phase.ESTABLISH, Phase.ACTION, Phase.CONSEQUENCE)
        return order[(order.index(self) + 1) % len(order)]


class Track(StrEnum):
    """The four theme tracks (RULES.md §4.1 table): growth marks and loss marks."""

    MASTERY = "mastery"
    PROGRESS = "progress"
    INDULGENCE = "indulgence"
    ABANDON = "abandon"


class Retirement(StrEnum):
    """The two choices offered at 5 Evolution (RULES.md §4.8)."""

    SLEEP = "sleep"
    CALM = "calm"


@dataclass(frozen=True, slots=True)
class Tag:
    """A 1–3 word descriptor; ``burned`` tags are unusable until restored (§4.1). A story tag
    lasts as its ``scope`` says; a challenge-scoped one as long as the challenge ``until``."""

    name: str
    kind: TagKind
    burned: bool = False
    scope: TagScope = TagScope.SCENE
    until: str | None = None


@dataclass(frozen=True, slots=True)
class Status:
    """A status kept as its marked boxes 1–6, sorted; the tier is the highest (§4.1)."""

    name: str
    boxes: tuple[int, ...]

    @property
    def tier(self) -> int:
        return max(self.boxes, default=0)


@dataclass(frozen=True, slots=True)
class Theme:
    """A theme: its theme tag (the theme's name), power tags, weakness tags and motive (§4.1).

    ``growth_marks`` counts Mastery (Taint) or Progress (Self); ``loss_marks`` Indulgence (Taint)
    or Abandon (Self); ``growths`` the growths taken; ``growth_pending`` a choice owed (§4.8).
    """

    name: str
    type: ThemeType
    power_tags: tuple[Tag, ...] = ()
    weaknesses: tuple[Tag, ...] = ()
    motive: str = ""
    theme_tag_burned: bool = False
    growth_marks: int = 0
    loss_marks: int = 0
    growths: int = 0
    growth_pending: int = 0
    newborn: bool = False

    @property
    def growth_track(self) -> Track:
        return Track.MASTERY if self.type is ThemeType.TAINT else Track.PROGRESS

    @property
    def loss_track(self) -> Track:
        return Track.INDULGENCE if self.type is ThemeType.TAINT else Track.ABANDON


@dataclass(frozen=True, slots=True)
class LostTheme:
    """A theme the character lost (§4.8), kept for the record."""

    name: str
    type: ThemeType
    had_growth: bool


@dataclass(frozen=True, slots=True)
class Character:
    """A player character: themes, statuses, story tags and the marks of their story (§4.8)."""

    name: str
    themes: tuple[Theme, ...] = ()
    statuses: tuple[Status, ...] = ()
    story_tags: tuple[Tag, ...] = ()
    lost_themes: tuple[LostTheme, ...] = ()
    rebirths_pending: tuple[ThemeType, ...] = ()
    scars: tuple[str, ...] = ()
    evolution: int = 0
    transformed: bool = False
    retirement_offered: bool = False
    retired: Retirement | None = None
    ordinary: bool = False
    notes: tuple[str, ...] = ()
    """The MC's notes on the character (``note NAME "TEXT"``, engine/mist/notes.py)."""


@dataclass(frozen=True, slots=True)
class Limit:
    """One limit of a challenge: the status kind it is tied to and its tier; ``None`` = immune."""

    kind: str
    tier: int | None


@dataclass(frozen=True, slots=True)
class Challenge:
    """A challenge with several named limits; reaching any overcomes it (§4.1)."""

    name: str
    limits: tuple[Limit, ...] = ()
    statuses: tuple[Status, ...] = ()
    story_tags: tuple[Tag, ...] = ()
    notes: tuple[str, ...] = ()
    overcome: bool = False
    overcome_by: str | None = None
    hidden: bool = False
    """Left out of the players' view (``hide``) until revealed."""
    limits_shown: bool = False
    """Whether the players' view shows the limits (``reveal NAME limits``)."""
    profile: str | None = None
    """The campaign profile it was made from (``challenge NAME from=PROFILE``, issue 29)."""


@dataclass(frozen=True, slots=True)
class Profile:
    """A challenge profile (issue 29), prepared once and used in any scene of the campaign:
    limits, story tags, statuses it starts with, threats and consequences (MC moves) in the
    markup of ``engine/mist/markup.py``, and notes."""

    name: str
    limits: tuple[Limit, ...] = ()
    tags: tuple[str, ...] = ()
    statuses: tuple[Status, ...] = ()
    threats: tuple[str, ...] = ()
    consequences: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Threat:
    """A threat the MC presented (``t1``…), maybe from a challenge; resolved or not (§4.6)."""

    id: str
    text: str
    challenge: str | None
    scene: int
    resolved: bool = False


@dataclass(frozen=True, slots=True)
class PowerSource:
    """One line of a power breakdown: what it is, which tag or status, and what it adds."""

    kind: str
    label: str
    value: int


@dataclass(frozen=True, slots=True)
class ActionRecord:
    """An action rolled in the Action phase (``a1``…) and the power still to spend (§4.2)."""

    id: str
    actor: str
    power: int
    outcome: Outcome
    total: int
    left: int
    target: str | None
    found_by: tuple[str, ...]
    scene: int


@dataclass(frozen=True, slots=True)
class Consequence:
    """A consequence (``x1``…): an incoming status on a target, or only words (§4.6, §4.3)."""

    id: str
    text: str
    target: str | None
    status: str | None
    tier: int
    source: str | None
    delivered: bool = False
    mitigated: bool = False


@dataclass(frozen=True, slots=True)
class Clue:
    """A clue (``c1``…): its text, the scene it came from and what found it (§4.7)."""

    id: str
    text: str
    scene: str
    found_by: tuple[str, ...] = ()
    from_conclusion: str | None = None
    refutes: str | None = None
    hidden: bool = False
    """Left off the players' clue board (``hide c1``) until revealed (issue 29)."""


@dataclass(frozen=True, slots=True)
class Conclusion:
    """A conclusion (``k1``…) with the clues that support or contradict it (§4.7); a refuted one
    stays, with what refuted it ([I-22])."""

    id: str
    text: str
    supports: tuple[str, ...]
    contradicts: tuple[str, ...]
    mode: str | None = None
    result: Outcome | None = None
    total: int | None = None
    refuted_by: str | None = None
    """What refuted it ([I-22]): the refuting clue a Deduction found (``c4``), or the extra
    property a Test revealed (``p1``)."""

    @property
    def power(self) -> int:
        return len(self.supports) - len(self.contradicts)

    @property
    def refuted(self) -> bool:
        return self.result is Outcome.FAIL


@dataclass(frozen=True, slots=True)
class Question:
    """One question of the case-file checklist (``q1``…), answered by a conclusion or not."""

    id: str
    text: str
    answer: str | None = None
    hidden: bool = False
    """Left off the players' clue board (``hide q1``) until revealed (issue 29)."""


DEFAULT_QUESTIONS: tuple[Question, ...] = (
    Question("q1", "What is the anomaly?"),
    Question("q2", "What are its properties?"),
    Question("q3", "What harm does it do?"),
    Question("q4", "What makes it more dangerous?"),
    Question("q5", "How can it be suppressed?"),
)


@dataclass(frozen=True, slots=True)
class Finding:
    """An extra anomaly property (``p1``…) or an opportunity (``o1``…) a roll revealed."""

    id: str
    text: str
    conclusion: str


@dataclass(frozen=True, slots=True)
class CaseFile:
    """The mission's case file: clues, conclusions, the complexity gate and what tests found.

    ``open`` is a case-file moment in progress; ``tested`` says whether a Test was rolled in it
    (a case file must end with a Test, §4.6). The sources give no starting complexity: until the
    MC sets one (``complexity N``, 0 allowed) a conclusion needs one supporting clue to be rolled.
    """

    complexity: int = 1
    clues: tuple[Clue, ...] = ()
    conclusions: tuple[Conclusion, ...] = ()
    questions: tuple[Question, ...] = DEFAULT_QUESTIONS
    properties: tuple[Finding, ...] = ()
    opportunities: tuple[Finding, ...] = ()
    open: bool = False
    tested: bool = False
    moments: int = 0


@dataclass(frozen=True, slots=True)
class Mission:
    """Season → missions → scenes (§4.6): where the story is, and the cut-in summary."""

    season: str = ""
    name: str = ""
    number: int = 0
    anomaly: str = ""
    cut_in: str = ""
    suppressed: bool = False
    ended: bool = False


@dataclass(frozen=True, slots=True)
class SceneInfo:
    """The scene inside the mission: its number, name, story tags and loop count."""

    number: int = 1
    name: str = "Scene 1"
    story_tags: tuple[Tag, ...] = ()
    cycle: int = 1


@dataclass(frozen=True, slots=True)
class MistState:
    """A whole M.I.S.T. scene (RULES.md §4); ``interpretations`` holds the [I-n] it plays by
    (the same field as ``Encounter.interpretations``)."""

    phase: Phase = Phase.ESTABLISH
    characters: tuple[Character, ...] = ()
    challenges: tuple[Challenge, ...] = ()
    threats: tuple[Threat, ...] = ()
    actions: tuple[ActionRecord, ...] = ()
    consequences: tuple[Consequence, ...] = ()
    owed: tuple[str, ...] = ()
    case_file: CaseFile = field(default_factory=CaseFile)
    scene: SceneInfo = field(default_factory=SceneInfo)
    mission: Mission = field(default_factory=Mission)
    interpretations: Interpretations = field(default_factory=Interpretations)
    profiles: tuple[Profile, ...] = ()
    """The campaign's challenge profiles (issue 29), carried from scene to scene."""
