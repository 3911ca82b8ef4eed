"""All text the console shows, made in one place (STYLE.md: results are data, text is made here).

Engine results arrive as data: check results with the keys of INTERFACE.md §2 as attributes, Mist
rolls, events. Nothing here touches the engine's state or the screen: each function takes values
and a :class:`~console.i18n.Translator` and returns Rich text.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields, is_dataclass
from datetime import timedelta
from typing import Any

from rich.text import Text

from console.i18n import Translator, pad

FULL, EMPTY = "█", "░"
SLOT_FREE, SLOT_USED = "■", "□"


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


def markers(t: Translator, combatant: Mapping[str, Any]) -> Text:
    """The status marks of one combatant in the initiative queue (RULES.md §3.3–§3.5)."""
    text = Text()
    for key, style in (
        ("hidden", "italic red"),
        ("unconscious", "bold red"),  # first: the mark that matters most (issue 15)
        ("kept_conscious", "yellow"),
        ("acted", "dim"),
        ("delaying", "cyan"),
        ("flat_footed", "magenta"),
        ("joining", "yellow"),
    ):
        if combatant.get(key):
            if text:
                text.append(" ")
            text.append(t(f"marker.{key}"), style=style)
    past = combatant.get("damage_past_zero")
    if past:  # [I-20]: damage past 0 is recorded; death is the Storyteller's call
        text.append(" " if text else "")
        text.append(t("marker.damage_past_zero", n=past), style="bold red")
    return text


def effects(t: Translator, items: Iterable[Mapping[str, Any]]) -> Text:
    """Lasting effects with their rounds left (RULES.md §3.1)."""
    text = Text()
    for item in items:
        if text:
            text.append(", ")
        text.append(str(item.get("label", "")), style="italic")
        left = t("effect.rounds-left", rounds=item.get("rounds_left", 0))
        text.append(left if t.is_chinese else " " + left, style="dim")  # 祝福（2 轮）
    return text


BUDGET_KINDS: tuple[str, ...] = ("swift", "move", "standard")


def budget_slots(t: Translator, budget: Mapping[str, int], owed_swift: int) -> list[Text]:
    """One line per kind of action: its name and a slot per use left (RULES.md §3.6).

    Free actions are unlimited; an owed swift (an off-turn reflex, RULES.md §3.7) is shown next to
    the swift slots it will take from the next turn.
    """
    lines: list[Text] = []
    free = Text(pad(t("action.free"), 10), style="bold")
    free.append("∞")
    lines.append(free)
    for kind in BUDGET_KINDS:
        left = int(budget.get(kind, 0))
        line = Text(pad(t(f"action.{kind}"), 10), style="bold")
        if left > 0:
            line.append(" ".join(SLOT_FREE for _ in range(left)), style="green")
        else:
            line.append(SLOT_USED, style="dim")
            line.append(" " + t("budget.spent"), style="dim")
        if kind == "swift" and owed_swift:
            line.append("  " + t("budget.owed-swift", count=owed_swift), style="yellow")
        lines.append(line)
    return lines


def substitution(t: Translator, kind: str, paid_by: str | None) -> Text | None:
    """ "move paid by standard": an action paid with a larger one (RULES.md §3.6)."""
    if not paid_by or paid_by == kind:
        return None
    return Text(
        t("budget.paid-by", kind=t(f"action.{kind}"), by=t(f"action.{paid_by}")), style="cyan"
    )


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


# -- attacks (RULES.md §3.9) ---------------------------------------------------------------------


def attack_details(t: Translator, event: Any) -> str:
    """What made the damage: rolled, cancelled by defense, penalty, attack bonus, chance roll."""
    parts = [t("attack.rolled", count=event.result.rolled_successes)]
    if event.cancelled:
        parts.append(t("attack.cancelled", count=event.cancelled))
    if event.penalty:
        parts.append(t("attack.penalty", count=event.penalty))
    if event.bonus_applied:
        parts.append(t("attack.bonus", count=event.bonus_applied))
        if getattr(event, "gained", 0):  # §3.8: gained mid-action (bonus-on-hit=)
            parts.append(t("attack.gained", count=event.gained))
    if event.result.chance:
        parts.append(t("attack.chance"))
    return t("word.clause-sep").join(parts)


def attack_sentence(t: Translator, event: Any) -> Text:
    """An attack's result in words (issue 15): "Ann hits Ghoul: 3 damage (…) — Ghoul 6/9"."""
    values = {
        "attacker": event.attacker,
        "target": event.target,
        "damage": event.damage,
        "final": event.final,
        "rolled": event.result.rolled_successes,
        "cancelled": event.cancelled,
        "penalty": event.penalty,
        "health": event.health,
        "health_max": event.health_max,
        "details": attack_details(t, event),
    }
    text = Text()
    if event.attacks > 1:
        text.append(t("attack.of", index=event.index, attacks=event.attacks), style="dim")
    if event.hit:
        key = "attack.hit-no-damage" if event.no_damage else "attack.hit"
        text.append(t(key, **values), style="bold green")
    else:
        text.append(t(f"attack.miss-{event.miss or 'no-successes'}", **values), style="bold red")
    if event.result.dramatic_failure:
        text.append(" — " + t("attack.dramatic"), style="bold red")
    return text


def attack_line(t: Translator, system: str, event: Any) -> Text:
    """An attack in the dice log: the pool after defense, the faces, the result in words."""
    text = Text()
    result = event.result
    dice = t("roll.chance") if result.chance else str(result.dp)
    text.append(
        t("attack.pool", pool=event.pool_before_defense, defense=event.defense, dice=dice),
        style="dim",
    )
    text.append(t.colon)
    text.append_text(faces(result.system or system, result))
    text.append(" → ")
    text.append_text(attack_sentence(t, event))
    return text


def _find_result(event: Any) -> tuple[str, Any] | None:
    """The check or Mist roll an event carries, and the kind, if any."""
    if hasattr(event, "d8") and hasattr(event, "d4s"):
        return "mist", event
    if hasattr(event, "faces") and hasattr(event, "final_successes"):
        return "check", event
    if is_dataclass(event):
        for field in fields(event):
            inner = getattr(event, field.name)
            if is_dataclass(inner) and not isinstance(inner, type):
                found = _find_result(inner)
                if found:
                    return found
    return None


def roll_event(t: Translator, system: str, event: Any) -> Text | None:
    """The dice-log line of an event that carries dice; ``None`` for other events."""
    rolled = tie_roll(t, event)
    if rolled is not None:
        return rolled
    if type(event).__name__ == "AttackRolled":
        return attack_line(t, system, event)
    from console.ih.sheet_text import roll_line

    own = roll_line(t, system, event)
    if own is not None:
        return own
    found = _find_result(event)
    if found is None:
        return None
    kind, result = found
    command = getattr(event, "command", None)
    who = getattr(command, "by", None) or getattr(event, "name", None)
    who = who if isinstance(who, str) else None
    if kind == "mist":
        line = mist_roll(t, result, who)
    else:
        result_system = getattr(result, "system", None) or getattr(event, "system", None)
        line = check(t, str(result_system or system), result, who)
    if getattr(command, "hidden", False):
        line = Text(t("roll.hidden") + " ", style="italic dim") + line
    return line


def tie_roll(t: Translator, event: Any) -> Text | None:
    """A tie's roll-off with its d10 faces (RULES.md §3.3): the dice log shows every die rolled
    (issue 18; a rolled initiative's line is :func:`console.ih.sheet_text.roll_line`'s)."""
    kind = type(event).__name__
    if kind == "TieRolledOff":
        line = Text(t("roll.tie-off", name=event.name, against=event.against) + " ", style="bold")
        line.append(" ".join(str(face) for face in event.faces), style="bold green")
        return line
    return None


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
