"""The dice-log line of any event that carries dice, whichever the family.

An attack, a sheet check, an extended roll or a rolled initiative has its own line
(:mod:`console.ih.combat_text`, :mod:`console.ih.sheet_text`); any other event that carries a
check or a M.I.S.T. roll is shown by :func:`console.render.check` or
:func:`console.render.mist_roll`. The pieces never import this module back: it stands above
them, and the dice logs of both rooms (and the event text) come here.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any

from rich.text import Text

from console.i18n import Translator
from console.ih.combat_text import attack_line, tie_roll
from console.ih.sheet_text import roll_line
from console.render import check, mist_roll
from engine.ih.events import AttackRolled


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
    if isinstance(event, AttackRolled):
        return attack_line(t, system, event)
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
