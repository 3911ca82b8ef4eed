"""The Markdown session report of a scene, and the plain-text view of a scene ``run`` prints.

Plain strings, no Rich markup: the report goes to the players' wiki, the text view to ``run``'s
standard output. Both speak the reader's language (``--lang``). The scene part comes from
``engine.commands.to_json`` (INTERFACE.md §2, the stable view); the log from the journal: every
command as typed, and every event in words from the one registry, ``console/event_text.py``
(the console's log words events the same way).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from console import event_text
from console.i18n import Translator
from engine import commands
from engine.session import Scene

ENGLISH = Translator("en")


def describe_event(event: Any, t: Translator = ENGLISH) -> str:
    """One event in words (the registry's line)."""
    return event_text.describe(t, event)


def _ih_lines(view: dict[str, Any], t: Translator) -> list[str]:
    phase = str(view.get("phase"))
    lines = [
        t(
            "report.ih.round",
            round=view.get("round"),
            phase=t(f"report.phase.{phase}") if t.has(f"report.phase.{phase}") else phase,
            current=view.get("current") or t("report.nobody"),
        )
    ]
    for place, row in enumerate(view.get("order", []), start=1):
        marks = [
            t(f"report.mark.{key}") for key in ("acted", "delaying", "flat_footed") if row.get(key)
        ]
        budget = row.get("budget", {})
        slots = " ".join(
            f"{t(f'action-word.{k}') if t.has(f'action-word.{k}') else k} {v}"
            for k, v in budget.items()
        )
        effects = ", ".join(
            t("report.effect", label=e.get("label"), rounds=e.get("rounds_left"))
            for e in row.get("effects", [])
        )
        text = t(
            "report.ih.row",
            place=place,
            name=row.get("name"),
            initiative=row.get("initiative"),
            health=row.get("health"),
            willpower=row.get("willpower"),
            slots=slots,
        )
        if marks:
            text += t("report.separator") + ", ".join(marks)
        if effects:
            text += t("report.separator") + t("report.effects", effects=effects)
        lines.append(text)
    return lines


def _statuses(statuses: dict[str, Any], t: Translator) -> str:
    return ", ".join(f"{name}-{s.get('tier')}" for name, s in statuses.items()) or t(
        "report.no-statuses"
    )


def _mist_lines(view: dict[str, Any], t: Translator) -> list[str]:
    phase = str(view.get("phase"))
    named = t(f"mist.phase.{phase}") if t.has(f"mist.phase.{phase}") else phase
    lines = [t("report.mist.phase", phase=named)]
    for character in view.get("characters", []):
        lines.append(f"- {character.get('name')}: {_statuses(character.get('statuses', {}), t)}")
    for challenge in view.get("challenges", []):
        limits = ", ".join(f"{k} {v}" for k, v in challenge.get("limits", {}).items())
        state = t("report.overcome") if challenge.get("overcome") else t("report.active")
        lines.append(
            t(
                "report.mist.challenge",
                name=challenge.get("name"),
                state=state,
                limits=limits or "—",
                statuses=_statuses(challenge.get("statuses", {}), t),
            )
        )
    case = view.get("case_file") or {}
    if case.get("clues") or case.get("conclusions"):
        lines.append(t("report.case-file", complexity=case.get("complexity")))
        lines.extend(
            t("report.clue", id=c.get("id"), text=c.get("text")) for c in case.get("clues", [])
        )
        for k in case.get("conclusions", []):
            result = (
                t("report.result", result=k.get("result")) if k.get("result") is not None else ""
            )
            lines.append(
                t(
                    "report.conclusion",
                    id=k.get("id"),
                    text=k.get("text"),
                    power=k.get("power"),
                    result=result,
                )
            )
    return lines


def scene_lines(scene: Scene, t: Translator = ENGLISH) -> list[str]:
    """The scene now as plain lines: the turn order (IH) or the scene loop (Mist)."""
    view = commands.to_json(scene.state, scene.system)
    body = _ih_lines(view, t) if view.get("family") == "ih" else _mist_lines(view, t)
    return [t("report.scene", name=scene.name, system=scene.system), *body]


def scene_text(scene: Scene, t: Translator = ENGLISH) -> str:
    """The human-readable scene ``st-console run`` prints."""
    return "\n".join(scene_lines(scene, t)) + "\n"


def _scene_report(scene: Scene, t: Translator) -> list[str]:
    out = [
        f"## {scene.name}",
        "",
        t("report.summary", system=scene.system, commands=len(scene.journal)),
        "",
    ]
    out.append("### " + t("report.now"))
    out.append("")
    for line in scene_lines(scene, t)[1:]:
        out.append(line if line.startswith("- ") or line[:1].isdigit() else line + "  ")
    out.extend(["", "### " + t("report.happened"), ""])
    if not scene.journal:
        out.append(t("report.nothing"))
    for number, entry in enumerate(scene.journal, start=1):
        out.append(f"{number}. `{entry.text}`")
        out.extend(f"    - {describe_event(event, t)}" for event in entry.events)
    out.append("")
    return out


def session_report(campaign: str, scenes: Iterable[Scene], t: Translator = ENGLISH) -> str:
    """The Markdown session report of the given scenes of a campaign, in ``t``'s language."""
    out = ["# " + t("report.title", campaign=campaign), ""]
    for scene in scenes:
        out.extend(_scene_report(scene, t))
    return "\n".join(out).rstrip() + "\n"
