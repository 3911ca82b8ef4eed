"""Infinite Horror commands written back as lines of the console language (INTERFACE.md §3).

The inverse of ``engine/ih/language.py``: ``parse(format_command(c)) == c`` for every command
(tests/engine/test_command_format.py). The journal keeps this text for what a key or a dialog
did, so a name with quotes in it reads back as the same name. Names are quoted when they need it,
texts (a label, a note) always, as the console's dialogs always wrote them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.ih import commands as c
from engine.ih.attack_language import format_attack
from engine.ih.sheet_formatting import FORMATTERS as SHEET_FORMATTERS
from engine.language import quote, quote_text

ADD_FIELDS: tuple[tuple[str, str], ...] = (
    ("init", "initiative"),
    ("mod", "modifier"),
    ("dex", "dexterity"),
    ("com", "composure"),
    ("health", "health"),
    ("willpower", "willpower"),
    ("defense", "defense"),
    ("defense-bonus", "defense_bonus"),
)
"""The options of ``add``/``join`` and the :class:`~engine.ih.roster.Entry` field each sets."""


def _signed(amount: int) -> str:
    return f"{amount:+d}"


def _add(command: c.Add) -> str:
    entry = command.entry
    parts = ["join" if command.join else "add", quote(entry.name)]
    for option, field in ADD_FIELDS:
        value = getattr(entry, field)
        if value is not None and not (field.startswith("defense") and value == 0):
            parts.append(f"{option}={value}")
    parts.append(entry.kind.value)
    if entry.clueless:
        parts.append("clueless")
    if entry.hidden:
        parts.append("hidden")
    return " ".join(parts)


def _delay(command: c.Delay) -> str:
    if command.after is None:
        return f"delay {quote(command.name)} next-round"
    return f"delay {quote(command.name)} after {quote(command.after)}"


def _add_effect(command: c.AddEffect) -> str:
    line = f"effect {quote(command.name)} {quote_text(command.label)} rounds={command.rounds}"
    return line if command.source is None else f"{line} by={quote(command.source)}"


def _interrupt(command: c.DeclareInterrupt) -> str:
    line = f"interrupt {quote(command.reactor)} {quote(command.target)}"
    return line + " ready" if command.prepaid else line


def _extra(command: c.Extra) -> str:
    line = f"extra {quote(command.name)} {command.kind.value} {command.count}"
    return line + " turn" if command.this_turn else line


FORMATTERS: dict[type, Callable[[Any], str]] = {
    c.Add: _add,
    c.Surprise: lambda x: "surprise " + " ".join(quote(name) for name in x.names),
    c.Begin: lambda x: "begin down" if x.down else "begin",
    c.Next: lambda x: "next down" if x.down else "next",
    c.Spend: lambda x: (
        f"spend {quote(x.name)} {x.kind.value}" + (f" {quote_text(x.label)}" if x.label else "")
    ),
    c.Delay: _delay,
    c.ChangeInitiative: lambda x: f"initiative {quote(x.name)} {_signed(x.amount)}",
    c.Swap: lambda x: f"swap {quote(x.first)} {quote(x.second)}",
    c.Remove: lambda x: f"remove {quote(x.name)}",
    c.Attack: format_attack,
    c.Hide: lambda x: f"hide {quote(x.name)}",
    c.Reveal: lambda x: f"reveal {quote(x.name)}",
    c.Faint: lambda x: f"faint {quote(x.name)}",
    c.Damage: lambda x: f"damage {quote(x.name)} {x.amount}",
    c.Heal: lambda x: f"heal {quote(x.name)} {x.amount}",
    c.AdjustWillpower: lambda x: f"willpower {quote(x.name)} {_signed(x.amount)}",
    c.UseWillpower: lambda x: f"willpower {quote(x.name)} {x.use.value}",
    c.Defend: lambda x: f"defend {quote(x.name)} {x.successes}",
    c.AddEffect: _add_effect,
    c.EndEffect: lambda x: f"effect {quote(x.name)} {quote_text(x.label)} end",
    c.DeclareInterrupt: _interrupt,
    c.ResolveInterrupt: lambda x: f"resolve {x.outcome.value}",
    c.Extra: _extra,
    c.CapFree: lambda x: f"cap free {'none' if x.cap is None else x.cap}",
    c.Note: lambda x: f"note {quote(x.name)} {quote_text(x.text)}",
    c.Ability: lambda x: f"ability {quote(x.name)} {quote_text(x.text)}",
    c.Temporary: lambda x: (
        f"temporary {quote(x.name)} {x.trait} {'end' if x.amount is None else f'+{x.amount}'}"
    ),
    c.SetDefense: lambda x: f"defense {quote(x.name)} {x.value}",
    c.EndScene: lambda x: "end scene",
    c.EndMovie: lambda x: "end movie",
    **SHEET_FORMATTERS,
}
"""One writer per command type of ``engine/ih/commands/``."""
