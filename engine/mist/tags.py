"""Tags: story tags on characters, challenges and the scene; burning and restoring (§4.1)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import RuleError
from engine.events import Event, Events
from engine.keywords import read_word
from engine.mist import roster
from engine.mist.events import StoryTagAdded, StoryTagRemoved, TagBurned, TagRestored
from engine.mist.state import Character, MistState, Tag, TagKind, TagScope, Theme, ThemeType
from engine.records import replace

SCENE = "scene"


@dataclass(frozen=True, slots=True)
class FoundTag:
    """A tag found for a roll: the tag and whose it is (a character, a challenge or the scene)."""

    tag: Tag
    owner: str


def _same(a: str, b: str) -> bool:
    return roster.name_key(a) == roster.name_key(b)


def character_tags(person: Character) -> tuple[Tag, ...]:
    """Every tag a character has: theme tags, power tags, weaknesses, story tags."""
    tags: list[Tag] = []
    for theme in person.themes:
        tags.append(Tag(theme.name, TagKind.THEME, theme.theme_tag_burned))
        tags.extend(theme.power_tags)
        tags.extend(theme.weaknesses)
    tags.extend(person.story_tags)
    return tuple(tags)


def find_tag(state: MistState, actor: Character, name: str) -> FoundTag:
    """A tag for ``actor``'s roll: their own first, then the scene's, then the challenges'.

    Raises:
        RuleError: no such tag anywhere.
    """
    for tag in character_tags(actor):
        if _same(tag.name, name):
            return FoundTag(tag, actor.name)
    for tag in state.scene.story_tags:
        if _same(tag.name, name):
            return FoundTag(tag, SCENE)
    for found in state.challenges:
        for tag in found.story_tags:
            if _same(tag.name, name):
                return FoundTag(tag, found.name)
    for other in state.characters:
        for tag in other.story_tags:
            if _same(tag.name, name):
                return FoundTag(tag, other.name)
    raise RuleError(
        "mist.tags.tag-scene-challenges-tags",
        name=name,
        name2=actor.name,
        tags=", ".join(t.name for t in character_tags(actor)) or "none",
    )


def _is_scene(state: MistState, target: str) -> bool:
    """Whether ``target`` names the scene: ``scene``, or the Chinese 场景 / 場景 when no one on
    the table has that name (``tag 场景 "闪烁的灯光"``)."""
    if _same(target, SCENE):
        return True
    return read_word(target, "tag-scope") == SCENE and not roster.has_name(state, target)


def _story_tags(state: MistState, target: str) -> tuple[str, tuple[Tag, ...]]:
    if _is_scene(state, target):
        return SCENE, state.scene.story_tags
    exact = roster.check_target(state, target)
    if roster.is_character(state, exact):
        return exact, roster.character(state, exact).story_tags
    return exact, roster.challenge(state, exact).story_tags


def _put_story_tags(state: MistState, target: str, tags: tuple[Tag, ...]) -> MistState:
    if target == SCENE:
        return replace(state, scene=replace(state.scene, story_tags=tags))
    if roster.is_character(state, target):
        person = roster.character(state, target)
        return roster.put_character(state, replace(person, story_tags=tags))
    found = roster.challenge(state, target)
    return roster.put_challenge(state, replace(found, story_tags=tags))


def add_story_tag(
    state: MistState,
    target: str,
    name: str,
    kind: TagKind = TagKind.STORY,
    scope: TagScope = TagScope.SCENE,
    until: str | None = None,
) -> tuple[MistState, Events]:
    """A story tag on a character, a challenge or the scene (``kind`` WEAKNESS: a weakness
    tag a threat's ``[/w …]`` markup put there, issue 29), lasting as ``scope`` says (issue 29
    §4): a challenge-scoped tag goes with the challenge ``until`` (the target itself when it is
    a challenge), a character-scoped one stays with its character from scene to scene.

    Raises:
        RuleError: no such target, an empty name, the tag is already there, a challenge scope
            naming no challenge on the table (or one overcome), a character scope off a
            character.
    """
    name = name.strip()
    if not name:
        raise RuleError("mist.tags.story-tag-needs-name")
    exact, tags = _story_tags(state, target)
    if any(_same(t.name, name) for t in tags):
        raise RuleError("mist.tags.already-story-tag", exact=exact, name=name)
    until = _scope_challenge(state, exact, until) if scope is TagScope.CHALLENGE else None
    if scope is TagScope.CHARACTER and not roster.is_character(state, exact):
        raise RuleError("mist.tags.scope-character-on-character", target=exact)
    state = _put_story_tags(state, exact, tags + (Tag(name, kind, scope=scope, until=until),))
    return state, (StoryTagAdded(exact, name, scope, until),)


def _scope_challenge(state: MistState, target: str, until: str | None) -> str:
    """The challenge a challenge-scoped tag goes with: ``until``, else the target itself."""
    named = until if until is not None else target
    if named == SCENE or not roster.is_challenge(state, named):
        if until is not None:
            roster.check_target(state, until)
        raise RuleError("mist.tags.scope-challenge-names-one", target=until or target)
    found = roster.challenge(state, named)
    if found.overcome:
        raise RuleError("mist.tags.scope-challenge-gone", name=found.name)
    return found.name


def lasting(tags: tuple[Tag, ...], scope: TagScope) -> tuple[Tag, ...]:
    """The tags of ``tags`` scoped ``scope`` (issue 29 §4)."""
    return tuple(t for t in tags if t.scope is scope)


def gone_with(state: MistState, challenge: str) -> tuple[MistState, Events]:
    """Every story tag scoped to ``challenge`` removed, on whatever it sat (issue 29 §4): the
    challenge is overcome."""
    events: list[Event] = []

    def kept(owner: str, tags: tuple[Tag, ...]) -> tuple[Tag, ...]:
        going = [
            t for t in tags if t.scope is TagScope.CHALLENGE and _same(t.until or "", challenge)
        ]
        events.extend(StoryTagRemoved(owner, t.name, challenge) for t in going)
        return tuple(t for t in tags if t not in going)

    scene = replace(state.scene, story_tags=kept(SCENE, state.scene.story_tags))
    characters = tuple(replace(c, story_tags=kept(c.name, c.story_tags)) for c in state.characters)
    challenges = tuple(replace(c, story_tags=kept(c.name, c.story_tags)) for c in state.challenges)
    state = replace(state, scene=scene, characters=characters, challenges=challenges)
    return state, tuple(events)


def remove_story_tag(state: MistState, target: str, name: str) -> tuple[MistState, Events]:
    """Remove a story tag.

    Raises:
        RuleError: no such target or story tag.
    """
    exact, tags = _story_tags(state, target)
    kept = tuple(t for t in tags if not _same(t.name, name))
    if len(kept) == len(tags):
        have = ", ".join(t.name for t in tags) or "none"
        raise RuleError("mist.tags.story-tag-story-tags", exact=exact, name=name, have=have)
    return _put_story_tags(state, exact, kept), (StoryTagRemoved(exact, name),)


def _set_burned(person: Character, name: str, burned: bool) -> Character | None:
    """The character with tag ``name`` burned (or restored); ``None`` if no such burnable tag."""
    themes: list[Theme] = []
    hit = False
    for theme in person.themes:
        if _same(theme.name, name) and not hit:
            theme = replace(theme, theme_tag_burned=burned)
            hit = True
        power, hit = _burned_first(theme.power_tags, name, burned, hit)
        themes.append(replace(theme, power_tags=power))
    story, hit = _burned_first(person.story_tags, name, burned, hit)
    if not hit:
        return None
    return replace(person, themes=tuple(themes), story_tags=story)


def _burned_first(
    tags: tuple[Tag, ...], name: str, burned: bool, hit: bool
) -> tuple[tuple[Tag, ...], bool]:
    """``tags`` with the first called ``name`` burned (or restored) unless one already was
    (``hit``); and whether one now was."""
    changed: list[Tag] = []
    for tag in tags:
        if _same(tag.name, name) and not hit:
            tag = replace(tag, burned=burned)
            hit = True
        changed.append(tag)
    return tuple(changed), hit


def burn(state: MistState, character: str, name: str) -> tuple[MistState, Events]:
    """Burn a character's power, theme or story tag: unusable until restored (§4.1).

    Raises:
        RuleError: no such tag, a weakness, or already burned.
    """
    person = roster.character(state, character)
    current = next((t for t in character_tags(person) if _same(t.name, name)), None)
    if current is None:
        raise RuleError("mist.tags.tag-burn", person=person.name, name=name)
    if current.kind is TagKind.WEAKNESS:
        raise RuleError("mist.tags.weakness-tag-helping-tags", current=current.name)
    if current.burned:
        raise RuleError("mist.tags.tag-already-burned", person=person.name, current=current.name)
    updated = _set_burned(person, current.name, True)
    assert updated is not None
    return roster.put_character(state, updated), (TagBurned(person.name, current.name),)


def _burned_for_good(person: Character) -> list[str]:
    """[I-25] switched: a slept character's Taints stay on the sheet, their tags never restored."""
    if not person.ordinary:
        return []
    names: list[str] = []
    for theme in person.themes:
        if theme.type is ThemeType.TAINT:
            names += [theme.name] + [t.name for t in theme.power_tags]
    return names


def restore(state: MistState, character: str, name: str | None) -> tuple[MistState, Events]:
    """Restore one burned tag, or every burned tag when ``name`` is ``None``.

    Raises:
        RuleError: no such burned tag, or nothing burned.
    """
    person = roster.character(state, character)
    burned = [t.name for t in character_tags(person) if t.burned]
    slept = _burned_for_good(person)
    if name is not None:
        burned = [t for t in burned if _same(t, name)]
        if not burned:
            raise RuleError("mist.tags.burned-tag-restore", person=person.name, name=name)
        if any(_same(t, name) for t in slept):
            raise RuleError("mist.asleep.burned-for-good", person=person.name, tag=burned[0])
    burned = [t for t in burned if t not in slept]
    if name is None and not burned and slept:
        raise RuleError("mist.asleep.burned-for-good", person=person.name, tag=slept[0])
    elif not burned:
        raise RuleError("mist.tags.burned-tags-restore", person=person.name)
    events: list[Event] = []
    for tag in burned:
        updated = _set_burned(person, tag, False)
        assert updated is not None
        person = updated
        events.append(TagRestored(person.name, tag))
    return roster.put_character(state, person), tuple(events)


def power_tag_names(theme: Theme) -> list[str]:
    """A theme's unburned power tags, its theme tag first: "all its power tags" (§4.1, §4.5)."""
    names = [] if theme.theme_tag_burned else [theme.name]
    return names + [t.name for t in theme.power_tags if not t.burned]


def burn_all_power_tags(person: Character, theme: Theme) -> tuple[Character, list[Event]]:
    """Burn every unburned power tag of one theme, its theme tag included (§4.1, §4.5)."""
    return burn_named(person, theme, power_tag_names(theme))


def burn_named(person: Character, theme: Theme, names: list[str]) -> tuple[Character, list[Event]]:
    """Burn the named power tags of one theme (its theme tag among them, §4.1)."""
    events: list[Event] = []
    power = list(theme.power_tags)
    theme_tag_burned = theme.theme_tag_burned
    for name in names:
        if _same(theme.name, name) and not theme_tag_burned:
            theme_tag_burned = True
            events.append(TagBurned(person.name, theme.name))
            continue
        for index, tag in enumerate(power):
            if _same(tag.name, name) and not tag.burned:
                power[index] = replace(tag, burned=True)
                events.append(TagBurned(person.name, tag.name))
                break
    burned = replace(theme, power_tags=tuple(power), theme_tag_burned=theme_tag_burned)
    return roster.put_theme(person, burned), events
