"""Every test runs in an English locale, whatever the machine's (console/language.py reads it).

Refusals are codes; their English sentences come from the console's text table, which
``console.i18n`` installs as the renderer of ``RuleError`` (engine/errors.py). It is installed here
for the engine's tests too, so ``pytest.raises(RuleError, match="…")`` reads the sentence a
Storyteller reads.

The Hypothesis profile (``dev``, or ``ci`` when the ``CI`` variable is set) is loaded here; it and
the example and roll counts of the slow checks are in tests/budget.py.

The garbage collector looks less often than Python's default (700, 10, 10): each console test
keeps an app of a hundred thousand objects alive while it runs, and at the default the collector
went through all of them every few hundred allocations — measured, a third of the console tests'
CPU (issue 24 §5). Garbage is still collected; refcounting frees most of it at once anyway.
"""

from __future__ import annotations

import gc

import pytest
from budget import PROFILE
from hypothesis import settings

import console.i18n  # noqa: F401  (installs the renderer of refusals)

settings.load_profile(PROFILE)

GC_THRESHOLDS = (5_000, 20, 20)
"""Allocations before a young collection; young collections before an older one, twice."""

gc.set_threshold(*GC_THRESHOLDS)


@pytest.fixture(autouse=True)
def english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
