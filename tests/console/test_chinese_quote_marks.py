"""Each Chinese locale quotes as its readers do: Simplified with “”, Traditional with 「」 (six
Simplified refusals and log lines quoted 「惊吓」 among a hundred “…”)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

LOCALE = Path(__file__).resolve().parents[2] / "console" / "locale"


@pytest.mark.parametrize(("lang", "foreign"), [("zh", "「」"), ("zh-Hant", "“”")])
def test_a_chinese_locale_uses_its_own_quote_marks(lang: str, foreign: str) -> None:
    table = json.loads((LOCALE / f"{lang}.json").read_text(encoding="utf-8"))
    odd = sorted(key for key, text in table.items() if any(mark in text for mark in foreign))
    assert odd == []
