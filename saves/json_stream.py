"""Read a big JSON object member by member, the items of one list member one at a time.

An export of one 500-combatant scene of 52,000 entries is 34 MB; parsed whole, its text, its
parsed tree and the decoded scenes were all in memory at once. :func:`read_object` reads the
file in blocks, decodes each top-level member (and each item of the member named ``stream``,
when it is a list) with ``json.JSONDecoder.raw_decode`` over a buffer that holds only the piece
being read, and hands each item to a callback as soon as it is parsed: peak memory grows with
the largest piece, not with the file. A piece longer than ``max_piece`` (counted in characters
of its text) is refused.
Members may come in any order; a file that is not one JSON object is refused like a bad file.
"""

from __future__ import annotations

import codecs
import json
import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from saves.errors import BadFile

BLOCK = 1024 * 1024
"""How much is read from the file at a time."""

_decode = json.JSONDecoder().raw_decode
_SPACE = " \t\n\r"
_SEPARATOR = re.compile(r"[ \t\n\r]*,[ \t\n\r]*")
"""The comma between two items of a list and the white space around it."""


class _Reader:
    """A window on the file's text: ``buffer[position:]`` is what has not been consumed."""

    def __init__(self, handle: IO[bytes], path: Path, max_piece: int) -> None:
        self.handle = handle
        self.path = path
        self.max_piece = max_piece
        self.decoder = codecs.getincrementaldecoder("utf-8")()
        self.buffer = ""
        self.position = 0
        self.consumed = 0
        self.eof = False

    def _more(self, size: int) -> None:
        """Read about ``size`` more bytes into the buffer (dropping what was consumed)."""
        if self.position:
            self.consumed += self.position
            self.buffer = self.buffer[self.position :]
            self.position = 0
        try:
            raw = self.handle.read(size)
            text = self.decoder.decode(raw, final=not raw)
        except UnicodeDecodeError:
            raise BadFile.of(self.path, "saves.file.not-utf8") from None
        except OSError as error:
            raise BadFile.of(
                self.path, "saves.file.unreadable", error=error.strerror or error
            ) from None
        if not raw:
            self.eof = True
        self.buffer += text

    def peek(self) -> str:
        """The next character that is not white space ('' at the end of the file)."""
        while True:
            while self.position < len(self.buffer) and self.buffer[self.position] in _SPACE:
                self.position += 1
            if self.position < len(self.buffer) or self.eof:
                return self.buffer[self.position : self.position + 1]
            self._more(BLOCK)

    def expect(self, char: str) -> None:
        found = self.peek()
        if found != char:
            self._bad(f"expected {char!r}, found {found or 'the end of the file'!r}")
        self.position += 1

    def value(self, what: str) -> Any:
        """The next JSON value; the buffer grows (doubling) until it holds all of it."""
        self.peek()
        while True:
            try:
                value, end = _decode(self.buffer, self.position)
            except json.JSONDecodeError as error:
                if self.eof or error.pos < len(self.buffer) - BLOCK:
                    # at the end of the file, or not where the text read so far stops (no
                    # string of an export is a block long): bad JSON, told at once
                    self._bad(f"{error.msg}{'; truncated?' if self.eof else ''}", error.pos)
                value, end = None, -1
            except RecursionError:
                raise BadFile.of(self.path, "saves.file.nested") from None
            except ValueError as error:  # an integer of more than 4,300 digits
                raise BadFile.of(self.path, "saves.file.odd-value", error=error) from None
            held = (end if end != -1 else len(self.buffer)) - self.position
            if held > self.max_piece:
                raise BadFile.of(
                    self.path, "saves.stream.piece-too-large", what=what, limit=self.max_piece
                )
            if end != -1 and (end < len(self.buffer) or self.eof):
                self.position = end
                return value
            self._more(max(BLOCK, held))

    def piece(self, what: str) -> Any:
        """The next JSON value, an object read member by member and each list member item by
        item: a scene's journal of 50,000 entries is parsed once, entry by entry, where one
        ``raw_decode`` of the whole scene was tried again on a buffer doubling until it held
        all of it (issue 30: the stream took three times ``json.load``). The whole value is
        still refused past ``max_piece``, and holds what ``json`` makes of it."""
        if self.peek() != "{":
            return self.value(what)
        start = self.consumed + self.position
        members: dict[str, Any] = {}
        self.expect("{")
        first = True
        while self.peek() != "}":
            if not first:
                self.expect(",")
            first = False
            if self.peek() != '"':
                self.expect('"')
            key = self.value(what)
            self.expect(":")
            if self.peek() == "[":
                members[key] = self._items(start, what)
            else:
                members[key] = self.value(what)
            self._check_size(start, what)
        self.expect("}")
        return members

    def _items(self, start: int, what: str) -> list[Any]:
        """The items of the list that begins here, each parsed once; the comma between two
        items and the white space around it are skipped in one match (issue 30: a journal's
        50,000 entries were separated character by character, half again a ``json.load``)."""
        if self._rest_read():  # the whole list in one call of the C decoder (issue 30)
            try:
                found, end = _decode(self.buffer, self.position)
            except (ValueError, RecursionError):
                found, end = None, -1  # read again item by item: that names what is wrong
            if type(found) is list:
                self.position = end
                self._check_size(start, what)
                return found
        self.expect("[")
        items: list[Any] = []
        if self.peek() == "]":
            self.position += 1
            return items
        separator = _SEPARATOR.match
        while True:
            items.append(self.value(what))
            self._check_size(start, what)
            found = separator(self.buffer, self.position)
            if found is not None and found.end() < len(self.buffer):
                self.position = found.end()  # a next item follows (or the text is bad there)
                continue
            if self.peek() == "]":
                self.position += 1
                return items
            self.expect(",")

    def _rest_read(self) -> bool:
        """Whether the rest of the file is in the buffer: read now when it is no longer than a
        piece may be (memory stays bounded by :data:`max_piece`)."""
        if self.eof:
            return True
        try:
            left = os.fstat(self.handle.fileno()).st_size - self.handle.tell()
        except (OSError, AttributeError, ValueError):
            return False
        if len(self.buffer) - self.position + left > self.max_piece:
            return False
        while not self.eof:
            self._more(max(BLOCK, left + 1))
        return True

    def _check_size(self, start: int, what: str) -> None:
        if self.consumed + self.position - start > self.max_piece:
            raise BadFile.of(
                self.path,
                "saves.stream.piece-too-large",
                what=what,
                limit=self.max_piece,
            )

    def _bad(self, problem: str, at: int | None = None) -> Any:
        offset = self.consumed + (self.position if at is None else at)
        raise BadFile.of(self.path, "saves.stream.bad-json", at=offset + 1, problem=problem)


def read_object(
    path: Path,
    stream: str,
    on_item: Callable[[Any, int, dict[str, Any]], Any],
    max_piece: int,
) -> tuple[dict[str, Any], list[Any] | None]:
    """The members of the JSON object in ``path``, reading the list member ``stream`` item by
    item.

    ``on_item(item, index, members_so_far)`` is called for each item of ``stream`` as soon as it
    is parsed; what it returns is kept instead of the item.

    Returns:
        The other members, and what ``on_item`` returned for each item (``None`` when
        ``stream`` was missing or not a list: then it is an ordinary member).

    Raises:
        BadFile: unreadable, not UTF-8, not one JSON object, or a piece over ``max_piece``.
    """
    members: dict[str, Any] = {}
    items: list[Any] | None = None
    try:
        handle = path.open("rb")
    except OSError as error:
        raise BadFile.of(path, "saves.file.unreadable", error=error.strerror or error) from None
    with handle:
        reader = _Reader(handle, path, max_piece)
        if reader.peek() == "":
            raise BadFile.of(path, "saves.file.empty")
        if reader.peek() != "{":
            raise BadFile.of(path, "saves.stream.not-object")
        reader.expect("{")
        first = True
        while reader.peek() != "}":
            if not first:
                reader.expect(",")
            first = False
            if reader.peek() != '"':
                reader.expect('"')
            key = reader.value("a member name")
            reader.expect(":")
            if key == stream and reader.peek() == "[":
                items = []
                reader.expect("[")
                while reader.peek() != "]":
                    if items:
                        reader.expect(",")
                    piece = reader.piece(f"item {len(items) + 1} of {stream!r}")
                    items.append(on_item(piece, len(items), members))
                    del piece
                reader.expect("]")
                members.pop(stream, None)
            else:
                members[key] = reader.value(f"a member {key!r}")
                if key == stream:
                    items = None
        reader.expect("}")
        if reader.peek() != "":
            reader._bad("extra data after the object")
    return members, items
