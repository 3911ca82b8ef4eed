"""Tokens of the console command language (INTERFACE.md §3).

One command per line; ``#`` starts a comment; names with spaces are quoted; ``key=value``
arguments. Each family parses its own verbs from these tokens (``engine/ih/language.py``,
``engine/mist/language.py``); ``engine/commands.py`` joins them.
"""

from __future__ import annotations

import io
import re
import shlex
from dataclasses import dataclass

from engine.errors import RuleError


@dataclass(frozen=True, slots=True)
class Line:
    """One tokenised command line: the verb, positional words and ``key=value`` options."""

    verb: str
    words: tuple[str, ...]
    options: tuple[tuple[str, str], ...]
    text: str

    def option(self, key: str) -> str | None:
        for name, value in self.options:
            if name == key:
                return value
        return None

    def has_option(self, key: str) -> bool:
        return any(name == key for name, _ in self.options)


def strip_comment(text: str) -> str:
    """Drop a ``#`` comment that is not inside quotes."""
    quote: str | None = None
    for index, char in enumerate(text):
        if quote:
            if char == quote:
                quote = None
        elif char in "\"'":
            quote = char
        elif char == "#":
            return text[:index]
    return text


def tokenize(text: str) -> Line | None:
    """Split a line into a :class:`Line`; ``None`` for a blank or comment-only line.

    Raises:
        RuleError: unbalanced quotes.
    """
    body = strip_comment(text).strip()
    if not body:
        return None
    try:
        tokens = _split(body)
    except ValueError as error:
        raise RuleError("language.read-line-check-quotes", error=error) from None
    if not tokens:
        return None
    verb = tokens[0][0].lower()
    words: list[str] = []
    options: list[tuple[str, str]] = []
    for token, quoted in tokens[1:]:
        key, sep, value = token.partition("=")
        if quoted:
            words.append(token)
        elif sep and key and key.replace("-", "").replace("_", "").isalnum() and " " not in key:
            options.append((key.lower(), value))
        else:
            words.append(token)
    return Line(verb=verb, words=tuple(words), options=tuple(options), text=body)


def _split(body: str) -> list[tuple[str, bool]]:
    """Shell-like words, each with whether it began with a quote.

    A quoted word is always a word, never a ``key=value`` option: ``add "a=b" init=5`` adds a
    combatant named ``a=b`` (INTERFACE.md §3: a name is quoted when it needs it).

    Raises:
        ValueError: unbalanced quotes.
    """
    stream = io.StringIO(body)
    lexer = shlex.shlex(stream, posix=True)
    lexer.whitespace_split = True
    lexer.commenters = ""
    tokens: list[tuple[str, bool]] = []
    while True:
        start = stream.tell()
        rest = stream.read()
        stream.seek(start)
        stripped = rest.lstrip()
        quoted = bool(stripped) and stripped[0] in "\"'"
        token = lexer.get_token()
        if token is None or token == lexer.eof:
            return tokens
        tokens.append((token, quoted))


WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,30}")
"""ASCII digits with an optional sign: Python's ``int`` would also take ``1_0`` and ``３``."""


def parse_int(value: str, what: str) -> int:
    """Read a whole number (``+3`` and ``-2`` included) or raise a RuleError naming ``what``."""
    text = value.strip()
    if WHOLE_NUMBER.fullmatch(text) is None:
        raise RuleError("language.must-whole-number", what=what, value=value)
    return int(text)


def quote(name: str) -> str:
    """Quote a name for the command language when it needs it."""
    if name and all(c.isalnum() or c in "-_." for c in name):
        return name
    return '"' + name.replace('"', "'") + '"'
