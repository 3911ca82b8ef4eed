"""Issue 30: an export copies sealed chunks fast (their entries parsed alone, checkpoints
unread; a chunk's entries encoded in one call) and writes exactly what the plain way writes."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from saves_fixtures import build

import saves.exports as exports
import saves.journal_chunks as journal_chunks
from saves import open_store
from saves.scenefile import CHUNK


def _plain_lines(documents: list[Any], level: int) -> str:
    return (",\n" + " " * (level + 1)).join(exports._line(document) for document in documents)


def _export(store: Any, target: str) -> str:
    pieces: list[str] = []
    exports.write_export(store, target, pieces.append)
    return "".join(pieces)


def test_a_chunks_entries_read_alone_give_the_same_export_byte_for_byte(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each sealed chunk is read by the fast way (a scene name holding ``"entries":`` does not
    mislead it), and the export is byte for byte what parsing each chunk whole and encoding
    each entry on its own writes."""
    store = open_store(tmp_path)
    name = 'Fight "entries":[1]}'
    with store.open_campaign("Long", create=True) as campaign:
        campaign.save_scene(replace(build("ih-d10", 2 * CHUNK + 30, 4), name=name))
    alone: list[bool] = []
    real = journal_chunks._entries_and_rest
    monkeypatch.setattr(
        journal_chunks,
        "_entries_and_rest",
        lambda data: (alone.append(real(data) is not None), real(data))[1],
    )
    fast = _export(store, "Long")
    assert alone == [True, True]
    monkeypatch.setattr(journal_chunks, "_entries_and_rest", lambda data: None)
    monkeypatch.setattr(exports, "_lines", _plain_lines)
    assert _export(store, "Long") == fast
    assert json.loads(fast)["scenes"][0]["name"] == name


def _chunk(body: dict[str, Any], rest: str = "") -> bytes:
    text = json.dumps({"journal": {"1": body}}, ensure_ascii=False, separators=(",", ":"))
    return (text[:-3] + rest + "}}}").encode("utf-8")


def test_only_a_chunk_as_this_version_writes_it_is_read_the_fast_way() -> None:
    """An older schema (migrated), another kind, a damaged tail or a body in another order
    are left to the whole parse, which checks (or refuses) them by name."""
    entries = [{"text": '"entries":[]'}, {"n": 1}]
    body = {"schema_version": 3, "kind": "journal", "scene": "S", "start": 0}
    assert journal_chunks._entries_alone(_chunk({**body, "entries": entries})) == entries
    with_checkpoints = _chunk({**body, "entries": entries, "checkpoints": [[1, {}]]})
    assert journal_chunks._entries_alone(with_checkpoints) == entries
    for bad in (
        _chunk({**body, "schema_version": 2, "entries": entries}),
        _chunk({**body, "kind": "scene", "entries": entries}),
        _chunk({**body, "entries": entries}, rest=',"x":1'),
        _chunk({"entries": entries, **body}),
        with_checkpoints[:-4],
        b"\xff" + with_checkpoints,
        b"[]",
    ):
        assert journal_chunks._entries_alone(bad) is None


def test_documents_encoded_in_one_call_are_each_what_encoding_it_alone_gives() -> None:
    """A document holding the very string the one call splits on is encoded on its own."""
    mark = "\x00st-console export\x00"
    for documents in (
        [{"a": "x", "b": [1, 2.5, None, True]}],
        [{"a": "é\n\"'"}, [], {"c": {"d": "e, f: g"}}],
        [{"a": mark}, {"b": 1}],
        [{mark: 1}, {"b": [mark, mark]}, {"c": 2}],
    ):
        assert exports._lines(documents, 3) == _plain_lines(documents, 3)
