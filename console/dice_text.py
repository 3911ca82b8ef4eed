"""Plain text and JSON views of rolls and odds for ``st-console roll/odds`` (INTERFACE.md §1–2).

Results are data in the engine; this is the one place they become words, in the language of
``--lang`` (``dice.*`` labels of console/locale; JSON stays English). No Textual here: the
command line must start fast.
"""

from __future__ import annotations

from typing import Any

from console.i18n import Translator
from engine.dice.ih import CheckResult, CheckSpec, is_success_face
from engine.dice.mist import MistRoll
from engine.dice.odds import CheckOdds, MistOdds

BAR_WIDTH = 40
SHOWN_TAIL = 5e-7
"""Odds tables stop once the rest of the distribution is below this."""
ENGLISH = Translator("en")


def _fields(data: object, *names: str) -> dict[str, Any]:
    """``{name: data.name}`` for ``names``, in that order (the JSON keys' documented order)."""
    return {name: getattr(data, name) for name in names}


def check_json(result: CheckResult) -> dict[str, Any]:
    """INTERFACE.md §2 ``roll`` (Infinite Horror), keys in the documented order."""
    return {
        **_fields(result, "system", "dp", "chance"),
        "faces": list(result.faces),
        **_fields(result, "extra_dice", "rolled_successes", "penalty", "bonus"),
        **_fields(result, "final_successes", "dc", "success", "margin"),
        **_fields(result, "dramatic_failure", "auto_failure"),
    }


def mist_json(roll: MistRoll) -> dict[str, Any]:
    """INTERFACE.md §2 ``roll`` (M.I.S.T.)."""
    return {
        "system": "mist",
        **_fields(roll, "power", "d8"),
        "d4s": list(roll.d4s),
        "total": roll.total,
        "outcome": str(roll.outcome),
    }


def check_odds_json(odds: CheckOdds) -> dict[str, Any]:
    """INTERFACE.md §2 ``odds`` (Infinite Horror): the distribution of final successes."""
    distribution = {str(k): p for k, p in enumerate(odds.distribution)}
    return {
        **_fields(odds, "system", "dp"),
        "distribution": distribution,
        **_fields(odds, "expected", "p_dramatic_failure", "p_success"),
    }


def mist_odds_json(odds: MistOdds) -> dict[str, Any]:
    """INTERFACE.md §2 ``odds`` (M.I.S.T.): the distribution of totals and the three bands."""
    distribution = {str(total): p for total, p in odds.distribution}
    return {
        "system": "mist",
        "power": odds.power,
        "distribution": distribution,
        **_fields(odds, "p_fail", "p_mixed", "p_success"),
    }


def describe_spec(spec: CheckSpec, t: Translator = ENGLISH) -> str:
    """``ih-d10, DP 7, 9-again, bonus 1, willpower`` — what was asked for."""
    parts = [
        spec.system,
        t("dice.dp", dp=spec.pool) + (t("dice.chance-roll") if spec.chance else ""),
    ]
    if spec.system == "ih-d10":
        again = t("roll.again", n=spec.again)
        if spec.chance and spec.chance_again != spec.again:
            again += t("dice.chance-again-note")
        parts.append(again)
    else:
        parts.append(t("dice.level", level=spec.level))
    if spec.bonus:
        parts.append(t("dice.bonus", n=spec.bonus))
    if spec.penalty:
        parts.append(t("dice.penalty", n=spec.penalty))
    if spec.untrained is not None:
        parts.append(t(f"dice.untrained.{getattr(spec.untrained, 'value', spec.untrained)}"))
    if spec.willpower:
        parts.append(t("dice.willpower"))
    return t("dice.list-separator").join(parts)


def _successes(count: int, t: Translator) -> str:
    return t("dice.successes.one" if count == 1 else "dice.successes.other", n=count)


def _faces_text(result: CheckResult, t: Translator) -> str:
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
    return pool + (t("dice.extra", faces=extra) if extra else "")


def outcome_words(result: CheckResult, t: Translator = ENGLISH) -> str:
    """``3 successes vs DC 3 — success by 0`` (or ``— failure by 2``; no DC: the count)."""
    head = _successes(result.final_successes, t)
    if result.dc is None or result.margin is None:
        return head
    if result.success:
        return t("dice.vs-dc-success", head=head, dc=result.dc, margin=result.margin)
    return t("dice.vs-dc-failure", head=head, dc=result.dc, margin=max(-result.margin, 0))


def check_text(spec: CheckSpec, result: CheckResult, t: Translator = ENGLISH) -> str:
    """A roll for people: the faces (successes in brackets, extra dice apart) and the outcome."""
    lines = [describe_spec(spec, t)]
    if result.auto_failure:
        lines.append(t("dice.auto-failure"))
    else:
        chance = "dice.chance-die" if result.system == "ih-d10" else "dice.chance-dice"
        label = t(chance) if result.chance else t("dice.faces")
        lines.append(t("dice.faces-line", label=label, faces=_faces_text(result, t)))
        steps = t("dice.rolled", n=result.rolled_successes)
        if result.penalty:
            steps += t("dice.minus-penalty", n=result.penalty)
        if result.bonus:
            effective = result.rolled_successes - result.penalty
            used = "" if effective > 0 else t("dice.bonus-no-effect")
            steps += t("dice.plus-bonus", n=result.bonus) + used
        lines.append(t("dice.final", steps=steps, n=result.final_successes))
    if result.dramatic_failure:
        lines.append(t("dice.dramatic-failure"))
    lines.append(outcome_words(result, t))
    return "\n".join(lines)


def mist_text(roll: MistRoll, t: Translator = ENGLISH) -> str:
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
    dice = f"d8 {roll.d8}" + (t("dice.highest-d4", sign=sign, faces=" ".join(d4s)) if d4s else "")
    return "\n".join(
        [
            t("dice.mist-power", power=roll.power),
            f"{dice} = {roll.total}",
            t("dice.mist-total", total=roll.total, band=t(f"dice.band.{roll.outcome}")),
        ]
    )


def _bar(p: float, scale: float) -> str:
    return "█" * round(BAR_WIDTH * p / scale) if scale > 0 else ""


def check_odds_text(spec: CheckSpec, odds: CheckOdds, t: Translator = ENGLISH) -> str:
    """The odds table: P(final = k), P(final ≥ k), a bar; then expectation and P(≥ DC)."""
    lines = [t("dice.odds-title", spec=describe_spec(spec, t)), ""]
    lines.append(f"{t('dice.final-column'):>5}  {'P(= k)':>9}  {'P(≥ k)':>9}")
    scale = max(odds.distribution)
    tail = 1.0
    for k, p in enumerate(odds.distribution):
        if tail < SHOWN_TAIL:
            break
        lines.append(f"{k:>5}  {p:>9.4%}  {min(tail, 1.0):>9.4%}  {_bar(p, scale)}")
        tail -= p
    lines.append("")
    lines.append(t("dice.expected", value=f"{odds.expected:.4f}"))
    if odds.p_dramatic_failure:
        lines.append(t("dice.p-dramatic", value=f"{odds.p_dramatic_failure:.6%}"))
    if odds.dc is not None and odds.p_success is not None:
        lines.append(
            t(
                "dice.p-success",
                dc=odds.dc,
                exact=f"{odds.p_success:.12g}",
                percent=f"{odds.p_success:.4%}",
            )
        )
    return "\n".join(lines)


def mist_odds_text(odds: MistOdds, t: Translator = ENGLISH) -> str:
    """The odds table of a M.I.S.T. roll: each total, then the three bands."""
    lines = [t("dice.mist-odds-title", power=odds.power), ""]
    lines.append(f"{t('dice.total-column'):>5}  {'P':>9}")
    scale = max(p for _, p in odds.distribution)
    for total, p in odds.distribution:
        lines.append(f"{total:>5}  {p:>9.4%}  {_bar(p, scale)}")
    lines.append("")
    lines.append(t("dice.p-fail", value=f"{odds.p_fail:.4%}"))
    lines.append(t("dice.p-mixed", value=f"{odds.p_mixed:.4%}"))
    lines.append(t("dice.p-full", value=f"{odds.p_success:.4%}"))
    return "\n".join(lines)
