"""The Markdown session report of a scene, and the plain-text view of a scene (issue 5).

Plain strings, no Rich: the report goes to the players' wiki, the text view to ``run``'s
standard output. The scene part comes from ``engine.commands.to_json`` (INTERFACE.md §2, the
stable view); the log from the journal: every command as typed, and every event in words.
Events with no specific wording are described from their class name and fields, so an event
added to the engine later still reads sensibly.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Callable, Iterable
from typing import Any

from engine import commands
from engine.session import Scene

Describe = Callable[[Any], str]


def _words(name: str) -> str:
    """``InitiativeChanged`` -> ``initiative changed``."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()


def _value(value: Any) -> str:
    if isinstance(value, enum.Enum):
        return str(value.value)
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return "(" + ", ".join(_value(v) for v in value) + ")" if value else "none"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return describe_roll(value) or _generic(value)
    return str(value)


def _generic(event: Any) -> str:
    """``Damaged``(name="Ann", amount=2) -> ``damaged: name Ann, amount 2``."""
    name = _words(type(event).__name__)
    fields = [
        f"{f.name.replace('_', ' ')} {_value(getattr(event, f.name))}"
        for f in dataclasses.fields(event)
        if f.name not in ("command", "interpretations")
    ]
    text = f"{name}: {', '.join(fields)}" if fields else name
    return _sentence(text)


def describe_roll(result: Any) -> str | None:
    """An IH check (``faces``) or a Mist action roll (``d8``) in words, else ``None``."""
    if hasattr(result, "faces") and hasattr(result, "final_successes"):
        dice = ", ".join(str(face) for face in result.faces) or "none"
        text = f"{result.system} check, {result.dp} DP"
        if getattr(result, "chance", False):
            text += " (chance die)"
        text += f": rolled {dice}; {result.final_successes} successes"
        extras = []
        if getattr(result, "bonus", 0):
            extras.append(f"+{result.bonus} bonus")
        if getattr(result, "penalty", 0):
            extras.append(f"-{result.penalty} penalty")
        if extras:
            text += f" ({', '.join(extras)})"
        if getattr(result, "dc", None) is not None:
            verdict = "success" if result.success else "failure"
            text += f" against DC {result.dc}: {verdict} by {abs(result.margin or 0)}"
        if getattr(result, "dramatic_failure", False):
            text += "; dramatic failure"
        if getattr(result, "auto_failure", False):
            text += "; automatic failure"
        return text
    if hasattr(result, "d8") and hasattr(result, "d4s") and hasattr(result, "total"):
        d4s = ", ".join(str(d) for d in result.d4s) or "none"
        outcome = _value(getattr(result, "outcome", ""))
        return (
            f"Mist roll, power {result.power}: d8 {result.d8}, d4s {d4s}; "
            f"total {result.total} ({outcome})"
        )
    return None


def pool_words(record: Any) -> str:
    """A check's traits as the report writes them: ``Dexterity + Firearms (pistols) +1``."""
    words: list[str] = []
    for part in getattr(record, "parts", ()):
        if part.kind == "specialty":
            words.append(f"({part.label})")
        elif part.kind == "modifier":
            words.append(f"{part.value:+d}" if part.label == "modifier" else f"{part.value} DP")
        else:
            words.append(("+ " if words else "") + part.label.capitalize())
    return " ".join(words) or str(getattr(record, "label", ""))


def describe_check(record: Any, dc: int | None = None, success: bool | None = None) -> str:
    """``Ann: Dexterity + Firearms (pistols) 6 dice: rolled 8, 2, …; 1 success …``."""
    result = record.result
    dice = ", ".join(str(face) for face in result.faces) or "none"
    text = f"{record.by or 'Someone'}: {pool_words(record)} {result.dp} dice"
    if record.willpower:
        text += " (willpower +3)"
    if result.chance:
        text += " (chance die)"
    count = result.final_successes
    text += f": rolled {dice}; {count} success{'' if count == 1 else 'es'}"
    extras = []
    if result.bonus:
        extras.append(f"+{result.bonus} bonus")
    if result.penalty:
        extras.append(f"-{result.penalty} penalty")
    if extras:
        text += f" ({', '.join(extras)})"
    if dc is not None and success is not None:
        against = f"{record.opponent}'s successes" if record.opponent else "DC"
        text += f" against {against} {dc}: {'success' if success else 'failure'}"
    if result.dramatic_failure:
        text += "; dramatic failure"
    if result.auto_failure:
        text += "; automatic failure (untrained mental skill)"
    return text


def _describe_sheet_event(event: Any) -> str | None:
    kind = type(event).__name__
    if kind == "CheckMade":
        text = describe_check(event.record, event.dc, event.success)
        if event.opponent is not None:
            text += f"; {describe_check(event.opponent)}"
        return text
    if kind == "SheetSaved":
        changes = ", ".join(f"{key} {value}" for key, value in event.changes)
        verb = "created" if event.created else "changed"
        return f"Sheet {event.name} {verb}" + (f": {changes}" if changes else "")
    if kind == "SheetEntrySet":
        what = f"{event.what} {event.entry}"
        if event.skill:
            what += f" ({event.skill.capitalize()})"
        level = f"level {event.level}" if event.level else "taken off"
        return f"{event.name}: {what} {level}" + (" (native)" if event.native else "")
    if kind == "ExtendedRolled":
        state = event.state if event.failure is None else f"{event.state}: {event.failure}"
        return (
            f'{event.id} "{event.label}": {describe_check(event.record)}; '
            f"{event.successes}/{event.dc} successes, {event.ones} ones after "
            f"{event.rolls} roll{'' if event.rolls == 1 else 's'} ({state})"
        )
    return None


_TEMPLATES: dict[str, str] = {
    "CombatantAdded": "{name} enters the fight with initiative {initiative}",
    "SurpriseDeclared": "Surprise round: only {names} act",
    "RoundStarted": "Round {round} begins",
    "TurnStarted": "{name}'s turn (round {round})",
    "TurnEnded": "{name} ends the turn",
    "ActionSpent": "{name} spends a {kind} action",
    "UnusualReflex": "{name} takes the reflex {reflex} with no ability noted (a warning, §3.7)",
    "OneRoundLanded": "{name}'s 1-round action lands: {label}",
    "AbilityNoted": "Ability noted on {name}: {text}",
    "TemporaryHealth": "{name}: temporary {trait} {change} (health {health} of {health_max})",
    "DefenseSet": "{name}'s base defense is now {defense}",
    "Delayed": "{name} delays",
    "InitiativeChanged": "{name}'s initiative goes from {old} to {new}",
    "Removed": "{name} leaves the fight",
    "Damaged": "{name} takes {amount} damage (health {health})",
    "Healed": "{name} heals {amount} (health {health})",
    "Unconscious": "{name} falls unconscious ({reason})",
    "Revived": "{name} comes to",
    "WillpowerChanged": "{name}'s willpower changes by {change} (now {willpower})",
    "EffectAdded": "{name}: effect {label} for {rounds} rounds, timed on {source}",
    "EffectExpired": "{name}: effect {label} expires",
    "EffectEnded": "{name}: effect {label} ends",
    "CharacterAdded": "{name} joins the scene",
    "ChallengeAdded": "Challenge {name} is set",
    "StatusTaken": "{target} takes {name}-{asked}: now tier {tier}",
    "StatusReduced": "{target}'s {name} is reduced by {by}: now tier {tier}",
    "ChallengeOvercome": "{name} is overcome ({kind} reached tier {tier})",
    "PhaseChanged": "Phase: {new} (cycle {cycle})",
    "ClueAdded": "Clue {id}: {text}",
    "ConclusionAdded": "Conclusion {id} (power {power})",
    "ThreatPresented": "Threat: {text}",
    "ComplexitySet": "Case file complexity {complexity}",
    "SheetDeleted": "Sheet {name} is taken off the roster",
    "ExtendedStarted": 'Extended action {id} "{label}" by {name}: DC {dc}, one roll a {interval}',
    "ExtendedLost": '{id} "{label}" loses {lost} successes (now {successes})',
    "ExtendedDropped": '{id} "{label}" is dropped',
}


def describe_attack(event: Any) -> str:
    """An attack roll (RULES.md §3.9) in words: pool, defense, faces, what made the damage."""
    result = event.result
    dice = ", ".join(str(face) for face in result.faces) or "none"
    text = f"{event.attacker} attacks {event.target} ({event.label})"
    if event.attacks > 1:
        text += f", attack {event.index} of {event.attacks}"
    pool = "a chance roll" if result.chance else f"{result.dp} dice"
    text += f": {event.pool_before_defense} DP − defense {event.defense} = {pool}, rolled {dice}"
    text += f"; {result.rolled_successes} rolled"
    if event.cancelled:
        text += f", {event.cancelled} cancelled by declared defense"
    if event.penalty:
        text += f", −{event.penalty} penalty"
    if event.bonus_applied:
        text += f", +{event.bonus_applied} attack bonus"
    if not event.hit:
        return text + f": a miss ({event.miss})"
    if event.no_damage:
        return text + f": a hit, {event.final} successes, no damage"
    return (
        text + f": a hit, {event.damage} damage ({event.target} {event.health}/{event.health_max})"
    )


def describe_event(event: Any) -> str:
    """One event in words: a roll, a known event's sentence, or its class and fields."""
    if not dataclasses.is_dataclass(event) or isinstance(event, type):
        return str(event)
    if type(event).__name__ == "AttackRolled":
        return describe_attack(event)
    sheet_words = _describe_sheet_event(event)
    if sheet_words is not None:
        return sheet_words
    for field in dataclasses.fields(event):
        rolled = describe_roll(getattr(event, field.name))
        if rolled is not None:
            who = getattr(event, "actor", None) or getattr(
                getattr(event, "command", None), "by", None
            )
            rest = [
                f"{f.name.replace('_', ' ')} {_value(getattr(event, f.name))}"
                for f in dataclasses.fields(event)
                if f.name not in (field.name, "command", "actor", "sources", "id")
                and getattr(event, f.name) not in (None, (), False)
            ]
            text = rolled + (f" ({', '.join(rest)})" if rest else "")
            return f"{who}: {text}" if who else _sentence(text)
    own = describe_roll(event)
    if own is not None:
        return own
    template = _TEMPLATES.get(type(event).__name__)
    if template is not None:
        values = {f.name: _value(getattr(event, f.name)) for f in dataclasses.fields(event)}
        try:
            return template.format(**values)
        except (KeyError, IndexError):
            pass
    return _generic(event)


def _ih_lines(view: dict[str, Any]) -> list[str]:
    lines = [
        f"Round {view.get('round')}, phase {view.get('phase')}; "
        f"current: {view.get('current') or 'nobody'}"
    ]
    for place, row in enumerate(view.get("order", []), start=1):
        marks = [
            word
            for word, key in (
                ("acted", "acted"),
                ("delaying", "delaying"),
                ("flat-footed", "flat_footed"),
            )
            if row.get(key)
        ]
        budget = row.get("budget", {})
        slots = " ".join(f"{k} {v}" for k, v in budget.items())
        effects = ", ".join(
            f"{e.get('label')} ({e.get('rounds_left')} rounds)" for e in row.get("effects", [])
        )
        text = (
            f"{place}. {row.get('name')}: initiative {row.get('initiative')}, "
            f"health {row.get('health')}, willpower {row.get('willpower')}; {slots}"
        )
        if marks:
            text += f"; {', '.join(marks)}"
        if effects:
            text += f"; effects: {effects}"
        lines.append(text)
    sheets = view.get("sheets") or []
    if sheets:
        lines.append("Sheets: " + ", ".join(f"{x.get('name')} ({x.get('side')})" for x in sheets))
    for task in view.get("extended") or []:
        deadline = f" of {task.get('deadline')}" if task.get("deadline") else ""
        lines.append(
            f'Extended {task.get("id")} "{task.get("label")}" ({task.get("by")}): '
            f"{task.get('successes')}/{task.get('dc')} successes, {task.get('ones')} ones, "
            f"{task.get('rolls')}{deadline} rolls ({task.get('state')})"
        )
    return lines


def _statuses(statuses: dict[str, Any]) -> str:
    return ", ".join(f"{name}-{s.get('tier')}" for name, s in statuses.items()) or "no statuses"


def _mist_lines(view: dict[str, Any]) -> list[str]:
    lines = [f"Phase: {view.get('phase')}"]
    for character in view.get("characters", []):
        lines.append(f"- {character.get('name')}: {_statuses(character.get('statuses', {}))}")
    for challenge in view.get("challenges", []):
        limits = ", ".join(f"{k} {v}" for k, v in challenge.get("limits", {}).items())
        state = "overcome" if challenge.get("overcome") else "active"
        lines.append(
            f"- Challenge {challenge.get('name')} ({state}; limits {limits or 'none'}): "
            f"{_statuses(challenge.get('statuses', {}))}"
        )
    case = view.get("case_file") or {}
    if case.get("clues") or case.get("conclusions"):
        lines.append(f"Case file (complexity {case.get('complexity')}):")
        lines.extend(f"- Clue {c.get('id')}: {c.get('text')}" for c in case.get("clues", []))
        for k in case.get("conclusions", []):
            result = f"; result {k.get('result')}" if k.get("result") is not None else ""
            lines.append(
                f"- Conclusion {k.get('id')}: {k.get('text')} (power {k.get('power')}{result})"
            )
    return lines


def scene_lines(scene: Scene) -> list[str]:
    """The scene now as plain lines: the turn order (IH) or the scene loop (Mist)."""
    view = commands.to_json(scene.state, scene.system)
    body = _ih_lines(view) if view.get("family") == "ih" else _mist_lines(view)
    return [f"Scene {scene.name} ({scene.system})", *body]


def scene_text(scene: Scene) -> str:
    """The human-readable scene ``st-console run`` prints."""
    return "\n".join(scene_lines(scene)) + "\n"


def _scene_report(scene: Scene) -> list[str]:
    out = [f"## {scene.name}", "", f"System: {scene.system}. Commands: {len(scene.journal)}.", ""]
    out.append("### The scene now")
    out.append("")
    for line in scene_lines(scene)[1:]:
        out.append(
            line
            if line.startswith(("- ", "1", "2", "3", "4", "5", "6", "7", "8", "9"))
            else line + "  "
        )
    out.extend(["", "### What happened", ""])
    if not scene.journal:
        out.append("Nothing yet.")
    for number, entry in enumerate(scene.journal, start=1):
        out.append(f"{number}. `{entry.text}`")
        out.extend(f"    - {describe_event(event)}" for event in entry.events)
    out.append("")
    return out


def session_report(campaign: str, scenes: Iterable[Scene]) -> str:
    """The Markdown session report of the given scenes of a campaign."""
    out = [f"# Session report: {campaign}", ""]
    for scene in scenes:
        out.extend(_scene_report(scene))
    return "\n".join(out).rstrip() + "\n"


def _sentence(text: str) -> str:
    """Capitalized, except a system's name (``ih-d6 check`` stays as INTERFACE.md spells it)."""
    if text.split(" ", 1)[0] in ("ih-d10", "ih-d6", "mist"):
        return text
    return text[:1].upper() + text[1:]
