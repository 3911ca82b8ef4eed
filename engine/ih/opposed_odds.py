"""Exact odds of an opposed check (RULES.md §3.10, [I-15]): two independent distributions of
final successes combined pair by pair, the win judged by :func:`engine.ih.checks.opposed_success`
(the one home of the rule), so the odds and the roll cannot disagree.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.ih.checks import opposed_success
from engine.settings import DEFAULT, Interpretations


@dataclass(frozen=True, slots=True)
class OpposedOdds:
    """P(the roller wins), P(both sides' finals are equal) and P(the roller has fewer).

    ``p_win`` is the chance the check succeeds as the engine judges it (ties included when
    [I-15] gives them to the side that acts); ``p_tie`` counts every tie, ``p_tie_zero`` the ties
    at 0 successes (a failed check never wins); ``p_lose = 1 − p_win``.
    ``ties_to_defender`` is the scene's [I-15].
    """

    p_win: float
    p_tie: float
    p_tie_zero: float
    p_lose: float
    p_more: float
    p_fewer: float
    ties_to_defender: bool


def opposed_odds(
    mine: tuple[float, ...], theirs: tuple[float, ...], settings: Interpretations = DEFAULT
) -> OpposedOdds:
    """Combine P(roller's final = k) and P(opponent's final = j) into an opposed check's odds."""
    win: list[float] = []
    tie: list[float] = []
    more: list[float] = []
    fewer: list[float] = []
    for k, p in enumerate(mine):
        if p == 0.0:
            continue
        for j, q in enumerate(theirs):
            pq = p * q
            if opposed_success(k, j, settings):
                win.append(pq)
            if k == j:
                tie.append(pq)
            elif k > j:
                more.append(pq)
            else:
                fewer.append(pq)
    p_win = math.fsum(win)
    return OpposedOdds(
        p_win=p_win,
        p_tie=math.fsum(tie),
        p_tie_zero=mine[0] * theirs[0] if mine and theirs else 0.0,
        p_lose=1.0 - p_win,
        p_more=math.fsum(more),
        p_fewer=math.fsum(fewer),
        ties_to_defender=settings.opposed_tie_goes_to_defender,
    )
