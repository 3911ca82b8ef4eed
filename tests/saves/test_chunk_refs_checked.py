"""A scene header's list of journal chunks is checked one reference at a time, the same way
whether the scene is loaded or exported (``saves/journal_chunks.py``): a malformed reference,
a file name with a folder, or a chunk out of place is refused naming the header, before any
chunk file is opened."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from saves.errors import BadFile
from saves.journal_chunks import chunk_documents, read_chunks


def _load(header: Path, refs: Any) -> object:
    return read_chunks(header, refs, trusted=True)


def _export(header: Path, refs: Any) -> object:
    return list(chunk_documents(header, refs))


@pytest.mark.parametrize("reader", [_load, _export], ids=["load", "export"])
@pytest.mark.parametrize(
    ("ref", "code", "param"),
    [
        ({"file": "j0000000-ab.json", "start": 0}, "saves.chunks.bad-ref", "ref"),
        ("j0000000-ab.json", "saves.chunks.bad-ref", "ref"),
        (
            {"file": "../j0000000-ab.json", "start": 0, "count": 1},
            "saves.chunks.bad-file-name",
            "name",
        ),
        ({"file": "a\\b.json", "start": 0, "count": 1}, "saves.chunks.bad-file-name", "name"),
        ({"file": 7, "start": 0, "count": 1}, "saves.chunks.bad-file-name", "name"),
        (
            {"file": "j0000003-ab.json", "start": 3, "count": 1},
            "saves.chunks.bad-start",
            "expected",
        ),
    ],
)
def test_a_bad_chunk_reference_is_refused_naming_the_header(
    reader: Callable[[Path, Any], object], ref: Any, code: str, param: str, tmp_path: Path
) -> None:
    header = tmp_path / "scene-0001.json"
    with pytest.raises(BadFile) as caught:
        reader(header, [ref])
    assert caught.value.code == code and caught.value.path == header
    assert param in caught.value.params
    if code == "saves.chunks.bad-start":
        assert caught.value.params["expected"] == 0 and caught.value.params["start"] == 3
    assert not (tmp_path / "scene-0001").exists()  # no chunk folder looked into, none made
