"""The English sentences of the Markdown session report: one template per event, filled from
the event's fields (issue 18).

Kept apart from the report's layout (``saves/report.py``) so the words can move to the
console's text table, and gain zh/zh-Hant, without touching how the report is put together.
Values are escaped for Markdown here: a name with ``*`` or ``_`` in it stays a name.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Sequence
from typing import Any

MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>#|~])")


def md(text: object) -> str:
    """``text`` with Markdown's special characters escaped (it is shown, never formatted)."""
    return MARKDOWN_SPECIAL.sub(r"\\\1", str(text))


def listing(items: Sequence[object]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


SYSTEM_NAMES: dict[str, str] = {
    "ih-d10": "Infinite Horror (d10)",
    "ih-d6": "Infinite Horror (d6)",
    "mist": "M.I.S.T.",
}

EVENT_TEMPLATES: dict[str, str] = {
    # Infinite Horror (RULES.md §3)
    "CombatantAdded": "{name} enters the fight with initiative {initiative}{rolled}.",
    "TieRolledOff": "{name} and {against} tie; a roll-off ({faces}) settles the order.",
    "SurpriseDeclared": "Surprise! Only {who} in the surprise round.",
    "SurpriseEnded": "The surprise round ends.",
    "RoundStarted": "Round {round} begins.",
    "TurnStarted": "{name}'s turn{unconscious}.",
    "TurnEnded": "{name} ends the turn.",
    "ActionSpent": "{name} takes a {kind} action{paid}{off_turn}.",
    "Delayed": "{name} delays{after}.",
    "DelayOverruled": "{name}'s delay is overruled by {decided_by}.",
    "DelayReleased": "{name} steps in after {after}.",
    "InitiativeChanged": "{name}'s initiative changes from {old} to {new}.",
    "Swapped": "{first} and {second} swap places in the order.",
    "Removed": "{name} leaves the fight.",
    "Damaged": "{name} takes {amount} damage (health {health} left).",
    "Healed": "{name} heals {amount} (health {health}).",
    "Unconscious": "{name} falls unconscious ({reason}).",
    "Revived": "{name} comes to.",
    "WillpowerChanged": "{name}'s willpower changes by {change} (now {willpower}).",
    "DefenseDeclared": "{name} declares {declared} defense ({remaining} left).",
    "EffectAdded": "{name} gains the effect {label} for {rounds} rounds (timed on {source}).",
    "EffectExpired": "{name}'s effect {label} runs out.",
    "EffectEnded": "{name}'s effect {label} ends.",
    "InterruptDeclared": "{reactor} interrupts {target}.",
    "InterruptResolved": "{reactor}'s interruption of {target}: {outcome}.",
    "ExtraActionsSet": "{name} has {count} extra {kind} actions.",
    "FreeCapSet": "Free actions are limited to {cap} a turn.",
    "NoteAdded": "Note on {name}: {text}",
    "MovieEnded": "The movie ends.",
    "UnusualReflex": "{name} takes the reflex {reflex} with no ability noted (a warning, §3.7).",
    "OneRoundLanded": "{name}'s 1-round action lands: {label}.",
    "AbilityNoted": "Ability noted on {name}: {text}",
    "TemporaryHealth": "{name}: temporary {trait} {change} (health {health} of {health_max}).",
    "DefenseSet": "{name}'s base defense is now {defense}.",
    "SheetDeleted": "Sheet {name} is taken off the roster.",
    "ExtendedStarted": 'Extended action {id} "{label}" by {name}: DC {dc}, one roll a {interval}.',
    "ExtendedLost": '{id} "{label}" loses {lost} successes (now {successes}).',
    "ExtendedDropped": '{id} "{label}" is dropped.',
    # M.I.S.T. (RULES.md §4)
    "CharacterAdded": "{name} joins the scene.",
    "ChallengeAdded": "A challenge appears: {name}{limits}.",
    "LimitSet": "{challenge}'s {kind} limit is now {tier}.",
    "ThemeAdded": "{character} takes the {type} theme {theme}{newborn}.",
    "StatusTaken": "{target} takes {name}-{asked} (now tier {tier}).",
    "StatusReduced": "{target}'s {name} is reduced by {by}{after}.",
    "CharacterTransformed": "{name} is transformed by {status}.",
    "ChallengeOvercome": "{name} is overcome: {kind} reached tier {tier}.",
    "StoryTagAdded": "Story tag on {target}: {tag}.",
    "StoryTagRemoved": "The story tag {tag} on {target} is gone.",
    "TagBurned": "{character} burns {tag}.",
    "TagRestored": "{character} restores {tag}.",
    "PhaseChanged": "The {new} phase begins.",
    "SceneResolved": "The scene is resolved.",
    "SceneEnded": "The scene ends; {next_scene} follows.",
    "ThreatPresented": "Threat {id}: {text}{on}.",
    "ThreatResolved": "Threat {id} is resolved.",
    "EffectSpent": "Effect spent on {action}: {kind} {detail} (cost {cost}, {left} left).",
    "ConsequencePending": "Consequence {id}: {what}.",
    "ConsequenceDelivered": "Consequence {id} is delivered: {what}.",
    "ConsequencesOwed": "Consequences are owed for {sources}.",
    "Marked": "{character} marks {track} on {theme} ({marks}).",
    "GrowthPending": "{character}'s {theme} is ready to grow.",
    "GrowthTaken": "{character}'s {theme} grows: {choice} {detail}.",
    "ThemeLost": "{character} loses the {type} theme {theme} (Evolution {evolution}){scar}.",
    "ThemeReborn": "{character}'s lost theme is reborn as the {type} theme {theme}.",
    "RetirementOffered": "{character} may retire (Evolution {evolution}).",
    "Retired": "{character} retires ({choice}).",
    "ClueAdded": "Clue {id}: {text}{where}.",
    "ConclusionAdded": "Conclusion {id} is drawn (power {power}).",
    "ComplexitySet": "The case file's Complexity is {complexity}.",
    "CaseFileOpened": "The case file is opened.",
    "CaseFileClosed": "The case file is closed{tested}.",
    "CaseFileWarning": "Case file warning: {reason}.",
    "QuestionAdded": "Question {id}: {text}",
    "QuestionAnswered": "Question {id} is answered{by}.",
    "SeasonStarted": "The season {name} begins.",
    "MissionStarted": "Mission {number} begins: {name} (anomaly: {anomaly}).",
    "CutIn": "Cut-in: {summary}",
    "AnomalySuppressed": "The anomaly is suppressed (opportunity {opportunity}).",
    "MissionEnded": "The mission {name} ends{suppressed}.",
    "SettingChanged": "Setting {name} is now {value}.",
}
"""English sentences per event class; ``{field}`` is the event's field, or one of the
extra values :func:`extras` makes for it."""


def value(item: object) -> str:
    """A field's value in words (escaped)."""
    if isinstance(item, enum.Enum):
        return md(item.value)
    if item is None:
        return "none"
    if isinstance(item, bool):
        return "yes" if item else "no"
    if isinstance(item, tuple):
        return listing([value(v) for v in item]) if item else "none"
    return md(item)


def extras(event: Any) -> dict[str, str]:
    """Words some templates need beyond the event's own fields."""
    kind = type(event).__name__
    get = getattr
    if kind == "CombatantAdded":
        face = get(event, "face", None)
        modifier = get(event, "modifier", None) or 0
        rolled = f" (rolled d10 {face} + {modifier})" if face is not None else ""
        return {"rolled": rolled}
    if kind == "SurpriseDeclared":
        names = [md(n) for n in get(event, "names", ())]
        return {"who": listing(names) + (" acts" if len(names) == 1 else " act")}
    if kind == "NoteAdded":
        return {"name": md(get(event, "name", None) or get(event, "challenge", ""))}
    if kind == "TurnStarted":
        return {"unconscious": " (unconscious)" if get(event, "unconscious", False) else ""}
    if kind == "ActionSpent":
        off_turn = get(event, "off_turn", False)
        paid = [
            p for p in get(event, "paid_with", ()) if p != get(event, "kind", "") and not off_turn
        ]
        return {
            "paid": f", paid with {listing(paid)}" if paid else "",
            "off_turn": " off-turn (from the next turn's swift action)" if off_turn else "",
        }
    if kind == "Delayed":
        after = get(event, "after", None)
        return {"after": f" until after {md(after)}" if after else " to the next round"}
    if kind == "ChallengeAdded":
        limits = [f"{md(k)} {v if v is not None else '—'}" for k, v in get(event, "limits", ())]
        return {"limits": f" (limits: {', '.join(limits)})" if limits else ""}
    if kind == "ThemeAdded":
        return {"newborn": " (newborn)" if get(event, "newborn", False) else ""}
    if kind == "StatusReduced":
        if get(event, "absent", False):
            after = " (it had none)"
        elif get(event, "gone", False):
            after = ": it is gone"
        else:
            after = f" (now tier {get(event, 'tier', 0)})"
        return {"after": after}
    if kind == "ThreatPresented":
        on = get(event, "challenge", None)
        return {"on": f" (from {md(on)})" if on else ""}
    if kind in ("ConsequencePending", "ConsequenceDelivered"):
        target, status = get(event, "target", None), get(event, "status", None)
        tier = get(event, "tier", 0)
        what = f"{md(target)} takes {md(status)}-{tier}" if target and status else ""
        text = get(event, "text", "")
        if text:
            what = f"{what} — {md(text)}" if what else md(text)
        if kind == "ConsequenceDelivered" and target and status and not tier:
            what = f"{md(target)} takes nothing: fully mitigated"
        return {"what": what or "as described"}
    if kind == "ThemeLost":
        scar = get(event, "scar", None)
        return {"scar": f", scar: {md(scar)}" if scar else ""}
    if kind == "ClueAdded":
        scene = get(event, "scene", "")
        return {"where": f" (found in {md(scene)})" if scene else ""}
    if kind == "CaseFileClosed":
        return {"tested": " after a Test" if get(event, "tested", False) else " without a Test"}
    if kind == "QuestionAnswered":
        by = get(event, "conclusion", None)
        return {"by": f" by {md(by)}" if by else ""}
    if kind == "MissionEnded":
        return {"suppressed": ", the anomaly suppressed" if get(event, "suppressed", False) else ""}
    return {}


def check_sentence(who: str | None, result: Any, hidden: bool = False) -> str:
    """An IH check: who rolled how many dice, the faces, the successes and the verdict."""
    dice = ", ".join(str(face) for face in result.faces) or "no dice"
    pool = "a chance die" if getattr(result, "chance", False) else f"{result.dp} dice"
    subject = md(who) if who else "The Storyteller"
    text = f"{subject} rolls {pool} ({result.system}): {dice}"
    count = result.final_successes
    text += f" — {count} success" + ("" if count == 1 else "es")
    adjust = []
    if getattr(result, "bonus", 0):
        adjust.append(f"+{result.bonus} bonus")
    if getattr(result, "penalty", 0):
        adjust.append(f"−{result.penalty} penalty")
    if adjust:
        text += f" ({', '.join(adjust)})"
    if getattr(result, "auto_failure", False):
        text += "; an automatic failure"
    elif getattr(result, "dramatic_failure", False):
        text += "; a dramatic failure"
    elif getattr(result, "dc", None) is not None:
        verdict = "a success" if result.success else "a failure"
        text += f" against DC {result.dc}: {verdict} by {abs(result.margin or 0)}"
    return ("(Hidden) " if hidden else "") + text + "."


def mist_roll_words(roll: Any) -> str:
    """``d8 5 and d4s 2, 3: total 10 (success)``."""
    d4s = ", ".join(str(d) for d in roll.d4s) or "none"
    return f"d8 {roll.d8}, d4s {d4s}: total {roll.total} ({value(roll.outcome)})"


def roll_sentence(event: Any) -> str | None:
    """Events that carry dice, in words; ``None`` for the others."""
    kind = type(event).__name__
    if kind == "CheckRolled":
        command = event.command
        return check_sentence(command.by, event.result, bool(getattr(command, "hidden", False)))
    if kind == "MistRolled":
        who = md(event.command.by) if event.command.by else "The MC"
        return f"{who} rolls with power {event.result.power}: {mist_roll_words(event.result)}."
    if kind == "ActionRolled":
        owed = "; a consequence is owed" if event.consequence_owed else ""
        return (
            f"{md(event.actor)} makes action roll {event.id} with power {event.power}: "
            f"{mist_roll_words(event.roll)}{owed}."
        )
    if kind == "Mitigated":
        result = (
            f"fully mitigated (tier {event.tier_before} → 0)"
            if event.tier_after <= 0
            else f"tier {event.tier_before} → {event.tier_after}"
        )
        return (
            f"{md(event.actor)} mitigates {md(event.consequence)} "
            f"({mist_roll_words(event.roll)}): {result}."
        )
    if kind == "Immersed":
        control = "; out of control" if event.out_of_control else ""
        return (
            f"{md(event.character)} {md(event.depth)}s into {md(event.theme)} "
            f"({mist_roll_words(event.roll)}){control}."
        )
    if kind == "CaseRolled":
        verdict = "right" if event.right else "wrong"
        found = [
            f"{label} {md(item)}"
            for label, item in (
                ("new clue", event.new_clue),
                ("refuting clue", event.refuting_clue),
                ("opportunity", event.opportunity),
                ("property", event.property),
            )
            if item
        ]
        more = f"; {', '.join(found)}" if found else ""
        return (
            f"{event.mode.capitalize()} roll on {md(event.conclusion)} "
            f"({mist_roll_words(event.roll)}): the conclusion is {verdict}{more}."
        )
    return None


# -- character sheets, checks and extended actions (issue 16's events) ----------------------------


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


def event_sentence(event: Any) -> str:
    """One event as a sentence for the report."""
    sheet_words = _describe_sheet_event(event)
    if sheet_words is not None:
        return sheet_words if sheet_words.endswith((".", "?", "!")) else sheet_words + "."
    rolled = roll_sentence(event)
    if rolled is not None:
        return rolled
    if not dataclasses.is_dataclass(event) or isinstance(event, type):
        return md(event)
    name = type(event).__name__
    values = {f.name: value(getattr(event, f.name)) for f in dataclasses.fields(event)}
    values.update(extras(event))
    template = EVENT_TEMPLATES.get(name)
    if template is not None:
        try:
            return template.format(**values)
        except (KeyError, IndexError):
            pass
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", name).lower()
    shown = [
        f"{key.replace('_', ' ')} {text}"
        for key, text in values.items()
        if key not in ("command", "interpretations")
    ]
    sentence = f"{words}: {', '.join(shown)}" if shown else words
    return sentence[:1].upper() + sentence[1:] + "."
