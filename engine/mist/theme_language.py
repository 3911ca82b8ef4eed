"""The theme verbs of the M.I.S.T. console language (INTERFACE.md §3; RULES.md §4.1 themes and
tags, §4.5 immersion, §4.8 growth): themes, burning and restoring tags, immersion, marks, growth,
rebirth and retirement. The table of every verb is ``engine/mist/language.py``'s.
"""

from __future__ import annotations

from engine.errors import RuleError
from engine.language import Line, parse_int
from engine.mist import arguments as args
from engine.mist import commands as c
from engine.mist.state import Retirement, ThemeType, Track


def parse_theme(line: Line) -> c.Command:
    args.options(line, "power", "weakness", "motive")
    usage = 'theme NAME self|taint "THEME TAG" power="a,b" weakness="w" motive="…" [newborn]'
    words = args.words(line, 3, 4, usage)
    newborn = len(words) == 4
    if newborn and words[3].lower() != "newborn":
        raise RuleError("mist.language.use", usage=usage)
    kind = ThemeType(args.choice(words[1], "theme-type"))
    return c.AddTheme(
        words[0],
        kind,
        words[2],
        args.comma_list(line.option("power")),
        args.comma_list(line.option("weakness")),
        line.option("motive") or "",
        newborn,
    )


def parse_burn(line: Line) -> c.Command:
    args.options(line)
    name, tag = args.words(line, 2, 2, 'burn NAME "TAG"')
    return c.BurnTag(name, tag)


def parse_restore(line: Line) -> c.Command:
    args.options(line)
    name, tag = args.words(line, 2, 2, 'restore NAME "TAG"|all')
    return c.RestoreTag(name, None if tag.lower() == "all" else tag)


def parse_immerse(line: Line) -> c.Command:
    args.options(line, "status", "burn")
    name, theme, depth = args.words(line, 3, 3, "immerse NAME THEME submerge|dive|sink")
    key = args.choice(depth, "depth")
    return c.Immerse(
        name, theme, key, line.option("status") or "immersed", args.comma_list(line.option("burn"))
    )


def parse_mark(line: Line) -> c.Command:
    args.options(line)
    words = args.words(line, 3, 4, "mark NAME THEME mastery|progress|indulgence|abandon [N]")
    track = Track(args.choice(words[2], "track"))
    count = parse_int(words[3], "N") if len(words) == 4 else 1
    return c.Mark(words[0], words[1], track, count)


def parse_growth(line: Line) -> c.Command:
    args.options(line)
    usage = (
        'growth NAME THEME power "TAG" | weakness add|remove "W" | weakness rewrite "OLD" "NEW"'
        ' | motive "TEXT" | reset | normal'
    )
    words = args.words(line, 3, 6, usage)
    name, theme, choice = words[0], words[1], words[2].lower()
    rest = words[3:]
    if choice in ("reset", "normal") and not rest:
        return c.Grow(name, theme, choice)
    if choice in ("power", "motive") and len(rest) == 1:
        return c.Grow(name, theme, choice, rest[0])
    if choice == "weakness" and rest:
        how = rest[0].lower()
        if how in ("add", "remove") and len(rest) == 2:
            return c.Grow(name, theme, f"weakness-{how}", rest[1])
        if how == "rewrite" and len(rest) == 3:
            return c.Grow(name, theme, "weakness-rewrite", rest[1], rest[2])
    raise RuleError("mist.language.use", usage=usage)


def parse_rebirth(line: Line) -> c.Command:
    args.options(line, "weakness", "motive")
    name, tag = args.words(line, 2, 2, 'rebirth NAME "THEME TAG" [weakness="w"] [motive="…"]')
    return c.Rebirth(name, tag, line.option("weakness") or "", line.option("motive") or "")


def parse_retire(line: Line) -> c.Command:
    args.options(line)
    name, choice = args.words(line, 2, 2, "retire NAME sleep|calm")
    return c.Retire(name, Retirement(args.choice(choice, "retirement")))
