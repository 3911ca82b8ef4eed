"""The plain-text view of a scene that ``st-console run`` prints.

The turn order (Infinite Horror) or the scene loop (M.I.S.T.) as lines in the reader's language
(``--lang``), read from the engine's typed records: the IH screen's view of the fight
(``console/ih/view.py``) and its sheets, the M.I.S.T. state as it is (issue 24 §2: not the
``run --json`` dicts read back). The values are those the stable view (INTERFACE.md §2) prints;
every fixed word is a ``report.*`` locale key. Plain strings, no Rich markup: it goes to
standard output.
"""

from __future__ import annotations

from collections.abc import Iterable

from console.i18n import DEFAULT_SCENE, Translator, clue_text
from console.ih.view import IHView, ih_view
from engine.ih.encounter import Encounter
from engine.ih.sheet import Sheet
from engine.mist.state import Challenge, MistState, Status
from engine.session import Scene

ENGLISH = Translator("en")


def _ih_lines(view: IHView, sheets: tuple[Sheet, ...], t: Translator) -> list[str]:
    phase = view.phase
    lines = [
        t(
            "report.ih.round",
            round=view.round,
            phase=t(f"report.phase.{phase}") if t.has(f"report.phase.{phase}") else phase,
            current=view.current or t("report.nobody"),
        )
    ]
    for place, row in enumerate(view.order, start=1):
        shown_marks = ("unconscious", "acted", "delaying", "flat_footed", "hidden")
        marks = [t(f"report.mark.{key}") for key in shown_marks if getattr(row.marks, key)]
        # The current actor's budget left; anyone else's next turn, less the swift a reflex
        # taken off-turn already spent (RULES.md §3.7), as the console's budget pane shows it.
        budget = row.budget if row.current or not row.next_budget else row.next_budget
        slots = " ".join(
            f"{t(f'action-word.{k}') if t.has(f'action-word.{k}') else k} {v}"
            for k, v in budget.items()
        )
        effects = t("word.list-sep").join(
            t("report.effect", label=e.label, rounds=e.rounds_left) for e in row.effects
        )
        text = t(
            "report.ih.row",
            place=place,
            name=row.name,
            initiative=row.initiative,
            health=row.health,
            willpower=row.willpower,
            slots=slots,
        )
        if marks:
            text += t("report.separator") + t("word.list-sep").join(marks)
        if effects:
            text += t("report.separator") + t("report.effects", effects=effects)
        lines.append(text)
    if sheets:
        named = [t("report.sheet", name=x.name, side=t(f"campaign.side-{x.side}")) for x in sheets]
        lines.append(t("report.sheets", sheets=t("word.list-sep").join(named)))
    for task in view.extended:
        deadline = t("report.deadline", deadline=task.deadline) if task.deadline else ""
        state = task.state
        shown = ("id", "label", "by", "successes", "dc", "ones", "rolls")
        lines.append(
            t(
                "report.extended",
                **{key: getattr(task, key) for key in shown},
                deadline=deadline,
                state=t(f"extended.state.{state}") if t.has(f"extended.state.{state}") else state,
            )
        )
    return lines


def status_tiers(statuses: Iterable[Status]) -> list[str]:
    """``name-tier`` of each status, one per name (as the stable view keys them)."""
    tiers = {status.name: status.tier for status in statuses}
    return [f"{name}-{tier}" for name, tier in tiers.items()]


def statuses_words(statuses: Iterable[Status], t: Translator) -> str:
    """``name-tier`` of each status, or the word for none."""
    return t("word.list-sep").join(status_tiers(statuses)) or t("report.no-statuses")


def _limits(challenge: Challenge, t: Translator) -> str:
    """``kind tier`` of each limit (``immune`` for none, one per kind), or a dash for none."""
    immune = t("mist.limit.immune")
    tiers = {x.kind: x.tier if x.tier is not None else immune for x in challenge.limits}
    return t("word.list-sep").join(f"{kind} {tier}" for kind, tier in tiers.items()) or "—"


def _mist_lines(state: MistState, t: Translator) -> list[str]:
    phase = state.phase.value
    named = t(f"mist.phase.{phase}") if t.has(f"mist.phase.{phase}") else phase
    lines = [t("report.mist.phase", phase=named)]
    for character in state.characters:
        lines.append(f"- {character.name}{t.colon}{statuses_words(character.statuses, t)}")
    for challenge in state.challenges:
        state_word = t("report.overcome") if challenge.overcome else t("report.active")
        lines.append(
            t(
                "report.mist.challenge",
                name=challenge.name,
                state=state_word,
                limits=_limits(challenge, t),
                statuses=statuses_words(challenge.statuses, t),
            )
        )
    case = state.case_file
    if case.clues or case.conclusions:
        lines.append(t("report.case-file", complexity=case.complexity))
        lines.extend(
            t("report.clue", id=c.id, text=clue_text(t, c.text, c.refutes)) for c in case.clues
        )
        for k in case.conclusions:
            said = t(f"report.outcome.{k.result.value}") if k.result is not None else ""
            result = t("report.result", result=said) if k.result is not None else ""
            if k.refuted and k.refuted_by:  # RULES.md [I-22]: shown with what refuted it
                result += t("report.result-refuted", by=k.refuted_by)
            lines.append(t("report.conclusion", id=k.id, text=k.text, power=k.power, result=result))
        lines.extend(t("report.property", id=p.id, text=p.text or "?") for p in case.properties)
        lines.extend(
            t("report.opportunity", id=o.id, text=o.text or "?") for o in case.opportunities
        )
    return lines


def scene_lines(scene: Scene, t: Translator = ENGLISH) -> list[str]:
    """The scene now as plain lines: the turn order (IH) or the scene loop (Mist)."""
    state = scene.state
    if isinstance(state, Encounter):
        body = _ih_lines(ih_view(state, scene.system), state.sheets, t)
    else:
        body = _mist_lines(state, t)
    unnamed = DEFAULT_SCENE.fullmatch(scene.name.strip())  # "Scene 1", not "Scene Scene 1"
    name = unnamed.group(1) if unnamed else scene.name
    return [t("report.scene", name=name, system=scene.system), *body]


def scene_text(scene: Scene, t: Translator = ENGLISH) -> str:
    """The human-readable scene ``st-console run`` prints."""
    return "\n".join(scene_lines(scene, t)) + "\n"
