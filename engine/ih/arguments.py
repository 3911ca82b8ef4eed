"""Readers of the arguments of the Infinite Horror verbs (INTERFACE.md §3): a verb's usage as a
refusal, its words checked for number and options, a whole number with a floor.

Shared by the verb parsers of ``engine/ih/language.py`` and ``engine/ih/attack_language.py``.
"""

from __future__ import annotations

from engine.errors import RuleError
from engine.language import Line, parse_int


def usage(text: str) -> RuleError:
    """The refusal that shows a verb's usage (``ih.language.use``)."""
    return RuleError("ih.language.use", text=text)


def words(line: Line, number: int, syntax: str, options: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The line's words, exactly ``number`` of them, and only ``options`` among its options.

    Raises:
        RuleError: another number of words (the usage ``syntax``; too many after a NAME: its
            second word, saying a name with spaces needs quotes), or an unknown option.
    """
    if len(line.words) > number >= 1 and syntax.split()[1:2] == ["NAME"]:
        # ``damage Old Wang 2``: the name's second word is the one too many
        word = line.words[1]
        raise RuleError("ih.language.unexpected-name-spaces-needs", word=word, usage=syntax)
    if len(line.words) != number:
        raise usage(syntax)
    for key, _ in line.options:
        if key not in options:
            raise RuleError("ih.language.unknown-option-use", key=key, verb=line.verb, usage=syntax)
    return line.words


def count(value: str, what: str, minimum: int = 0) -> int:
    """A whole number of at least ``minimum`` (``what`` names it in the refusal)."""
    number = parse_int(value, what)
    if number < minimum:
        raise RuleError("ih.language.must-least", what=what, minimum=minimum, number=number)
    return number
