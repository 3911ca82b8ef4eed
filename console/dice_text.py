"""Plain text and JSON views of rolls and odds for ``st-console roll/odds`` (INTERFACE.md §1–2).

Results are data in the engine; this is the one place they become words. No Textual here: the
command line must start fast.
"""

from __future__ import annotations

from typing import Any

from engine.dice.ih import CheckResult, CheckSpec, is_success_face
from engine.dice.mist import MistRoll
from engine.dice.odds import CheckOdds, MistOdds

BAR_WIDTH = 40
SHOWN_TAIL = 5e-7
"""Odds tables stop once the rest of the distribution is below this."""
OUTCOME_WORDS = {
    "fail": "failure — a consequence follows",
    "mixed": "success with a consequence",
    "success": "full success",
}


def check_json(result: CheckResult) -> dict[str, Any]:
    """INTERFACE.md §2 ``roll`` (Infinite Horror), keys in the documented order."""
    return {
        "system": result.system,
        "dp": result.dp,
        "chance": result.chance,
        "faces": list(result.faces),
        "extra_dice": result.extra_dice,
        "rolled_successes": result.rolled_successes,
        "penalty": result.penalty,
        "bonus": result.bonus,
        "final_successes": result.final_successes,
        "dc": result.dc,
        "success": result.success,
        "margin": result.margin,
        "dramatic_failure": result.dramatic_failure,
        "auto_failure": result.auto_failure,
    }


def mist_json(roll: MistRoll) -> dict[str, Any]:
    """INTERFACE.md §2 ``roll`` (M.I.S.T.)."""
    return {
        "system": "mist",
        "power": roll.power,
        "d8": roll.d8,
        "d4s": list(roll.d4s),
        "total": roll.total,
        "outcome": str(roll.outcome),
    }


def check_odds_json(odds: CheckOdds) -> dict[str, Any]:
    """INTERFACE.md §2 ``odds`` (Infinite Horror): the distribution of final successes."""
    return {
        "system": odds.system,
        "dp": odds.dp,
        "distribution": {str(k): p for k, p in enumerate(odds.distribution)},
        "expected": odds.expected,
        "p_dramatic_failure": odds.p_dramatic_failure,
        "p_success": odds.p_success,
    }


def mist_odds_json(odds: MistOdds) -> dict[str, Any]:
    """INTERFACE.md §2 ``odds`` (M.I.S.T.): the distribution of totals and the three bands."""
    return {
        "system": "mist",
        "power": odds.power,
        "distribution": {str(total): p for total, p in odds.distribution},
        "p_fail": odds.p_fail,
        "p_mixed": odds.p_mixed,
        "p_success": odds.p_success,
    }


def describe_spec(spec: CheckSpec) -> str:
    """``ih-d10, DP 7, 9-again, bonus 1, willpower`` — what was asked for."""
    parts = [spec.system, f"DP {spec.pool}" + (" (chance roll)" if spec.chance else "")]
    if spec.system == "ih-d10":
        again = f"{spec.again}-again"
        if spec.chance and spec.chance_again != spec.again:
            again += " (not on a chance roll [I-7]: 10-again)"
        parts.append(again)
    else:
        parts.append(f"level {spec.level}")
    if spec.bonus:
        parts.append(f"bonus {spec.bonus}")
    if spec.penalty:
        parts.append(f"penalty {spec.penalty}")
    if spec.untrained is not None:
        parts.append(f"untrained ({spec.untrained})")
    if spec.willpower:
        parts.append("willpower +3 DP")
    return ", ".join(parts)


def _successes(count: int) -> str:
    return f"{count} success" if count == 1 else f"{count} successes"


def _faces_text(result: CheckResult) -> str:
    first = (1 if result.system == "ih-d10" else 2) if result.chance else result.dp
    marked = []
    for index, face in enumerate(result.faces):
        if result.chance and index < first:
            hit = face == (10 if result.system == "ih-d10" else 6)
            if result.system == "ih-d6":
                hit = hit and result.faces[0] == result.faces[1] == 6
        else:
            hit = is_success_face(result.system, face)
        marked.append(f"[{face}]" if hit else str(face))
    pool, extra = " ".join(marked[:first]), " ".join(marked[first:])
    return pool + (f"  + extra: {extra}" if extra else "")


def outcome_words(result: CheckResult) -> str:
    """``3 successes vs DC 3 — success by 0`` (or ``— failure by 2``; no DC: the count)."""
    head = _successes(result.final_successes)
    if result.dc is None or result.margin is None:
        return head
    if result.success:
        return f"{head} vs DC {result.dc} — success by {result.margin}"
    return f"{head} vs DC {result.dc} — failure by {max(-result.margin, 0)}"


def check_text(spec: CheckSpec, result: CheckResult) -> str:
    """A roll for people: the faces (successes in brackets, extra dice apart) and the outcome."""
    lines = [describe_spec(spec)]
    if result.auto_failure:
        lines.append("Mental skill at 0: no roll, the check fails automatically.")
    else:
        kind = "chance die" if result.system == "ih-d10" else "chance dice"
        label = kind if result.chance else "faces"
        lines.append(f"{label}: {_faces_text(result)}   ([n] = success)")
        steps = f"rolled {result.rolled_successes}"
        if result.penalty:
            steps += f" − penalty {result.penalty}"
        if result.bonus:
            effective = result.rolled_successes - result.penalty
            used = "" if effective > 0 else " (no effect: nothing left to add to)"
            steps += f" + bonus {result.bonus}{used}"
        lines.append(f"{steps} → final {result.final_successes}")
    if result.dramatic_failure:
        lines.append("DRAMATIC FAILURE")
    lines.append(outcome_words(result))
    return "\n".join(lines)


def mist_text(roll: MistRoll) -> str:
    """A M.I.S.T. roll for people: d8, d4s (highest in brackets), total and band."""
    highest = max(roll.d4s, default=None)
    d4s = []
    marked = False
    for face in roll.d4s:
        if face == highest and not marked:
            d4s.append(f"[{face}]")
            marked = True
        else:
            d4s.append(str(face))
    sign = "−" if roll.power < 0 else "+"
    dice = f"d8 {roll.d8}" + (f" {sign} highest d4 of {' '.join(d4s)}" if d4s else "")
    return "\n".join(
        [
            f"mist, power {roll.power}",
            f"{dice} = {roll.total}",
            f"total {roll.total}: {OUTCOME_WORDS[str(roll.outcome)]}",
        ]
    )


def _bar(p: float, scale: float) -> str:
    return "█" * round(BAR_WIDTH * p / scale) if scale > 0 else ""


def check_odds_text(spec: CheckSpec, odds: CheckOdds) -> str:
    """The odds table: P(final = k), P(final ≥ k), a bar; then expectation and P(≥ DC)."""
    lines = [f"{describe_spec(spec)} — exact odds of the final successes", ""]
    lines.append(f"{'final':>5}  {'P(= k)':>9}  {'P(≥ k)':>9}")
    scale = max(odds.distribution)
    tail = 1.0
    for k, p in enumerate(odds.distribution):
        if tail < SHOWN_TAIL:
            break
        lines.append(f"{k:>5}  {p:>9.4%}  {min(tail, 1.0):>9.4%}  {_bar(p, scale)}")
        tail -= p
    lines.append("")
    lines.append(f"expected final successes: {odds.expected:.4f}")
    if odds.p_dramatic_failure:
        lines.append(f"P(dramatic failure) = {odds.p_dramatic_failure:.6%}")
    if odds.dc is not None and odds.p_success is not None:
        lines.append(f"P(success vs DC {odds.dc}) = {odds.p_success:.12g} ({odds.p_success:.4%})")
    return "\n".join(lines)


def mist_odds_text(odds: MistOdds) -> str:
    """The odds table of a M.I.S.T. roll: each total, then the three bands."""
    lines = [f"mist, power {odds.power} — exact odds of the total", ""]
    lines.append(f"{'total':>5}  {'P':>9}")
    scale = max(p for _, p in odds.distribution)
    for total, p in odds.distribution:
        lines.append(f"{total:>5}  {p:>9.4%}  {_bar(p, scale)}")
    lines.append("")
    lines.append(f"P(≤ 5, failure) = {odds.p_fail:.4%}")
    lines.append(f"P(6–8, success with a consequence) = {odds.p_mixed:.4%}")
    lines.append(f"P(≥ 9, full success) = {odds.p_success:.4%}")
    return "\n".join(lines)
