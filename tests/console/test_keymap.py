"""No two actions of one screen share a key (a key bound twice runs only one of them)."""

from __future__ import annotations

import pytest

from console.keymap import APP_KEYS, BUILDER_KEYS, COMBAT_KEYS, LIST_KEYS, MIST_KEYS, KeySpec


@pytest.mark.parametrize(
    ("screen", "keys"),
    [("combat", APP_KEYS + COMBAT_KEYS + LIST_KEYS), ("mist", APP_KEYS + MIST_KEYS),
     ("builder", BUILDER_KEYS)],
)  # fmt: skip
def test_each_key_of_a_screen_runs_one_action(screen: str, keys: tuple[KeySpec, ...]) -> None:
    seen: dict[str, str] = {}
    clashes = []
    for spec in keys:
        for key in spec.key.split(","):
            if key in seen and seen[key] != spec.id:
                clashes.append((key, seen[key], spec.id))
            seen[key] = spec.id
    assert clashes == []
