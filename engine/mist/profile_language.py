"""The challenge and profile verbs of the M.I.S.T. console language (INTERFACE.md §3; RULES.md
§4.1; issue 29): a challenge, one made from a profile, a profile written or dropped, and a
profile saved from a challenge on the table. The table of every verb is
``engine/mist/language.py``'s.
"""

from __future__ import annotations

from engine.errors import RuleError
from engine.language import Line, parse_int
from engine.mist import arguments as args
from engine.mist import commands as c
from engine.mist import markup
from engine.mist.state import Profile, Status


def parse_challenge(line: Line) -> c.Command:
    if len(line.words) >= 2 and line.words[0].strip().lower() == "save":
        args.options(line, "as")
        words = args.words(line, 2, 2, "challenge save NAME [as=PROFILE]")
        return c.ProfileFromChallenge(words[1].strip(), line.option("as") or None)
    args.options(line, "limits", "from", "count")
    usage = (
        "challenge NAME limits=KIND:N[,KIND:N …] [hidden]  ·  challenge NAME from=PROFILE [count=N]"
    )
    words = args.words(line, 1, 2, usage)
    if len(words) == 2 and words[1].strip().lower() != "hidden":
        raise RuleError("mist.language.use", usage=usage)
    source = line.option("from")
    count = line.option("count")
    if count is not None and source is None:
        raise RuleError("mist.language.use", usage=usage)
    return c.AddChallenge(
        words[0].strip(),
        args.limits(line.option("limits")),
        len(words) == 2,
        source.strip() if source is not None else None,
        parse_int(count, "count") if count is not None else 1,
    )


PROFILE_LISTS = ("threat", "consequence", "note")
"""The options ``profile`` takes more than once: each is one more threat, consequence, note."""


def parse_profile(line: Line) -> c.Command:
    usage = (
        'profile NAME limits=KIND:N,… tags="a,b" statuses="s-N,…" threat="…"… '
        'consequence="…"… note="…"…  ·  profile drop NAME'
    )
    if len(line.words) == 2 and line.words[0].strip().lower() == "drop":
        args.options(line)
        return c.DropProfile(args.words(line, 2, 2, usage)[1].strip())
    args.options(line, "limits", "tags", "statuses", *PROFILE_LISTS)
    name = args.words(line, 1, 1, usage)[0].strip()
    statuses: list[Status] = []
    for part in args.comma_list(line.option("statuses")):
        chip = markup.status_chip(part)
        if chip is None:
            raise RuleError("mist.language.profile-status", part=part)
        statuses.append(Status(chip.name, (chip.tier,)))

    def listed(key: str) -> tuple[str, ...]:
        return tuple(v.strip() for k, v in line.options if k == key and v.strip())

    return c.SaveProfile(
        Profile(
            name,
            args.limits(line.option("limits")),
            args.comma_list(line.option("tags")),
            tuple(statuses),
            listed("threat"),
            listed("consequence"),
            listed("note"),
        )
    )
