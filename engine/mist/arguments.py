"""Readers of the arguments of the M.I.S.T. verbs (INTERFACE.md §3): options allowed, words
counted, comma lists, a choice among words, the power sources of an action (RULES.md §4.2)
and a challenge's limits (§4.1).

Shared by ``engine/mist/language.py`` and ``engine/mist/case_language.py``.
"""

from __future__ import annotations

from engine import keywords
from engine.errors import RuleError
from engine.fullwidth import ascii_forms, split_list
from engine.language import Line, parse_int
from engine.mist import commands as c
from engine.mist.state import Limit

POWER_KEYS = ("tags", "hinder", "statuses", "hindering", "burn", "indulge")


def options(line: Line, *allowed: str) -> None:
    """Refuse an option of the line not among ``allowed``."""
    for key, _ in line.options:
        if key not in allowed:
            if allowed:
                raise RuleError(
                    "mist.language.option-known",
                    verb=line.verb,
                    key=key,
                    options=", ".join(allowed),
                )
            raise RuleError("mist.language.option", verb=line.verb, key=key)


def words(line: Line, low: int, high: int, usage: str) -> tuple[str, ...]:
    """The line's words, ``low`` to ``high`` of them and none blank (else ``usage``)."""
    if not low <= len(line.words) <= high:
        raise RuleError("mist.language.use", usage=usage)
    for word in line.words:
        if not word.strip():
            raise RuleError("mist.language.empty-name-text-use", usage=usage)
    return line.words


def comma_list(value: str | None) -> tuple[str, ...]:
    """``a, b`` (or ``a，b``) → ``("a", "b")`` (blank items dropped; ``None`` → ``()``)."""
    if value is None:
        return ()
    return tuple(split_list(value))


def choice(value: str, words: str) -> str:
    """A word of the list ``words`` (engine/keywords.py: any case, or its Chinese word), or a
    refusal naming the list's words in the table's language."""
    return keywords.word(value, words)


def power(line: Line) -> c.PowerChoice:
    """The power sources an action or a mitigation names (RULES.md §4.2)."""
    return c.PowerChoice(
        tags=comma_list(line.option("tags")),
        hinder=comma_list(line.option("hinder")),
        statuses=comma_list(line.option("statuses")),
        hindering=comma_list(line.option("hindering")),
        burn=comma_list(line.option("burn")),
        indulge=line.option("indulge") or None,
    )


def limits(value: str | None) -> tuple[Limit, ...]:
    """``harmed:4, scared:immune`` → a challenge's limits, each kind once (§4.1)."""
    limits: list[Limit] = []
    for part in comma_list(value):
        kind, sep, tier = part.replace("：", ":").rpartition(":")
        if not sep or not kind.strip():
            raise RuleError("mist.language.limit-kind-kind-immune", part=part)
        limits.append(Limit(kind.strip(), limit_tier(tier)))
    kinds = [limit.kind.casefold() for limit in limits]
    if len(set(kinds)) != len(kinds):
        raise RuleError("mist.language.each-limit-kind-given")
    return tuple(limits)


def limit_tier(value: str) -> int | None:
    """A limit's tier 1–6, or ``None`` for ``immune``/``-`` (or 免疫, what the console shows of
    an immune limit in Chinese)."""
    if ascii_forms(value).strip().lower() in ("immune", "-", "免疫"):
        return None
    tier = parse_int(value, "A limit")
    if not 1 <= tier <= 6:
        raise RuleError("mist.language.limit-immune", tier=tier)
    return tier
