"""A refusal of a number that is not whole names the number in the table's language: every
phrase the engine names one by (``parse_int(…, "The complexity")``) has its Chinese words
(complexity 零 said "The complexity 必须是整数")."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from console.i18n import error_text
from engine import session
from engine.errors import RuleError

ROOT = Path(__file__).resolve().parents[2]
PHRASE = re.compile(r'parse_int\((?:[^()]|\([^()]*\))*, "([A-Z][^" ]* [^"]*)"\)')


def _phrases() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "engine").rglob("*.py"):
        found.update(PHRASE.findall(path.read_text(encoding="utf-8")))
    return found


@pytest.mark.parametrize("lang", ["zh", "zh-Hant"])
def test_every_named_number_has_its_chinese_words(lang: str) -> None:
    table = json.loads((ROOT / "console" / "locale" / f"{lang}.json").read_text("utf-8"))
    phrases = _phrases()
    assert {"The complexity", "The tier", "A limit"} <= phrases
    assert sorted(p for p in phrases if f"what.{p}" not in table) == []


@pytest.mark.parametrize(("lang", "said"), [("zh", "复杂等级 必须是整数"), ("zh-Hant", "複雜等級")])
def test_complexity_not_a_number_is_refused_in_chinese(lang: str, said: str) -> None:
    scene = session.new_scene("Case", "mist", 1)
    with pytest.raises(RuleError) as refused:
        session.execute_text(scene, "complexity 零")
    message = error_text(refused.value, lang)
    assert said in message and "The complexity" not in message
