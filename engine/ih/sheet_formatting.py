"""Character, check and extended-action commands written back as lines (INTERFACE.md
"Characters, checks and attacks"): the inverse of ``engine/ih/sheet_language.py``, as
``engine/ih/formatting.py`` is of ``engine/ih/language.py`` (RULES.md §1.8, §2.1–§2.3, §3.10).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.dice.formatting import check_options
from engine.fullwidth import folds
from engine.ih import commands as c
from engine.language import quote, quote_text


def _word(text: str) -> str:
    """Traits (``dexterity+athletics``) and ``vs=`` as typed: quoted only when the tokenizer
    needs it (a space, a quote, ``#``, a backslash, ``=``, or nothing at all)."""
    if not text or folds(text) or any(char.isspace() or char in "\"'#\\=" for char in text):
        return quote(text)
    return text


def _sheet(x: c.SetSheet) -> str:
    parts = ["sheet", quote(x.name)]
    if x.pc is not None:
        parts.append("pc" if x.pc else "npc")
    if x.recurring:
        parts.append("recurring")
    if x.system is not None:
        parts.append(x.system)
    parts += [f"{key}={value}" for key, value in x.traits]
    parts += [f"skill-bonus.{skill.value}={value}" for skill, value in x.skill_bonuses]
    parts += [f"{key}={quote_text(value)}" for key, value in x.texts]
    return " ".join(parts)


def _language(x: c.SetLanguage) -> str:
    line = f"language {quote(x.name)} {quote_text(x.language)} {x.level}"
    line = line + " native" if x.native else line
    return line + f" family={quote_text(x.family)}" if x.family else line


def _add_from(x: c.AddFromSheet) -> str:
    parts = ["join" if x.join else "add", quote(x.name), f"from={quote(x.sheet)}"]
    if x.count is not None:
        parts.append(f"count={x.count}")
    if x.initiative is not None:
        parts.append(f"init={x.initiative}")
    if x.modifier is not None:
        parts.append(f"mod={x.modifier}")
    if x.clueless:
        parts.append("clueless")
    return " ".join(parts)


def _check(x: c.Check) -> str:
    parts = ["check", quote(x.name), _word(x.traits)]
    if x.opponent is not None:
        versus = f"{x.opponent}:{x.opponent_traits or ''}"
        parts.append(f"vs={_word(versus)}")
    parts += check_options(
        again=x.again,
        level=x.level,
        bonus=x.bonus,
        penalty=x.penalty,
        dc=x.dc,
        willpower=x.willpower,
    )
    if x.fails_at_zero:
        parts.append("fails-at-0")
    if x.reflex_move:
        parts.append("reflex-move")
    if x.hidden:
        parts.append("hidden")
    return " ".join(parts)


def _extended(x: c.StartExtended) -> str:
    parts = ["extended", quote(x.name), quote_text(x.label)]
    if x.traits is not None:
        parts.append(_word(x.traits))
    if x.dp is not None:
        parts.append(f"dp={x.dp}")
    parts += [f"dc={x.dc}", f"interval={x.interval}"]
    if x.deadline is not None:
        parts.append(f"deadline={x.deadline}")
    if x.mishap:
        parts.append("mishap")
    return " ".join(parts)


def _roll_extended(x: c.RollExtended) -> str:
    line = f"extended roll {quote(x.id)}"
    line += f" bonus={x.bonus}" if x.bonus else ""
    return line + (f" penalty={x.penalty}" if x.penalty else "")


FORMATTERS: dict[type, Callable[[Any], str]] = {
    c.SetSheet: _sheet,
    c.DeleteSheet: lambda x: f"sheet {quote(x.name)} delete",
    c.SetSpecialty: lambda x: (
        f"specialty {quote(x.name)} {x.skill.value} {quote_text(x.specialty)} {x.level}"
    ),
    c.SetFeat: lambda x: f"feat {quote(x.name)} {quote_text(x.feat)} {x.level}",
    c.SetLanguage: _language,
    c.AddFromSheet: _add_from,
    c.Check: _check,
    c.StartExtended: _extended,
    c.RollExtended: _roll_extended,
    c.LoseExtended: lambda x: f"extended lose {quote(x.id)} {x.successes}",
    c.DropExtended: lambda x: f"extended drop {quote(x.id)}",
}
"""One writer per character, check and extended-action command."""
