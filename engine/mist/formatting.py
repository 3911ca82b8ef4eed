"""M.I.S.T. commands written back as lines of the console language (INTERFACE.md §3).

The inverse of ``engine/mist/language.py``: ``parse(format_command(c)) == c`` for every
command (tests/engine/test_command_format.py), so what a key or a dialog did is journalled as
text that reads back as the same command — a threat ``He said "run" now`` included. Names are
quoted when they need it, texts (a threat, a tag, a clue) always, as the console's forms always
wrote them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine.fullwidth import folds
from engine.language import quote, quote_text
from engine.mist import commands as c
from engine.mist.state import Limit, TagScope


def _value(text: str) -> str:
    """An option's value, quoted only when the tokenizer needs it (a space, a quote, ``#`` or a
    backslash): ``tags=a,b`` and ``extra=status:scared`` stay as the console always wrote them."""
    if folds(text) or any(char.isspace() or char in "\"'#\\" for char in text):
        return quote(text)
    return text


def _option(key: str, value: str | None) -> str:
    """`` key=VALUE``, or nothing for an absent or empty value."""
    return f" {key}={_value(value)}" if value else ""


def _scope(command: c.AddStoryTag) -> str:
    """`` scope=challenge:NAME`` · `` scope=character``, or nothing for the scene (issue 29 §4)."""
    if command.scope is TagScope.SCENE:
        return ""
    until = f":{command.until}" if command.until else ""
    return _option("scope", f"{command.scope.value}{until}")


def _said(key: str, value: str | None) -> str:
    """`` key="TEXT"`` (always quoted: a text), or nothing for an absent or empty value."""
    return f" {key}={quote_text(value)}" if value else ""


def _list(key: str, values: Iterable[str]) -> str:
    return _option(key, ",".join(values))


def _power(choice: c.PowerChoice) -> str:
    return (
        _list("tags", choice.tags)
        + _list("hinder", choice.hinder)
        + _list("statuses", choice.statuses)
        + _list("hindering", choice.hindering)
        + _list("burn", choice.burn)
        + _option("indulge", choice.indulge)
    )


def _tier(tier: int | None) -> str:
    return "immune" if tier is None else str(tier)


def _limits(limits: tuple[Limit, ...]) -> str:
    return _list("limits", (f"{limit.kind}:{_tier(limit.tier)}" for limit in limits))


def _theme(x: c.AddTheme) -> str:
    line = f"theme {quote(x.character)} {x.type.value} {quote_text(x.name)}"
    line += _said("power", ",".join(x.power_tags)) + _said("weakness", ",".join(x.weaknesses))
    line += _said("motive", x.motive)
    return line + " newborn" if x.newborn else line


def _profile(x: c.SaveProfile) -> str:
    p = x.profile
    line = f"profile {quote(p.name)}" + _limits(p.limits)
    line += _said("tags", ",".join(p.tags))
    line += _said("statuses", ",".join(f"{s.name}-{s.tier}" for s in p.statuses))
    for key, texts in (("threat", p.threats), ("consequence", p.consequences), ("note", p.notes)):
        line += "".join(_said(key, text) for text in texts)
    return line


def _effect(x: c.SpendEffect) -> str:
    if x.kind in ("status", "reduce"):
        return f"effect {x.kind} {quote(x.target or '')} {quote(x.name)} {x.amount}"
    if x.kind in ("tag", "untag"):
        return f"effect {x.kind} {quote(x.target or '')} {quote_text(x.name)}"
    return f"effect {x.kind} {quote_text(x.name)}"


def _consequence(x: c.AddConsequence) -> str:
    if x.status is None and x.target is None:
        return f"consequence {quote_text(x.text)}" + _option("for", x.source)
    if x.status is None:  # markup landing on the target (issue 29)
        return f"consequence {quote(x.target or '')} text={quote_text(x.text)}" + _option(
            "for", x.source
        )
    head = f"consequence {quote(x.target or '')} {quote(x.status or '')} {x.tier}"
    return head + _said("text", x.text) + _option("for", x.source)


def _mitigate(x: c.Mitigate) -> str:
    line = f"mitigate {quote(x.consequence)}" + _power(x.choice)
    if x.extra == "status":
        ally = f":{x.extra_target}" if x.extra_target else ""
        return f"{line} extra={quote(f'status:{x.extra_status}{ally}')}"
    return line + _option("extra", x.extra)


def _immerse(x: c.Immerse) -> str:
    line = f"immerse {quote(x.character)} {quote(x.theme)} {x.depth}"
    status = x.status if x.status != "immersed" else None
    return line + _option("status", status) + _said("burn", ",".join(x.burn))


def _mark(x: c.Mark) -> str:
    line = f"mark {quote(x.character)} {quote(x.theme)} {x.track.value}"
    return line if x.count == 1 else f"{line} {x.count}"


def _grow(x: c.Grow) -> str:
    head = f"growth {quote(x.character)} {quote(x.theme)}"
    if x.choice in ("reset", "normal"):
        return f"{head} {x.choice}"
    if x.choice == "weakness-rewrite":
        return f"{head} weakness rewrite {quote_text(x.first)} {quote_text(x.second)}"
    if x.choice.startswith("weakness-"):
        return f"{head} weakness {x.choice.removeprefix('weakness-')} {quote_text(x.first)}"
    return f"{head} {x.choice} {quote_text(x.first)}"


def _case_roll(x: c.CaseRoll) -> str:
    if x.mode == "deduce":
        return f"deduce {quote(x.conclusion)}" + _said("clue", x.refuting_clue)
    return f"test {quote(x.conclusion)}" + _said("property", x.property)


FORMATTERS: dict[type, Callable[[Any], str]] = {
    c.AddCharacter: lambda x: f"pc {quote(x.name)}",
    c.AddChallenge: lambda x: (
        f"challenge {quote(x.name)}"
        + _limits(x.limits)
        + (" hidden" if x.hidden else "")
        + _option("from", x.profile)
        + (f" count={x.count}" if x.profile is not None and x.count != 1 else "")
    ),
    c.SaveProfile: _profile,
    c.ProfileFromChallenge: lambda x: (
        f"challenge save {quote(x.challenge)}" + _option("as", x.name)
    ),
    c.DropProfile: lambda x: f"profile drop {quote(x.name)}",
    c.DropThreat: lambda x: f"threat drop {quote(x.id)}",
    c.SetVisibility: lambda x: (
        f"{'reveal' if x.shown else 'hide'} {quote(x.challenge)}" + (" limits" if x.limits else "")
    ),
    c.SetLimit: lambda x: f"limit {quote(x.challenge)} {quote(x.kind)} {_tier(x.tier)}",
    c.AddNote: lambda x: f"note {quote(x.challenge)} {quote_text(x.text)}",
    c.AddTheme: _theme,
    c.TakeStatus: lambda x: (
        f"status {quote(x.target)} {quote(x.name)} {x.tier}"
        + _option("counters", x.counters)
        + _option("by", x.by)
    ),
    c.ReduceStatus: lambda x: (
        f"reduce {quote(x.target)} {quote(x.name)} {x.by}" + _option("counters", x.counters)
    ),
    c.AddStoryTag: lambda x: f"tag {quote(x.target)} {quote_text(x.tag)}" + _scope(x),
    c.RemoveStoryTag: lambda x: f"untag {quote(x.target)} {quote_text(x.tag)}",
    c.BurnTag: lambda x: f"burn {quote(x.character)} {quote(x.tag)}",
    c.RestoreTag: lambda x: f"restore {quote(x.character)} {quote(x.tag or 'all')}",
    c.SetPhase: lambda x: f"phase {'next' if x.phase is None else x.phase.value}",
    c.PresentThreat: lambda x: f"threat {quote_text(x.text)}" + _option("challenge", x.challenge),
    c.ResolveThreat: lambda x: f"resolve {quote(x.id)}",
    c.EndScene: lambda x: "scene end" + _list("keep", x.keep) + _option("next", x.next_name),
    c.TakeAction: lambda x: (
        f"action {quote(x.actor)}" + _power(x.choice) + _option("target", x.target)
    ),
    c.SpendEffect: _effect,
    c.AddConsequence: _consequence,
    c.Deliver: lambda x: "deliver" if x.id is None else f"deliver {quote(x.id)}",
    c.Mitigate: _mitigate,
    c.Immerse: _immerse,
    c.Mark: _mark,
    c.Grow: _grow,
    c.Rebirth: lambda x: (
        f"rebirth {quote(x.character)} {quote_text(x.name)}"
        + _said("weakness", x.weakness)
        + _said("motive", x.motive)
    ),
    c.Retire: lambda x: f"retire {quote(x.character)} {x.choice.value}",
    c.AddClue: lambda x: (
        f"clue {quote_text(x.text)}" + _list("by", x.found_by) + _said("scene", x.scene)
    ),
    c.AddConclusion: lambda x: (
        f"conclusion {quote_text(x.text)}"
        + _list("supports", x.supports)
        + _list("contradicts", x.contradicts)
    ),
    c.SetComplexity: lambda x: f"complexity {x.complexity}",
    c.CaseRoll: _case_roll,
    c.CaseFileMoment: lambda x: "casefile open" if x.open else "casefile close",
    c.AddQuestion: lambda x: f"question {quote_text(x.text)}",
    c.AnswerQuestion: lambda x: f"answer {quote(x.id)} {quote(x.conclusion or 'none')}",
    c.StartSeason: lambda x: f"season {quote_text(x.name)}",
    c.StartMission: lambda x: f"mission {quote_text(x.name)}" + _said("anomaly", x.anomaly),
    c.CutInSummary: lambda x: f"cutin {quote_text(x.summary)}" + _said("anomaly", x.anomaly),
    c.Suppress: lambda x: f"suppress {quote(x.opportunity)}",
    c.EndMission: lambda x: "mission end",
    c.SetInterpretation: lambda x: f"interpret {x.name}={'true' if x.value else 'false'}",
}
"""One writer per command type of ``engine/mist/commands.py``."""
