"""Which campaign and scene names a save can hold (saves.store and saves.campaign_index both
check them; here so that neither imports the other)."""

from __future__ import annotations

import re

from engine.limits import MAX_NAME, bad_character
from saves.errors import BadName


def check_name(name: str, what: str) -> None:
    """Refuse a campaign or scene name no save can hold: more than
    :data:`engine.limits.MAX_NAME` characters, or a control character or lone surrogate (an
    escape sequence printed by ``saves`` would reach the terminal).

    Raises:
        BadName: naming what is wrong and the limit.
    """
    found = bad_character(name)
    if found is not None:
        raise BadName.of("saves.names.control", what=what, name=printable(name), char=found)
    if len(name) > MAX_NAME:
        raise BadName.of("saves.names.too-long", what=what, length=len(name), limit=MAX_NAME)


def printable(text: str) -> str:
    """``text`` quoted for a terminal: control characters and lone surrogates escaped."""
    if bad_character(text) is None:
        return repr(text) if "'" not in text else f'"{text}"'
    return ascii(text)


def slug(name: str) -> str:
    """A directory name for a campaign name (letters of any script kept)."""
    text = re.sub(r"[^\w]+", "-", name.casefold()).strip("-_")
    return text[:48] or "campaign"
