"""Range checks a loaded scene passes whatever path it came by (issue 30).

A scene file whose checksum does not match loads only if its journal vouches for it
(:mod:`saves.journal_vouching`), which bounds every count and seed. One whose checksum matches
is decoded by the fast trusted path: a hand edit with its checksum recomputed would be believed
(``draws`` = 10**100 loaded and was saved back as 10**100 + 1). These checks cost a walk of
the two states and one look at each journal entry's seed, nothing like a replay.
"""

from __future__ import annotations

import dataclasses
import enum
from pathlib import Path
from typing import Any

from engine.session import Scene
from saves.errors import BadFile

SEED_LIMIT = 2**63
"""Every die seed is taken modulo this (``engine.session``); ``draws`` stays below it."""

SEED_BASE_LIMIT = 10**30
"""A scene's seed base: 48 random bits, or ``--seed N`` (at most 30 digits either way)."""

NUMBER_LIMIT = 2**63
"""The bound of every whole number in a scene's states: far above any the rules make (the
commands carry at most ±9,999), far below one that would make arithmetic slow."""

COUNTS = frozenset(
    {"health", "health_max", "willpower", "willpower_max", "round", "turns_taken", "movie"}
)
"""Fields of a state that count something (a combatant's health and willpower and their
maxima, the round, the turns taken): never below 0, never above :data:`COUNT_LIMIT`."""

COUNT_LIMIT = 10**6
"""The most any of :data:`COUNTS` holds: a hundred times the largest number a command carries
(``engine.limits.MAX_NUMBER``); health 10**9 in a hand edit is refused (issue 30)."""


def check_scene_ranges(scene: Scene, path: Path) -> None:
    """Refuse a scene whose counts, seeds or numbers lie outside what ST Console writes.

    Raises:
        BadFile: naming the value out of range; the file is left as it is.
    """

    _check_family(scene, path)
    found: str | None = None
    if not -SEED_BASE_LIMIT < scene.seed_base < SEED_BASE_LIMIT:
        found = "seed_base"
    elif not 0 <= scene.draws < SEED_LIMIT:
        found = "draws"
    for what, entries in (("journal", scene.journal), ("undone", scene.undone)):
        for index, entry in enumerate(entries):
            seed = entry.seed
            if found is None and (type(seed) is not int or not 0 <= seed < SEED_LIMIT):
                found = f"{what}[{index}].seed"
    for what in ("initial", "state", "start"):
        if found is not None:
            break
        value = getattr(scene, what)
        if value is None or (what == "start" and value is scene.initial) or _in_range(value):
            continue
        place = _out_of_range(value, 0)
        if place is not None:
            found = f"{what}{place}"
    if found is not None:
        raise BadFile.of(path, "saves.file.out-of-range", what=found)


def _check_family(scene: Scene, path: Path) -> None:
    """Refuse a scene whose states are not of its system (a M.I.S.T. scene holding a fight):
    the console would open the one family's screen on the other's state."""
    from engine.commands import new_state

    expected = new_state(scene.system)
    begun = scene.initial if scene.start is None else scene.start
    for state in (scene.initial, scene.state, begun):
        if type(state) is not type(expected) or getattr(state, "system", None) != getattr(
            expected, "system", None
        ):
            raise BadFile.of(path, "saves.documents.system-differs", system=scene.system)


_FIELDS: dict[type, tuple[str, ...] | None] = {}
"""The field names of each class met by :func:`_in_range` (``None``: not a dataclass)."""

_SKIPPED = (str, float, bool, type(None))


def _in_range(value: Any, depth: int = 0) -> bool:
    """Whether every whole number in ``value`` is within ±:data:`NUMBER_LIMIT`: the walk of
    :func:`_out_of_range` (the same values, to the same depth), without the names it gives
    the one it finds, the classes' fields looked up once (an import's state holds every roll
    of the scene: issue 30)."""
    kind = type(value)
    if kind is int:
        inside: bool = -NUMBER_LIMIT < value < NUMBER_LIMIT
        return inside
    if depth > 40 or kind in _SKIPPED or isinstance(value, enum.Enum):
        return True
    if kind is tuple or kind is list:
        items: Any = value
    elif kind is dict:
        items = value.values()
    else:
        names = _FIELDS.get(kind, ())
        if names == ():
            names = _FIELDS[kind] = _field_names(value)
        if names is None:
            return _out_of_range(value, depth) is None  # an int subclass, an odd value
        for name in names:
            if name in COUNTS:
                count = getattr(value, name)
                if type(count) is int and not 0 <= count <= COUNT_LIMIT:
                    return False
        items = [getattr(value, name) for name in names]
    depth += 1
    for item in items:
        if type(item) is int:
            if not -NUMBER_LIMIT < item < NUMBER_LIMIT:
                return False
        elif type(item) not in _SKIPPED and not _in_range(item, depth):
            return False
    return True


def _field_names(value: Any) -> tuple[str, ...] | None:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return tuple(field.name for field in dataclasses.fields(value))
    return None


def _out_of_range(value: Any, depth: int) -> str | None:
    """Where in ``value`` a whole number lies outside ±:data:`NUMBER_LIMIT` (``.field[i]``)."""
    if depth > 40 or isinstance(value, str | float | bool | enum.Enum) or value is None:
        return None
    if isinstance(value, int):
        return "" if not -NUMBER_LIMIT < value < NUMBER_LIMIT else None
    if isinstance(value, tuple | list):
        for index, item in enumerate(value):
            found = _out_of_range(item, depth + 1)
            if found is not None:
                return f"[{index}]{found}"
        return None
    if isinstance(value, dict):
        for key, item in value.items():
            found = _out_of_range(item, depth + 1)
            if found is not None:
                return f"[{key!r}]{found}"
        return None
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            item = getattr(value, field.name)
            if field.name in COUNTS and type(item) is int and not 0 <= item <= COUNT_LIMIT:
                return f".{field.name}"
            found = _out_of_range(item, depth + 1)
            if found is not None:
                return f".{field.name}{found}"
    return None
