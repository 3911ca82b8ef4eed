"""The text of the M.I.S.T. case file (RULES.md §4.7): questions, clues, conclusions with their
complexity gate and result, the findings (STYLE.md: results are data, text is here).

Each function takes engine values (``engine/mist/state.py``) and a
:class:`~console.i18n.Translator` and returns Rich text; nothing here changes a state.
"""

from __future__ import annotations

from rich.text import Text

from console.i18n import Translator, clue_text, refuted_text, scene_name
from console.mist.render import BAND_STYLES
from engine.mist.state import DEFAULT_QUESTIONS, CaseFile, Conclusion, MistState, Question


def gate_text(
    t: Translator, case: CaseFile, conclusion: Conclusion, restated: bool = False
) -> Text:
    """The complexity gate of a conclusion: "needs 2 supporting clues, has 1" (§4.7); a refuted
    one says what refuted it and that it is not rolled again ([I-22]; ``restated``: the setting
    ``refuted_conclusion_restated`` lets it be)."""
    has = len(conclusion.supports)
    text = Text()
    if conclusion.refuted:
        by = conclusion.refuted_by
        if by is None:  # refuted before [I-22] kept what refuted it
            text.append(t("mist.case.refuted") + " · ", style="red")
        elif restated:
            text.append(t("mist.case.refuted-restated", by=by) + " · ", style="red")
        else:
            return text.append(t("mist.case.refuted-by", by=by), style="bold red")
    if has >= case.complexity:
        text.append(t("mist.case.gate-open", has=has, needs=case.complexity), style="green")
    else:
        text.append(t("mist.case.gate-closed", needs=case.complexity, has=has), style="yellow")
    return text


def conclusion_lines(
    t: Translator, case: CaseFile, conclusion: Conclusion, restated: bool = False
) -> list[Text]:
    """A conclusion with its supporting and contradicting clues, power, gate and result."""
    head = Text(f"{conclusion.id} ", style="bold")
    head.append(conclusion.text, style="strike" if conclusion.refuted else "")
    line = Text("   ")
    line.append("+" + (",".join(conclusion.supports) or "—"), style="green")
    line.append("  −" + (",".join(conclusion.contradicts) or "—"), style="red")
    line.append("  " + t("mist.power", power=conclusion.power) + "  ", style="bold")
    line.append_text(gate_text(t, case, conclusion, restated))
    lines = [head, line]
    if conclusion.result is not None and conclusion.mode is not None:
        result = Text("   " + t(f"mist.case.{conclusion.mode}") + f" {conclusion.total} → ")
        result.append(
            t(f"mist.outcome.{conclusion.result.value}"), BAND_STYLES[conclusion.result.value]
        )
        lines.append(result)
    return lines


STANDARD = frozenset((q.id, q.text) for q in DEFAULT_QUESTIONS)
"""The five standard questions (RULES.md §4.7) by id and text."""


def question_text(t: Translator, question: Question) -> str:
    """A checklist question; the five standard ones (RULES.md §4.7) in the console's language."""
    if (question.id, question.text) in STANDARD:  # answered, hidden or not
        return t(f"mist.question.{question.id}")
    return question.text


def case_file_lines(t: Translator, state: MistState) -> list[Text]:
    """The case-file pane: questions, clues with their scene, conclusions, findings, warning."""
    case = state.case_file
    head = Text(t("mist.case.complexity", complexity=case.complexity), style="bold")
    moment = "mist.case.open" if case.open else "mist.case.closed"
    head.append("   " + t(moment, moment=case.moments), style="cyan" if case.open else "dim")
    lines = [head]
    if case.open and not case.tested:
        lines.append(Text("⚠ " + t("mist.case.no-test"), style="bold yellow"))
    lines.append(Text(t("mist.case.questions"), style="bold underline"))
    for question in case.questions:
        mark = "☑" if question.answer else "☐"
        line = Text(f" {mark} {question.id} ")
        if question.hidden:  # off the players' clue board until revealed (V, reveal q1)
            line.append(t("marker.hidden") + " ", "italic red")
        line.append(question_text(t, question))
        if question.answer:
            line.append(f" → {question.answer}", style="green")
        lines.append(line)
    lines.append(Text(t("mist.case.clues"), style="bold underline"))
    if not case.clues:
        lines.append(Text("  " + t("mist.none"), style="dim"))
    for clue in case.clues:
        line = Text(f" {clue.id} ", style="bold")
        if clue.hidden:  # by its id: a long clue wrapped the marker onto a row of its own
            line.append(t("marker.hidden") + " ", "italic red")
        line.append(clue_text(t, clue.text, clue.refutes))
        line.append(f"  ⟨{scene_name(t, clue.scene)}⟩", style="dim")
        if clue.refutes and refuted_text(clue.text, clue.refutes) is None:  # not said twice
            line.append("  " + t("mist.case.refutes", id=clue.refutes), style="red")
        if clue.from_conclusion:
            line.append("  " + t("mist.case.from", id=clue.from_conclusion), style="green")
        lines.append(line)
    lines.append(Text(t("mist.case.conclusions"), style="bold underline"))
    if not case.conclusions:
        lines.append(Text("  " + t("mist.none"), style="dim"))
    for conclusion in case.conclusions:
        restated = state.interpretations.refuted_conclusion_restated
        lines.extend(Text(" ") + line for line in conclusion_lines(t, case, conclusion, restated))
    for finding in case.properties:
        lines.append(
            Text(f" {finding.id} " + t("mist.case.property", text=finding.text or "?"), "magenta")
        )
    for finding in case.opportunities:
        style = "bold green" if not state.mission.suppressed else "dim"
        lines.append(Text(f" {finding.id} " + t("mist.case.opportunity", text=finding.text), style))
    return lines
