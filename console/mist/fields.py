"""Read a M.I.S.T. dialog's fields into the pieces of a command (RULES.md §4.1).

A field holds text: a tier, a comma-separated list of tags, a challenge's limits. The command
line's parser reads the same pieces (``engine/mist/arguments.py``); these are its readers, so a
dialog refuses exactly what the command line refuses, with the same words.
"""

from __future__ import annotations

from engine.language import parse_int
from engine.mist import arguments
from engine.mist.state import Limit

__all__ = ["choice", "limits", "listed", "whole"]


def whole(value: str, what: str) -> int:
    """A whole number (``+3`` and ``-2`` included), or a RuleError naming ``what``."""
    return parse_int(value, what)


def listed(value: str) -> tuple[str, ...]:
    """``a, b`` → ``("a", "b")``: a comma-separated field (tags, weaknesses, clues)."""
    return arguments.comma_list(value)


def limits(value: str) -> tuple[Limit, ...]:
    """``harmed:4, scared:immune`` → the challenge's limits (§4.1)."""
    return arguments.limits(value)


def choice(value: str, words: str) -> str:
    """A word of the list ``words`` (engine/keywords.py), or a RuleError naming its words."""
    return arguments.choice(value, words)
