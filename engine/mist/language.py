"""The M.I.S.T. verbs of the console language (INTERFACE.md §3, extended).

Every verb parses into one command of ``commands.py``; anything else is a ``RuleError``.
Names match case-insensitively; quote names and texts with spaces; lists are comma-separated.

============  =====================================================================  =========
verb          form                                                                   rule
============  =====================================================================  =========
profile       ``profile NAME limits=… tags="a,b" statuses="s-N" threat="…"…``       issue 29
              ``profile drop NAME`` · ``challenge save NAME [as=P]``
              ``challenge NAME from=PROFILE [count=N] [hidden]`` · ``threat drop t2``
pc            ``pc NAME``                                                            §4.1
challenge     ``challenge NAME limits=KIND:N|KIND:immune[,…] [hidden]``              §4.1
hide/reveal   ``hide CHALLENGE [limits]`` · ``reveal CHALLENGE [limits]`` (players' view)
limit         ``limit CHALLENGE KIND N|immune``                                      §4.1
note          ``note CHALLENGE "TEXT"``                                              §4.1
theme         ``theme NAME self|taint "THEME TAG" power="a,b" weakness="w"``
              ``motive="…" [newborn]``                                               §4.1
status        ``status TARGET NAME TIER [counters=OTHER]`` (take; or reduce OTHER)   §4.1 [I-4]
              ``… by=WHO`` (who gave it: the log and the report say so)             issue 29
reduce        ``reduce TARGET NAME N [counters=OTHER]``                              §4.1 [I-4]
tag / untag   ``tag TARGET|scene "TAG"`` · ``untag TARGET|scene "TAG"`` (story tags)  §4.1
              ``tag … scope=scene|challenge[:NAME]|character`` · ``tag "TAG"`` (scene)  issue 29
burn          ``burn NAME "TAG"`` · ``restore NAME "TAG"|all``                       §4.1
phase         ``phase establish|action|consequence|next``                            §4.6
threat        ``threat "TEXT" [challenge=NAME]`` · ``resolve t1``                    §4.6
scene         ``scene end [keep="TAG,…"] [next="NAME"]``                             §4.6
action        ``action NAME [tags=a,b] [hinder=w] [statuses=s] [hindering=s]``
              ``[burn=t] [indulge=THEME] [target=NAME]``                             §4.2 §4.4
effect        ``effect status|reduce TARGET NAME N`` · ``effect tag|untag TARGET "T"``
              ``effect clue "TEXT"`` · ``effect feat "TEXT"``                        §4.2
consequence   ``consequence TARGET STATUS TIER [text="…"] [for=ID]`` or
              ``consequence "TEXT" [for=ID]`` · ``deliver [x1]``                     §4.6
              ``consequence TARGET for=t1`` (the threat's markup) or
              ``consequence TARGET text="[bitten-3] [fog]"`` (markup, issue 29)       §4.6
mitigate      ``mitigate x1 [tags=…] … [extra=reduce|status:NAME[:ALLY]]``           §4.3 [I-6]
immerse       ``immerse NAME THEME submerge|dive|sink [status=NAME] [burn=a,b]``     §4.5
mark          ``mark NAME THEME mastery|progress|indulgence|abandon [N]``            §4.8
growth        ``growth NAME THEME power "TAG"`` · ``… weakness add|remove "W"``
              ``… weakness rewrite "OLD" "NEW"`` · ``… motive "TEXT"`` · ``… reset``  §4.8
              ``… normal`` (a newborn theme declared normal: [I-24] switched)        [I-24]
rebirth       ``rebirth NAME "THEME TAG" [weakness="w"] [motive="…"]``               §4.8
retire        ``retire NAME sleep|calm``                                             §4.8
clue          ``clue "TEXT" [by="tag,…"] [scene="NAME"]``                            §4.7
conclusion    ``conclusion "TEXT" supports=c1,c2 [contradicts=c3]``                  §4.7
complexity    ``complexity N``                                                       §4.7
deduce/test   ``deduce k1 [clue="refuting clue"]`` · ``test k1 [property="…"]``      §4.7
casefile      ``casefile open|close``                                                §4.6
question      ``question "TEXT"`` · ``answer q1 k2|none``                            §4.7
season        ``season "NAME"`` · ``mission "NAME" [anomaly="…"]`` · ``mission end``  §4.6
cutin         ``cutin "SUMMARY" [anomaly="…"]`` · ``suppress o1``                    §4.6
interpret     ``interpret FIELD=VALUE`` (engine/settings.py fields, [I-1]…[I-25])   [I-n]
============  =====================================================================  =========
"""

from __future__ import annotations

from collections.abc import Callable

from engine.errors import RuleError
from engine.language import Line, parse_int
from engine.mist import arguments as args
from engine.mist import case_language, profile_language, theme_language
from engine.mist import commands as c
from engine.mist.profile_language import PROFILE_LISTS as PROFILE_LISTS
from engine.mist.state import Phase, TagScope
from engine.settings import Interpretations, assign, canonical


def _pc(line: Line) -> c.Command:
    args.options(line)
    return c.AddCharacter(args.words(line, 1, 1, "pc NAME")[0].strip())


def _visibility(line: Line) -> c.Command:
    args.options(line)
    usage = f"{line.verb} CHALLENGE [limits]"
    words = args.words(line, 1, 2, usage)
    if len(words) == 2 and words[1].strip().lower() != "limits":
        raise RuleError("mist.language.use", usage=usage)
    return c.SetVisibility(words[0].strip(), line.verb == "reveal", len(words) == 2)


def _limit(line: Line) -> c.Command:
    args.options(line)
    name, kind, tier = args.words(line, 3, 3, "limit CHALLENGE KIND N|immune")
    return c.SetLimit(name, kind, args.limit_tier(tier))


def _note(line: Line) -> c.Command:
    args.options(line)
    name, text = args.words(line, 2, 2, 'note CHALLENGE "TEXT"')
    return c.AddNote(name, text)


def _status(line: Line) -> c.Command:
    args.options(line, "counters", "by")
    usage = "status TARGET NAME TIER [counters=OTHER] [by=WHO]"
    target, name, tier = args.words(line, 3, 3, usage)
    by = (line.option("by") or "").strip() or None
    return c.TakeStatus(
        target, name, parse_int(tier, "The tier"), line.option("counters") or None, by
    )


def _reduce(line: Line) -> c.Command:
    args.options(line, "counters")
    target, name, by = args.words(line, 3, 3, "reduce TARGET NAME N [counters=OTHER]")
    return c.ReduceStatus(target, name, parse_int(by, "N"), line.option("counters") or None)


def _tag(line: Line) -> c.Command:
    """``tag TARGET "TAG" [scope=…]``; with one word, the tag is the scene's (issue 29 §4)."""
    if line.verb == "untag":
        args.options(line)
        target, tag = args.words(line, 2, 2, 'untag TARGET|scene "TAG"')
        return c.RemoveStoryTag(target, tag)
    args.options(line, "scope")
    usage = 'tag TARGET|scene "TAG" [scope=scene|challenge[:NAME]|character]'
    words = args.words(line, 1, 2, usage)
    target, tag = ("scene", words[0]) if len(words) == 1 else (words[0], words[1])
    scope, _, until = (line.option("scope") or "scene").partition(":")
    kind = TagScope(args.choice(scope, "tag-scope"))
    if until.strip() and kind is not TagScope.CHALLENGE:
        raise RuleError("mist.language.use", usage=usage)
    return c.AddStoryTag(target, tag, kind, until.strip() or None)


def _phase(line: Line) -> c.Command:
    args.options(line)
    word = args.words(line, 1, 1, "phase establish|action|consequence|next")[0]
    key = args.choice(word, "phase")
    return c.SetPhase(None if key == "next" else Phase(key))


def _threat(line: Line) -> c.Command:
    if len(line.words) == 2 and line.words[0].strip().lower() == "drop":
        args.options(line)
        return c.DropThreat(line.words[1].strip())
    args.options(line, "challenge")
    text = args.words(line, 1, 1, 'threat "TEXT" [challenge=NAME]')[0]
    return c.PresentThreat(text, line.option("challenge") or None)


def _resolve(line: Line) -> c.Command:
    args.options(line)
    return c.ResolveThreat(args.words(line, 1, 1, "resolve t1")[0])


def _scene(line: Line) -> c.Command:
    args.options(line, "keep", "next")
    usage = 'scene end [keep="TAG,…"] [next="NAME"]  ·  scene new "NAME" mist'
    words = args.words(line, 1, 1, usage)
    if words[0].lower() != "end":
        raise RuleError("mist.language.use", usage=usage)
    return c.EndScene(args.comma_list(line.option("keep")), line.option("next") or None)


def _action(line: Line) -> c.Command:
    args.options(line, *args.POWER_KEYS, "target")
    usage = 'action NAME ["WHAT"] tags=a,b hinder=w statuses=s hindering=s burn=t indulge=THEME'
    words = args.words(line, 1, 2, usage)
    return c.TakeAction(words[0], args.power(line), line.option("target") or None)


def _effect(line: Line) -> c.Command:
    args.options(line)
    usage = (
        'effect status|reduce TARGET NAME N · effect tag|untag TARGET "TAG" · '
        'effect clue|feat "TEXT"'
    )
    if not line.words:
        raise RuleError("mist.language.use", usage=usage)
    kind = args.choice(line.words[0], "effect")
    rest = line.words[1:]
    if kind in ("status", "reduce"):
        if len(rest) != 3:
            raise RuleError("mist.language.use", usage=usage)
        amount = parse_int(rest[2], "The tier" if kind == "status" else "N")
        if amount < 1:
            raise RuleError("mist.language.effect-tiers-buys-nothing", amount=amount)
        return c.SpendEffect(kind, rest[0], rest[1], amount)
    if kind in ("tag", "untag"):
        if len(rest) != 2 or not rest[1].strip():
            raise RuleError("mist.language.use", usage=usage)
        return c.SpendEffect(kind, rest[0], rest[1])
    if len(rest) != 1 or not rest[0].strip():
        raise RuleError("mist.language.use", usage=usage)
    return c.SpendEffect(kind, None, rest[0])


def _consequence(line: Line) -> c.Command:
    args.options(line, "text", "for")
    usage = 'consequence TARGET STATUS TIER [text="…"] [for=ID]  ·  consequence "TEXT"'
    words = args.words(line, 1, 3, usage)
    source = line.option("for") or None
    if len(words) == 1 and line.option("text") is not None:
        return c.AddConsequence(line.option("text") or "", words[0], source=source)
    if len(words) == 1:
        return c.AddConsequence(words[0], source=source)
    if len(words) != 3:
        raise RuleError("mist.language.use", usage=usage)
    tier = parse_int(words[2], "The tier")
    return c.AddConsequence(line.option("text") or "", words[0], words[1], tier, source)


def _deliver(line: Line) -> c.Command:
    args.options(line)
    words = args.words(line, 0, 1, "deliver [x1]")
    return c.Deliver(words[0] if words else None)


def _mitigate(line: Line) -> c.Command:
    args.options(line, *args.POWER_KEYS, "extra")
    ident = args.words(line, 1, 1, "mitigate x1 tags=… [extra=reduce|status:NAME[:ALLY]]")[0]
    extra = line.option("extra")
    if extra is None:
        return c.Mitigate(ident, args.power(line))
    if extra.strip().lower() == "reduce":
        return c.Mitigate(ident, args.power(line), "reduce")
    head, _, rest = extra.partition(":")
    name, _, ally = rest.partition(":")
    if head.strip().lower() != "status" or not name.strip():
        raise RuleError("mist.language.extra-reduce-status-name", extra=extra)
    return c.Mitigate(ident, args.power(line), "status", name.strip(), ally.strip() or None)


def _interpret(line: Line) -> c.Command:
    fields = Interpretations.__dataclass_fields__
    if line.words or len(line.options) != 1:
        raise RuleError("mist.language.use-interpret-field-true", fields=", ".join(fields))
    key, value = line.options[0]
    key = canonical(key.replace("-", "_"))  # RULES.md's I-7 names its field too
    # Every [I-n] is accepted in every scene (RULES.md: the settings live in one place); the
    # value is checked against the setting's kind (on/off, or a whole number).
    return c.SetInterpretation(key, getattr(assign(Interpretations(), key, value), key))


PARSERS: dict[str, Callable[[Line], c.Command]] = {
    "pc": _pc,
    "challenge": profile_language.parse_challenge,
    "profile": profile_language.parse_profile,
    "limit": _limit,
    "hide": _visibility,
    "reveal": _visibility,
    "note": _note,
    "theme": theme_language.parse_theme,
    "status": _status,
    "reduce": _reduce,
    "tag": _tag,
    "untag": _tag,
    "burn": theme_language.parse_burn,
    "restore": theme_language.parse_restore,
    "phase": _phase,
    "threat": _threat,
    "resolve": _resolve,
    "scene": _scene,
    "action": _action,
    "effect": _effect,
    "consequence": _consequence,
    "deliver": _deliver,
    "mitigate": _mitigate,
    "immerse": theme_language.parse_immerse,
    "mark": theme_language.parse_mark,
    "growth": theme_language.parse_growth,
    "rebirth": theme_language.parse_rebirth,
    "retire": theme_language.parse_retire,
    "clue": case_language.parse_clue,
    "conclusion": case_language.parse_conclusion,
    "complexity": case_language.parse_complexity,
    "deduce": case_language.parse_case_roll,
    "test": case_language.parse_case_roll,
    "casefile": case_language.parse_casefile,
    "question": case_language.parse_question,
    "answer": case_language.parse_answer,
    "season": case_language.parse_season,
    "mission": case_language.parse_mission,
    "cutin": case_language.parse_cutin,
    "suppress": case_language.parse_suppress,
    "interpret": _interpret,
}

VERBS: tuple[str, ...] = tuple(verb for verb in PARSERS if verb != "scene")
"""The Mist verbs (``scene`` is shared: ``scene new`` is the session's, ``scene end`` ours)."""


def parse(line: Line) -> c.Command | None:
    """The command for a Mist line; ``None`` when the verb is not a Mist verb.

    Raises:
        RuleError: a Mist verb with bad arguments, or an option given twice (it was once read
            from its first use only, silently dropping ``supports=c2`` in
            ``supports=c1 supports=c2``).
    """
    parser = PARSERS.get(line.verb)
    if parser is None:
        return None
    keys = [key for key, _ in line.options]
    lists = PROFILE_LISTS if line.verb == "profile" else ()
    repeated = next(
        (key for index, key in enumerate(keys) if key in keys[:index] and key not in lists), None
    )
    if repeated is not None:
        raise RuleError("mist.language.twice-give-once", verb=line.verb, repeated=repeated)
    return parser(line)
