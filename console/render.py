"""The text pieces both families share (STYLE.md: results are data, text is made here).

Bars and meters, the title line, dice faces, a check's or a M.I.S.T. roll's line, odds. Engine
results arrive as data: check results with the keys of INTERFACE.md §2 as attributes, Mist rolls.
Nothing here touches the engine's state or the screen: each function takes values and a
:class:`~console.i18n.Translator` and returns Rich text. This module imports no room
(``console/ih/``, ``console/mist/``): the Infinite Horror's combat lines are in
:mod:`console.ih.combat_text`, and the dice-log line of any event in :mod:`console.roll_lines`.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

from rich.text import Text

from console.i18n import Translator

FULL, EMPTY = "█", "░"


def bar(current: int, maximum: int, width: int = 8, style: str = "green") -> Text:
    """A meter such as ``█████░░░ 5/8``; a value over the maximum fills the bar."""
    maximum = max(maximum, 1)
    filled = max(0, min(width, round(width * current / maximum)))
    text = Text()
    text.append(FULL * filled, style=style)
    text.append(EMPTY * (width - filled), style="dim")
    text.append(f" {current}/{maximum}")
    return text


def meter_style(current: int, maximum: int) -> str:
    """Green when healthy, yellow from half, red at a quarter or less (RULES.md §2.2 health)."""
    if maximum <= 0 or current * 4 <= maximum:
        return "red"
    if current * 2 <= maximum:
        return "yellow"
    return "green"


def elapsed_in_fight(round_number: int) -> str:
    """Time passed in the fiction: 6 seconds per finished round (RULES.md §3.1)."""
    seconds = max(0, round_number - 1) * 6
    return f"{seconds // 60}:{seconds % 60:02d}"


def clock(delta: timedelta) -> str:
    """A session clock, ``h:mm:ss``."""
    total = max(0, int(delta.total_seconds()))
    return f"{total // 3600}:{total % 3600 // 60:02d}:{total % 60:02d}"


def title(
    t: Translator,
    *,
    campaign: str,
    scene: str,
    round_number: int | None,
    session: timedelta,
    autosave: str,
    read_only: bool,
    viewers: int = 0,
    surprise: str | None = None,
) -> str:
    """The title bar: campaign, scene, round, time in the fight and at the table, save state,
    and a marker when a players' view follows (kept with the save state at any width).

    ``surprise`` is ``"running"`` in the surprise round and ``"over"`` at the pause after it
    (RULES.md §3.2): the title says so where the round would be.
    """
    parts = [campaign or t("title.no-campaign"), scene]
    if surprise is not None:
        parts.append(t(f"title.surprise-{surprise}"))
    elif round_number is not None:
        parts.append(t("title.round", round=round_number, time=elapsed_in_fight(round_number)))
    parts.append(t("title.session", time=clock(session)))
    state = t("title.read-only") if read_only else t(f"autosave.{autosave}")
    if viewers:
        state += "  " + t("title.viewers", count=viewers)
    parts.append(state)
    return " · ".join(parts)


# -- dice ---------------------------------------------------------------------------------------


def _success_face(system: str, face: int) -> bool:
    return face >= 8 if system == "ih-d10" else face >= 5


def faces(system: str, result: Any) -> Text:
    """Every die in the order rolled; successes bold, extra dice after a ``+`` (INTERFACE.md §2).

    For a chance roll (RULES.md §1.3) the chance dice succeed only on 10 (d10) or double 6 (d6).
    """
    values: tuple[int, ...] = tuple(getattr(result, "faces", ()))
    chance = bool(getattr(result, "chance", False))
    extra = int(getattr(result, "extra_dice", 0) or 0)
    first = len(values) - extra
    text = Text()
    for index, face in enumerate(values):
        if index:
            text.append(" + " if index == first else " ")
        if chance and index < first:
            good = face == 10 if system == "ih-d10" else all(v == 6 for v in values[:first])
            bad = face == 1
        else:
            good, bad = _success_face(system, face), False
        style = "bold green" if good else ("bold red" if bad else "dim")
        text.append(str(face), style=style)
    return text


def check_outcome(t: Translator, result: Any) -> Text:
    """The result of a check in words (RULES.md §1.1, §1.3, §1.4)."""
    if getattr(result, "auto_failure", False):
        return Text(t("roll.auto-failure"), style="bold red")
    if getattr(result, "dramatic_failure", False):
        return Text(t("roll.dramatic-failure"), style="bold red")
    final = int(getattr(result, "final_successes", 0))
    words = Text(
        t("roll.successes-one" if final == 1 else "roll.successes", count=final), style="bold"
    )
    success = getattr(result, "success", None)
    if success is not None:
        margin = getattr(result, "margin", 0)
        words.append(" — ")
        if success:
            words.append(t("roll.success-margin", margin=margin), style="bold green")
        else:
            words.append(t("roll.failure-margin", margin=margin), style="bold red")
    elif final == 0:
        words.append(" — ")
        words.append(t("roll.failure"), style="bold red")
    return words


def check(t: Translator, system: str, result: Any, who: str | None = None) -> Text:
    """One check in the dice log: who, the pool, the faces and the outcome."""
    text = Text()
    if who:
        text.append(who + " ", style="bold")
    dp = getattr(result, "dp", 0)
    text.append(t("roll.chance") if getattr(result, "chance", False) else t("roll.dp", dp=dp))
    text.append(t.colon)
    text.append_text(faces(system, result))
    adjust = []
    if getattr(result, "penalty", 0):
        adjust.append(t("roll.penalty", count=result.penalty))
    if getattr(result, "bonus", 0):
        adjust.append(t("roll.bonus", count=result.bonus))
    if adjust:
        text.append("  " + t("word.parenthesised", text=t("word.list-sep").join(adjust)), "dim")
    text.append(" → ")
    text.append_text(check_outcome(t, result))
    return text


def mist_roll(t: Translator, roll: Any, who: str | None = None) -> Text:
    """A M.I.S.T. action roll: d8 + highest d4, total and band (RULES.md §4.2)."""
    text = Text()
    if who:
        text.append(who + " ", style="bold")
    text.append(t("roll.power", power=roll.power) + t.colon)
    text.append(f"d8 {roll.d8}", style="bold")
    if roll.d4s:
        text.append(" d4 " + " ".join(str(v) for v in roll.d4s))
    text.append(f" = {roll.total} → ")
    style = {"fail": "bold red", "mixed": "bold yellow", "success": "bold green"}[str(roll.outcome)]
    text.append(t(f"mist.outcome.{roll.outcome}"), style=style)
    return text


# -- odds ---------------------------------------------------------------------------------------


def percent(p: float | None) -> str:
    """A probability as a percentage with one decimal, ``—`` when there is none."""
    return "—" if p is None else f"{100 * p:.1f}%"


def distribution_rows(
    distribution: Mapping[int, float], width: int = 40
) -> list[tuple[str, Text, str]]:
    """Rows of a horizontal bar chart: value label, bar, percentage."""
    if not distribution:
        return []
    peak = max(distribution.values()) or 1.0
    rows: list[tuple[str, Text, str]] = []
    for value in sorted(distribution):
        p = distribution[value]
        length = p / peak * width
        whole = int(length)
        part = "▏▎▍▌▋▊▉"[int((length - whole) * 7)] if length - whole >= 1 / 7 else ""
        rows.append((str(value), Text("█" * whole + part, style="cyan"), percent(p)))
    return rows
