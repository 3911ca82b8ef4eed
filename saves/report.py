"""The Markdown session report of a scene, and the plain-text view of a scene.

Plain strings, no Rich: the report goes to the players' wiki, the text view to ``run``'s
standard output. The scene part comes from ``engine.commands.to_json`` (INTERFACE.md §2, the
stable view); the log from the journal: every command as typed, and every event in words.
Events with no specific wording are described from their class name and fields, so an event
added to the engine later still reads sensibly.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine import commands
from engine.session import Scene
from saves.report_text import SYSTEM_NAMES, event_sentence, listing, md


def _ih_lines(view: dict[str, Any]) -> list[str]:
    lines = [
        f"Round {view.get('round')}, phase {view.get('phase')}; "
        f"current: {view.get('current') or 'nobody'}"
    ]
    for place, row in enumerate(view.get("order", []), start=1):
        marks = [
            word
            for word, key in (
                ("acted", "acted"),
                ("delaying", "delaying"),
                ("flat-footed", "flat_footed"),
                ("hidden from the players", "hidden"),
            )
            if row.get(key)
        ]
        budget = row.get("budget", {})
        slots = " ".join(f"{k} {v}" for k, v in budget.items())
        effects = ", ".join(
            f"{e.get('label')} ({e.get('rounds_left')} rounds)" for e in row.get("effects", [])
        )
        text = (
            f"{place}. {row.get('name')}: initiative {row.get('initiative')}, "
            f"health {row.get('health')}, willpower {row.get('willpower')}; {slots}"
        )
        if marks:
            text += f"; {', '.join(marks)}"
        if effects:
            text += f"; effects: {effects}"
        lines.append(text)
    sheets = view.get("sheets") or []
    if sheets:
        lines.append("Sheets: " + ", ".join(f"{x.get('name')} ({x.get('side')})" for x in sheets))
    for task in view.get("extended") or []:
        deadline = f" of {task.get('deadline')}" if task.get("deadline") else ""
        lines.append(
            f'Extended {task.get("id")} "{task.get("label")}" ({task.get("by")}): '
            f"{task.get('successes')}/{task.get('dc')} successes, {task.get('ones')} ones, "
            f"{task.get('rolls')}{deadline} rolls ({task.get('state')})"
        )
    return lines


def _statuses(statuses: dict[str, Any]) -> str:
    return ", ".join(f"{name}-{s.get('tier')}" for name, s in statuses.items()) or "no statuses"


def _mist_lines(view: dict[str, Any]) -> list[str]:
    lines = [f"Phase: {view.get('phase')}"]
    for character in view.get("characters", []):
        lines.append(f"- {character.get('name')}: {_statuses(character.get('statuses', {}))}")
    for challenge in view.get("challenges", []):
        limits = ", ".join(f"{k} {v}" for k, v in challenge.get("limits", {}).items())
        state = "overcome" if challenge.get("overcome") else "active"
        lines.append(
            f"- Challenge {challenge.get('name')} ({state}; limits {limits or 'none'}): "
            f"{_statuses(challenge.get('statuses', {}))}"
        )
    case = view.get("case_file") or {}
    if case.get("clues") or case.get("conclusions"):
        lines.append(f"Case file (complexity {case.get('complexity')}):")
        lines.extend(f"- Clue {c.get('id')}: {c.get('text')}" for c in case.get("clues", []))
        for k in case.get("conclusions", []):
            result = f"; result {k.get('result')}" if k.get("result") is not None else ""
            lines.append(
                f"- Conclusion {k.get('id')}: {k.get('text')} (power {k.get('power')}{result})"
            )
    return lines


def scene_lines(scene: Scene) -> list[str]:
    """The scene now as plain lines: the turn order (IH) or the scene loop (Mist)."""
    view = commands.to_json(scene.state, scene.system)
    body = _ih_lines(view) if view.get("family") == "ih" else _mist_lines(view)
    return [f"Scene {scene.name} ({scene.system})", *body]


def scene_text(scene: Scene) -> str:
    """The human-readable scene ``st-console run`` prints."""
    return "\n".join(scene_lines(scene)) + "\n"


def _scene_report(scene: Scene) -> list[str]:
    """A scene: a heading per round (IH) or loop (M.I.S.T.), a bullet per event, then where
    things stand: the order (IH), or the case file and the characters (M.I.S.T.)."""
    view = commands.to_json(scene.state, scene.system)
    family = view.get("family")
    system = SYSTEM_NAMES.get(scene.system, scene.system)
    out = [f"## {md(scene.name)}", "", f"Rules: {system}.", ""]
    out.extend(_happenings(scene, family))
    if family == "ih":
        out.extend(_ih_standing(view))
    else:
        out.extend(_case_file(view))
        out.extend(_closing_summary(view))
    return out


def _heading(event: Any, family: object) -> str | None:
    """The heading an event opens: a round, the surprise round, a phase of a loop, a scene."""
    kind = type(event).__name__
    if kind == "RoundStarted":
        return f"### Round {event.round}"
    if kind == "SurpriseDeclared":
        return "### Surprise round"
    if kind == "PhaseChanged" and family == "mist":
        phase = str(getattr(event.new, "value", event.new)).capitalize()
        return f"### Loop {event.cycle}: {phase}"
    if kind == "SceneEnded" and family == "mist":
        return f"### {md(event.next_scene)}"
    return None


def _happenings(scene: Scene, family: object) -> list[str]:
    """Every event of the journal as a bullet, under the heading of its round or phase."""
    out: list[str] = []
    bullets: list[str] = []
    heading = "### Before the fight" if family == "ih" else "### Setting the scene"

    def flush() -> None:
        if bullets:
            out.extend([heading, "", *bullets, ""])
            bullets.clear()

    for entry in scene.journal:
        for event in entry.events:
            opens = _heading(event, family)
            if opens is not None and opens != heading:
                flush()
                heading = opens
            bullets.append(f"- {event_sentence(event)}")
    flush()
    if not out:
        out.extend(["Nothing has happened yet.", ""])
    return out


def _ih_standing(view: dict[str, Any]) -> list[str]:
    """The order as the fight stands: health, willpower, marks and effects."""
    out = ["### Where the fight stands", ""]
    round_number = view.get("round")
    current = view.get("current")
    if round_number:
        now = f"Round {round_number}" + (f", {md(current)}'s turn" if current else "")
        out.extend([f"{now}.", ""])
    for row in view.get("order", []):
        marks = [
            word for word, key in (("acted", "acted"), ("delaying", "delaying")) if row.get(key)
        ]
        if row.get("flat_footed"):
            marks.append("flat-footed")
        text = (
            f"- **{md(row.get('name'))}** (initiative {row.get('initiative')}): "
            f"health {row.get('health')}, willpower {row.get('willpower')}"
        )
        effects = [
            f"{md(e.get('label'))} ({e.get('rounds_left')} rounds left)"
            for e in row.get("effects", [])
        ]
        if effects:
            text += f"; effects: {', '.join(effects)}"
        if marks:
            text += f"; {', '.join(marks)}"
        out.append(text + ".")
    out.append("")
    return out


def _case_file(view: dict[str, Any]) -> list[str]:
    """The case file: questions (answered or open), clues, conclusions and their results."""
    case = view.get("case_file") or {}
    if not (case.get("clues") or case.get("conclusions") or case.get("questions")):
        return []
    out = ["### Case file", "", f"Complexity {case.get('complexity')}.", ""]
    questions = case.get("questions", [])
    if questions:
        out.extend(["**Questions**", ""])
        for q in questions:
            answer = q.get("answer")
            state = f" — answered by {md(answer)}" if answer else " — open"
            out.append(f"- {md(q.get('id'))}: {md(q.get('text'))}{state}")
        out.append("")
    clues = case.get("clues", [])
    if clues:
        out.extend(["**Clues**", ""])
        for c in clues:
            where = f" (found in {md(c.get('scene'))})" if c.get("scene") else ""
            out.append(f"- {md(c.get('id'))}: {md(c.get('text'))}{where}")
        out.append("")
    conclusions = case.get("conclusions", [])
    if conclusions:
        out.extend(["**Conclusions**", ""])
        for k in conclusions:
            parts = [f"power {k.get('power')}"]
            if k.get("supports"):
                parts.append("supported by " + listing([md(x) for x in k["supports"]]))
            if k.get("contradicts"):
                parts.append("contradicted by " + listing([md(x) for x in k["contradicts"]]))
            result = k.get("result")
            if result is not None:
                mode = str(k.get("mode") or "roll").capitalize()
                total = f", total {k.get('total')}" if k.get("total") is not None else ""
                parts.append(f"{md(mode)}: {md(result)}{total}")
            else:
                parts.append("not rolled yet")
            out.append(f"- {md(k.get('id'))}: {md(k.get('text'))} ({'; '.join(parts)})")
        out.append("")
    for label, key in (("Properties found", "properties"), ("Opportunities", "opportunities")):
        items = case.get(key) or []
        if items:
            out.extend([f"**{label}**", ""])
            for item in items:
                if isinstance(item, dict):
                    words = md(item.get("text") or item.get("property") or item)
                    out.append(f"- {md(item.get('id', ''))}: {words}".replace("- : ", "- "))
                else:
                    out.append(f"- {md(item)}")
            out.append("")
    return out


def _theme_words(theme: dict[str, Any]) -> str:
    kind = str(theme.get("type", ""))
    if kind == "taint":
        tracks = f"Mastery {theme.get('mastery', 0)}, Indulgence {theme.get('indulgence', 0)}"
    else:
        tracks = f"Progress {theme.get('progress', 0)}, Abandon {theme.get('abandon', 0)}"
    name = md(theme.get("name"))
    return f"{name} ({kind.capitalize()}: {tracks})"


def _closing_summary(view: dict[str, Any]) -> list[str]:
    """Each character's themes, Evolution, lost themes, scars and statuses; the challenges."""
    out = ["### Closing summary", ""]
    for person in view.get("characters", []):
        out.append(f"- **{md(person.get('name'))}** — Evolution {person.get('evolution', 0)}")
        themes = [_theme_words(theme) for theme in person.get("themes", [])]
        out.append(f"  - Themes: {'; '.join(themes) if themes else 'none'}")
        lost = person.get("lost_themes") or []
        if lost:
            words = [md(x.get("name") if isinstance(x, dict) else x) for x in lost]
            out.append(f"  - Lost themes: {listing(words)}")
        scars = person.get("scars") or []
        if scars:
            out.append(f"  - Scars: {listing([md(x) for x in scars])}")
        statuses = _statuses(person.get("statuses", {}))
        out.append(f"  - Statuses: {statuses}")
        if person.get("retired"):
            out.append(f"  - Retired: {md(person['retired'])}")
    for challenge in view.get("challenges", []):
        state = "overcome" if challenge.get("overcome") else "still standing"
        statuses = _statuses(challenge.get("statuses", {}))
        out.append(f"- Challenge **{md(challenge.get('name'))}**: {state}; {statuses}")
    out.append("")
    return out


def session_report(campaign: str, scenes: Iterable[Scene]) -> str:
    """The Markdown session report of the given scenes of a campaign (for campaign notes)."""
    out = [f"# Session report: {md(campaign)}", ""]
    for scene in scenes:
        out.extend(_scene_report(scene))
    return "\n".join(out).rstrip() + "\n"


def _sentence(text: str) -> str:
    """Capitalized, except a system's name (``ih-d6 check`` stays as INTERFACE.md spells it)."""
    if text.split(" ", 1)[0] in ("ih-d10", "ih-d6", "mist"):
        return text
    return text[:1].upper() + text[1:]
