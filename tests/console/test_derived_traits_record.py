"""The sheet editor and the roster show a sheet's derived traits from the engine's record
(``engine.ih.sheet_view.Derived``), the same values ``run --json`` prints under ``derived``
(RULES.md §2.2, issue 24 §2)."""

from __future__ import annotations

from dataclasses import fields

from console.ih.sheet_editor import DERIVED
from engine.ih import derived
from engine.ih.character import Attributes, Character
from engine.ih.sheet import Sheet
from engine.ih.sheet_view import Derived, derived_of, derived_traits, sheet_json

# INTERFACE.md's ``derived`` keys, in the order ``run --json`` prints them.
# fmt: off
KEYS = ["size", "speed", "initiative", "defense", "defense_bonus", "dodge", "health",
        "willpower", "will_save", "reflex_save", "fortitude_save", "sensing_range_m",
        "move_m"]  # Move from Speed by the table's move_table (RULES.md §2.2): null without
# fmt: on


def test_the_json_derived_keys_are_the_records_fields_in_order() -> None:
    sheet = Sheet("Ann", pc=True, character=Character(attributes=Attributes(dexterity=4, wits=3)))
    record = derived_of(sheet)
    assert [f.name for f in fields(Derived)] == KEYS
    assert list(derived_traits(sheet)) == KEYS
    assert sheet_json(sheet)["derived"] == {key: getattr(record, key) for key in KEYS}
    defense = derived.defense(sheet.character, sheet.system)
    assert (record.defense, record.defense_bonus) == (defense.base, defense.bonus_successes)
    assert record.defense == 3  # the lower of Dexterity 4 and Wits 3


def test_every_trait_the_sheet_editor_shows_is_a_field_of_the_record() -> None:
    assert set(DERIVED) <= set(KEYS)
