"""The Markdown session report of a campaign's scenes (``st-console report``).

Plain strings, no Rich markup: the report goes to the players' wiki, in the reader's language
(``--lang``). Where things stand comes from ``engine.commands.to_json`` (INTERFACE.md §2, the
stable view); what happened from the journal: every event in words from the one registry,
``console/event_text.py`` (the console's log words events the same way). The plain-text view of
a scene that ``run`` prints is ``console/scene_text.py``.

The report is laid out for campaign notes (issue 18): a heading per scene, and per round, the
surprise round or M.I.S.T. loop phase; a bullet per event as a sentence; the order as the fight
stands, or the case file with its results and the closing summary (themes, Evolution, lost themes,
scars). Every fixed word is a ``report.*`` locale key; names are escaped for Markdown.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from console import event_text
from console.i18n import Translator, scene_name
from console.scene_text import statuses_words
from engine import commands
from engine.ih import events as ih_events
from engine.mist import events as mist_events
from engine.mist.state import DEFAULT_QUESTIONS
from engine.session import Scene

STANDARD_QUESTIONS = frozenset((q.id, q.text) for q in DEFAULT_QUESTIONS)

ENGLISH = Translator("en")


def describe_event(event: Any, t: Translator = ENGLISH) -> str:
    """One event in words (the registry's line)."""
    return event_text.describe(t, event)


# -- the Markdown session report (issue 18): headings per scene and round, a bullet per event ----

MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]<>#|~])")


def md(text: object) -> str:
    """``text`` with Markdown's special characters escaped (it is shown, never formatted)."""
    return MARKDOWN_SPECIAL.sub(r"\\\1", str(text))


def listing(items: Sequence[object], t: Translator = ENGLISH) -> str:
    """``a``, ``a and b``, ``a, b and c`` (in ``t``'s language)."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    return t("word.list-sep").join(words[:-1]) + t("word.list-and") + words[-1]


def _upper(text: str) -> str:
    """Capitalized, except a system's name (``ih-d6 …`` stays as INTERFACE.md spells it)."""
    if text.split(" ", 1)[0] in ("ih-d10", "ih-d6", "mist"):
        return text
    return text[:1].upper() + text[1:]


def event_sentence(event: Any, t: Translator = ENGLISH) -> str:
    """One event as a sentence of the report: the registry's line, escaped, with a full stop."""
    text = _upper(md(describe_event(event, t)))
    return text if text.endswith((".", "?", "!", "。", "？", "！")) else text + t("report.stop")


def _label(t: Translator, key: str, code: object) -> str:
    code = str(getattr(code, "value", code))
    return _upper(t(key + code)) if t.has(key + code) else _upper(code)


def _scene_report(scene: Scene, t: Translator) -> list[str]:
    """A scene: a heading per round (IH) or loop (M.I.S.T.), a bullet per event, then where
    things stand: the order (IH), or the case file and the characters (M.I.S.T.)."""
    view = commands.to_json(scene.state, scene.system)
    family = view.get("family")
    system = _label(t, "report.system.", scene.system)
    rules = t("report.rules", system=system).replace("..", ".")  # "M.I.S.T." ends a sentence
    out = [f"## {md(scene.name)}", "", rules, ""]
    out.extend(_happenings(scene, family, t))
    if family == "ih":
        out.extend(_ih_standing(view, t))
    else:
        out.extend(_case_file(view, t))
        out.extend(_closing_summary(view, t))
    return out


def _heading(event: Any, family: object, t: Translator) -> str | None:
    """The heading an event opens: a round, the surprise round, a phase of a loop, a scene."""
    if isinstance(event, ih_events.RoundStarted):
        return "### " + t("report.h.round", round=event.round)
    if isinstance(event, ih_events.SurpriseDeclared):
        return "### " + t("report.h.surprise")
    if isinstance(event, mist_events.PhaseChanged):
        phase = _label(t, "mist.phase.", event.new)
        return "### " + t("report.h.loop", cycle=event.cycle, phase=phase)
    if isinstance(event, mist_events.SceneEnded):
        return f"### {md(event.next_scene)}"
    return None


def _happenings(scene: Scene, family: object, t: Translator) -> list[str]:
    """Every event of the journal as a bullet, under the heading of its round or phase."""
    out: list[str] = []
    bullets: list[str] = []
    heading = "### " + t("report.h.before" if family == "ih" else "report.h.setting")

    def flush() -> None:
        if bullets:
            out.extend([heading, "", *bullets, ""])
            bullets.clear()

    for entry in scene.journal:
        for event in entry.events:
            opens = _heading(event, family, t)
            if opens is not None and opens != heading:
                flush()
                heading = opens
            bullets.append(f"- {event_sentence(event, t)}")
    flush()
    if not out:
        out.extend([t("report.nothing-yet"), ""])
    return out


def _ih_standing(view: dict[str, Any], t: Translator) -> list[str]:
    """The order as the fight stands: health, willpower, marks and effects."""
    out = ["### " + t("report.h.standing"), ""]
    round_number = view.get("round")
    current = view.get("current")
    if round_number:
        if current:
            now = t("report.now.turn", round=round_number, name=md(current))
        else:
            now = t("report.now.round", round=round_number)
        out.extend([now, ""])
    sep = t("report.separator")
    for row in view.get("order", []):
        marks = [
            t(f"report.mark.{key}") for key in ("acted", "delaying", "flat_footed") if row.get(key)
        ]
        text = t(
            "report.fighter",
            name=md(row.get("name")),
            initiative=row.get("initiative"),
            health=row.get("health"),
            willpower=row.get("willpower"),
        )
        effects = [
            t("report.effect-left", label=md(e.get("label")), rounds=e.get("rounds_left"))
            for e in row.get("effects", [])
        ]
        if effects:
            text += sep + t("report.effects", effects=t("word.list-sep").join(effects))
        if marks:
            text += sep + t("word.list-sep").join(marks)
        out.append(f"- {text}{t('report.stop')}")
    out.append("")
    return out


def _section(title: str, bullets: list[str]) -> list[str]:
    """A part of the case file: its bold title and a bullet a line (nothing when empty)."""
    return [f"**{title}**", "", *bullets, ""] if bullets else []


def _question(q: dict[str, Any], t: Translator) -> str:
    answer = q.get("answer")
    state = t("report.answered", by=md(answer)) if answer else t("report.open")
    text = str(q.get("text"))
    if (q.get("id"), text) in STANDARD_QUESTIONS:  # the five of RULES.md §4.7, in words
        text = t(f"mist.question.{q.get('id')}")
    return f"- {md(q.get('id'))}{t.colon}{md(text)}{state}"


def _clue(c: dict[str, Any], t: Translator) -> str:
    scene = c.get("scene")
    where = t("report.found-in", scene=md(scene_name(t, str(scene)))) if scene else ""
    return f"- {md(c.get('id'))}{t.colon}{md(c.get('text'))}{where}"


def _conclusion(k: dict[str, Any], t: Translator) -> str:
    parts = [t("report.power", power=k.get("power"))]
    if k.get("supports"):
        parts.append(t("report.supported", names=listing([md(x) for x in k["supports"]], t)))
    if k.get("contradicts"):
        parts.append(t("report.contradicted", names=listing([md(x) for x in k["contradicts"]], t)))
    result = k.get("result")
    if result is not None:
        mode = _label(t, "report.mode.", k.get("mode") or "roll")
        total = t("report.total", total=k.get("total")) if k.get("total") is not None else ""
        said = t(f"report.outcome.{result}") if t.has(f"report.outcome.{result}") else result
        parts.append(t("report.case-result", mode=md(mode), result=md(said)) + total)
        if k.get("refuted") and k.get("refuted_by"):  # [I-22]: with what refuted it
            parts.append(t("report.refuted-by", by=md(k["refuted_by"])))
    else:
        parts.append(t("report.not-rolled"))
    body = t("report.separator").join(parts)
    return f"- {md(k.get('id'))}{t.colon}{md(k.get('text'))}" + t("report.parts", parts=body)


def _item(item: object, t: Translator) -> str:
    """A property or an opportunity: ``id: text`` (or the bare text)."""
    if not isinstance(item, dict):
        return f"- {md(item)}"
    words = md(item.get("text") or item.get("property") or item)
    return f"- {md(item.get('id', ''))}{t.colon}{words}".replace(f"- {t.colon}", "- ")


def _case_file(view: dict[str, Any], t: Translator) -> list[str]:
    """The case file: questions (answered or open), clues, conclusions and their results."""
    case = view.get("case_file") or {}
    if not (case.get("clues") or case.get("conclusions") or case.get("questions")):
        return []
    out = [
        "### " + t("report.h.case"),
        "",
        t("report.complexity", complexity=case.get("complexity")),
        "",
    ]
    out += _section(t("report.questions"), [_question(q, t) for q in case.get("questions", [])])
    out += _section(t("report.clues"), [_clue(c, t) for c in case.get("clues", [])])
    conclusions = case.get("conclusions", [])
    out += _section(t("report.conclusions"), [_conclusion(k, t) for k in conclusions])
    for key in ("properties", "opportunities"):
        out += _section(t(f"report.{key}"), [_item(item, t) for item in case.get(key) or []])
    return out


def _theme_words(theme: dict[str, Any], t: Translator) -> str:
    """A theme, its type and its counts: mastery and indulgence (a taint), else progress and
    abandon."""
    kind = str(theme.get("type", ""))
    taint = kind == "taint"
    counts = ("mastery", "indulgence") if taint else ("progress", "abandon")
    return t(
        "report.theme.taint" if taint else "report.theme.other",
        name=md(theme.get("name")),
        type=_label(t, "mist.theme.", kind),
        **{count: theme.get(count, 0) for count in counts},
    )


def _closing_summary(view: dict[str, Any], t: Translator) -> list[str]:
    """Each character's themes, Evolution, lost themes, scars and statuses; the challenges."""
    out = ["### " + t("report.h.summary"), ""]
    for person in view.get("characters", []):
        name = md(person.get("name"))
        out.append("- " + t("report.evolution", name=name, evolution=person.get("evolution", 0)))
        themes = [_theme_words(theme, t) for theme in person.get("themes", [])]
        words = t("report.separator").join(themes) if themes else t("report.none")
        out.append("  - " + t("report.themes", themes=words))
        lost = person.get("lost_themes") or []
        if lost:
            names = [md(x.get("name") if isinstance(x, dict) else x) for x in lost]
            out.append("  - " + t("report.lost", names=listing(names, t)))
        scars = person.get("scars") or []
        if scars:
            out.append("  - " + t("report.scars", names=listing([md(x) for x in scars], t)))
        statuses = statuses_words(person.get("statuses", {}), t)
        out.append("  - " + t("report.statuses", statuses=statuses))
        if person.get("retired"):
            out.append(
                "  - " + t("report.retired", how=_label(t, "mist.retired.", person["retired"]))
            )
    for challenge in view.get("challenges", []):
        state = t("report.overcome" if challenge.get("overcome") else "report.standing")
        statuses = statuses_words(challenge.get("statuses", {}), t)
        name = md(challenge.get("name"))
        out.append("- " + t("report.challenge", name=name, state=state, statuses=statuses))
    out.append("")
    return out


def session_report(campaign: str, scenes: Iterable[Scene], t: Translator = ENGLISH) -> str:
    """The Markdown session report of the given scenes of a campaign, in ``t``'s language."""
    out = ["# " + t("report.title", campaign=md(campaign)), ""]
    for scene in scenes:
        out.extend(_scene_report(scene, t))
    return "\n".join(out).rstrip() + "\n"
