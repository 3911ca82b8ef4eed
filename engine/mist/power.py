"""The power of a roll, source by source (RULES.md §4.2).

+1 per helping power or story tag, −1 per weakness or hindering tag, + the tier of the highest
helping status, − the tier of the highest hindering status ([I-21]; switched, only the single
highest-tier one), +3 per burned tag (instead of its +1), +3 when indulging a Taint theme
(§4.4). The sum of the listed sources is the power.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import RuleError
from engine.mist import roster
from engine.mist.commands import PowerChoice
from engine.mist.state import Character, MistState, PowerSource, Status, TagKind, ThemeType
from engine.mist.status import find_status
from engine.mist.tags import SCENE, find_tag

BURN_POWER = 3
INDULGE_POWER = 3


@dataclass(frozen=True, slots=True)
class Breakdown:
    """The listed sources, the tags to burn, and the theme indulged."""

    sources: tuple[PowerSource, ...]
    burned: tuple[str, ...]
    indulged: str | None
    weakened: tuple[str, ...] = ()
    """The actor's themes whose weakness tags hindered the roll, once per weakness tag ([I-23]):
    each marks its growth track (Mastery for Taint, Progress for Self) with the roll (§4.8)."""

    @property
    def power(self) -> int:
        return sum(source.value for source in self.sources)


def _status_for(state: MistState, actor: Character, name: str, target: str | None) -> Status:
    found = find_status(actor.statuses, name)
    if found is not None:
        return found
    if target is not None and roster.is_challenge(state, target):
        found = find_status(roster.challenge(state, target).statuses, name)
        if found is not None:
            return found
    for challenge in state.challenges:
        found = find_status(challenge.statuses, name)
        if found is not None:
            return found
    raise RuleError("mist.power.status-challenges-count-roll", name=name, name2=actor.name)


def _check_unique(names: list[str]) -> None:
    seen: set[str] = set()
    for name in names:
        key = name.casefold()
        if key in seen:
            raise RuleError("mist.power.listed-twice-each-tag", name=name)
        seen.add(key)


def _highest(
    state: MistState, actor: Character, names: tuple[str, ...], target: str | None
) -> Status | None:
    statuses = [_status_for(state, actor, name, target) for name in names]
    return max(statuses, key=lambda s: s.tier, default=None)


def breakdown(
    state: MistState, actor: Character, choice: PowerChoice, target: str | None = None
) -> Breakdown:
    """The power of ``actor``'s roll from the chosen sources.

    Raises:
        RuleError: an unknown or burned tag, a tag used twice, a weakness burned, an unknown
            status, or an indulged theme that is not one of the actor's Taint themes.
    """
    _check_unique(list(choice.tags) + list(choice.hinder) + list(choice.burn))
    _check_unique(list(choice.statuses) + list(choice.hindering))
    sources: list[PowerSource] = []
    weakened: list[str] = []
    for name in choice.tags:
        found = find_tag(state, actor, name)
        if found.tag.burned:
            raise RuleError("mist.power.burned-unusable-until-restored", tag=found.tag.name)
        if found.tag.kind is TagKind.WEAKNESS:
            sources.append(PowerSource("weakness tag", found.tag.name, -1))
            weakened.extend(_weakness_themes(actor, found.owner, found.tag.name))
        else:
            kind = "story tag" if found.tag.kind is TagKind.STORY else "power tag"
            if found.tag.kind is TagKind.THEME:
                kind = "theme tag"
            label = (
                found.tag.name if found.owner == actor.name else f"{found.tag.name} ({found.owner})"
            )
            sources.append(PowerSource(kind, label, 1))
    for name in choice.hinder:
        found = find_tag(state, actor, name)
        kind = "weakness tag" if found.tag.kind is TagKind.WEAKNESS else "hindering tag"
        if found.tag.kind is TagKind.WEAKNESS:
            weakened.extend(_weakness_themes(actor, found.owner, found.tag.name))
        owner = "" if found.owner == actor.name else f" ({found.owner})"
        sources.append(PowerSource(kind, found.tag.name + owner, -1))
    burned: list[str] = []
    for name in choice.burn:
        found = find_tag(state, actor, name)
        if found.owner != actor.name or found.owner == SCENE:
            raise RuleError("mist.power.burn", tag=found.tag.name, name=actor.name)
        if found.tag.kind is TagKind.WEAKNESS:
            raise RuleError("mist.power.weakness-tag-burned", tag=found.tag.name)
        if found.tag.burned:
            raise RuleError("mist.power.already-burned-restore-first", tag=found.tag.name)
        sources.append(PowerSource("burned tag", found.tag.name, BURN_POWER))
        burned.append(found.tag.name)
    helping = _highest(state, actor, choice.statuses, target)
    hindering = _highest(state, actor, choice.hindering, target)
    if state.interpretations.status_power_single_highest and helping and hindering:
        # [I-21] switched: the single highest-tier status counts; tied at the top, both cancel.
        if helping.tier > hindering.tier:
            hindering = None
        elif hindering.tier > helping.tier:
            helping = None
    if helping is not None:
        sources.append(PowerSource("helping status", helping.name, helping.tier))
    if hindering is not None:
        sources.append(PowerSource("hindering status", hindering.name, -hindering.tier))
    indulged: str | None = None
    if choice.indulge is not None:
        if actor.ordinary:
            raise RuleError("mist.asleep.no-indulge", person=actor.name)  # [I-25]
        theme = roster.theme(actor, choice.indulge)
        if theme.type is not ThemeType.TAINT:
            raise RuleError("mist.power.self-theme-taint-theme", theme=theme.name)
        sources.append(PowerSource("indulgence", theme.name, INDULGE_POWER))
        indulged = theme.name
    themes = tuple(weakened)  # [I-23]: one mark per weakness tag that hindered
    if state.interpretations.weakness_marks_theme_once_per_roll:
        themes = tuple(dict.fromkeys(weakened))  # [I-23] switched: once per theme a roll
    return Breakdown(tuple(sources), tuple(burned), indulged, themes)


def _weakness_themes(actor: Character, owner: str, tag: str) -> list[str]:
    """The actor's themes holding weakness tag ``tag`` (another's weakness marks nothing)."""
    if owner != actor.name:
        return []
    key = tag.casefold()
    return [
        t.name
        for t in actor.themes
        if any(w.name.casefold() == key for w in t.weaknesses)
        # [I-25] switched: a slept Taint kept on the sheet hinders, but marks no Mastery.
        and not (actor.ordinary and t.type is ThemeType.TAINT)
    ]


def immersion_breakdown(actor: Character) -> Breakdown:
    """Full immersion: +1 per Self theme and nothing else counts (§4.5)."""
    sources = tuple(
        PowerSource("self theme", t.name, 1) for t in actor.themes if t.type is ThemeType.SELF
    )
    return Breakdown(sources, (), None)
