"""Chat-ready plain lines for tables that play in QQ, KOOK or Discord (issue 28).

One line a roll, as a dice bot would post it, in the table's language::

    安妮 敏捷+枪械 5a10 → {10*,3,8*,1,9*}+{4} = 3 成功（DC 2，成功）

``*`` marks a success, the second braces hold the extra dice (again, RULES.md §1.2); the pool is
written in the bots' ``XaY`` notation (``engine/dice/ww.py``). Also: an attack, an opposed check,
a M.I.S.T. action roll (the board, ``Y``, is ``console/chat_board.py``'s).

Plain strings, no Rich markup, no Textual: the ``y`` key copies them, ``st-console roll --chat``
prints them and the SealDice log export (``saves/sealdice_log.py``) writes them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from console.i18n import Translator
from console.ih.sheet_text import pool_label, trait
from engine.dice.command import CheckRolled, MistRolled
from engine.dice.ih import is_success_face
from engine.dice.ww import notation
from engine.events import Event
from engine.ih import events as ih_events
from engine.ih.sheet_events import CheckMade, ExtendedRolled
from engine.mist import events as mist_events


def faces(result: Any) -> str:
    """``{10*,3,8*,1,9*}+{4}``: the pool's dice, then the extra dice; ``*`` a success."""
    values = tuple(result.faces)
    extra = int(result.extra_dice or 0)
    first = len(values) - extra

    def shown(face: int, index: int) -> str:
        good = (
            (face == 10 if result.system == "ih-d10" else face == 6)
            if result.chance and index < first
            else is_success_face(result.system, face)
        )
        return f"{face}*" if good else str(face)

    marked = [shown(face, index) for index, face in enumerate(values)]
    text = "{" + ",".join(marked[:first]) + "}"
    if extra:
        text += "+{" + ",".join(marked[first:]) + "}"
    return text


def pool(result: Any, again: int | None = None, level: int | None = None) -> str:
    """The pool as the bots write it: ``5a10`` (ih-d10), ``5d6`` (ih-d6, ``L2`` for a level)."""
    dice = len(result.faces) - int(result.extra_dice or 0) if result.chance else result.dp
    if result.system == "ih-d10":
        return notation(dice, again or 10)
    level_text = f" L{level}" if level and level != 1 else ""
    return f"{dice}d6{level_text}"


def outcome(t: Translator, result: Any) -> str:
    """``= 3 成功（DC 2，成功）``: the final successes and the verdict, in words."""
    if result.auto_failure:
        return "= " + t("roll.auto-failure")
    count = result.final_successes
    text = "= " + t("chat.successes-one" if count == 1 else "chat.successes", count=count)
    if result.dramatic_failure:
        return text + t("chat.dramatic")
    if result.success is not None:
        key = "chat.dc-success" if result.success else "chat.dc-failure"
        return text + t(key, dc=result.dc)
    return text + (t("chat.failure") if count == 0 else "")


def check_line(
    t: Translator,
    result: Any,
    *,
    who: str | None = None,
    label: str = "",
    again: int | None = None,
    level: int | None = None,
) -> str:
    """One check: who, what, the pool, the dice and the outcome (see the module's example)."""
    parts = [part for part in (who or "", label) if part]
    if result.chance:
        parts.append(t("roll.chance"))
    parts.append(pool(result, again, level))
    if result.auto_failure:
        return " ".join(parts) + " → " + t("roll.auto-failure")
    dice = faces(result)
    if result.penalty:
        dice += f" −{result.penalty}"
    if result.bonus:  # §1.1: it adds nothing to 0 successes left after the penalties
        dice += f" +{result.bonus}"
        if not result.chance and result.rolled_successes - result.penalty <= 0:
            dice += t("chat.bonus-no-effect")
    return " ".join(parts) + f" → {dice} " + outcome(t, result)


def _label(t: Translator, parts: Any, label: str) -> str:
    """``敏捷+枪械``: the pool's traits with no spaces, or the record's own label."""
    if parts:
        return pool_label(t, parts).replace(" + ", "+").replace(" − ", "−")
    return "+".join(trait(t, word) for word in label.split("+")) if label else ""


def _again(command: Any) -> int | None:
    check = getattr(command, "check", None)
    value = getattr(check, "again", None) or getattr(command, "again", None)
    return value if isinstance(value, int) else None


def _level(command: Any) -> int | None:
    check = getattr(command, "check", None)
    value = getattr(check, "level", None) or getattr(command, "level", None)
    return value if isinstance(value, int) else None


def event_line(t: Translator, event: Any, command: Any = None) -> str | None:
    """The chat line of one event that carries dice (``None`` for the others, and for a hidden
    roll: the players are not told). ``command`` is the journal entry's, for the again rule."""
    again, level = _again(command), _level(command)
    if isinstance(event, CheckRolled):
        if event.command.hidden:
            return None
        return check_line(t, event.result, who=event.command.by, again=again, level=level)
    if isinstance(event, CheckMade | ExtendedRolled):
        record = event.record
        if record.hidden:
            return None
        label = _label(t, record.parts, record.label)
        if isinstance(event, ExtendedRolled):
            label = f"{event.id} {label}".strip()
        line = check_line(t, record.check, who=record.by, label=label, again=again, level=level)
        if isinstance(event, CheckMade) and event.opponent is not None:
            other = event.opponent
            line += "  " + t("chat.versus", name=other.by or "?", dice=faces(other.check))
            line += f" = {other.check.final_successes}"
        if isinstance(event, ExtendedRolled):
            line += "  " + t("dice.extended-total", successes=event.successes, dc=event.dc)
        return line
    if isinstance(event, ih_events.AttackRolled):
        from console.ih.combat_text import attack_sentence

        result = event.result
        head = t("chat.attack", attacker=event.attacker, target=event.target)
        typed = event.label and not event.label.startswith("dp=")  # dp=5 is the 骰池 5 below
        label = _label(t, (), event.label) if typed else ""
        parts = [part for part in (head, label) if part]
        pool_text = t(
            "chat.attack-pool", pool=event.pool_before_defense, defense=event.defense
        ) + pool(result, again)
        if result.chance:
            pool_text += " " + t("roll.chance")
        parts.append(pool_text)
        return " ".join(parts) + f" → {faces(result)} → " + attack_sentence(t, event).plain
    if isinstance(event, MistRolled):
        if event.command.hidden:
            return None
        return mist_line(t, event.result, who=event.command.by)
    if isinstance(event, mist_events.ActionRolled | mist_events.Mitigated):  # and §4.3
        return mist_line(t, event.roll, who=event.actor, sources=event.sources)
    if isinstance(event, mist_events.Immersed):  # a full immersion (§4.5): who and the theme
        return mist_line(t, event.roll, who=f"{event.character} {event.theme}")
    if isinstance(
        event, mist_events.CaseRolled
    ):  # a Deduction or Test roll for a conclusion (§4.7)
        mode = t(f"mist.case.{event.mode}") if t.has(f"mist.case.{event.mode}") else event.mode
        return mist_line(t, event.roll, who=f"{mode} {event.conclusion}")
    return None


def mist_line(t: Translator, roll: Any, *, who: str | None = None, sources: Any = ()) -> str:
    """``梅 恐惧之手+沉默 效力 2 → d8 5 + d4 {2,4} = 9 → 完全成功``."""
    parts = [who] if who else []
    tags = [source.label for source in sources if source.label and source.value > 0]
    if tags:
        parts.append("+".join(tags))
    parts.append(t("mist.power", power=roll.power))
    dice = f"d8 {roll.d8}"
    if roll.d4s:
        dice += " " + ("−" if roll.power < 0 else "+") + " d4 {" + ",".join(map(str, roll.d4s))
        dice += "}"
    outcome_words = t(f"mist.outcome.{roll.outcome}")
    return " ".join(parts) + f" → {dice} = {roll.total} → {outcome_words}"


def entry_lines(t: Translator, entry: Any, hidden: frozenset[str] = frozenset()) -> Iterator[str]:
    """The chat lines of one journal entry's rolls, in order; none of a roll that names one of
    ``hidden`` (casefolded names of combatants and challenges the players may not see)."""
    for event in entry.events:
        line = None if _names(event) & hidden else event_line(t, event, entry.command)
        if line is not None:
            yield line


def last_roll(t: Translator, scene: Any) -> str | None:
    """The chat line of the scene's latest roll, check, attack or action (``None``: none yet).
    An entry of several rolls (two attacks) gives them all, one a line. A hidden roll, or one
    by or against someone hidden now, is passed over: the line is for the players."""
    hidden = frozenset(_hidden_names(scene.state))
    for entry in reversed(scene.journal):
        lines = list(entry_lines(t, entry, hidden))
        if lines:
            return "\n".join(lines)
    return None


# -- the SealDice log export (saves/sealdice_log.py makes the file; the words are made here) -------

ROLLERS: dict[type[Event], str] = {
    CheckRolled: "command.by",
    MistRolled: "command.by",
    CheckMade: "record.by",
    ExtendedRolled: "record.by",
    ih_events.AttackRolled: "attacker",
    mist_events.ActionRolled: "actor",
    ih_events.ActionSpent: "name",
    ih_events.Delayed: "name",
    ih_events.UnusualReflex: "name",
    ih_events.InterruptDeclared: "reactor",
}
"""Events a character makes, and the field naming that character; any other event is the
Storyteller's (the log's items under the ST's nickname)."""
DICE_EVENTS: frozenset[type[Event]] = frozenset(
    (
        CheckRolled,
        MistRolled,
        CheckMade,
        ExtendedRolled,
        ih_events.AttackRolled,
        mist_events.ActionRolled,
        mist_events.CaseRolled,
    )
)
UNSEEN_EVENTS: frozenset[type[Event]] = frozenset(
    (ih_events.Hidden, mist_events.ChallengeHidden, mist_events.LimitsHidden)
)
"""The ST hiding something from the players: not in their log."""


def actor(event: Any) -> str | None:
    """Who made ``event`` (``None``: the Storyteller). A character's willpower spent (§1.7: dice,
    defense, staying conscious, an impulse, a trait) is that character's; the ST's ``adjust``
    of a pool is the ST's."""
    if isinstance(event, ih_events.WillpowerChanged):
        return event.name if event.use != "adjust" and event.name.strip() else None
    path = ROLLERS.get(type(event))
    value: Any = event
    for name in path.split(".") if path else ():
        value = getattr(value, name, None)
    return value if path and isinstance(value, str) and value.strip() else None


class LogWords:
    """The words of a SealDice log (``saves.sealdice_log.Describe``): one journal entry at a
    time, in order, as lines — a roll as its chat line (``isDice``), any other event in the
    words of the console's log (``console/event_text.py``).

    What the players may not see is left out, as in their view: a hidden roll; a combatant or
    challenge while it is hidden (added ``hidden`` or ``hide``-den, until revealed), and every
    event that names it; the ST hiding something.
    """

    def __init__(self, t: Translator) -> None:
        self.t = t
        self.scene: Any = None
        self.hidden: set[str] = set()

    def __call__(self, scene: Any, entry: Any) -> list[Any]:
        if scene is not self.scene:
            self.scene = scene
            self.hidden = _hidden_names(scene.initial)
        return self.lines(entry)

    def lines(self, entry: Any) -> list[Any]:
        from console import event_text
        from saves import LogLine

        lines = []
        for event in entry.events:
            kind = type(event)
            named = _names(event)
            added_hidden = kind in ADDED and getattr(event, "hidden", False) is True
            if added_hidden or kind in (ih_events.Hidden, mist_events.ChallengeHidden):
                self.hidden |= named
            elif kind in (ih_events.Revealed, mist_events.ChallengeRevealed):
                self.hidden -= named
            if kind in UNSEEN_EVENTS or named & self.hidden:
                continue
            if getattr(event, "hidden", False) is True:
                continue
            if kind in DICE_EVENTS:
                line = event_line(self.t, event, entry.command)
                if line is not None:  # None: a hidden roll
                    lines.append(LogLine(actor(event), line, True))
                continue
            lines.append(LogLine(actor(event), event_text.describe(self.t, event), False))
        return lines


ADDED: tuple[type[Event], ...] = (ih_events.CombatantAdded, mist_events.ChallengeAdded)
"""Events that may bring someone or something in hidden (``add … hidden``)."""
NAME_FIELDS = ("name", "target", "attacker", "actor", "reactor", "challenge", "after", "names")
"""Fields of an event that name a combatant or a challenge."""


def _names(event: Any) -> set[str]:
    """The combatants and challenges an event names (casefolded), its roller's included."""
    found: set[str] = set()
    values = [getattr(event, field, None) for field in NAME_FIELDS]
    for holder in (getattr(event, "command", None), getattr(event, "record", None)):
        values += [getattr(holder, "by", None), getattr(holder, "opponent", None)]
    for value in values:
        for name in value if isinstance(value, tuple) else (value,):
            if isinstance(name, str) and name.strip():
                found.add(name.strip().casefold())
    return found


def _hidden_names(state: Any) -> set[str]:
    """Who and what is hidden in a scene's first state."""
    things = getattr(state, "order", ()) or getattr(state, "challenges", ())
    return {x.name.casefold() for x in things if getattr(x, "hidden", False)}
