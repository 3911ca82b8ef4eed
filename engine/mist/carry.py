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

from dataclasses import fields, is_dataclass
from typing import Any

from engine.mist.state import CaseFile, MistState, Phase, SceneInfo, Tag, TagScope
from engine.records import replace


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


def _key(item: Any) -> Any:
    """An item of a tuple by what names it (a character, theme, tag, status, clue…)."""
    return getattr(item, "id", None) or getattr(item, "name", None)


def _merged_items(base: tuple[Any, ...], mine: tuple[Any, ...], cast: tuple[Any, ...]) -> Any:
    """Items merged by name: each kept where the cast has it, each one this side changed
    merged onto it, each this side added appended, each this side dropped (unchanged in the
    cast) dropped. Unnamed items (status boxes, scars, notes) as a set of values."""
    if not all(_key(i) is not None for i in base + mine + cast):
        gone = [x for x in base if x not in mine]
        kept = [x for x in cast if x not in gone] + [x for x in mine if x not in base]
        out = tuple(dict.fromkeys(kept))
        return tuple(sorted(out)) if all(type(x) is int for x in out) else out
    had = {_key(i): i for i in base}
    now = {_key(i): i for i in mine}
    result = []
    for item in cast:
        key = _key(item)
        if key in now:
            result.append(merge3(had.get(key), now[key], item))
        elif key not in had or had[key] != item:  # not this side's, or changed in the cast
            result.append(item)
    known = {_key(i) for i in cast}
    result += [i for k, i in now.items() if k not in known and k not in had]
    return tuple(result)


def merge3(base: Any, mine: Any, cast: Any) -> Any:
    """What this side changed from ``base`` to ``mine``, onto ``cast`` (issue 25: two scenes
    open at once share one cast, each moving it by its own commands): a value this side left
    alone is the cast's; a count (marks, Evolution) moves by this side's difference; a record
    is merged field by field; a tuple of named things thing by thing; anything else is this
    side's. Undo is the same merge backwards, so it takes back exactly what it undid."""
    if mine == base:
        return cast
    if cast == base or base is None or cast is None or type(mine) is not type(cast):
        return mine
    if type(mine) is int and type(base) is int:
        return max(0, cast + mine - base)
    if isinstance(mine, tuple) and isinstance(base, tuple):
        return _merged_items(base, mine, cast)
    if is_dataclass(mine) and type(base) is type(mine):
        changes = {
            f.name: merge3(getattr(base, f.name), getattr(mine, f.name), getattr(cast, f.name))
            for f in fields(mine)
        }
        return replace(cast, **changes)
    return mine


PARTS = ("characters", "case_file", "mission", "profiles")
"""What two open scenes of a split party share and merge (:func:`merge3`)."""


def merged(before: MistState | None, now: MistState, cast: MistState | None) -> MistState:
    """What the campaign carries after a scene changed what it carries from ``before`` to
    ``now`` (issue 25: two scenes open at once, a split party, share the one cast): what the
    scene changed of each character (a status, a tag burned, a mark), of the case file, the
    mission and the profiles, onto the campaign's ``cast``, which another open scene may have
    changed meanwhile (:func:`merge3`); the scene's kept story tags and number are its own."""
    if before is None or cast is None:
        return now
    changed = {p: merge3(getattr(before, p), getattr(now, p), getattr(cast, p)) for p in PARTS}
    rest = {
        p: getattr(now, p)
        for p in ("scene", "interpretations")
        if getattr(now, p) != getattr(before, p)
    }
    return replace(cast, **changed, **rest)


def rebased(start: MistState, state: MistState, cast: MistState) -> MistState:
    """A played scene's start moved by what the campaign's cast has that the scene's own
    carried ``state`` lacks (another scene open beside it changed it since), so that its
    journal replayed on it leaves its characters and case file where the campaign has them."""
    moved = {p: merge3(getattr(state, p), getattr(cast, p), getattr(start, p)) for p in PARTS}
    return replace(start, **moved)
