"""Refusals are data rendered in the table's language (STYLE.md; issue 18 §1)."""

from __future__ import annotations

import json
import pickle
import re
from pathlib import Path

import pytest

from console.i18n import LANGUAGES, error_text
from engine.errors import RuleError

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "console" / "locale"
CODE_IN_SOURCE = re.compile(r"RuleError\(\s*\"([a-z0-9][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)+)\"")


def _codes_raised() -> set[str]:
    codes: set[str] = set()
    for folder in ("engine", "saves", "console"):
        for path in (ROOT / folder).rglob("*.py"):
            codes.update(CODE_IN_SOURCE.findall(path.read_text("utf-8")))
    return codes


def test_a_code_and_its_parameters_are_kept() -> None:
    error = RuleError("ih.turn.not-yours", name="Bob", current="小夜")
    assert error.code == "ih.turn.not-yours"
    assert dict(error.params) == {"name": "Bob", "current": "小夜"}
    copy = pickle.loads(pickle.dumps(error))
    assert (copy.code, dict(copy.params)) == (error.code, dict(error.params))


def test_a_plain_sentence_is_still_a_message() -> None:
    error = RuleError("Damage cannot be negative.")
    assert error.code == "text"
    assert str(error) == "Damage cannot be negative."
    assert error_text(error, "zh") == "Damage cannot be negative."


def test_an_unknown_code_reads_as_its_code_and_values() -> None:
    assert error_text(RuleError("no.such-code", n=3), "zh") == "no.such-code n=3"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_the_code_raises_has_a_template(lang: str) -> None:
    table = json.loads((LOCALE / f"{lang}.json").read_text("utf-8"))
    missing = sorted(code for code in _codes_raised() if f"error.{code}" not in table)
    assert missing == []
