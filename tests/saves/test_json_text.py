"""The autosave's JSON text that reuses unchanged parts is byte for byte ``dump_json``'s."""

from __future__ import annotations

import copy
import random

from budget import examples
from hypothesis import given, settings
from hypothesis import strategies as st

from saves.json_text import dump_json_reusing
from saves.storage import dump_json

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**40), 2**40),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=8),
)
documents = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=5), inner, max_size=4)
    ),
    max_leaves=40,
)


def database(value: object) -> dict[str, object]:
    """A TinyDB database shape: tables of documents, the value deep inside a document."""
    return {"scene": {"1": {"kind": "scene", "state": value, "tail": [value, {"x": value}]}}}


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(documents, min_size=1, max_size=5), st.integers(0, 2**32))
def test_successive_dumps_equal_plain_json(values: list[object], seed: int) -> None:
    """Parts shared with the last dump, parts replaced, and TinyDB's in-place updates of the
    database, its tables and its documents all come out as ``json.dumps`` would write them."""
    rng = random.Random(seed)
    memo: dict[int, tuple[object, str]] = {}
    data = database(values[0])
    for value in values:
        document = data["scene"]["1"]  # type: ignore[index]
        if rng.random() < 0.5:
            document["state"] = value  # in place, as TinyDB's update does
        else:
            document["tail"] = [document["tail"][0], copy.deepcopy(value)]
        text, memo = dump_json_reusing(data, memo)
        assert text == dump_json(data)


def test_unchanged_parts_are_not_dumped_again() -> None:
    combatants = [{"name": f"C{i}", "health": i} for i in range(100)]
    data = database({"order": combatants})
    first, memo = dump_json_reusing(data, {})
    changed = list(combatants)
    changed[3] = {"name": "C3", "health": 0}
    data["scene"]["1"]["state"] = {"order": changed}  # type: ignore[index]
    second, memo = dump_json_reusing(data, memo)
    assert second == dump_json(data) != first
    reused = [id(c) for c in changed if id(c) in memo and memo[id(c)][0] is c]
    assert len(reused) == 100, "every combatant's text is remembered for the next save"


def test_non_string_keys_fall_back_to_json() -> None:
    data = database({1: "one", "two": [2]})
    assert dump_json_reusing(data, {})[0] == dump_json(data)


def test_a_list_reused_or_noted_as_grown_dumps_as_plain_json() -> None:
    """Issue 30: the header's chunk and tail lists are the last save's list when they hold the
    same items, or noted as grown from it, so only the new items' text is made; the text is
    still ``json.dumps``'s, and a list that does not begin with the old one is dumped whole."""
    from saves.encoder import grown_lists
    from saves.json_text import reusing

    old = [{"file": f"j{i}", "count": 256} for i in range(5)]
    data = {"scene": {"1": {"chunks": old}}}
    _, memo = dump_json_reusing(data, {})
    assert reusing(list(old), old) is old
    grown_lists().clear()
    grown = reusing([*old, {"file": "j5", "count": 256}], old)
    assert grown_lists()[id(grown)] == (grown, old)
    data["scene"]["1"]["chunks"] = grown
    text, memo = dump_json_reusing(data, memo)
    assert text == dump_json(data)
    other = reusing([{"file": "other", "count": 1}, *old], grown)
    assert id(other) not in grown_lists()
    data["scene"]["1"]["chunks"] = other
    text, memo = dump_json_reusing(data, memo)
    assert text == dump_json(data)
