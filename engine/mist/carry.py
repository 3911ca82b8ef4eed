"""What a M.I.S.T. scene leaves to the next one of the campaign (issue 25, RULES.md §4.6).

The season, the mission and its case file, the challenge profiles (issue 29), and the player
characters (themes, tags burned or not, weaknesses, marks, statuses, Evolution, scars, lost
themes, newborn themes owed) are the campaign's: the next scene starts with them. What
belongs to the scene stays behind: challenges, threats, actions, consequences, story tags
(unless the scene ended with ``scene end keep=…``, which already dropped the others); a story
tag scoped to its character goes with the character, one scoped to a challenge stays behind
with the challenge (issue 29 §4). An ended
mission's case file is closed: the next scene starts with an empty one, and ``mission "NAME"``
opens the next mission.
"""

from __future__ import annotations

from dataclasses import replace

from engine.mist.state import CaseFile, MistState, Phase, SceneInfo, Tag, TagScope


def carried(state: MistState, scene_ended: bool) -> MistState:
    """The state the campaign keeps from ``state``: the next scene's start, before it is named.

    ``scene_ended``: the scene's last command was ``scene end`` (its story tags kept are the
    ones to carry, and its scene number is already the next one's)."""
    number = state.scene.number
    lasting = (TagScope.SCENE, TagScope.CHARACTER) if scene_ended else (TagScope.CHARACTER,)

    def carried_tags(tags: tuple[Tag, ...]) -> tuple[Tag, ...]:
        """Tags scoped to a challenge stay behind with it (issue 29 §4)."""
        return tuple(t for t in tags if t.scope in lasting)

    characters = tuple(replace(c, story_tags=carried_tags(c.story_tags)) for c in state.characters)
    if not scene_ended:
        number += 1
    story_tags = carried_tags(state.scene.story_tags) if scene_ended else ()
    case_file = CaseFile() if state.mission.ended else state.case_file
    return MistState(
        phase=Phase.ESTABLISH,
        characters=characters,
        case_file=case_file,
        scene=SceneInfo(number=number, story_tags=story_tags),
        mission=state.mission,
        interpretations=state.interpretations,
        profiles=state.profiles,
    )


def named(state: MistState, name: str) -> MistState:
    """A carried state as the first state of the campaign's scene ``name``."""
    return replace(state, scene=replace(state.scene, name=name))


def merged(before: MistState | None, now: MistState, cast: MistState | None) -> MistState:
    """What the campaign carries after a scene changed what it carries from ``before`` to
    ``now`` (issue 25: two scenes open at once, a split party, share the one cast): each
    character the scene changed (or added, or dropped) and each other part it changed (the
    case file, the mission, the scene's kept story tags, the profiles) onto the campaign's
    ``cast``, which another open scene may have changed meanwhile."""
    if before is None or cast is None:
        return now
    had = {c.name.casefold(): c for c in before.characters}
    mine = {c.name.casefold(): c for c in now.characters}
    changed_here = {k: c for k, c in mine.items() if had.get(k) != c}
    characters = [
        changed_here.get(c.name.casefold(), c)
        for c in cast.characters
        if c.name.casefold() in mine or c.name.casefold() not in had
    ]
    known = {c.name.casefold() for c in characters}
    characters += [c for key, c in changed_here.items() if key not in known]
    parts = ("case_file", "scene", "mission", "interpretations", "profiles")
    changed = {p: getattr(now, p) for p in parts if getattr(now, p) != getattr(before, p)}
    return replace(cast, characters=tuple(characters), **changed)
