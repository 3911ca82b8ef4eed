r"""Tokens of the console command language (INTERFACE.md §3).

One command per line; ``#`` starts a comment; names with spaces are quoted; ``key=value``
arguments. A name may hold either quote: inside double quotes ``\"`` is a double quote and
``\\`` a backslash (``"He said \"run\" now"``); single quotes take everything up to the next
single quote as it is (``'He said "run" now'``). This is POSIX shell quoting, which the
tokenizer always followed, so older scripts read the same.

Each family parses its own verbs from these tokens (``engine/ih/language.py``,
``engine/mist/language.py``); ``engine/commands.py`` joins them and writes a command back as
text (``format_command``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.errors import RuleError
from engine.fullwidth import ascii_forms, fold_line, folds
from engine.limits import check_line


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
    r"""Drop a ``#`` comment that is not inside quotes (a backslash-escaped quote or ``#`` does
    not count: ``"a \" # b"`` is one word, as the tokenizer reads it)."""
    quote: str | None = None
    escaped = False
    for index, char in enumerate(text):
        if escaped:
            escaped = False
        elif char == "\\" and quote != "'":
            escaped = True
        elif quote:
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
        RuleError: a line over ``MAX_LINE`` characters (refused before any other work) or
            unbalanced quotes.
    """
    check_line(text)
    body = strip_comment(fold_line(text)).strip()
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


SHELL_SPACE = " \t\r\n"
"""What separates words (POSIX ``shlex``'s whitespace); other spaces belong to a word."""


def _split(body: str) -> list[tuple[str, bool]]:
    """Shell-like words, each with whether it began with a quote.

    A quoted word is always a word, never a ``key=value`` option: ``add "a=b" init=5`` adds a
    combatant named ``a=b`` (INTERFACE.md §3: a name is quoted when it needs it).

    One pass over the line, as POSIX ``shlex`` (``whitespace_split``, no comments) reads it —
    tests/engine/test_command_language.py compares the two — but linear in the line's length
    (``shlex`` grows each word one character at a time, which is quadratic: issue 30).

    Raises:
        ValueError: unbalanced quotes, or a backslash at the very end.
    """
    tokens: list[tuple[str, bool]] = []
    end = len(body)
    index = 0
    seen_from = seen_at = -1  # the last scan for a word's first non-space character
    while True:
        while index < end and body[index] in SHELL_SPACE:
            index += 1
        if index >= end:
            return tokens
        if not seen_from <= index <= seen_at:
            seen_from = seen_at = index
            while seen_at < end and body[seen_at].isspace():
                seen_at += 1
        starts_quoted = seen_at < end and body[seen_at] in "\"'"
        chars: list[str] = []
        while index < end:
            char = body[index]
            index += 1
            if char in SHELL_SPACE:
                break
            if char == "\\":
                if index >= end:
                    raise ValueError("No escaped character")
                chars.append(body[index])
                index += 1
            elif char in "\"'":
                index = _quoted(body, index, char, chars)
            else:
                chars.append(char)
        tokens.append(("".join(chars), starts_quoted))


def _quoted(body: str, index: int, quote: str, chars: list[str]) -> int:
    """Read a quoted stretch from ``index`` (just after its opening quote) into ``chars``;
    the index just after its closing quote. Inside double quotes a backslash escapes only a
    double quote or a backslash (it is kept before anything else); inside single quotes
    nothing is escaped.

    Raises:
        ValueError: no closing quote, or a backslash at the very end.
    """
    end = len(body)
    while True:
        if index >= end:
            raise ValueError("No closing quotation")
        char = body[index]
        index += 1
        if char == quote:
            return index
        if char == "\\" and quote == '"':
            if index >= end:
                raise ValueError("No escaped character")
            escaped = body[index]
            index += 1
            if escaped not in '\\"':
                chars.append("\\")
            chars.append(escaped)
        else:
            chars.append(char)


WHOLE_NUMBER = re.compile(r"[+-]?[0-9]{1,30}")
"""ASCII digits with an optional sign: Python's ``int`` would also take ``1_0`` and ``３``."""


def parse_int(value: str, what: str) -> int:
    """Read a whole number (``+3`` and ``-2`` included; full-width ``＋３`` too) or raise a
    RuleError naming ``what``."""
    text = ascii_forms(value).strip()
    if WHOLE_NUMBER.fullmatch(text) is None:
        raise RuleError("language.must-whole-number", what=what, value=value)
    return int(text)


def quote_text(text: str) -> str:
    """Always in double quotes, escaped as :func:`quote` does: how a text (a threat, a label,
    a tag) is written, one word or many."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def quote(name: str) -> str:
    r"""Quote a name for the command language when it needs it, so that the tokenizer reads it
    back exactly: a backslash and a double quote inside are escaped (``Ann "Axe"`` →
    ``"Ann \"Axe\""``), never replaced."""
    if name and all(c.isalnum() or c in "-_." for c in name) and not folds(name):
        return name
    return quote_text(name)
