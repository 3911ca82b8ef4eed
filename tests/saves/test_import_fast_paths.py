"""The faster paths an import takes (issue 30 point 9) accept, refuse and build exactly what the
checking paths do: the checked decoder's per-class path, the records it shares, the encoder
written per class, and the range walk."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from saves_fixtures import build_ih

from engine.ih.encounter import Combatant, Encounter
from engine.session import JournalEntry
from engine.settings import Interpretations
from saves import ranges
from saves.codec import DEFAULT
from saves.errors import BadFile
from saves.type_registry import DocumentError


@pytest.fixture(scope="module")
def scene() -> Any:
    return build_ih(6, 400, seed=5)


def test_a_scene_round_trips_to_equal_values_and_the_same_text(scene: Any) -> None:
    entries = DEFAULT.decoder(tuple[JournalEntry, ...])
    documents = [DEFAULT.encode(entry) for entry in scene.journal]
    decoded = entries(documents)
    assert decoded == scene.journal
    assert [entry.events for entry in decoded] == [entry.events for entry in scene.journal]
    again = [DEFAULT.encode(entry) for entry in decoded]
    assert json.dumps(again) == json.dumps(documents)  # the same text: ints stay ints, floats...
    state = DEFAULT.decode(DEFAULT.encode(scene.state))
    assert state == scene.state and state.rolls == scene.state.rolls


def test_interpretations_equal_in_text_are_one_value_and_a_bool_for_a_number_is_still_refused() -> (
    None
):
    document = DEFAULT.encode(Interpretations())
    first, second = DEFAULT.decode(document), DEFAULT.decode(json.loads(json.dumps(document)))
    assert first == Interpretations() and first is second  # immutable: shared
    number = next(name for name, value in document.items() if type(value) is int)
    document[number] = 1
    assert getattr(DEFAULT.decode(document), number) == 1  # remembered as the value of its text
    document[number] = True
    with pytest.raises(DocumentError, match=number):
        DEFAULT.decode(document)  # 1 == True and hash(1) == hash(True): the type is checked


def test_a_left_out_default_an_int_for_a_float_and_a_wrong_type_take_the_checking_path() -> None:
    document = DEFAULT.encode(Combatant("Ann", 9, 9))
    del document["health"]
    assert DEFAULT.decode(document) == Combatant("Ann", 9, 9)  # the default
    document = DEFAULT.encode(Combatant("Ann", 9, 9))
    document["health"] = "7"
    with pytest.raises(DocumentError) as caught:
        DEFAULT.decode(document)
    assert str(caught.value).startswith("health: expected int")
    document = DEFAULT.encode(Combatant("Ann", 9, 9))
    document["spare"] = 1
    with pytest.raises(DocumentError, match="no field 'spare'"):
        DEFAULT.decode(document)


def test_a_bad_value_deep_in_a_state_is_named_by_its_whole_path(scene: Any) -> None:
    document = DEFAULT.encode(scene.state)
    document["order"][2]["budget"]["swift"] = "one"
    with pytest.raises(DocumentError) as caught:
        DEFAULT.decoder(Encounter)(document)
    assert str(caught.value).startswith("order[2].budget.swift: expected int")


def test_a_huge_number_deep_in_a_state_is_refused_by_name(scene: Any) -> None:
    order = list(scene.state.order)
    order[3] = Combatant(order[3].name, 9, 9, roll_off=(1, 2**63))
    bad = replace(scene, state=replace(scene.state, order=tuple(order)))
    with pytest.raises(BadFile, match=r"state\.order\[3\]\.roll_off\[1\] is out of range"):
        ranges.check_scene_ranges(bad, Path("scene.json"))
    ranges.check_scene_ranges(scene, Path("scene.json"))  # in range: nothing said


def test_the_replay_rng_draws_what_a_fresh_random_of_the_entry_seed_draws() -> None:
    import random

    from saves.import_replay import SeededOnUse

    rng = SeededOnUse()
    for seed in (0, 7, 12_000_141, 2**63 - 1):
        rng.pending = 99  # a command that drew nothing: its seed is never used
        rng.pending = seed
        fresh = random.Random(seed)
        ours = [rng.randint(1, 10) for _ in range(9)]
        ours += [rng.random(), rng.choice("abcdef"), rng.getrandbits(70), rng.uniform(1, 2)]
        theirs = [fresh.randint(1, 10) for _ in range(9)]
        theirs += [fresh.random(), fresh.choice("abcdef"), fresh.getrandbits(70)]
        theirs += [fresh.uniform(1, 2)]
        assert ours == theirs
    assert SeededOnUse._randbelow is random.Random._randbelow_with_getrandbits  # type: ignore[attr-defined]


def test_an_encode_outside_encode_reusing_makes_its_own_documents(scene: Any) -> None:
    """The encoders look for a memo only while an ``encode_reusing`` is under way; one that
    failed leaves none behind."""
    from saves.encoder import Memo

    memo = Memo()
    with pytest.raises(TypeError):
        DEFAULT.encode_reusing({"not": "an engine value"}, memo)
    first = DEFAULT.encode_reusing(scene.state, memo)
    assert DEFAULT.encode_reusing(scene.state, memo) is first
    plain = DEFAULT.encode(scene.state)
    assert plain == first and plain is not first
    assert plain["order"][0] is not first["order"][0]
