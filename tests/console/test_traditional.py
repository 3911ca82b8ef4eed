"""zh-Hant is written in Traditional characters throughout (issue 18 §1).

Every string of ``console/locale/zh-Hant.json`` is run through OpenCC's Simplified→Traditional
conversion (``opencc-python-reimplemented``, phrase tables included, so 防御 → 防禦 is caught
although 御 alone is also a Traditional character): a string it would change still has a
Simplified form in it. OpenCC also turns a few characters Taiwan writes as they are into
rarer variants (台 → 檯 in 控制台, 才 → 纔, 秘 → 祕 in RULES.md's 隱秘): those pairs are accepted.
"""

from __future__ import annotations

import json
from pathlib import Path

import opencc

ROOT = Path(__file__).resolve().parents[2]
ACCEPTED_VARIANTS: dict[str, str] = {"檯": "台", "纔": "才", "祕": "秘"}
"""OpenCC's output → the form Traditional text (Taiwan's standard) writes."""
NAMED_IN_ITS_OWN_SCRIPT = frozenset({"keys.app.language"})
"""Labels that name Simplified Chinese in its own script (the language switch's list)."""


def _simplified_left(text: str, converter: object) -> list[tuple[str, str]]:
    converted = converter.convert(text)  # type: ignore[attr-defined]
    for variant, usual in ACCEPTED_VARIANTS.items():
        converted = converted.replace(variant, usual)
    return [(a, b) for a, b in zip(text, converted, strict=False) if a != b]


def test_every_zh_hant_string_is_traditional() -> None:
    converter = opencc.OpenCC("s2t")
    table = json.loads((ROOT / "console" / "locale" / "zh-Hant.json").read_text("utf-8"))
    found = {
        key: left
        for key, text in table.items()
        if key not in NAMED_IN_ITS_OWN_SCRIPT and (left := _simplified_left(text, converter))
    }
    assert found == {}


def test_the_check_catches_a_simplified_form() -> None:
    converter = opencc.OpenCC("s2t")
    assert _simplified_left("基本防御", converter) == [("御", "禦")]
    assert _simplified_left("控制台才有", converter) == []
