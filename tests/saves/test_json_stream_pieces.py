"""An import's stream (``saves.json_stream``) reads each scene member by member and its lists
item by item (issue 30: a 50,000-entry scene was parsed again and again as its buffer grew):
what it hands on is exactly what ``json.loads`` makes, wherever the blocks it reads end; a
scene over the cap is refused; a cut file is a named refusal, never another error."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from saves import json_stream
from saves.errors import BadFile

scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**40), 2**40), st.text(max_size=6))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=4), inner, max_size=3)
    ),
    max_leaves=12,
)
scenes = st.lists(
    st.one_of(
        st.dictionaries(
            st.sampled_from(["name", "state", "journal", "undone", "x"]),
            st.one_of(values, st.lists(values, max_size=6)),
            max_size=5,
        ),
        values,
    ),
    max_size=4,
)


def _read(path: Path, cap: int = 10**6) -> tuple[dict[str, object], list[object] | None]:
    return json_stream.read_object(path, "scenes", lambda raw, index, members: raw, cap)


@settings(max_examples=examples(150), deadline=None)
@given(scenes, values, st.sampled_from([None, 1]), st.integers(48, 200), st.booleans())
def test_what_the_stream_hands_on_is_what_json_makes(
    items: list[object], other: object, indent: int | None, block: int, whole: bool
) -> None:
    """``whole``: a list is parsed in one call once the rest of the file (no longer than a
    piece may be) is read; else item by item, as a longer file is."""
    document = {"kind": "export", "scenes": items, "campaign": other}
    text = json.dumps(document, ensure_ascii=False, indent=indent)
    with pytest.MonkeyPatch.context() as patch, tempfile.TemporaryDirectory() as folder:
        patch.setattr(json_stream, "BLOCK", block)  # blocks end mid-value (no string is as long)
        if not whole:
            patch.setattr(json_stream._Reader, "_rest_read", lambda self: False)
        path = Path(folder) / "e.json"
        path.write_text(text, encoding="utf-8")
        members, read = _read(path)
    assert read == items
    assert members == {"kind": "export", "campaign": other}


def test_a_scene_over_the_cap_is_refused_even_read_entry_by_entry(tmp_path: Path) -> None:
    journal = [{"text": "next", "seed": index} for index in range(200)]
    path = tmp_path / "e.json"
    path.write_text(json.dumps({"scenes": [{"name": "S", "journal": journal}]}), "utf-8")
    with pytest.raises(BadFile) as caught:
        _read(path, cap=2_000)
    assert "more than 2000 bytes" in str(caught.value)
    assert _read(path, cap=len(path.read_text()))[1] == [{"name": "S", "journal": journal}]


def test_a_cut_export_is_a_named_refusal_wherever_it_is_cut(tmp_path: Path) -> None:
    journal = [{"text": "damage Ann 1", "events": [{"n": index}]} for index in range(30)]
    text = json.dumps({"kind": "export", "scenes": [{"name": "S", "journal": journal}]})
    path = tmp_path / "e.json"
    for end in range(1, len(text), 7):
        path.write_text(text[:end], encoding="utf-8")
        with pytest.raises(BadFile) as caught:
            _read(path)
        assert str(path) in str(caught.value)


@pytest.mark.parametrize("journal", ["[1,]", "[1 2]", "[1,,2]", "[1 , ]", "[,1]", "[1,\n 2"])
def test_a_bad_separator_in_a_scenes_list_is_a_named_refusal(tmp_path: Path, journal: str) -> None:
    path = tmp_path / "e.json"
    path.write_text('{"scenes": [{"name": "S", "journal": ' + journal + "}]}", "utf-8")
    with pytest.raises(BadFile) as caught:
        _read(path)
    assert str(path) in str(caught.value)


@pytest.mark.parametrize("block", [10, 11, 12, 13, 17])  # no string is a block long
def test_items_split_by_any_white_space_read_as_json_makes_them(tmp_path: Path, block: int) -> None:
    text = '{"scenes": [{"journal": [ 1 ,\n\t2,3\r\n,  {"a": [4 , 5]} , [] ,[ ]]} ]}'
    path = tmp_path / "e.json"
    path.write_text(text, "utf-8")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(json_stream, "BLOCK", block)
        assert _read(path)[1] == json.loads(text)["scenes"]
