"""A sealed chunk's bytes (named by their checksum) are written by an encoder that does not
watch for cycles (issue 30 point 9: a tenth of sealing an import's chunks): the very bytes
:func:`saves.storage.dump_json` writes, for every document the encoder makes."""

from __future__ import annotations

import math

import pytest
from saves_fixtures import build_ih, build_mist

from saves.codec import DEFAULT
from saves.documents import encode_entry
from saves.encoder import Memo
from saves.storage import dump_json, dump_tree


@pytest.mark.parametrize("scene", [build_ih(6, 300, seed=3), build_mist(200, seed=4)])
def test_a_tree_dumps_to_the_bytes_dump_json_writes(scene: object) -> None:
    entries = [encode_entry(entry) for entry in scene.journal]  # type: ignore[attr-defined]
    memo = Memo()
    states = [DEFAULT.encode_reusing(scene.initial, memo),  # type: ignore[attr-defined]
              DEFAULT.encode_reusing(scene.state, memo)]  # type: ignore[attr-defined]  # fmt: skip
    document = {"journal": {"1": {"entries": entries, "checkpoints": states, "名": "老王"}}}
    assert dump_tree(document) == dump_json(document)
    assert "老王".encode() in dump_tree(document)  # non-ASCII kept readable, as dump_json


def test_a_shared_part_is_written_each_time_it_appears() -> None:
    part = {"a": [1, 2]}
    assert dump_tree([part, part, {"b": part}]) == b'[{"a":[1,2]},{"a":[1,2]},{"b":{"a":[1,2]}}]'


def test_a_number_json_cannot_hold_is_refused_as_dump_json_refuses_it() -> None:
    for bad in (math.nan, math.inf):
        with pytest.raises(ValueError):
            dump_tree({"x": bad})
        with pytest.raises(ValueError):
            dump_json({"x": bad})
