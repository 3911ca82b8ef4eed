"""Hypothesis strategies shared by the dice tests: IH check specs (RULES.md §1.1–1.4)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from engine.dice.ih import CheckSpec, Untrained

SYSTEMS = st.sampled_from(("ih-d10", "ih-d6"))
AGAINS = st.sampled_from((10, 9, 8))
LEVELS = st.sampled_from((1, 2, 3))


def check_specs(
    *, max_dp: int, untrained: st.SearchStrategy[Untrained | None], **more: st.SearchStrategy[Any]
) -> st.SearchStrategy[CheckSpec]:
    """Checks of either IH system from −3 to ``max_dp`` dice: any again and d6 level, bonus and
    penalty 0–4, no DC or 0–6; ``more`` draws further CheckSpec fields."""
    return st.builds(
        CheckSpec,
        system=SYSTEMS,
        dp=st.integers(-3, max_dp),
        again=AGAINS,
        level=LEVELS,
        bonus=st.integers(0, 4),
        penalty=st.integers(0, 4),
        untrained=untrained,
        dc=st.one_of(st.none(), st.integers(0, 6)),
        **more,
    )
