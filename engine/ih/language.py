"""The Infinite Horror verbs of the console language (INTERFACE.md §3), parsed into commands.

=========================================================  ===================================
command                                                    meaning (RULES.md)
=========================================================  ===================================
``add NAME init=N|mod=N [dex=N] [com=N] [health=N]``       a combatant; ``init`` is a rolled
``[willpower=N] [defense=N] [defense-bonus=N] [pc|npc]``   result, ``mod`` rolls 1d10 + N
                                                           (neither: mod = dex + com) §3.3
``join NAME …`` (as ``add``) ``[clueless]``                joins mid-fight, acts next round
                                                           §3.5; ``clueless``: flat-footed
``surprise NAME [NAME …]``                                 surprise round, only these act §3.2
``begin [down]``                                           round 1 (after the surprise round)
``next [down]``                                            end the current turn; a down
                                                           combatant's turn is skipped
                                                           (``down``: taken anyway)
``spend NAME free|swift|reflex|move|standard|full-round``  spend an action §3.6; reflex
                                                           off-turn: next turn's swift §3.7
``spend NAME reflex drop-prone|ready|"OTHER"``             a named reflex; another without an
                                                           ability noted is warned §3.7
``spend NAME one-round ["WHAT"]``                          "1 round": the whole turn, lands at
                                                           the start of the next turn §3.7
``ability NAME "TEXT"``                                    note an ability (reflexes) §3.7
``temporary NAME stamina|size +N`` · ``… end``             temporary health boxes §2.2
``defense NAME N``                                         base defense now; 0 loses the
                                                           legendary defense bonus §3.8
``delay NAME after OTHER`` · ``delay NAME next-round``     delay §3.4
``initiative NAME +N|-N``                                  immediate change, re-sort §3.5
``swap A B``                                               swap two tied combatants §3.3
``remove NAME``                                            leave the fight
``hide NAME`` · ``reveal NAME``                            left out of / shown in the players'
                                                           view (``add … hidden`` too)
``damage NAME N`` · ``heal NAME N``                        health; 0 = unconscious §2.2,
                                                           past 0 recorded [I-20]
``faint NAME``                                             the ST knocks NAME out [I-20]
``willpower NAME +N|-N``                                   adjust the pool
``willpower NAME +3dp|defense|conscious|impulse|trait``    the spends of §1.7
``defend NAME N``                                          declare defense bonus successes §3.8
``effect NAME "LABEL" rounds=N [by=SOURCE]``               lasting effect on SOURCE's turns §3.1
``effect NAME "LABEL" end``                                end an effect early
``interrupt NAME OTHER [ready]``                           a reflex against OTHER's action
                                                           (``ready``: already paid) §3.7
``resolve continues|fails|avoided``                        the ST's ruling on the interrupt
``extra NAME swift|move|standard N [turn]``                extra actions per turn (or this
                                                           turn only) §3.6
``cap free N|none``                                        cap free actions per turn §3.6
``note NAME "TEXT"``                                       a note on a combatant
``end scene`` · ``end movie``                              boundaries: per-scene/movie uses
=========================================================  ===================================

Sheets, checks and extended actions: ``engine/ih/sheet_language.py``.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.errors import RuleError
from engine.fullwidth import ascii_forms
from engine.ih import arguments as args
from engine.ih import commands as c
from engine.ih.attack_language import parse_attack
from engine.ih.encounter import ActionKind, Kind
from engine.ih.interrupts import Outcome
from engine.ih.roster import Entry
from engine.ih.sheet_language import PARSERS as SHEET_PARSERS
from engine.ih.sheet_language import parse_add_from
from engine.ih.vitals import WillpowerUse
from engine.keywords import read_word
from engine.keywords import word as keyword
from engine.language import WHOLE_NUMBER, Line, parse_int

ADD_OPTIONS: dict[str, str] = {
    "init": "initiative",
    "mod": "modifier",
    "dex": "dexterity",
    "com": "composure",
    "health": "health",
    "willpower": "willpower",
    "defense": "defense",
    "defense-bonus": "defense_bonus",
}


def parse(line: Line) -> c.Command | None:
    """The command for an IH verb; ``None`` when the verb is not an IH one.

    Raises:
        RuleError: the verb is ours but its arguments are wrong.
    """
    parser = PARSERS.get(line.verb)
    if parser is None:
        return None
    return parser(line)


def _add(line: Line) -> c.Add | c.AddFromSheet:
    if line.has_option("from"):
        return parse_add_from(line)
    usage = (
        f"{line.verb} NAME init=N|mod=N [dex=N] [com=N] [health=N] [willpower=N] [pc|npc] [hidden]"
    )
    if not line.words:
        raise args.usage(usage)
    values: dict[str, int] = {}
    for key, value in line.options:
        if key not in ADD_OPTIONS:
            raise RuleError("ih.language.unknown-option-use-2", key=key, usage=usage)
        values[ADD_OPTIONS[key]] = parse_int(value, key)
    kind = Kind.NPC
    clueless = False
    hidden = False
    for word in line.words[1:]:
        flag = ascii_forms(word).lower()
        side = read_word(word, "side")
        if side is not None:
            kind = Kind(side)
        elif flag == "hidden":
            hidden = True
        elif flag in ("clueless", "flat-footed") and line.verb == "join":
            clueless = True
        else:
            raise RuleError("ih.language.unexpected-name-spaces-needs", word=word, usage=usage)
    entry = Entry(
        name=line.words[0],
        initiative=values.get("initiative"),
        modifier=values.get("modifier"),
        dexterity=values.get("dexterity"),
        composure=values.get("composure"),
        health=values.get("health"),
        willpower=values.get("willpower"),
        defense=values.get("defense", 0),
        defense_bonus=values.get("defense_bonus", 0),
        kind=kind,
        clueless=clueless,
        hidden=hidden,
    )
    return c.Add(entry=entry, join=line.verb == "join")


def _surprise(line: Line) -> c.Surprise:
    if not line.words or line.options:
        raise args.usage("surprise NAME [NAME …]")
    return c.Surprise(names=line.words)


def _down(line: Line, syntax: str) -> bool:
    """Whether ``begin``/``next`` says ``down`` (倒地): a down combatant's turn is taken."""
    if len(line.words) > 1 or line.options:
        raise args.usage(syntax)
    if not line.words:
        return False
    if read_word(line.words[0], "turn") != "down":
        raise args.usage(syntax)
    return True


def _begin(line: Line) -> c.Begin:
    return c.Begin(down=_down(line, "begin [down]"))


def _next(line: Line) -> c.Next:
    return c.Next(down=_down(line, "next [down]"))


def _spend(line: Line) -> c.Spend:
    usage = (
        "spend NAME free|swift|reflex|move|standard|full-round  ·  "
        'spend NAME reflex drop-prone|ready|"OTHER"  ·  spend NAME one-round ["WHAT"]'
    )
    if len(line.words) not in (2, 3) or line.options:
        raise args.usage(usage)
    name, kind = line.words[0], line.words[1]
    # spend 安 标准 as spend 安 standard; another word is refused naming the kinds, in the
    # table's language (the usage line spoke only the English words)
    action = ActionKind(keyword(kind, "ih-action"))
    label = line.words[2] if len(line.words) == 3 else ""
    if label and action not in (ActionKind.REFLEX, ActionKind.ONE_ROUND):
        raise args.usage(usage)
    if len(line.words) == 3 and not label.strip():
        raise args.usage(usage)
    return c.Spend(name=name, kind=action, label=label.strip())


def _temporary(line: Line) -> c.Temporary:
    usage = "temporary NAME stamina|size +N  ·  temporary NAME stamina|size end"
    name, trait, amount = args.words(line, 3, usage)
    if amount.lower() == "end":
        return c.Temporary(name=name, trait=trait.lower(), amount=None)
    if not amount.startswith("+"):
        raise args.usage(usage)
    return c.Temporary(name=name, trait=trait.lower(), amount=parse_int(amount[1:], "N"))


def _set_defense(line: Line) -> c.SetDefense:
    name, value = args.words(line, 2, "defense NAME N")
    return c.SetDefense(name=name, value=parse_int(value, "N"))


def _ability(line: Line) -> c.Ability:
    name, text = args.words(line, 2, 'ability NAME "TEXT"')
    if not text.strip():
        raise RuleError("ih.ability.empty", name=name)
    return c.Ability(name=name, text=text.strip())


def _delay(line: Line) -> c.Delay:
    usage = "delay NAME after OTHER  ·  delay NAME next-round"
    # delay 安 下一轮 / delay 安 之后 老王, as the English words
    word = read_word(line.words[1], "ih-word") if len(line.words) in (2, 3) else None
    if len(line.words) == 2 and word == "next-round" and not line.options:
        return c.Delay(name=line.words[0], after=None)
    if len(line.words) == 3 and word == "after" and not line.options:
        return c.Delay(name=line.words[0], after=line.words[2])
    raise args.usage(usage)


def _initiative(line: Line) -> c.ChangeInitiative:
    name, amount = args.words(line, 2, "initiative NAME +N|-N")
    return c.ChangeInitiative(name=name, amount=parse_int(amount, "The initiative change"))


def _swap(line: Line) -> c.Swap:
    first, second = args.words(line, 2, "swap A B")
    return c.Swap(first=first, second=second)


def _remove(line: Line) -> c.Remove:
    (name,) = args.words(line, 1, "remove NAME")
    return c.Remove(name=name)


def _faint(line: Line) -> c.Faint:
    (name,) = args.words(line, 1, "faint NAME")
    return c.Faint(name=name)


def _hide(line: Line) -> c.Hide | c.Reveal:
    (name,) = args.words(line, 1, f"{line.verb} NAME")
    return c.Hide(name=name) if line.verb == "hide" else c.Reveal(name=name)


def _damage(line: Line) -> c.Damage:
    name, amount = args.words(line, 2, "damage NAME N")
    return c.Damage(name=name, amount=args.count(amount, "Damage"))


def _heal(line: Line) -> c.Heal:
    name, amount = args.words(line, 2, "heal NAME N")
    return c.Heal(name=name, amount=args.count(amount, "Healing"))


def _willpower(line: Line) -> c.AdjustWillpower | c.UseWillpower:
    usage = "willpower NAME +N|-N  ·  willpower NAME +3dp|defense|conscious|impulse|trait"
    name, what = args.words(line, 2, usage)
    word = ascii_forms(what).lower()
    if word in {use.value for use in WillpowerUse}:
        return c.UseWillpower(name=name, use=WillpowerUse(word))
    if WHOLE_NUMBER.fullmatch(word) is None:
        raise args.usage(usage)
    return c.AdjustWillpower(name=name, amount=int(word))


def _defend(line: Line) -> c.Defend:
    name, count = args.words(line, 2, "defend NAME N")
    return c.Defend(name=name, successes=args.count(count, "Defense bonus successes", 1))


def _effect(line: Line) -> c.AddEffect | c.EndEffect:
    usage = 'effect NAME "LABEL" rounds=N [by=SOURCE]  ·  effect NAME "LABEL" end'
    if len(line.words) == 3 and read_word(line.words[2], "ih-word") == "end" and not line.options:
        return c.EndEffect(name=line.words[0], label=line.words[1])
    name, label = args.words(line, 2, usage, ("rounds", "by"))
    rounds = line.option("rounds")
    if rounds is None:
        raise args.usage(usage)
    return c.AddEffect(
        name=name, label=label, rounds=args.count(rounds, "rounds", 1), source=line.option("by")
    )


def _interrupt(line: Line) -> c.DeclareInterrupt:
    usage = "interrupt NAME OTHER [ready]"
    if len(line.words) == 3 and line.words[2].lower() == "ready" and not line.options:
        return c.DeclareInterrupt(reactor=line.words[0], target=line.words[1], prepaid=True)
    reactor, target = args.words(line, 2, usage)
    return c.DeclareInterrupt(reactor=reactor, target=target)


def _resolve(line: Line) -> c.ResolveInterrupt:
    usage = "resolve continues|fails|avoided"
    (word,) = args.words(line, 1, usage)
    try:
        return c.ResolveInterrupt(outcome=Outcome(word.lower()))
    except ValueError:
        raise args.usage(usage) from None


def _extra(line: Line) -> c.Extra:
    usage = "extra NAME swift|move|standard N [turn]"
    words = line.words
    this_turn = len(words) == 4 and words[3].lower() == "turn"
    if this_turn:
        words = words[:3]
    if len(words) != 3 or line.options:
        raise args.usage(usage)
    name, kind, count = words
    if kind.lower() not in ("swift", "move", "standard"):
        raise args.usage(usage)
    return c.Extra(
        name=name,
        kind=ActionKind(kind.lower()),
        count=args.count(count, "The number of extra actions"),
        this_turn=this_turn,
    )


def _cap(line: Line) -> c.CapFree:
    usage = "cap free N|none"
    what, value = args.words(line, 2, usage)
    if what.lower() != "free":
        raise args.usage(usage)
    if value.lower() in ("none", "off", "unlimited"):
        return c.CapFree(cap=None)
    return c.CapFree(cap=args.count(value, "The free-action cap"))


def _note(line: Line) -> c.Note:
    name, text = args.words(line, 2, 'note NAME "TEXT"')
    if not text.strip():
        raise RuleError("ih.language.note-needs-some-text")
    return c.Note(name=name, text=text)


def _end(line: Line) -> c.EndScene | c.EndMovie:
    (what,) = args.words(line, 1, "end scene|movie")
    if what.lower() == "scene":
        return c.EndScene()
    if what.lower() == "movie":
        return c.EndMovie()
    raise args.usage("end scene|movie")


PARSERS: dict[str, Callable[[Line], c.Command]] = {
    "add": _add,
    "join": _add,
    "surprise": _surprise,
    "begin": _begin,
    "next": _next,
    "spend": _spend,
    "delay": _delay,
    "initiative": _initiative,
    "swap": _swap,
    "remove": _remove,
    "hide": _hide,
    "reveal": _hide,
    "damage": _damage,
    "faint": _faint,
    "heal": _heal,
    "willpower": _willpower,
    "defend": _defend,
    "attack": parse_attack,
    "effect": _effect,
    "interrupt": _interrupt,
    "resolve": _resolve,
    "extra": _extra,
    "cap": _cap,
    "note": _note,
    "ability": _ability,
    "temporary": _temporary,
    "defense": _set_defense,
    "end": _end,
    **SHEET_PARSERS,
}

VERBS: tuple[str, ...] = tuple(PARSERS)
"""The Infinite Horror verbs, for completion and help."""
