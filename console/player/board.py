"""The case file on the players' view: a board the table reads from across the room (issue
29), in the table's language (issue 27: the five standard questions, an unnamed scene, lists and
parentheses as the language writes them). A clue or question the MC hid is left off."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from console.i18n import Translator, scene_name
from console.mist.case_text import question_text
from engine.mist.state import MistState


def section(title: str) -> Text:
    """A section's title on the players' view."""
    return Text(title, style="bold reverse")


def _board_title(title: str) -> Text:
    return Text(title, style="bold underline")


def case_file(t: Translator, state: MistState, width: int = 80) -> RenderableType:
    """The case file as a board the table reads from across the room (issue 29): the cut-in
    summary, the questions with their answers, the clues with the scene each came from, the
    conclusions with their supports, contradictions, power and result, the properties and
    opportunities found. A clue or question the MC hid (``hide c1``) is left off."""
    case = state.case_file
    found = {k.id: k for k in case.conclusions}
    lines: list[RenderableType] = [section(t("mist.pane.case-file"))]
    if state.mission.cut_in:
        lines.append(Text(state.mission.cut_in, style="italic"))
    questions: list[Text] = [_board_title(t("player.board.questions"))]
    for question in (q for q in case.questions if not q.hidden):
        line = Text(f"  {question.id} ", style="bold") + Text(question_text(t, question))
        answer = found.get(question.answer or "")
        if answer is not None:
            line.append("  → " + answer.text, style="bold green")
        else:
            line.append("  " + t("player.board.open"), style="dim")
        questions.append(line)
    clues: list[Text] = [_board_title(t("player.board.clues"))]
    for clue in (c for c in case.clues if not c.hidden):
        line = Text(f"  {clue.id} ", style="bold") + Text(clue.text)
        if clue.scene:
            where = scene_name(t, clue.scene)
            line.append(f"  （{where}）" if t.is_chinese else f"  ({where})", style="dim")
        clues.append(line)
    if len(clues) == 1:
        clues.append(Text("  " + t("player.mist.none"), style="dim"))
    conclusions: list[Text] = [_board_title(t("player.board.conclusions"))]
    for conclusion in case.conclusions:
        line = Text(f"  {conclusion.id} ", style="bold")
        line.append(conclusion.text, style="italic")
        line.append("  " + t("mist.power", power=conclusion.power), style="dim")
        if conclusion.result is not None:
            word = t(f"player.mist.result.{conclusion.result.value}")
            line.append(f"  {word}", style="bold red" if conclusion.refuted else "bold green")
        if conclusion.refuted and conclusion.refuted_by:  # [I-22]: shown with what refuted it
            line.append(" — " + t("player.mist.refuted-by", by=conclusion.refuted_by), "red")
        conclusions.append(line)
        why = Text("    ")
        why.append(
            t("player.board.supports", ids=t("word.list-sep").join(conclusion.supports) or "—"),
            "green",
        )
        if conclusion.contradicts:
            ids = t("word.list-sep").join(conclusion.contradicts)
            why.append("  " + t("player.board.contradicts", ids=ids), "red")
        conclusions.append(why)
    if len(conclusions) == 1:
        conclusions.append(Text("  " + t("player.mist.none"), style="dim"))
    for key, items in (("properties", case.properties), ("opportunities", case.opportunities)):
        if items:
            conclusions.append(_board_title(t(f"player.board.{key}")))
            conclusions.extend(
                Text(f"  {x.id} ", style="bold")
                + Text(x.text)
                + Text("  " + t("word.parenthesised", text=x.conclusion), "dim")
                for x in items
            )
    if width >= 90:
        board = Table.grid(expand=True, padding=(0, 2))
        board.add_column(ratio=1)
        board.add_column(ratio=1)
        board.add_row(Group(*clues, Text(""), *questions), Group(*conclusions))
        lines.append(board)
    else:  # one column: what was found first, the checklist last
        lines.extend([Group(*clues), Group(*conclusions), Group(*questions)])
    return Group(*lines)
