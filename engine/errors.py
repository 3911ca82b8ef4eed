"""The one error the engine raises for a move the rules (or the input) forbid.

A refusal is **data**: a dotted ``code`` (``"ih.delay.raises-score"``) and its ``params``
(names, numbers, the rule's section). The words are made in one place, per language, by the
console's text registry (``console/i18n.py``: the ``error.<code>`` entries of
``console/locale/<lang>.json``), as STYLE.md asks ("a RuleError is a code and its parameters").

The engine holds no text of its own. ``str(error)`` asks the renderer the console installs at
import (:func:`set_renderer`) for English, so the CLI, logs and tests read a sentence; with no
renderer installed (the engine used on its own) it reads ``code key=value …``.

A message written as a plain sentence (``RuleError("Damage cannot be negative.")``) is the old
form: its code is ``"text"`` and its one parameter is that sentence, shown as it is in every
language. Nothing in engine/, saves/ or console/ raises one any more, and a test keeps it so
(tests/console/test_error_text.py::test_no_plain_sentence_refusals_are_left); the form stays
only so that an old pickled error still loads.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

_CODE = re.compile(r"[a-z0-9][a-z0-9-]*(\.[a-z0-9][a-z0-9-]*)+")
"""A code: two or more dotted lower-case words (``mist.status.not-held``)."""

Renderer = Callable[["RuleError", str], str]
_renderer: Renderer | None = None


def set_renderer(renderer: Renderer | None) -> None:
    """Install the function that turns an error into words in a language (the console's)."""
    global _renderer
    _renderer = renderer


class RuleError(Exception):
    """A command was refused: a code and its parameters, rendered for the Storyteller.

    The state it was applied to is left exactly as it was (STYLE.md: apply succeeds fully or
    raises).
    """

    def __init__(self, code: str, /, **params: Any) -> None:
        if not params and not _CODE.fullmatch(code):
            params = {"text": code}
            code = "text"
        super().__init__(code)
        self.code = code
        self.params: Mapping[str, Any] = params

    def render(self, lang: str = "en") -> str:
        """The message in ``lang`` (English when no renderer is installed)."""
        if self.code == "text":
            return str(self.params["text"])
        if _renderer is not None:
            return _renderer(self, lang)
        details = " ".join(f"{key}={value!r}" for key, value in self.params.items())
        return f"{self.code} {details}".strip()

    @property
    def message(self) -> str:
        """The message in English (the CLI's language unless ``--lang`` says otherwise)."""
        return self.render("en")

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.code, dict(self.params)))


def _rebuild(code: str, params: dict[str, Any]) -> RuleError:
    return RuleError(code, **params)
