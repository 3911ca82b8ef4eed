"""Sheets, checks and extended actions in words, per language (the console's text, STYLE.md).

Trait names come from ``trait.<name>`` (RULES.md §2.1: zh Simplified, zh-Hant Traditional);
creation problems from ``creation.<code>``; the dice log's lines for checks from a sheet, the
rolls of an extended action and the initiative a combatant rolled on entering.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from console import render
from console.i18n import Translator


def trait(t: Translator, name: str) -> str:
    """The label of a trait, category or derived value (``dexterity`` → ``Dexterity``/``敏捷``)."""
    key = f"trait.{name}"
    return t(key) if t.has(key) else name


SAVE_OF = {"resolve": "will_save", "dexterity": "reflex_save", "stamina": "fortitude_save"}
"""The save whose pool an attribute starts (RULES.md §2.2), for a save's label."""


def pool_label(t: Translator, parts: Any) -> str:
    """A pool's traits as the table says them: ``Dexterity + Firearms + pistols + 1``; a save
    (RULES.md §2.2) named first: ``Reflex save (Dexterity + Athletics + save bonus)``."""
    words: list[str] = []
    for part in parts:
        if part.kind == "modifier":
            words.append(f"{part.value:+d}" if part.label == "modifier" else f"DP {part.value}")
        elif part.kind == "specialty":
            words.append(part.label)
        else:
            words.append(trait(t, part.label))
    text = " + ".join(words).replace("+ +", "+").replace("+ -", "− ")
    if any(part.kind == "save" for part in parts):
        save = trait(t, SAVE_OF.get(parts[0].label, "save"))
        return f"{save}（{text}）" if t.is_chinese else f"{save} ({text})"
    return text


def breakdown(t: Translator, pool: Any, willpower: bool = False, modifier: int = 0) -> list[Text]:
    """The check dialog's pool, line by line: each part, bonus successes, the untrained rule."""
    lines: list[Text] = []
    for part in pool.parts:
        line = Text()
        kind = t(f"check.part.{part.kind}")
        name = part.label if part.kind == "specialty" else trait(t, part.label)
        if part.kind == "modifier":
            name = t("trait.modifier")
        line.append(f"{kind:<6} ", style="dim")
        line.append(f"{name} ", style="bold")
        line.append(f"{part.value:+d}" if part.kind == "modifier" else str(part.value))
        lines.append(line)
    if modifier:
        lines.append(Text(f"{t('trait.modifier')} {modifier:+d}"))
    if willpower:
        lines.append(Text(t("check.willpower-line"), style="blue"))
    total = pool.dp + modifier + (3 if willpower else 0)
    lines.append(Text(t("check.total", dp=total), style="bold"))
    for part in pool.bonus_parts:
        lines.append(
            Text(t("check.bonus-line", trait=trait(t, part.label), count=part.value), style="green")
        )
    if pool.untrained is not None:
        lines.append(Text(t(f"check.untrained.{pool.untrained}"), style="yellow"))
    return lines


def problem(t: Translator, item: Any) -> str:
    """A creation problem (``engine.ih.creation.Problem``) in the table's language."""
    key = f"creation.{item.code}"
    if not item.code or not t.has(key):
        return str(item.message)
    return t(key, subject=trait(t, item.subject), spent=item.spent, allowed=item.allowed)


def _who(text: Text, who: str | None) -> None:
    if who:
        text.append(who + " ", style="bold")


def roll_line(t: Translator, system: str, event: Any) -> Text | None:
    """The dice-log line of a sheet check, an extended roll or a rolled initiative, else None."""
    from engine.ih.events import CombatantAdded
    from engine.ih.sheet_events import CheckMade, ExtendedRolled

    if isinstance(event, CombatantAdded):
        if event.face is None:
            return None
        text = Text()
        _who(text, event.name)
        text.append(
            t(
                "dice.initiative",
                face=event.face,
                modifier=event.modifier or 0,
                total=event.initiative,
            )
        )
        return text
    if not isinstance(event, CheckMade | ExtendedRolled):
        return None
    record = event.record
    text = Text()
    if record.hidden:
        text.append(t("roll.hidden") + " ", style="italic dim")
    _who(text, record.by)
    if isinstance(event, ExtendedRolled):
        named = t("extended.named", label=event.label, id=event.id)
        text.append(named + " ", style="magenta")  # by its label, not "x1" (issue 27)
    pool = pool_label(t, record.parts) or record.label
    if pool != f"DP {record.check.dp}":  # a bare DP is the check's own "DP 5:" (no twice)
        text.append(pool, style="italic")
        text.append(" · ")
    text.append_text(render.check(t, system, record.check))
    if record.doubled:
        gap = "" if t.is_chinese else " "  # a full-width bracket needs no space before it
        text.append(gap + t("dice.doubled"), style="bold")
    if isinstance(event, CheckMade) and event.opponent is not None:
        other = event.opponent
        text.append("  " + t("dice.versus", name=other.by or "?") + " ")
        text.append_text(render.faces(system, other.check))
        text.append(f" = {other.check.final_successes}", style="bold")
    if isinstance(event, ExtendedRolled):
        text.append(
            "  " + t("dice.extended-total", successes=event.successes, dc=event.dc), style="bold"
        )
        if event.state != "going":
            state = t(f"extended.state.{event.state}")
            if event.failure:
                state += t("extended.why", why=t(f"extended.failure.{event.failure}"))
            text.append(" " + state, style="bold green" if event.state == "done" else "bold red")
        elif event.mishap_near:
            text.append(" " + t("extended.mishap-near", ones=event.ones), style="bold yellow")
    return text
