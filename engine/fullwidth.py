"""Full-width input read as its ASCII forms (issue 27 §2).

A Chinese input method gives full-width punctuation, digits and letters — ``：，；（）＝＋１２``,
the ideographic space ``　`` and the curly quotes ``“”‘’`` — where the command language and
the forms expect ASCII. They are read as their ASCII forms: Unicode's compatibility mapping
(NFKC) restricted to the full-width block (U+FF01–U+FF5E) and the ideographic space. Nothing
else is folded: other scripts' digits (``٣``, ``३``), superscripts and circled numbers keep
their own forms, so a number written with them is still refused.

:func:`ascii_forms` folds a value (a number, a list, a keyword); :func:`fold_line` folds a
command line before it is tokenised, leaving the text inside quotes as it was typed, and the
punctuation that is no syntax (:data:`KEPT`, ``（）！？；～＃``) anywhere, and reads curly quotes as
quotes.
"""

from __future__ import annotations

FULL_WIDTH: dict[int, str] = {code: chr(code - 0xFEE0) for code in range(0xFF01, 0xFF5F)}
"""``！`` … ``～`` → ``!`` … ``~`` (NFKC of the full-width block)."""
FULL_WIDTH[0x3000] = " "

KEPT = frozenset("（）！？；～＃")
"""Full-width punctuation that is no syntax of the command language (no command reads ``(``,
``)``, ``!``, ``?``, ``;`` or ``~``): kept as typed outside quotes too, so a Chinese text typed
bare keeps its own punctuation (``tag 梅 怕火（水）``, ``threat 谁开的门？``, ``灯灭了；门开了``).
The full-width ``＃`` is kept too: read as ``#`` it started a comment and cut the rest of the
line away (``note 梅 房间＃3有血迹`` noted 房间)."""

OPENERS: dict[str, str] = {'"': '"', "'": "'", "“": '"”', "‘": "'’"}
"""Each quote that opens a quoted text: the straight quote it is read as, then what else closes
it (a Chinese input method types ``“…”`` and ``‘…’``)."""

LIST_SEPARATORS = ",，"
"""What separates the items of a list (tags, limits, clues): an ASCII or a full-width comma."""


OPTION_DASHES = ("——", "－－", "—")
"""What a Chinese input method types for an option's ``--``: two em dashes (U+2014, the IME's
``——`` for a typed ``_``/``-``), two full-width hyphens, or one em dash directly before the option's
name (``—dc``). A lone full-width hyphen stays a hyphen (``－１`` is ``-1``)."""


def option_dashes(word: str) -> str:
    """``word`` with an IME's dashes before an option name read as ``--`` (``——dc`` → ``--dc``,
    ``—dc`` → ``--dc``); any other word as it is (a lone ``—``, or ``—`` before a digit)."""
    for dashes in OPTION_DASHES:
        if word.startswith(dashes):
            rest = word[len(dashes) :]
            if rest[:1].isascii() and rest[:1].isalpha():
                return "--" + rest
            return word
    return word


def ascii_forms(text: str) -> str:
    """``text`` with its full-width characters as ASCII (``１２`` → ``12``, ``：`` → ``:``)."""
    return text.translate(FULL_WIDTH)


def fold_line(text: str) -> str:
    r"""A command line with full-width characters outside quotes as ASCII and curly quotes as
    straight ones; what is inside quotes stays as typed (an escaped ``\"`` included).

    An opening curly quote (``“`` or ``‘``) opens a quote that its closing one (or the straight
    one) closes; a closing curly quote with no quote open is an apostrophe, kept (``O’Brien``).
    """
    if text.isascii():
        return text
    out: list[str] = []
    closers = ""
    escaped = False
    skip = 0
    for index, char in enumerate(text):
        if skip:
            skip -= 1
            continue
        if not closers:
            if char in OPENERS:
                closers = OPENERS[char]
                out.append(closers[0])
            elif char in "—－" and (not out or out[-1].isspace()):
                word = option_dashes(text[index : index + 3])
                if word.startswith("--"):  # an option's dashes, typed by an input method
                    skip = len(text[index : index + 3]) - len(word.lstrip("-")) - 1
                    out.append("--")
                else:
                    out.append(FULL_WIDTH.get(ord(char), char))
            else:
                out.append(char if char in KEPT else FULL_WIDTH.get(ord(char), char))
            continue
        if escaped:
            escaped = False
        elif char == "\\" and closers[0] == '"':
            escaped = True
        elif char in closers:
            char = closers[0]
            closers = ""
        out.append(char)
    return "".join(out)


def folds(text: str) -> bool:
    """Whether :func:`fold_line` would change ``text`` written bare (a full-width character or
    a curly quote in it): a formatter quotes such a word so that it reads back as it was."""
    return any((ord(char) in FULL_WIDTH and char not in KEPT) or char in OPENERS for char in text)


def split_list(value: str) -> list[str]:
    """``a, b`` or ``a，b`` → ``["a", "b"]`` (blank items dropped, items stripped)."""
    items = [value]
    for separator in LIST_SEPARATORS:
        items = [part for item in items for part in item.split(separator)]
    return [part.strip() for part in items if part.strip()]
