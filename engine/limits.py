"""The documented ranges of what a command line may say, checked before any work.

A command line is at most :data:`MAX_LINE` characters, refused before it is even split into
words. A name (a combatant, character, challenge, scene, tag, status, label…) is at most
:data:`MAX_NAME` characters, any other text (a note, a clue, a summary) at most
:data:`MAX_TEXT`; no text holds a control character (an escape sequence, a newline, a lone
surrogate). Every whole number a command carries (init, health, willpower, defense, rounds, an
amount, a tier…) lies within ±:data:`MAX_NUMBER`; dice pools have their own smaller caps
(``engine.dice``). The README's "Limits" lists them.
"""

from __future__ import annotations

import dataclasses
import enum
import re
import unicodedata

from engine.errors import RuleError

MAX_NAME = 60
"""Characters in a name."""

MAX_TEXT = 1000
"""Characters in any other text of a command (a note, a clue, a summary)."""

MAX_NUMBER = 9999
"""The largest whole number, either way, a command may carry."""

MAX_LINE = 4000
"""Characters in one command line, checked before the line is tokenized (issue 30): room for
the longest text (:data:`MAX_TEXT`, every character escaped) with its names and options."""

NAME_FIELDS = frozenset(
    {
        "name", "names", "actor", "target", "character", "first", "second", "reactor",
        "after", "challenge", "next_name", "scene", "source", "label", "status", "statuses",
        "tag", "tags", "theme", "id", "burn", "keep", "hinder", "hindering", "power_tags",
        "weakness", "weaknesses", "found_by", "supports", "contradicts", "extra_status",
        "extra_target", "property", "anomaly", "counters", "indulge", "system",
    }
)  # fmt: skip
"""Fields of a command that hold names (at most :data:`MAX_NAME` characters)."""


def bad_character(text: str) -> str | None:
    """The first control character (or lone surrogate) in ``text``, shown as ``U+001B``."""
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cs"):
            return f"U+{ord(char):04X}"
    return None


def check_name(text: str, what: str = "name") -> None:
    """Refuse a name that is too long or holds a control character.

    Raises:
        RuleError: ``input.name-too-long`` or ``input.control-character``.
    """
    _check_text(text, what, MAX_NAME)


def _check_text(text: str, what: str, limit: int) -> None:
    found = bad_character(text)
    if found is not None:
        raise RuleError("input.control-character", field=what, char=found)
    if len(text) > limit:
        if limit == MAX_NAME:
            raise RuleError("input.name-too-long", field=what, length=len(text), limit=limit)
        raise RuleError("input.text-too-long", field=what, length=len(text), limit=limit)


def check_line(text: str) -> None:
    """Refuse a command line longer than :data:`MAX_LINE` before any other work on it.

    Raises:
        RuleError: ``input.line-too-long``.
    """
    if len(text) > MAX_LINE:
        raise RuleError("input.line-too-long", length=len(text), limit=MAX_LINE)


def check_number(value: int, what: str) -> None:
    """Refuse a whole number outside ±:data:`MAX_NUMBER`.

    Raises:
        RuleError: ``input.number-out-of-range``.
    """
    if not -MAX_NUMBER <= value <= MAX_NUMBER:
        shown = str(value) if len(str(value)) <= 24 else f"{str(value)[:20]}…"
        raise RuleError(
            "input.number-out-of-range", field=what, value=shown, low=-MAX_NUMBER, high=MAX_NUMBER
        )


def check_command(command: object) -> None:
    """Check every text and number a parsed command carries against the limits above.

    A command within them (nearly all: an import checks every command of its journal) is
    found so by :func:`_within`, which names nothing; only one that is not is walked again by
    :func:`_walk`, to name the value.

    Raises:
        RuleError: the first value out of range, naming its field and the allowed range.
    """
    if not _within(command, "", 0):
        _walk(command, "", 0)


_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
"""The characters :func:`bad_character` finds: Unicode's categories Cc and Cs."""

_FIELDS: dict[type, tuple[str, ...]] = {}
"""The field names of each command class :func:`_within` met."""


def _within(value: object, field: str, depth: int) -> bool:
    """Whether :func:`_walk` would find nothing wrong in ``value`` (the same values, to the
    same depth, by the same limits), without naming anything."""
    if depth > 8 or value is None or isinstance(value, bool | enum.Enum):
        return True
    if isinstance(value, int):
        return -MAX_NUMBER <= value <= MAX_NUMBER
    if isinstance(value, str):
        limit = MAX_NAME if field.rpartition(".")[2] in NAME_FIELDS else MAX_TEXT
        return len(value) <= limit and _CONTROL.search(value) is None
    if isinstance(value, tuple | list):
        return all(_within(item, field, depth + 1) for item in value)
    kind = type(value)
    names = _FIELDS.get(kind)
    if names is None:
        if not dataclasses.is_dataclass(value) or isinstance(value, type):
            return True
        names = _FIELDS[kind] = tuple(item.name for item in dataclasses.fields(value))
    return all(_within(getattr(value, name), name, depth + 1) for name in names)


def _walk(value: object, field: str, depth: int) -> None:
    if depth > 8:
        return
    if isinstance(value, bool) or value is None or isinstance(value, enum.Enum):
        return
    if isinstance(value, int):
        check_number(value, field or "value")
    elif isinstance(value, str):
        name = field.rpartition(".")[2]
        _check_text(value, field or "text", MAX_NAME if name in NAME_FIELDS else MAX_TEXT)
    elif isinstance(value, tuple | list):
        for item in value:
            _walk(item, field, depth + 1)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for item in dataclasses.fields(value):
            _walk(getattr(value, item.name), item.name, depth + 1)
