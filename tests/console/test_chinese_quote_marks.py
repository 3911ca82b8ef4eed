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


@pytest.mark.parametrize(
    ("lang", "rules_word", "other"), [("zh", "演变", "进化"), ("zh-Hant", "演變", "進化")]
)
def test_evolution_is_called_as_the_rules_call_it(lang: str, rules_word: str, other: str) -> None:
    """RULES.md §4.8 names Evolution 演变; the campaign list and the scene-end question said
    进化 beside 演变 in the same report."""
    table = json.loads((LOCALE / f"{lang}.json").read_text(encoding="utf-8"))
    assert [key for key, text in table.items() if other in text] == []
    assert "{evolution}" in table["campaign.mist-line"]
    assert rules_word in table["campaign.mist-line"]
