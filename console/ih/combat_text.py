"""The Infinite Horror's combat in words (RULES.md §3): a combatant's marks and effects, the
action budget, attacks and tie roll-offs.

Shared pieces (bars, dice faces, a check's outcome) come from :mod:`console.render`; nothing
here is drawn for M.I.S.T.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Protocol

from rich.text import Text

from console.i18n import Translator, pad
from console.ih.view import Marks
from console.render import faces
from engine.ih.events import TieRolledOff

SLOT_FREE, SLOT_USED = "■", "□"


def markers(t: Translator, marks: Marks) -> Text:
    """The status marks of one combatant in the initiative queue (RULES.md §3.3–§3.5)."""
    text = Text()
    for key, shown, style in (
        ("hidden", marks.hidden, "italic red"),
        # unconscious before the turn marks: the mark that matters most (issue 15)
        ("unconscious", marks.unconscious, "bold red"),
        ("kept_conscious", marks.kept_conscious, "yellow"),
        ("acted", marks.acted, "dim"),
        ("delaying", marks.delaying, "cyan"),
        ("flat_footed", marks.flat_footed, "magenta"),
        ("joining", marks.joining, "yellow"),
    ):
        if shown:
            if text:
                text.append(" ")
            text.append(t(f"marker.{key}"), style=style)
    past = marks.damage_past_zero
    if past:  # [I-20]: damage past 0 is recorded; death is the Storyteller's call
        text.append(" " if text else "")
        text.append(t("marker.damage_past_zero", n=past), style="bold red")
    return text


class Lasting(Protocol):
    """A lasting effect as the screen's view or the engine's record holds it."""

    @property
    def label(self) -> str: ...

    @property
    def rounds_left(self) -> int: ...


def effects(t: Translator, items: Iterable[Lasting], separator: str = ", ") -> Text:
    """Lasting effects with their rounds left (RULES.md §3.1): the ST's queue and the players'
    view."""
    text = Text()
    for item in items:
        if text:
            text.append(separator)
        text.append(item.label, style="italic")
        left = t("effect.rounds-left", rounds=item.rounds_left)
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
            if not (kind == "swift" and owed_swift):  # the owed note says why: it fits 80×24
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


def tie_roll(t: Translator, event: Any) -> Text | None:
    """A tie's roll-off with its d10 faces (RULES.md §3.3): the dice log shows every die rolled
    (issue 18; a rolled initiative's line is :func:`console.ih.sheet_text.roll_line`'s)."""
    if isinstance(event, TieRolledOff):
        gap = "" if t.is_chinese else " "  # "对 老王：9", "vs Bob: 9"
        line = Text(t("roll.tie-off", name=event.name, against=event.against) + gap, style="bold")
        line.append(" ".join(str(face) for face in event.faces), style="bold green")
        return line
    return None
