"""The plain-text view of a scene that ``st-console run`` prints.

The turn order (Infinite Horror) or the scene loop (M.I.S.T.) as lines in the reader's language
(``--lang``), from ``engine.commands.to_json`` (INTERFACE.md §2, the stable view); every fixed
word is a ``report.*`` locale key. Plain strings, no Rich markup: it goes to standard output.
"""

from __future__ import annotations

from typing import Any

from console.i18n import DEFAULT_SCENE, Translator
from engine import commands
from engine.session import Scene

ENGLISH = Translator("en")


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
        shown_marks = ("unconscious", "acted", "delaying", "flat_footed", "hidden")
        marks = [t(f"report.mark.{key}") for key in shown_marks if row.get(key)]
        budget = row.get("budget", {})
        slots = " ".join(
            f"{t(f'action-word.{k}') if t.has(f'action-word.{k}') else k} {v}"
            for k, v in budget.items()
        )
        effects = t("word.list-sep").join(
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
            text += t("report.separator") + t("word.list-sep").join(marks)
        if effects:
            text += t("report.separator") + t("report.effects", effects=effects)
        lines.append(text)
    sheets = view.get("sheets") or []
    if sheets:
        named = [t("report.sheet", name=x.get("name"), side=x.get("side")) for x in sheets]
        lines.append(t("report.sheets", sheets=t("word.list-sep").join(named)))
    for task in view.get("extended") or []:
        deadline = (
            t("report.deadline", deadline=task.get("deadline")) if task.get("deadline") else ""
        )
        state = str(task.get("state"))
        shown = ("id", "label", "by", "successes", "dc", "ones", "rolls")
        lines.append(
            t(
                "report.extended",
                **{key: task.get(key) for key in shown},
                deadline=deadline,
                state=t(f"extended.state.{state}") if t.has(f"extended.state.{state}") else state,
            )
        )
    return lines


def statuses_words(statuses: dict[str, Any], t: Translator) -> str:
    """``name-tier`` of each status, or the word for none."""
    return t("word.list-sep").join(f"{name}-{s.get('tier')}" for name, s in statuses.items()) or t(
        "report.no-statuses"
    )


def _mist_lines(view: dict[str, Any], t: Translator) -> list[str]:
    phase = str(view.get("phase"))
    named = t(f"mist.phase.{phase}") if t.has(f"mist.phase.{phase}") else phase
    lines = [t("report.mist.phase", phase=named)]
    for character in view.get("characters", []):
        statuses = statuses_words(character.get("statuses", {}), t)
        lines.append(f"- {character.get('name')}{t.colon}{statuses}")
    for challenge in view.get("challenges", []):
        limits = t("word.list-sep").join(f"{k} {v}" for k, v in challenge.get("limits", {}).items())
        state = t("report.overcome") if challenge.get("overcome") else t("report.active")
        lines.append(
            t(
                "report.mist.challenge",
                name=challenge.get("name"),
                state=state,
                limits=limits or "—",
                statuses=statuses_words(challenge.get("statuses", {}), t),
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
    unnamed = DEFAULT_SCENE.fullmatch(scene.name.strip())  # "Scene 1", not "Scene Scene 1"
    name = unnamed.group(1) if unnamed else scene.name
    return [t("report.scene", name=name, system=scene.system), *body]


def scene_text(scene: Scene, t: Translator = ENGLISH) -> str:
    """The human-readable scene ``st-console run`` prints."""
    return "\n".join(scene_lines(scene, t)) + "\n"
