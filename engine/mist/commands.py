"""The M.I.S.T. commands: one frozen dataclass per thing the MC can do (RULES.md §4).

``language.py`` parses the console's text into these; the console's keys and dialogs build the
same objects (STYLE.md: one path into the engine). The case file's and the mission's commands
live in ``case_commands.py`` and are importable from here as well.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.mist.case_commands import AddClue as AddClue
from engine.mist.case_commands import AddConclusion as AddConclusion
from engine.mist.case_commands import AddQuestion as AddQuestion
from engine.mist.case_commands import AnswerQuestion as AnswerQuestion
from engine.mist.case_commands import CaseFileMoment as CaseFileMoment
from engine.mist.case_commands import CaseRoll as CaseRoll
from engine.mist.case_commands import CutInSummary as CutInSummary
from engine.mist.case_commands import EndMission as EndMission
from engine.mist.case_commands import SetComplexity as SetComplexity
from engine.mist.case_commands import StartMission as StartMission
from engine.mist.case_commands import StartSeason as StartSeason
from engine.mist.case_commands import Suppress as Suppress
from engine.mist.state import Limit, Phase, Profile, Retirement, TagScope, ThemeType, Track


@dataclass(frozen=True, slots=True)
class AddCharacter:
    """``pc NAME``."""

    name: str


@dataclass(frozen=True, slots=True)
class AddChallenge:
    """``challenge NAME limits=KIND:N,…``."""

    name: str
    limits: tuple[Limit, ...] = ()
    hidden: bool = False
    profile: str | None = None
    """``from=PROFILE``: the challenge (or a pack of ``count``) made from a profile (issue 29)."""
    count: int = 1


@dataclass(frozen=True, slots=True)
class SaveProfile:
    """``profile NAME limits=… tags="…" statuses="s-N,…" threat="…"… consequence="…"…
    note="…"…``: a challenge profile kept by the campaign (issue 29); one of the same name is
    replaced."""

    profile: Profile


@dataclass(frozen=True, slots=True)
class ProfileFromChallenge:
    """``challenge save NAME [as=PROFILE]``: a profile made from a challenge on the table."""

    challenge: str
    name: str | None = None


@dataclass(frozen=True, slots=True)
class DropProfile:
    """``profile drop NAME``."""

    name: str


@dataclass(frozen=True, slots=True)
class DropThreat:
    """``threat drop t2``: a threat taken off the table (issue 29)."""

    id: str


@dataclass(frozen=True, slots=True)
class SetVisibility:
    """``hide NAME`` · ``reveal NAME`` · ``hide NAME limits`` · ``reveal NAME limits``: what
    the players' view shows of a challenge."""

    challenge: str
    shown: bool
    limits: bool = False


@dataclass(frozen=True, slots=True)
class SetLimit:
    """``limit CHALLENGE KIND N|immune``."""

    challenge: str
    kind: str
    tier: int | None


@dataclass(frozen=True, slots=True)
class AddNote:
    """``note CHALLENGE "TEXT"``."""

    challenge: str
    text: str


@dataclass(frozen=True, slots=True)
class AddTheme:
    """``theme NAME self|taint "THEME TAG" power="a,b" weakness="w" motive="…" [newborn]``."""

    character: str
    type: ThemeType
    name: str
    power_tags: tuple[str, ...] = ()
    weaknesses: tuple[str, ...] = ()
    motive: str = ""
    newborn: bool = False


@dataclass(frozen=True, slots=True)
class TakeStatus:
    """``status TARGET NAME TIER [counters=OTHER] [by=WHO]``; ``by`` who gave it (issue 29 §4)."""

    target: str
    name: str
    tier: int
    counters: str | None = None
    by: str | None = None


@dataclass(frozen=True, slots=True)
class ReduceStatus:
    """``reduce TARGET NAME N [counters=OTHER]``."""

    target: str
    name: str
    by: int
    counters: str | None = None


@dataclass(frozen=True, slots=True)
class AddStoryTag:
    """``tag TARGET|scene "TAG" [scope=scene|challenge[:NAME]|character]`` (``tag "TAG"``: on
    the scene); ``until`` the challenge a challenge-scoped tag goes with (issue 29 §4)."""

    target: str
    tag: str
    scope: TagScope = TagScope.SCENE
    until: str | None = None


@dataclass(frozen=True, slots=True)
class RemoveStoryTag:
    """``untag TARGET|scene "TAG"``."""

    target: str
    tag: str


@dataclass(frozen=True, slots=True)
class BurnTag:
    """``burn NAME "TAG"``."""

    character: str
    tag: str


@dataclass(frozen=True, slots=True)
class RestoreTag:
    """``restore NAME "TAG"|all``; ``tag`` ``None`` restores every burned tag."""

    character: str
    tag: str | None


@dataclass(frozen=True, slots=True)
class SetPhase:
    """``phase establish|action|consequence|next``; ``phase`` ``None`` is next."""

    phase: Phase | None


@dataclass(frozen=True, slots=True)
class PresentThreat:
    """``threat "TEXT" [challenge=NAME]``."""

    text: str
    challenge: str | None = None


@dataclass(frozen=True, slots=True)
class ResolveThreat:
    """``resolve t1``."""

    id: str


@dataclass(frozen=True, slots=True)
class EndScene:
    """``scene end [keep="TAG,…"] [next="NAME"]``."""

    keep: tuple[str, ...] = ()
    next_name: str | None = None


@dataclass(frozen=True, slots=True)
class PowerChoice:
    """The sources a player invokes for a roll (§4.2): helping and hindering tags and statuses,
    burned tags and an indulged Taint theme."""

    tags: tuple[str, ...] = ()
    hinder: tuple[str, ...] = ()
    statuses: tuple[str, ...] = ()
    hindering: tuple[str, ...] = ()
    burn: tuple[str, ...] = ()
    indulge: str | None = None


@dataclass(frozen=True, slots=True)
class TakeAction:
    """``action NAME tags=… hinder=… statuses=… hindering=… burn=… indulge=THEME [target=…]``."""

    actor: str
    choice: PowerChoice
    target: str | None = None


@dataclass(frozen=True, slots=True)
class SpendEffect:
    """``effect status|reduce|tag|untag|clue|feat …`` paid from the last action's power."""

    kind: str
    target: str | None
    name: str
    amount: int = 0


@dataclass(frozen=True, slots=True)
class AddConsequence:
    """``consequence TARGET STATUS TIER [text=…] [for=ID]`` or ``consequence "TEXT" [for=ID]``;
    with a ``target`` and no status, ``text``'s markup lands on the target (issue 29)."""

    text: str
    target: str | None = None
    status: str | None = None
    tier: int = 0
    source: str | None = None


@dataclass(frozen=True, slots=True)
class Deliver:
    """``deliver [ID]``: the pending consequence (all pending ones without an id) lands."""

    id: str | None


@dataclass(frozen=True, slots=True)
class Mitigate:
    """``mitigate ID tags=… [extra=reduce|status:NAME[:ALLY]]`` (§4.3)."""

    consequence: str
    choice: PowerChoice
    extra: str | None = None
    extra_status: str | None = None
    extra_target: str | None = None


@dataclass(frozen=True, slots=True)
class Immerse:
    """``immerse NAME THEME submerge|dive|sink [status=NAME] [burn=a,b]`` (§4.5)."""

    character: str
    theme: str
    depth: str
    status: str = "immersed"
    burn: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Mark:
    """``mark NAME THEME mastery|progress|indulgence|abandon [N]`` (§4.8)."""

    character: str
    theme: str
    track: Track
    count: int = 1


@dataclass(frozen=True, slots=True)
class Grow:
    """``growth NAME THEME power|weakness|motive|reset …``: the growth chosen (§4.8); ``normal``:
    the MC declares a newborn theme normal ([I-24] switched)."""

    character: str
    theme: str
    choice: str
    first: str = ""
    second: str = ""


@dataclass(frozen=True, slots=True)
class Rebirth:
    """``rebirth NAME "THEME TAG" [weakness=…] [motive=…]``: the newborn theme (§4.8)."""

    character: str
    name: str
    weakness: str = ""
    motive: str = ""


@dataclass(frozen=True, slots=True)
class Retire:
    """``retire NAME sleep|calm`` at 5 Evolution (§4.8)."""

    character: str
    choice: Retirement


@dataclass(frozen=True, slots=True)
class SetInterpretation:
    """``interpret FIELD=VALUE``: any of the interpretations [I-1]..[I-15] (engine/settings.py)."""

    name: str
    value: bool | int


Command = (
    AddCharacter
    | AddChallenge
    | SaveProfile
    | ProfileFromChallenge
    | DropProfile
    | DropThreat
    | SetVisibility
    | SetLimit
    | AddNote
    | AddTheme
    | TakeStatus
    | ReduceStatus
    | AddStoryTag
    | RemoveStoryTag
    | BurnTag
    | RestoreTag
    | SetPhase
    | PresentThreat
    | ResolveThreat
    | EndScene
    | TakeAction
    | SpendEffect
    | AddConsequence
    | Deliver
    | Mitigate
    | Immerse
    | Mark
    | Grow
    | Rebirth
    | Retire
    | AddClue
    | AddConclusion
    | SetComplexity
    | CaseRoll
    | CaseFileMoment
    | AddQuestion
    | AnswerQuestion
    | StartSeason
    | StartMission
    | CutInSummary
    | Suppress
    | EndMission
    | SetInterpretation
)
"""Every M.I.S.T. command (``engine/mist/handlers.py`` has one handler for each)."""
