"""The Markdown session report of a campaign's scenes (``st-console report``).

Plain strings, no Rich markup: the report goes to the players' wiki, in the reader's language
(``--lang``). Where things stand is read from the engine's typed records (issue 24 §2): the IH
screen's view of the fight (``console/ih/view.py``), the M.I.S.T. state as it is; what happened
from the journal: every event in words from the one registry,
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
from console.i18n import Translator, clue_text, scene_name
from console.ih.view import IHView, ih_view
from console.scene_text import statuses_words
from engine.ih import events as ih_events
from engine.ih.encounter import Encounter
from engine.mist import events as mist_events
from engine.mist.state import (
    DEFAULT_QUESTIONS,
    CaseFile,
    Clue,
    Conclusion,
    Finding,
    MistState,
    Question,
    Theme,
    ThemeType,
)
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


_ID = re.compile(r"[a-z]\d+\b")
"""An id the console writes in lower case (``a1``, ``c2``, ``x1``: were ``A1 Mei：…``)."""


def _upper(text: str) -> str:
    """Capitalized, except a system's name (``ih-d6 …`` stays as INTERFACE.md spells it) or
    an id (``c2 is hidden``)."""
    if text.split(" ", 1)[0] in ("ih-d10", "ih-d6", "mist") or _ID.match(text):
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
    state = scene.state
    family = "ih" if isinstance(state, Encounter) else "mist"
    system = _label(t, "report.system.", scene.system)
    rules = t("report.rules", system=system).replace("..", ".")  # "M.I.S.T." ends a sentence
    out = [f"## {md(scene_name(t, scene.name))}", "", rules, ""]  # 场景 1, not Scene 1
    out.extend(_happenings(scene, family, t))
    if isinstance(state, Encounter):
        out.extend(_ih_standing(ih_view(state, scene.system), t))
    else:
        out.extend(_case_file(state.case_file, t))
        out.extend(_closing_summary(state, t))
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
        return f"### {md(scene_name(t, event.next_scene))}"  # 场景 2, not Scene 2
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


def _ih_standing(view: IHView, t: Translator) -> list[str]:
    """The order as the fight stands: health, willpower, marks and effects."""
    out = ["### " + t("report.h.standing"), ""]
    if view.round:
        if view.current:
            now = t("report.now.turn", round=view.round, name=md(view.current))
        else:
            now = t("report.now.round", round=view.round)
        out.extend([now, ""])
    sep = t("report.separator")
    for row in view.order:
        marks = [
            t(f"report.mark.{key}")
            for key in ("acted", "delaying", "flat_footed")
            if getattr(row.marks, key)
        ]
        text = t(
            "report.fighter",
            name=md(row.name),
            initiative=row.initiative,
            health=row.health,
            willpower=row.willpower,
        )
        effects = [
            t("report.effect-left", label=md(e.label), rounds=e.rounds_left) for e in row.effects
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


def _question(q: Question, t: Translator) -> str:
    state = t("report.answered", by=md(q.answer)) if q.answer else t("report.open")
    text = q.text
    if (q.id, text) in STANDARD_QUESTIONS:  # the five of RULES.md §4.7, in words
        text = t(f"mist.question.{q.id}")
    return f"- {md(q.id)}{t.colon}{md(text)}{state}"


def _clue(c: Clue, t: Translator) -> str:
    where = t("report.found-in", scene=md(scene_name(t, c.scene))) if c.scene else ""
    return f"- {md(c.id)}{t.colon}{md(clue_text(t, c.text, c.refutes))}{where}"


def _conclusion(k: Conclusion, t: Translator) -> str:
    parts = [t("report.power", power=k.power)]
    if k.supports:
        parts.append(t("report.supported", names=listing([md(x) for x in k.supports], t)))
    if k.contradicts:
        parts.append(t("report.contradicted", names=listing([md(x) for x in k.contradicts], t)))
    if k.result is not None:
        result = k.result.value
        mode = _label(t, "report.mode.", k.mode or "roll")
        total = t("report.total", total=k.total) if k.total is not None else ""
        said = t(f"report.outcome.{result}") if t.has(f"report.outcome.{result}") else result
        parts.append(t("report.case-result", mode=md(mode), result=md(said)) + total)
        if k.refuted and k.refuted_by:  # [I-22]: with what refuted it
            parts.append(t("report.refuted-by", by=md(k.refuted_by)))
    else:
        parts.append(t("report.not-rolled"))
    body = t("report.separator").join(parts)
    return f"- {md(k.id)}{t.colon}{md(k.text)}" + t("report.parts", parts=body)


def _item(item: Finding, t: Translator) -> str:
    """A property or an opportunity: ``id: text`` (a ``test`` without ``property=`` found one
    without words: ``?``, as the case pane shows it)."""
    return f"- {md(item.id)}{t.colon}{md(item.text or '?')}"


def _case_file(case: CaseFile, t: Translator) -> list[str]:
    """The case file: questions (answered or open), clues, conclusions and their results."""
    if not (case.clues or case.conclusions or case.questions):
        return []
    out = [
        "### " + t("report.h.case"),
        "",
        t("report.complexity", complexity=case.complexity),
        "",
    ]
    out += _section(t("report.questions"), [_question(q, t) for q in case.questions])
    out += _section(t("report.clues"), [_clue(c, t) for c in case.clues])
    out += _section(t("report.conclusions"), [_conclusion(k, t) for k in case.conclusions])
    out += _section(t("report.properties"), [_item(x, t) for x in case.properties])
    out += _section(t("report.opportunities"), [_item(x, t) for x in case.opportunities])
    return out


def _theme_words(theme: Theme, t: Translator) -> str:
    """A theme, its type and its counts: mastery and indulgence (a taint), else progress and
    abandon."""
    taint = theme.type is ThemeType.TAINT
    return t(
        "report.theme.taint" if taint else "report.theme.other",
        name=md(theme.name),
        type=_label(t, "mist.theme.", theme.type),
        **{theme.growth_track.value: theme.growth_marks, theme.loss_track.value: theme.loss_marks},
    )


def _closing_summary(state: MistState, t: Translator) -> list[str]:
    """Each character's themes, Evolution, lost themes, scars and statuses; the challenges."""
    out = ["### " + t("report.h.summary"), ""]
    for person in state.characters:
        name = md(person.name)
        out.append("- " + t("report.evolution", name=name, evolution=person.evolution))
        themes = [_theme_words(theme, t) for theme in person.themes]
        words = t("report.separator").join(themes) if themes else t("report.none")
        out.append("  - " + t("report.themes", themes=words))
        if person.lost_themes:
            names = [md(x.name) for x in person.lost_themes]
            out.append("  - " + t("report.lost", names=listing(names, t)))
        if person.scars:
            out.append("  - " + t("report.scars", names=listing([md(x) for x in person.scars], t)))
        statuses = statuses_words(person.statuses, t)
        out.append("  - " + t("report.statuses", statuses=statuses))
        if person.retired:
            out.append("  - " + t("report.retired", how=_label(t, "mist.retired.", person.retired)))
    for challenge in state.challenges:
        standing = t("report.overcome" if challenge.overcome else "report.standing")
        statuses = statuses_words(challenge.statuses, t)
        name = md(challenge.name)
        out.append("- " + t("report.challenge", name=name, state=standing, statuses=statuses))
    out.append("")
    return out


def session_report(campaign: str, scenes: Iterable[Scene], t: Translator = ENGLISH) -> str:
    """The Markdown session report of the given scenes of a campaign, in ``t``'s language."""
    out = ["# " + t("report.title", campaign=md(campaign)), ""]
    for scene in scenes:
        out.extend(_scene_report(scene, t))
    return "\n".join(out).rstrip() + "\n"
