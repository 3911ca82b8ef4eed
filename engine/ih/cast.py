"""The campaign's cast between scenes (issue 25): each PC's and ``recurring`` NPC's condition.

While a scene is played, a character of the cast who is in the fight *is* their combatant (the
one added from their sheet under the sheet's name, or a PC's only one): the rules change the
combatant, never a copy. :func:`cast_now` reads the cast's condition off the scene's state;
the campaign keeps what the last played scene left (``saves/roster.py``) and a new scene starts
from it (:func:`next_scene`, ``add NAME from=NAME`` through :func:`starting`). A ``count=N``
group never carries: its combatants are numbered, not the character.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ih import derived
from engine.ih.encounter import Combatant, Encounter
from engine.ih.sheet import Condition, Sheet
from engine.records import replace


def combatant_of(state: Encounter, sheet: Sheet) -> Combatant | None:
    """The combatant who is ``sheet``'s character in this scene: the one added from it under
    the sheet's name, else a PC's only one added from it; ``None`` when not in the fight."""
    found = [x for x in state.order if x.sheet is not None and x.sheet.casefold() == sheet.key]
    for combatant in found:
        if combatant.key == sheet.key:
            return combatant
    if sheet.pc and len(found) == 1:
        return found[0]
    return None


def fresh(sheet: Sheet) -> Condition:
    """Unhurt, full willpower, no use spent (RULES.md §2.2)."""
    character = sheet.character
    return Condition(health=derived.health(character), willpower=derived.willpower_max(character))


def condition_of(combatant: Combatant) -> Condition:
    """What a combatant's character carries out of the scene."""
    return Condition(
        health=combatant.health,
        willpower=combatant.willpower,
        temporary_boxes=combatant.temporary_boxes,
        unconscious=combatant.unconscious,
        impulse_used_movie=combatant.impulse_used_movie,
        trait_used_scene=combatant.trait_used_scene,
        conscious_used_scene=combatant.conscious_used_scene,
        notes=combatant.notes,
    )


def current(state: Encounter, sheet: Sheet) -> Condition:
    """``sheet``'s character's condition now: their combatant's, else the one they started the
    scene in less the willpower they spent on checks out of the fight (§3.11)."""
    combatant = combatant_of(state, sheet)
    if combatant is not None:
        return condition_of(combatant)
    start = sheet.condition or fresh(sheet)
    spent = dict(state.sheet_willpower_spent).get(sheet.key, 0)
    return replace(start, willpower=max(0, start.willpower - spent)) if spent else start


def cast_now(state: Encounter) -> tuple[Sheet, ...]:
    """The scene's sheets with the cast's condition as it stands now (what the campaign keeps);
    a sheet that does not carry keeps the condition it has (none)."""
    sheets = []
    for sheet in state.sheets:
        if sheet.carries:
            now = current(state, sheet)
            sheet = replace(sheet, condition=None if now == fresh(sheet) else now)
        sheets.append(sheet)
    return tuple(sheets)


def next_scene(sheets: tuple[Sheet, ...]) -> tuple[Sheet, ...]:
    """The cast as a new scene starts with it (RULES.md §1.7, §3.1): the once-per-scene uses
    back, and whoever fainted wakes unless their health is 0 (as ``end scene``)."""
    return tuple(
        replace(sheet, condition=scene_ended(sheet.condition)) if sheet.condition else sheet
        for sheet in sheets
    )


def scene_ended(condition: Condition) -> Condition:
    """A condition past the end of its scene: per-scene uses reset, awake above 0 health."""
    return replace(
        condition,
        trait_used_scene=False,
        conscious_used_scene=False,
        unconscious=condition.unconscious and condition.health <= 0,
    )


def movie_ended(condition: Condition) -> Condition:
    """A condition past the end of its movie: per-movie (and per-scene) uses reset (§1.7)."""
    return replace(scene_ended(condition), impulse_used_movie=False)


def _moved(
    before: Condition, after: Condition, onto: Condition, health_max: int, most: int
) -> Condition:
    """``onto`` moved by what changed from ``before`` to ``after``: health and willpower by the
    difference (within 0 and ``health_max`` plus the temporary boxes, ``most``), every other
    field to ``after``'s where it changed."""
    changed = {
        name: getattr(after, name)
        for name in (
            "temporary_boxes",
            "unconscious",
            "impulse_used_movie",
            "trait_used_scene",
            "conscious_used_scene",
            "notes",
        )
        if getattr(after, name) != getattr(before, name)
    }
    kept = replace(onto, **changed)
    top = health_max + sum(n for _, n in kept.temporary_boxes)
    return replace(
        kept,
        health=max(0, min(top, onto.health + after.health - before.health)),
        willpower=max(0, min(most, onto.willpower + after.willpower - before.willpower)),
    )


def merged(before: Sheet | None, now: Sheet, cast: Sheet) -> Condition | None:
    """The cast's condition of ``cast``'s character after a scene changed them from ``before``
    to ``now`` (issue 25: two scenes open at once, a split party, share the one cast): what the
    scene changed is applied to the campaign's condition, which another open scene may have
    changed meanwhile, so neither overwrites the other with a stale copy. ``None``: fresh."""
    was = (before.condition if before is not None else None) or fresh(before or now)
    result = _moved(
        was,
        now.condition or fresh(now),
        cast.condition or fresh(cast),
        derived.health(now.character),
        derived.willpower_max(now.character),
    )
    return None if result == fresh(now) else result


def rebased(
    start: tuple[Sheet, ...], state: Encounter, cast: tuple[Sheet, ...]
) -> tuple[Sheet, ...]:
    """A scene's starting sheets moved so that its journal, replayed on them, leaves each
    character of the cast where the campaign has them now: another scene open beside it (a
    split party) changed them since (issue 25). ``state`` is the scene's state replayed on
    ``start``. Health and willpower move by the difference (a start above the maximum is cut
    by ``add NAME from=NAME`` as ever); the other fields take the campaign's value."""
    wanted = {s.key: s.condition or fresh(s) for s in cast if s.carries}
    have = {s.key: s.condition or fresh(s) for s in cast_now(state)}
    sheets = []
    for sheet in start:
        want, now = wanted.get(sheet.key), have.get(sheet.key)
        if sheet.carries and want is not None and now is not None and want != now:
            begun = sheet.condition or fresh(sheet)
            moved = _moved(now, want, begun, 10**6, 10**6)
            sheet = replace(sheet, condition=moved)
        sheets.append(sheet)
    return tuple(sheets)


def starting(combatant: Combatant, sheet: Sheet) -> Combatant:
    """``combatant`` just added from ``sheet`` in the condition its character carries: health,
    willpower, temporary boxes, unconscious,
    the uses spent and the notes."""
    condition = sheet.condition
    if condition is None or not sheet.carries:
        return combatant
    boxes = sum(n for _, n in condition.temporary_boxes)
    health_max = combatant.health_max + boxes
    return replace(
        combatant,
        # not cut at the maximum: a scene open beside another starts moved by what the other
        # did (``rebased``), which may put a full start above it; commands never leave it so
        health=max(0, condition.health),
        health_max=health_max,
        willpower=max(0, min(condition.willpower, combatant.willpower_max)),
        temporary_boxes=condition.temporary_boxes,
        unconscious=condition.unconscious,
        impulse_used_movie=condition.impulse_used_movie,
        trait_used_scene=condition.trait_used_scene,
        conscious_used_scene=condition.conscious_used_scene,
        notes=condition.notes,
    )


def left_the_fight(state: Encounter, name: str) -> Encounter:
    """Before ``remove NAME``: if NAME is a character of the cast, their sheet keeps the
    condition they leave the fight in (willpower spent on checks out of the fight is in it)."""
    for sheet in state.sheets:
        combatant = combatant_of(state, sheet)
        if sheet.carries and combatant is not None and combatant.key == name.strip().casefold():
            sheets = tuple(
                replace(s, condition=condition_of(combatant)) if s.key == sheet.key else s
                for s in state.sheets
            )
            spent = tuple(item for item in state.sheet_willpower_spent if item[0] != sheet.key)
            return replace(state, sheets=sheets, sheet_willpower_spent=spent)
    return state


def condition_json(state: Encounter, sheet: Sheet) -> dict[str, object]:
    """A sheet's ``recurring`` and ``condition`` keys in ``run --json`` (INTERFACE.md "The
    campaign"): the character's condition now."""
    return {
        "recurring": sheet.recurring,
        "carries": sheet.carries,
        "condition": _condition_view(current(state, sheet)),
    }


@dataclass(frozen=True, slots=True)
class Standing:
    """A character of the campaign's cast between scenes: the condition the next scene starts
    from and the maxima it is counted against (RULES.md §2.2)."""

    sheet: Sheet
    condition: Condition
    health_max: int
    """Health from the sheet plus the boxes of a temporary trait the condition carries."""
    willpower_max: int


def standing(sheet: Sheet) -> Standing:
    """Where ``sheet``'s character stands between scenes (what ``saves CAMPAIGN`` shows)."""
    character = sheet.character
    now = next_scene((sheet,))[0].condition or fresh(sheet)
    return Standing(
        sheet=sheet,
        condition=now,
        health_max=derived.health(character) + sum(n for _, n in now.temporary_boxes),
        willpower_max=derived.willpower_max(character),
    )


def roster_json(sheet: Sheet) -> dict[str, object]:
    """A character of the campaign's cast between scenes (``st-console saves CAMPAIGN
    --json``): name, side, system, maxima and the condition the next scene starts from."""
    return standing_json(standing(sheet))


def standing_json(found: Standing) -> dict[str, object]:
    """:func:`roster_json` of a character's :class:`Standing` already read."""
    sheet = found.sheet
    return {
        "name": sheet.name,
        "side": sheet.side,
        "recurring": sheet.recurring,
        "system": sheet.system,
        "health_max": found.health_max,
        "willpower_max": found.willpower_max,
        "condition": _condition_view(found.condition),
    }


def _condition_view(now: Condition) -> dict[str, object]:
    return {
        "health": now.health,
        "willpower": now.willpower,
        "temporary_health": sum(n for _, n in now.temporary_boxes),
        "unconscious": now.unconscious,
        "uses": {
            "impulse": now.impulse_used_movie,
            "trait": now.trait_used_scene,
            "conscious": now.conscious_used_scene,
        },
        "notes": list(now.notes),
    }


def within_maximum(state: Encounter) -> Encounter:
    """``state`` with no combatant's health above its maximum: a moment of the timeline of a
    scene still played whose start was moved by a heal made elsewhere (F3, the other half of a
    split party, :func:`rebased`) may count a full start above it until the scene's own damage
    brings it down; the timeline shows it at the maximum (issue 25)."""
    if all(c.health <= c.health_max for c in state.order):
        return state
    order = tuple(
        replace(c, health=c.health_max) if c.health > c.health_max else c for c in state.order
    )
    return replace(state, order=order)
