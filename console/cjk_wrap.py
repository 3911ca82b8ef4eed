"""Chinese text wraps between any two characters, as Chinese is typeset.

Rich (and Textual, which uses Rich's wrapping) breaks a line only at spaces, so a run of Chinese
is one "word": a sentence with a space near its end wrapped there and left a short line
("然後按" and then "p。" alone), and a run longer than the room left went whole to the next
line. :func:`install` gives Rich's wrapper (``rich._wrap.words``, a private function its
``divide_line`` looks up when it runs) words longer than a term split between their Chinese
characters, with the usual rules kept: closing punctuation (，。、；：！？）」…) never starts
a line and opening punctuation (（「“…) never ends one. Text without Chinese is split exactly
as Rich splits it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

import rich._wrap
from rich.cells import cell_len

_CJK = "\u2e80-\u2fff\u3000-\u303f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff01-\uff60"
_OPEN = "（「『《〈【〔〖‘“"
_CLOSE = "，。、；：！？）」』》〉】〕〗’”…·％"
_BREAK = re.compile(rf"(?<=[{_CJK}])(?<![{_OPEN}])(?=[{_CJK}])(?![{_CLOSE}])")
"""Where a word may break: between two Chinese characters, unless the first opens (（「“) or
the second closes (，。）」) — so a line never ends in an opening mark nor starts with a closing
one, and a Chinese character stays with the Latin letters, digits or quotes touching it."""

SHORT = 8
"""A word this many cells wide or less stays whole: a name or a term (射击3, 老王, 个成功) is not
split; only longer runs, sentences, break between their characters."""

LONG = 16
"""A word with a run this wide and no Chinese inside it (a path, a long Latin name) is left whole,
as Rich folds it: split at its Chinese characters it would leave a short line before the run."""

_rich_words = rich._wrap.words


def words(text: str) -> Iterable[tuple[int, int, str]]:
    """Rich's ``words``, each split between its Chinese characters (see the module)."""
    for start, end, word in _rich_words(text):
        if word.isascii() or cell_len(word.rstrip()) <= SHORT:
            yield start, end, word
            continue
        cuts = [start, *(found.start() for found in _BREAK.finditer(text, start, end)), end]
        pieces = [(a, b, text[a:b]) for a, b in zip(cuts, cuts[1:], strict=False)]
        if any(cell_len(piece.rstrip()) > LONG for _, _, piece in pieces):
            yield start, end, word  # a path or a long name in it: as Rich folds it
        else:
            yield from pieces


def install() -> None:
    """Wrap Chinese between characters everywhere Rich and Textual wrap (once is enough)."""
    rich._wrap.words = words
