"""How much repeated work the tests do: the Hypothesis profile ``dev`` (default) or ``ci`` (the
``CI`` environment variable set, as .ci/run does), chosen in tests/conftest.py (issue 24 §5).

``ci`` runs every property and every simulation, with fewer examples and fewer seeded rolls:
derandomized (the same examples on every run, so a failure in CI is one a developer gets
again) and without a deadline (the machines of CI are shared and slow). ``dev`` keeps the
counts the tests were written with, randomized, so that a developer's runs keep exploring.
"""

from __future__ import annotations

import os

from hypothesis import settings

CI = os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no")
"""Whether the tests run in CI (``CI=1``, set by .ci/run and by most CI services)."""

PROFILE = "ci" if CI else "dev"

CI_SHARE = 0.2
"""What part of a property's examples and a simulation's rolls runs in CI."""

settings.register_profile("dev", print_blob=True)
settings.register_profile(
    "ci",
    max_examples=round(settings.default.max_examples * CI_SHARE),
    derandomize=True,
    deadline=None,
    print_blob=True,
)


def examples(count: int) -> int:
    """A property's ``max_examples``: ``count`` in ``dev``; in ``ci`` a fifth, at least 10."""
    return max(10, round(count * CI_SHARE)) if CI else count


def rolls(count: int) -> int:
    """How many seeded rolls a simulation makes: ``count`` in ``dev``, a fifth of it in ``ci``
    (its tolerance is in standard errors of that count, so it still checks the exact odds)."""
    return max(1_000, round(count * CI_SHARE)) if CI else count
