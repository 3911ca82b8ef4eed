"""Every engine event in words, per language: the one registry (STYLE.md; issue 17 §3).

The console's log and status line, the Markdown session report and ``run``'s printed scene all
describe events here. An event is worded by the locale key its type has in the registry
(``console/event_keys.py``: ``event.X`` for Infinite Horror and dice, ``mist.event.X`` for
M.I.S.T.), filled with the event's fields, each field first put in words:

- enums and engine codes become their labels (``ActionKind.SWIFT`` → ``action.swift``, a phase,
  a track, a theme type, a case-roll mode…);
- ``True``/``False`` become ``word.yes``/``word.no``, ``None`` a dash, tuples of names a list;
- every whole-number field ``n`` also gives ``{n_rounds}``-style counted words where a template
  needs them (``count.rounds``: "1 round", "2 rounds").

An event that carries dice (an IH check or a M.I.S.T. roll) is its roll's line. Variants of a
sentence are chosen by the event's type and fields, never by its class name as a string. An
object with no template (not an engine event) reads as its fields, never as ``key=value``.
"""

from __future__ import annotations

import enum
import re
from dataclasses import fields, is_dataclass
from typing import Any

from console import event_keys
from console.i18n import Translator, clue_text, scene_name
from engine.dice.mist import Outcome as MistOutcome
from engine.ih.events import (
    ActionSpent,
    CombatantAdded,
    SurpriseDeclared,
    TemporaryHealth,
    WillpowerChanged,
)
from engine.mist.events import (
    ClueAdded,
    ConsequenceDelivered,
    Mitigated,
    StatusTaken,
    StoryTagAdded,
    StoryTagRemoved,
    ThemeLost,
)
from engine.mist.state import Phase, Retirement, ThemeType, Track

MIST_WORDS: dict[str, str] = {
    "mode": "mist.case.",
    "depth": "mist.depth.",
    "result": "mist.immerse.result.",
    "row": "mist.outcome.",
    "choice": "mist.growth.",
    "kind": "mist.effect-kind.",
}
"""M.I.S.T. event fields holding an engine code, and the locale prefix that names the code."""

IH_WORDS: dict[str, str] = {
    "kind": "action-word.",
    "paid_with": "action-word.",
    "outcome": "interrupt.outcome.",
    "reason": "unconscious.reason.",
    "use": "willpower.use.",
    "what": "sheet.what.",
}
"""Infinite Horror event fields holding an engine code, and the locale prefix naming it."""

VARIANTS: tuple[tuple[str, str], ...] = (
    ("capped", "-capped"),  # RULES.md §4.1: a mark lost at the cap is reported
    ("unaware", "-unaware"),  # §3.2: added at the surprise round, flat-footed
    ("bonus_lost", "-lost"),  # §3.8: base defense 0 loses the legendary defense bonus
    ("created", "-created"),  # a sheet made rather than changed
    ("off_turn", "-off-turn"),  # §3.7: a reflex off-turn takes the next turn's swift action
    ("target_left", "-left"),  # §3.4: the one waited on will not act this round: the hold ends
    ("replaced", "-replaced"),  # issue 29: a challenge profile of the same name replaced
    ("out_of_control", "-out-of-control"),  # §4.5: an immersion of ≤ 5
)
"""A true flag of these names words the event with the template ``<key><suffix>``."""

SCENE_FIELDS = frozenset({"scene", "next_scene"})
"""M.I.S.T. event fields that may hold a scene's name (an unnamed one is said in the table's
language: 场景 2, not "Scene 2")."""

COUNTED: dict[str, str] = {"rounds": "count.rounds"}
"""Whole-number fields also given in counted words (``{rounds_counted}``: "1 round")."""


def family_of(event: object) -> str:
    """``mist`` for a M.I.S.T. event, ``ih`` for the others (Infinite Horror and dice)."""
    return "mist" if event_keys.is_mist(event) else "ih"


def key_of(event: object) -> str:
    """The locale key that words ``event`` (``""``: none, it is not an engine event)."""
    return event_keys.key_of(event) or ""


def word(t: Translator, field: str, value: Any, family: str = "ih") -> Any:
    """One event field in words (labels for codes, yes/no, lists), for ``family``'s events."""
    if isinstance(value, Phase):
        return t(f"mist.phase.{value.value}")
    if isinstance(value, Track):
        return t(f"mist.track.{value.value}")
    if isinstance(value, ThemeType):
        return t(f"mist.theme.{value.value}")
    if isinstance(value, Retirement):
        return t(f"mist.retired.{value.value}")
    if isinstance(value, bool):
        return t("word.yes") if value else t("word.no")
    if value is None:
        return "—"
    if isinstance(value, MistOutcome):
        return t(f"mist.outcome.{value.value}")
    code = value.value if isinstance(value, enum.Enum) else value
    prefix = (MIST_WORDS if family == "mist" else IH_WORDS).get(field)
    if prefix and isinstance(code, str) and t.has(prefix + code):
        return t(prefix + code)
    if isinstance(value, enum.Enum):
        return str(value.value)
    if isinstance(value, tuple) and all(isinstance(v, str | int) for v in value):
        return t("word.list-sep").join(str(v) for v in value) if value else "—"
    if family == "mist" and field in SCENE_FIELDS and isinstance(value, str):
        return scene_name(t, value)
    if family == "mist" and field == "target" and value == "scene":  # a story tag's owner
        return t("mist.label.scene")
    return value


def values_of(t: Translator, event: object) -> dict[str, Any]:
    """The event's fields in words, plus counted forms of its counts."""
    if not is_dataclass(event) or isinstance(event, type):
        return {}
    family = family_of(event)
    raw = {f.name: getattr(event, f.name) for f in fields(event)}
    values = {name: word(t, name, value, family) for name, value in raw.items()}
    for name, value in raw.items():
        if isinstance(value, int) and not isinstance(value, bool) and name in COUNTED:
            values[f"{name}_counted"] = counted(t, COUNTED[name], value)
        if isinstance(value, int) and not isinstance(value, bool):
            values[f"{name}_raw"] = value
    return values


def counted(t: Translator, key: str, number: int) -> str:
    """``count.rounds`` with 1 → "1 round", else "N rounds" (Chinese has one form)."""
    one = t(f"{key}.one", n=number)
    return one if number == 1 else t(f"{key}.other", n=number)


def describe(t: Translator, event: object) -> str:
    """One line for any engine event in ``t``'s language."""
    from console.roll_lines import roll_event

    dice = roll_event(t, "", event) if not isinstance(event, CombatantAdded) else None
    if dice is not None and family_of(event) == "ih":
        return dice.plain
    values = values_of(t, event)
    roll = getattr(event, "roll", None)
    if roll is not None and hasattr(roll, "d8"):
        from console.mist.render import roll_result

        values["dice"] = roll_result(t, roll).plain
    key = key_of(event)
    raw = {f.name: getattr(event, f.name) for f in fields(event)} if is_dataclass(event) else {}
    if isinstance(event, TemporaryHealth) and t.has(f"trait.{raw.get('trait')}"):
        values["trait"] = t(f"trait.{raw['trait']}")
    for flag, suffix in VARIANTS:
        if raw.get(flag) is True and t.has(key + suffix):
            key += suffix
            break
    use = raw.get("use")
    if isinstance(event, WillpowerChanged) and isinstance(use, str) and t.has(f"{key}-{use}"):
        key += f"-{use}"  # a §1.7 spend said as one: "spends 1 willpower to stay conscious"
    key, values = _polish(t, event, key, values)
    if raw.get("skill") and t.has(key + "-skill"):
        key += "-skill"  # a specialty names its skill
        skill = str(raw["skill"])
        values["skill"] = t(f"trait.{skill}") if t.has(f"trait.{skill}") else skill
    if isinstance(raw.get("changes"), tuple):
        values["changes"] = _changes(t, raw["changes"])
    if isinstance(event, Mitigated) and event.tier_after <= 0 and t.has(key + "-full"):
        key += "-full"  # §4.6: a consequence mitigated to nothing says so
    full = raw.get("target") and raw.get("status") and raw.get("tier") == 0
    if isinstance(event, ConsequenceDelivered) and full and t.has(key + "-mitigated"):
        key += "-mitigated"
    if raw.get("label") and t.has(key + "-labelled"):
        key += "-labelled"  # the reflex named, or what a "1 round" action does (§3.7)
    line = None
    if key and t.has(key):
        try:
            line = t(key, **values)
        except (KeyError, IndexError, ValueError):
            line = None
    if line is None:
        line = _generic(t, event, values)
    if raw.get("hidden") is True and t.has("event.hidden-suffix"):
        # added hidden from the players' view; a full-width （ takes no space before it
        line += ("" if t.is_chinese else " ") + t("event.hidden-suffix")
    return line


def _generic(t: Translator, event: object, values: dict[str, Any]) -> str:
    """An object with no template (every engine event has one: tests/console/test_event_keys.py):
    its simple fields."""
    shown = [
        f"{field.replace('_', ' ')} {value}"
        for field, value in values.items()
        if not field.endswith(("_raw", "_counted"))
        and isinstance(value, str | int | float)
        and value not in ("", "—")
    ]
    return t("word.list-sep").join(shown) or "—"


def _changes(t: Translator, changes: tuple[Any, ...]) -> str:
    """A sheet's changed entries, ``side pc, dexterity 3``: the codes typed in English, the
    traits' names in Chinese."""
    words = []
    for pair in changes:
        name, value = (
            (pair[0], pair[1]) if isinstance(pair, tuple) and len(pair) == 2 else (pair, "")
        )
        code = str(name)
        key = f"trait.{code.replace('-', '_')}"  # defense-bonus → trait.defense_bonus
        label = t(key) if t.is_chinese and t.has(key) else code
        if code == "side" and t.is_chinese and t.has(f"words.side.{value}"):
            label, value = t("words.side.what"), t(f"words.side.{value}")  # 阵营 玩家
        words.append(f"{label} {value}".strip())
    return ("、" if t.is_chinese else ", ").join(words) or "—"


def _polish(
    t: Translator, event: object, key: str, values: dict[str, Any]
) -> tuple[str, dict[str, Any]]:
    """Templates chosen by a field's value rather than a flag: an action paid with other
    slots, a surprise round one combatant acts in, a clue found in a named scene."""
    if isinstance(event, ActionSpent) and not event.off_turn:
        paid = [p for p in event.paid_with if p != event.kind]
        if paid and t.has(key + "-paid"):
            words = [str(word(t, "paid_with", p)) for p in paid]
            last = words.pop()
            joined = t("word.list-sep").join(words) + t("word.list-and") + last if words else last
            values = {**values, "paid": joined}
            key += "-paid"
    if isinstance(event, SurpriseDeclared) and len(event.names) == 1 and t.has(key + "-one"):
        key += "-one"
    if isinstance(event, ClueAdded) and event.scene and t.has(key + "-found"):
        key += "-found"
    if isinstance(event, ClueAdded):  # a failed Deduction's refuting clue in the table's words
        made = re.match(r"refutes (k\d+): ", event.text)
        values = {**values, "text": clue_text(t, event.text, made.group(1) if made else None)}
    if key.startswith("mist.") and getattr(event, "target", None) == "scene":  # in words
        values = {**values, "target": t("mist.builder.scene-owner")}
    return _polish_mist(t, key, event), values


def _polish_mist(t: Translator, key: str, event: object) -> str:
    """The M.I.S.T. lines worded as the rules word them (issue 29 §4): a story tag's scope, the
    challenge it went with, who gave a status, a consequence reduced by mitigation (§4.3), a
    newborn theme owed at the next interlude (§4.8)."""
    suffix = ""
    if isinstance(event, StoryTagAdded) and event.scope in ("challenge", "character"):
        suffix = f"-{event.scope}"
    elif isinstance(event, StoryTagRemoved) and event.gone_with:
        suffix = "-gone"
    elif isinstance(event, StatusTaken) and event.given_by and not event.capped:
        suffix = "-given"
    elif isinstance(event, ConsequenceDelivered) and event.mitigated and event.tier > 0:
        suffix = "-reduced"
    elif isinstance(event, ThemeLost) and event.rebirth is not None:
        suffix = "-rebirth"
    return key + suffix if suffix and t.has(key + suffix) else key
