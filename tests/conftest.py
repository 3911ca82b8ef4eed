"""Every test runs in an English locale, whatever the machine's (console/language.py reads it).

Refusals are codes; their English sentences come from the console's text table, which
``console.i18n`` installs as the renderer of ``RuleError`` (engine/errors.py). It is installed here
for the engine's tests too, so ``pytest.raises(RuleError, match="…")`` reads the sentence a
Storyteller reads.

The Hypothesis profile (``dev``, or ``ci`` when the ``CI`` variable is set) is loaded here; it and
the example and roll counts of the slow checks are in tests/budget.py.
"""

from __future__ import annotations

import pytest
from budget import PROFILE
from hypothesis import settings

import console.i18n  # noqa: F401  (installs the renderer of refusals)

settings.load_profile(PROFILE)


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
