"""Themes and their tracks: growth, loss, rebirth and evolution, applied at once (RULES.md §4.8).

3 Mastery/Progress marks → a growth choice pending (at once on a newborn theme);
3 Indulgence/Abandon → the theme lost: Evolution +1 (+1 more if it had grown), a scar (Self) or
Controlled at tier 6 − Self themes (Taint), and a newborn theme of the other type owed at the
next interlude; 5 Evolution → the retirement choices offered.
"""

from __future__ import annotations

from engine.errors import RuleError
from engine.events import Event, Events
from engine.mist import limits, roster, tags
from engine.mist.commands import AddTheme, Grow, Mark, Rebirth, Retire
from engine.mist.events import (
    GrowthPending,
    GrowthTaken,
    Marked,
    Retired,
    RetirementOffered,
    ThemeAdded,
    ThemeLost,
    ThemeReborn,
)
from engine.mist.state import (
    Character,
    LostTheme,
    MistState,
    Retirement,
    Tag,
    TagKind,
    Theme,
    ThemeType,
    Track,
)
from engine.records import replace

MARKS_FOR_CHANGE = 3
EVOLUTION_FOR_RETIREMENT = 5
CONTROLLED = "Controlled"
NORMAL_POSITIVE_TAGS = 3
"""A normal theme's positive tags, its theme tag included (002:44): a newborn theme reaching
them is normal ([I-24])."""


def _tags(names: tuple[str, ...], kind: TagKind) -> tuple[Tag, ...]:
    return tuple(Tag(n.strip(), kind) for n in names if n.strip())


def add_theme(state: MistState, command: AddTheme) -> tuple[MistState, Events]:
    """A theme for a character (§4.1); a newborn theme has only its theme tag (and weakness).

    Raises:
        RuleError: no such character, an empty or repeated theme tag.
    """
    person = roster.character(state, command.character)
    name = command.name.strip()
    if not name:
        raise RuleError("mist.growth.theme-needs-theme-tag")
    if any(t.name.casefold() == name.casefold() for t in person.themes):
        raise RuleError("mist.growth.already-theme", person=person.name, name=name)
    if person.ordinary and command.type is ThemeType.TAINT:
        raise RuleError("mist.asleep.no-new-taint", person=person.name)  # [I-25]
    if command.newborn and command.power_tags:
        raise RuleError("mist.growth.newborn-theme-theme-tag")
    if command.newborn and len(_tags(command.weaknesses, TagKind.WEAKNESS)) != 1:
        raise RuleError("mist.growth.newborn-one-weakness", name=name)  # §4.8, [I-24]
    theme = Theme(
        name=name,
        type=command.type,
        power_tags=_tags(command.power_tags, TagKind.POWER),
        weaknesses=_tags(command.weaknesses, TagKind.WEAKNESS),
        motive=command.motive,
        newborn=command.newborn,
    )
    person = replace(person, themes=person.themes + (theme,))
    return roster.put_character(state, person), (
        ThemeAdded(person.name, name, command.type, command.newborn),
    )


def mark(state: MistState, command: Mark) -> tuple[MistState, Events]:
    """Mark a track ``count`` times, applying growth and loss as the marks land.

    Raises:
        RuleError: the track does not belong to that theme type, or a bad count.
    """
    if command.count < 1:
        raise RuleError("mist.growth.mark-more-times", count=command.count)
    person = roster.character(state, command.character)
    if person.ordinary and command.track in (Track.MASTERY, Track.INDULGENCE):
        raise RuleError("mist.asleep.no-taint-marks", person=person.name)  # [I-25]
    events: list[Event] = []
    for _ in range(command.count):
        person = roster.character(state, command.character)
        theme = roster.theme(person, command.theme)
        state, more = mark_once(state, person, theme, command.track)
        events.extend(more)
        if any(isinstance(e, ThemeLost) for e in more):
            break
    return state, tuple(events)


def mark_once(
    state: MistState, person: Character, theme: Theme, track: Track
) -> tuple[MistState, Events]:
    """One mark on a theme's track, with what it triggers (§4.8)."""
    if track not in (theme.growth_track, theme.loss_track):
        raise RuleError(
            "mist.growth.theme-marks",
            theme=theme.name,
            theme_type=theme.type.value.capitalize(),
            growth_track=theme.growth_track.value,
            loss_track=theme.loss_track.value,
            track=track.value,
        )
    if track is theme.growth_track:
        marks = theme.growth_marks + 1
        theme = replace(theme, growth_marks=marks)
        events: list[Event] = [Marked(person.name, theme.name, track, marks)]
        if theme.newborn or marks >= MARKS_FOR_CHANGE:
            theme = replace(theme, growth_marks=0, growth_pending=theme.growth_pending + 1)
            events.append(GrowthPending(person.name, theme.name))
        return roster.put_character(state, roster.put_theme(person, theme)), tuple(events)
    marks = theme.loss_marks + 1
    theme = replace(theme, loss_marks=marks)
    events = [Marked(person.name, theme.name, track, marks)]
    state = roster.put_character(state, roster.put_theme(person, theme))
    if marks >= MARKS_FOR_CHANGE:
        state, lost = lose_theme(state, person.name, theme.name)
        events.extend(lost)
    return state, tuple(events)


def lose_theme(state: MistState, character: str, name: str) -> tuple[MistState, Events]:
    """The theme is lost and replaced later by a newborn theme of the other type (§4.8)."""
    person = roster.character(state, character)
    theme = roster.theme(person, name)
    had_growth = theme.growths > 0
    added = 1 + (1 if had_growth else 0)
    themes = tuple(t for t in person.themes if t is not theme)
    scar = f"lost {theme.name}" if theme.type is ThemeType.SELF else None
    # [I-25]: after Fall asleep a lost Self leaves its scar and Evolution but no newborn Taint.
    reborn = None if person.ordinary and theme.type is ThemeType.SELF else theme.type.other
    person = replace(
        person,
        themes=themes,
        lost_themes=person.lost_themes + (LostTheme(theme.name, theme.type, had_growth),),
        rebirths_pending=person.rebirths_pending + (() if reborn is None else (reborn,)),
        scars=person.scars + ((scar,) if scar else ()),
        evolution=person.evolution + added,
    )
    controlled: int | None = None
    if theme.type is ThemeType.TAINT:
        controlled = 6 - roster.self_themes(person)
    state = roster.put_character(state, person)
    events: list[Event] = [
        ThemeLost(
            person.name,
            theme.name,
            theme.type,
            added,
            person.evolution,
            scar,
            controlled,
            reborn,
        )
    ]
    if controlled is not None and controlled >= 1:
        state, taken = limits.take_on(state, person.name, CONTROLLED, controlled)
        events.extend(taken)
    if person.evolution >= EVOLUTION_FOR_RETIREMENT and not person.retirement_offered:
        person = roster.character(state, person.name)
        state = roster.put_character(state, replace(person, retirement_offered=True))
        events.append(RetirementOffered(person.name, person.evolution))
    return state, tuple(events)


def grow(state: MistState, command: Grow) -> tuple[MistState, Events]:
    """Take the pending growth (§4.8): a power tag, a weakness change, the motive, or a reset.

    Raises:
        RuleError: no growth pending, or a choice that does not fit the theme.
    """
    person = roster.character(state, command.character)
    theme = roster.theme(person, command.theme)
    if command.choice == "normal":
        return _declare_normal(state, person, theme)
    if theme.growth_pending < 1:
        raise RuleError(
            "mist.growth.growth-choose-needs-marks",
            theme=theme.name,
            marks=MARKS_FOR_CHANGE,
            growth_track=theme.growth_track.value,
            growth_marks=theme.growth_marks,
        )
    choice, first, second = command.choice, command.first.strip(), command.second.strip()
    theme = _apply_growth(theme, choice, first, second)
    theme = replace(theme, growth_pending=theme.growth_pending - 1, growths=theme.growths + 1)
    done = (
        theme.newborn
        and not state.interpretations.newborn_normal_declared_by_mc
        and 1 + len(theme.power_tags) >= NORMAL_POSITIVE_TAGS  # [I-24]
    )
    if done:
        theme = replace(theme, newborn=False)
    detail = first if not second else f"{first} -> {second}"
    person = roster.put_theme(person, theme)
    return roster.put_character(state, person), (
        GrowthTaken(person.name, theme.name, choice, detail, done),
    )


def _declare_normal(state: MistState, person: Character, theme: Theme) -> tuple[MistState, Events]:
    """[I-24] switched: the MC declares a newborn theme normal (by default it is normal at a
    normal theme's 3 positive tags, and this is refused).

    Raises:
        RuleError: the setting is off, or the theme is not newborn.
    """
    if not state.interpretations.newborn_normal_declared_by_mc:
        raise RuleError(
            "mist.growth.newborn-normal-at-tags", theme=theme.name, tags=NORMAL_POSITIVE_TAGS
        )
    if not theme.newborn:
        raise RuleError("mist.growth.not-newborn", theme=theme.name)
    person = roster.put_theme(person, replace(theme, newborn=False))
    return roster.put_character(state, person), (
        GrowthTaken(person.name, theme.name, "normal", "", True),
    )


def _apply_growth(theme: Theme, choice: str, first: str, second: str) -> Theme:
    def same(tag: Tag, name: str) -> bool:
        return tag.name.casefold() == name.casefold()

    if choice == "power":
        if not first:
            raise RuleError("mist.growth.name-new-power-tag")
        if any(same(t, first) for t in theme.power_tags):
            raise RuleError("mist.growth.already-power-tag", theme=theme.name, first=first)
        return replace(theme, power_tags=theme.power_tags + (Tag(first, TagKind.POWER),))
    if choice == "weakness-add":
        if not first:
            raise RuleError("mist.growth.name-weakness-tag-add")
        return replace(theme, weaknesses=theme.weaknesses + (Tag(first, TagKind.WEAKNESS),))
    if choice in ("weakness-remove", "weakness-rewrite"):
        if not any(same(t, first) for t in theme.weaknesses):
            have = ", ".join(t.name for t in theme.weaknesses) or "none"
            raise RuleError(
                "mist.growth.weakness-weaknesses", theme=theme.name, first=first, have=have
            )
        if choice == "weakness-remove":
            kept = tuple(t for t in theme.weaknesses if not same(t, first))
            return replace(theme, weaknesses=kept)
        if not second:
            raise RuleError("mist.growth.give-rewritten-weakness-growth")
        new = tuple(
            Tag(second, TagKind.WEAKNESS) if same(t, first) else t for t in theme.weaknesses
        )
        return replace(theme, weaknesses=new)
    if choice == "motive":
        if not first:
            raise RuleError("mist.growth.give-rewritten-motive")
        return replace(theme, motive=first)
    if choice == "reset":
        return replace(theme, loss_marks=0)
    raise RuleError("mist.growth.unknown-growth-power-weakness", choice=choice)


def rebirth(state: MistState, command: Rebirth) -> tuple[MistState, Events]:
    """The newborn theme owed for a lost theme, of the other type (§4.8).

    Raises:
        RuleError: no rebirth owed, or a bad theme tag.
    """
    person = roster.character(state, command.character)
    if not person.rebirths_pending:
        raise RuleError("mist.growth.lost-theme-newborn-theme", person=person.name)
    kind = person.rebirths_pending[0]
    add = AddTheme(
        person.name,
        kind,
        command.name,
        (),
        (command.weakness,) if command.weakness else (),
        command.motive,
        newborn=True,
    )
    state, _ = add_theme(state, add)
    person = roster.character(state, person.name)
    state = roster.put_character(
        state, replace(person, rebirths_pending=person.rebirths_pending[1:])
    )
    return state, (ThemeReborn(person.name, command.name.strip(), kind),)


def _fall_asleep(state: MistState, person: Character) -> tuple[Character, list[Event]]:
    """[I-25]: the Taint themes end, not as a loss (no Evolution, Controlled or newborn: a
    newborn Taint owed is owed no more); switched, they stay with every tag burned for good."""
    events: list[Event] = []
    taints = [t.name for t in person.themes if t.type is ThemeType.TAINT]
    if state.interpretations.fall_asleep_keeps_taints:
        for name in taints:
            person, burned = tags.burn_all_power_tags(person, roster.theme(person, name))
            events.extend(burned)
    else:
        person = replace(person, themes=tuple(t for t in person.themes if t.name not in taints))
    owed = tuple(kind for kind in person.rebirths_pending if kind is not ThemeType.TAINT)
    return replace(person, ordinary=True, rebirths_pending=owed), events


def retire(state: MistState, command: Retire) -> tuple[MistState, Events]:
    """Fall asleep (burn all Taints, ordinary forever) or Return to calm (scars soothed).

    Raises:
        RuleError: fewer than 5 Evolution, or already retired.
    """
    person = roster.character(state, command.character)
    if person.evolution < EVOLUTION_FOR_RETIREMENT:
        raise RuleError(
            "mist.growth.evolution-retirement-choices-come",
            person=person.name,
            evolution=person.evolution,
            needed=EVOLUTION_FOR_RETIREMENT,
        )
    if person.retired is not None:
        raise RuleError(
            "mist.growth.already-chose", person=person.name, retired=person.retired.value
        )
    events: list[Event] = []
    if command.choice is Retirement.SLEEP:
        person, burned = _fall_asleep(state, person)
        events.extend(burned)
    else:
        person = replace(person, scars=())
    person = replace(person, retired=command.choice)
    events.append(Retired(person.name, command.choice))
    return roster.put_character(state, person), tuple(events)
