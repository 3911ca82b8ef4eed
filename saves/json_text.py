"""Compact JSON text that reuses the text of the parts that did not change since the last dump.

An autosave writes the scene's header after every command: with 100 combatants it is 140 KB of
JSON, and ``json.dumps`` took 1.9 ms of it every time (CPU per keypress). The codec
already hands back the very same dict for an engine object that did not change
(``Encoders.encode_reusing``), and journal entries are shared between saves; so the text of a
container that is the same object as in the last dump is taken from a memo instead of being
made again. The result is byte for byte :func:`saves.storage.dump_json`'s.
"""

from __future__ import annotations

import json
import operator
from typing import Any

from saves.encoder import grown_lists

Memo = dict[int, tuple[Any, str]]
"""Container id → (the container, its JSON text). The container is kept so its id is not
reused by another object while the memo lives."""

REUSE_FROM_DEPTH = 3
"""TinyDB updates the database, its tables and their documents in place (depths 0–2), so only
the values inside a document are looked up in the memo: the codec's documents and journal
entries are never changed once made."""

WALK_DEPTH = 6
"""Containers this deep or deeper are dumped whole by ``json.dumps`` (C speed); shallower ones
are walked so their unchanged parts can be reused (the header's combatants are at depth 5)."""

_dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode


def reusing(new: list[Any], old: list[Any]) -> list[Any]:
    """``new``, a list to dump in place of ``old`` (dumped last time): ``old`` itself when it
    holds the very same items, else ``new``, noted as grown from ``old`` when it begins with
    ``old``'s items (the next dump writes only the added items' text). Only after the codec's
    last :meth:`~saves.encoder.Encoders.encode_reusing`, which forgets what was noted."""
    length = len(old)
    if new is old:
        return old
    if length and len(new) >= length and all(map(operator.is_, new[:length], old)):
        if len(new) == length:
            return old
        grown_lists()[id(new)] = (new, old)
    return new


def dump_json_reusing(data: Any, memo: Memo) -> tuple[bytes, Memo]:
    """``data`` as compact UTF-8 JSON, and the memo to pass to the next call.

    The new memo holds only containers of this dump: what is gone is forgotten.
    """
    fresh: Memo = {}
    text = _text(data, 0, memo, fresh)
    return text.encode("utf-8"), fresh


def _text(value: Any, depth: int, memo: Memo, fresh: Memo) -> str:
    if not isinstance(value, dict | list | tuple):
        return _dumps(value)
    if depth >= REUSE_FROM_DEPTH:
        known = memo.get(id(value))
        if known is not None and known[0] is value:
            fresh[id(value)] = known
            return known[1]
    grown = grown_lists().get(id(value)) if depth >= REUSE_FROM_DEPTH else None
    earlier = memo.get(id(grown[1])) if grown is not None and grown[0] is value else None
    if grown is not None and earlier is not None and earlier[0] is grown[1]:
        # A list the codec made by appending to one dumped last time: only the new items.
        start = len(grown[1])
        added = ",".join(_text(item, depth + 1, memo, fresh) for item in value[start:])
        text = earlier[1][:-1] + ("," if start and added else "") + added + "]"
    elif depth >= WALK_DEPTH or (
        isinstance(value, dict) and not all(isinstance(k, str) for k in value)
    ):
        text = _dumps(value)
    elif isinstance(value, dict):
        parts = [
            f"{_dumps(key)}:{_text(item, depth + 1, memo, fresh)}" for key, item in value.items()
        ]
        text = "{" + ",".join(parts) + "}"
    else:
        text = "[" + ",".join(_text(item, depth + 1, memo, fresh) for item in value) + "]"
    if depth >= REUSE_FROM_DEPTH:
        fresh[id(value)] = (value, text)
    return text
