"""Each key of a locale file is written once: ``json`` keeps the last of two silently, so a key
two people added at once (a merge) would hide which words the console shows."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

LOCALES = Path(__file__).resolve().parents[2] / "console" / "locale"


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
def test_no_key_is_written_twice(lang: str) -> None:
    pairs = json.loads(
        (LOCALES / f"{lang}.json").read_text(encoding="utf-8"), object_pairs_hook=list
    )
    twice = [key for key, count in Counter(key for key, _ in pairs).items() if count > 1]
    assert twice == []
