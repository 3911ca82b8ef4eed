"""Chinese text wraps between any two characters, as Chinese is typeset (issue: s7 Chinese walk).

Rich (and Textual, which uses Rich's wrapping) breaks a line only at spaces, so a run of Chinese
is one "word": a sentence with a space near its end wrapped there and left a short line
("然後按" and then "p。" alone), and a run longer than the room left went whole to the next
line. :func:`install` gives Rich's wrapper (``rich._wrap.words``, a private function its
``divide_line`` looks up when it runs) words that are single Chinese characters, with the
usual rules kept: closing punctuation (，。、；：！？）」…) never starts a line and opening
punctuation (（「“…) never ends one. Text without Chinese is split exactly as Rich splits it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import rich._wrap

_CJK = "\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff01-\uff60"
_OPEN = "（「『《〈【〔〖‘“"
_CLOSE = "，。、；：！？）」』》〉】〕〗’”…·％"
_WORD = re.compile(
    rf"\s*(?:[{_OPEN}]*(?:[^\s{_CJK}{_OPEN}{_CLOSE}]+|[{_CJK}])[{_CLOSE}]*|[{_OPEN}{_CLOSE}]+)\s*"
)
"""A word: Latin letters, digits and marks up to a space or a Chinese character; or one Chinese
character; either with the opening punctuation before it and the closing after it."""

_rich_words = rich._wrap.words


def words(text: str) -> Iterable[tuple[int, int, str]]:
    """Rich's ``words``, with each Chinese character a word of its own (see the module)."""
    if text.isascii():
        yield from _rich_words(text)
        return
    position = 0
    match = _WORD.match(text, position)
    while match is not None and match.end() > position:
        start, end = match.span()
        yield start, end, match.group(0)
        position = end
        match = _WORD.match(text, position)


def install() -> None:
    """Wrap Chinese between characters everywhere Rich and Textual wrap (once is enough)."""
    rich._wrap.words = words
