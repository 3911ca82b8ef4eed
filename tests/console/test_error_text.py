"""Refusals are data rendered in the table's language (STYLE.md; issue 18 §1)."""

from __future__ import annotations

import ast
import json
import pickle
import re
from pathlib import Path

import pytest

from console.i18n import LANGUAGES, error_text
from engine.errors import RuleError

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "console" / "locale"
CODE = re.compile(r"[a-z0-9][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+")
CODE_IN_SOURCE = re.compile(
    r"(?:RuleError\(\s*|\bcode=|\.of\(\s*(?:[\w.]+(?:\s*/\s*[\w.]+)?,\s*)?)"
    r"\"([a-z0-9][a-z0-9-]*(?:\.[a-z0-9][a-z0-9-]*)+)\""
)  # a RuleError's code, a SaveError's ``code=`` or ``SaveError.of(code, …)`` (BadFile.of(path,
# code, …)): saves/errors.py


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


def _rule_error_calls() -> list[tuple[str, int, ast.Call]]:
    calls = []
    for folder in ("engine", "saves", "console"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if path == ROOT / "engine" / "errors.py":  # the class itself (unpickling)
                continue
            tree = ast.parse(path.read_text("utf-8"))
            for node in ast.walk(tree):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id == "RuleError"
                ):
                    calls.append((f"{path.relative_to(ROOT)}", node.lineno, node))
    return calls


def test_no_plain_sentence_refusals_are_left() -> None:
    """Every RuleError in engine/, saves/ and console/ is a code (the "text" fallback is for
    nobody now): its words live in the locale files, in three languages."""
    plain = [
        f"{where}:{line}"
        for where, line, call in _rule_error_calls()
        if not (
            call.args
            and isinstance(call.args[0], ast.Constant)
            and isinstance(call.args[0].value, str)
            and CODE.fullmatch(call.args[0].value)
        )
    ]
    assert plain == []


FIELD = re.compile(r"(?<!\{)\{(\w+)")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_template_field_is_a_parameter_given(lang: str) -> None:
    """A template asking for ``{name}`` where the code is raised without ``name=`` would show
    its own text unfilled; ``*_key`` parameters fill the field without ``_key``."""
    table = json.loads((LOCALE / f"{lang}.json").read_text("utf-8"))
    calls = [
        (where, line, call)
        for where, line, call in _rule_error_calls()
        if call.args and isinstance(call.args[0], ast.Constant)
    ]
    # A code raised once and raised again with more (``RuleError(code, target=…, **error.params)``)
    # is given the fields of every site that raises it.
    reraised = {
        call.args[0].value  # type: ignore[attr-defined]
        for _, _, call in calls
        if any(k.arg is None for k in call.keywords)
    }
    widened: dict[str, set[str]] = {}
    for _, _, call in calls:
        code = call.args[0].value  # type: ignore[attr-defined]
        if code in reraised:
            widened.setdefault(code, set()).update(k.arg for k in call.keywords if k.arg)
    wrong = []
    for where, line, call in calls:
        code = call.args[0].value  # type: ignore[attr-defined]
        if any(k.arg is None for k in call.keywords):
            continue
        template = table.get(f"error.{code}", "")
        given = {k.arg.removesuffix("_key") for k in call.keywords if k.arg is not None}
        given |= widened.get(code, set())
        missing = set(FIELD.findall(template)) - given
        if missing:
            wrong.append(f"{where}:{line} {call.args[0].value} lacks {sorted(missing)}")
    assert wrong == []


@pytest.mark.parametrize("lang", ("zh", "zh-Hant"))
def test_chinese_templates_are_written_not_copied(lang: str) -> None:
    """Every refusal has its own Chinese wording (not the English fallen through)."""
    english = json.loads((LOCALE / "en.json").read_text("utf-8"))
    table = json.loads((LOCALE / f"{lang}.json").read_text("utf-8"))
    copied = sorted(
        key
        for key, text in english.items()
        if key.startswith("error.") and table.get(key) == text and re.search("[a-z]{4}", text)
    )
    assert copied == []


def test_every_error_template_is_raised_somewhere() -> None:
    """A code no longer raised leaves no stale wording behind in the locale files."""
    table = json.loads((LOCALE / "en.json").read_text("utf-8"))
    raised = _codes_raised()
    stale = sorted(k for k in table if k.startswith("error.") and k[len("error.") :] not in raised)
    assert stale == []
