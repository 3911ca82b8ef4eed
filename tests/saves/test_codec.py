"""The generic codec: engine values round-trip; untrusted or ill-typed documents are refused."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.commands import Undo
from engine.dice.command import MistRolled, MistSpec, RollCommand
from engine.dice.mist import MistRoll, Outcome, evaluate_mist
from engine.mist.state import MistState
from engine.session import JournalEntry, Scene
from engine.settings import Interpret, Interpretations
from saves.codec import DEFAULT, Codec
from saves.type_registry import DocumentError

ROOT = __name__.split(".")[0]


class Colour(StrEnum):
    RED = "red"
    BLUE = "blue"


class Size(IntEnum):
    SMALL = 1
    LARGE = 2


@dataclass(frozen=True, slots=True)
class Leaf:
    number: int
    ratio: float
    label: str | None
    flag: bool
    colour: Colour
    size: Size


@dataclass(frozen=True, slots=True)
class Branch:
    leaves: tuple[Leaf, ...]
    pair: tuple[int, str]
    either: Leaf | int | None
    anything: object = None
    nested: tuple[tuple[str, int | None], ...] = ()


OWN = Codec(packages=(ROOT,))

leaves = st.builds(
    Leaf,
    number=st.integers(),
    ratio=st.floats(allow_nan=False, allow_infinity=False),
    label=st.none() | st.text(),
    flag=st.booleans(),
    colour=st.sampled_from(Colour),
    size=st.sampled_from(Size),
)
anything = st.recursive(
    st.none() | st.integers() | st.text() | st.booleans() | st.sampled_from(Colour) | leaves,
    lambda inner: st.lists(inner, max_size=3).map(tuple),
    max_leaves=6,
)
branches = st.builds(
    Branch,
    leaves=st.lists(leaves, max_size=3).map(tuple),
    pair=st.tuples(st.integers(), st.text()),
    either=st.none() | st.integers() | leaves,
    anything=anything,
    nested=st.lists(st.tuples(st.text(), st.none() | st.integers()), max_size=3).map(tuple),
)


@given(branches)
def test_any_value_round_trips_with_its_exact_types(branch: Branch) -> None:
    back = OWN.decode(OWN.encode(branch))
    assert back == branch
    assert [type(leaf.colour) for leaf in back.leaves] == [Colour] * len(branch.leaves)


@given(
    st.integers(min_value=-3, max_value=5).flatmap(
        lambda power: st.tuples(
            st.just(power),
            st.integers(1, 8),
            st.lists(st.integers(1, 4), min_size=abs(power), max_size=abs(power)).map(tuple),
        )
    )
)
def test_engine_values_round_trip(parts: tuple[int, int, tuple[int, ...]]) -> None:
    roll = evaluate_mist(*parts)
    event = MistRolled(RollCommand("mist", mist=MistSpec(parts[0])), roll)
    entry = JournalEntry(Interpret("computed_turn_order", "off"), "roll mist 2", 9, (event,))
    state = MistState(interpretations=Interpretations(False, 3))
    scene = Scene("A", "mist", MistState(), state, (entry,), (entry,), 7, 2)
    document = DEFAULT.encode(scene)
    assert document["__type__"] == "engine.session.Scene"
    assert DEFAULT.decode(document) == scene
    rolled = DEFAULT.decode(document).journal[0].events[0]
    assert isinstance(rolled, MistRolled) and isinstance(rolled.result.outcome, Outcome)


@pytest.mark.parametrize(
    "tag",
    [
        "os.system",
        "builtins.dict",
        "subprocess.Popen",
        "engine.commands.family_of",  # a function, not a dataclass
        "engine.nothing.Here",
        "engine..x",
        "engine.session.Scene; import os",
    ],
)
def test_untrusted_type_tags_are_refused(tag: str) -> None:
    with pytest.raises(DocumentError):
        DEFAULT.decode({"__type__": tag})


@pytest.mark.parametrize(
    ("mutate", "where"),
    [
        (lambda d: _roll(d).update(d8="4"), "journal[0].events[0].result.d8"),
        (lambda d: _roll(d)["d4s"].__setitem__(0, True), "journal[0].events[0].result.d4s[0]"),
        (lambda d: _roll(d).update(outcome="great"), "journal[0].events[0].result.outcome"),
        (lambda d: _roll(d).pop("total"), "journal[0].events[0].result"),
        (lambda d: _roll(d).update(extra=1), "journal[0].events[0].result"),
        (lambda d: d["journal"][0].update(seed=None), "journal[0].seed"),
        (lambda d: d["state"].update(phase="lunch"), "state.phase"),
        (lambda d: d.update(name=3), "name"),
    ],
)
def test_a_hand_edited_value_is_named(mutate: object, where: str) -> None:
    roll = evaluate_mist(1, 5, (3,))
    event = MistRolled(RollCommand("mist", mist=MistSpec(1)), roll)
    scene = Scene("A", "mist", MistState(), MistState(), (JournalEntry(Undo(), "x", 1, (event,)),))
    document = DEFAULT.encode(scene)
    mutate(document)  # type: ignore[operator]
    with pytest.raises(DocumentError) as caught:
        DEFAULT.decode(document)
    assert str(caught.value).startswith(where)


def _roll(document: dict[str, Any]) -> dict[str, Any]:
    """The M.I.S.T. roll of the first event of a scene document's journal."""
    roll: dict[str, Any] = document["journal"][0]["events"][0]["result"]
    return roll


def test_objects_without_a_tag_are_refused() -> None:
    with pytest.raises(DocumentError, match="without a __type__"):
        DEFAULT.decode({"power": 1})


def test_missing_defaulted_fields_take_their_default() -> None:
    document = DEFAULT.encode(Interpretations(False))
    del document["mitigate_mixed_reduces_by_power"]
    assert DEFAULT.decode(document) == Interpretations(False)


def test_non_engine_values_are_not_encoded() -> None:
    with pytest.raises(TypeError):
        DEFAULT.encode({"a": 1})
    assert DEFAULT.encode(MistRoll(0, 5, (), 5, Outcome.FAIL))["outcome"] == "fail"
