"""engine.records.replace: the very copy dataclasses.replace makes, for every record a fight holds
(issue 30: the engine's copies were a third of an import's replay)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

import pytest
from ih_support import play

from engine.records import replace


def _records(value: Any, found: dict[int, Any]) -> None:
    """Every dataclass object inside ``value`` (by identity)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if id(value) in found:
            return
        found[id(value)] = value
        for item in dataclasses.fields(value):
            _records(getattr(value, item.name), found)
    elif isinstance(value, tuple):
        for item in value:
            _records(item, found)


def _fight_records() -> list[Any]:
    state, events = play(
        """
        add Ann init=12 pc
        add Bob init=9
        add Cat init=4
        begin
        effect Bob "dazed" rounds=2
        damage Bob 3
        willpower Ann -1
        next
        initiative Cat 20
        next
        """
    )
    found: dict[int, Any] = {}
    _records((state, tuple(events)), found)
    return list(found.values())


def test_a_fight_holds_records_of_several_classes() -> None:
    classes = {type(record).__name__ for record in _fight_records()}
    assert {"Encounter", "Combatant", "Budget", "Effect", "Interpretations"} <= classes


def test_every_field_of_every_record_is_copied_as_dataclasses_replace_copies_it() -> None:
    records = _fight_records()
    for record in records:
        others = [other for other in records if type(other) is type(record) and other != record]
        for item in dataclasses.fields(record):
            value = getattr(others[0], item.name) if others else getattr(record, item.name)
            ours = replace(record, **{item.name: value})
            theirs = dataclasses.replace(record, **{item.name: value})
            assert ours == theirs and ours is not record
            assert all(
                getattr(ours, f.name) is getattr(theirs, f.name) for f in dataclasses.fields(record)
            )
        copied = replace(record)
        assert copied == record and copied is not record and type(copied) is type(record)


def test_the_copy_is_frozen_as_the_record() -> None:
    record = next(r for r in _fight_records() if type(r).__name__ == "Combatant")
    copied = replace(record, health=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        copied.health = 2  # type: ignore[misc]
    assert record.health != 1 or record.name == copied.name


def test_a_name_that_is_no_field_is_the_same_type_error() -> None:
    record = next(r for r in _fight_records() if type(r).__name__ == "Combatant")
    with pytest.raises(TypeError) as ours:
        replace(record, health=1, nonsense=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError) as theirs:
        dataclasses.replace(record, health=1, nonsense=2)  # type: ignore[call-arg]
    assert str(ours.value) == str(theirs.value)
    with pytest.raises(TypeError, match="dataclass instances"):
        replace(3)  # type: ignore[type-var]


@dataclass(frozen=True)
class _Checked:
    value: int
    doubled: int = field(default=0, init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "doubled", self.value * 2)


@dataclass
class _Plain:
    a: int
    b: list[int] = field(default_factory=list)


@dataclass(init=False)
class _OwnInit:
    value: int

    def __init__(self, value: int) -> None:
        self.value = value * 3


def test_a_class_with_post_init_or_a_field_outside_init_is_left_to_dataclasses() -> None:
    assert replace(_Checked(2), value=5).doubled == 10
    assert replace(_OwnInit(1), value=2).value == 6
    plain = _Plain(1, [1])
    copied = replace(plain, a=2)
    assert copied == _Plain(2, [1]) and copied.b is plain.b
