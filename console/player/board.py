"""The players' clue board (issue 29 §3): the M.I.S.T. case file laid out as a board the table
reads from across the room, in two columns from 90 wide and one below that (a phone). Each
entry's id stands in its own column, so a line that wraps on a narrow screen stays indented
under its text."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from console.i18n import Translator, clue_text, scene_name
from console.mist.case_text import question_text
from engine.mist.state import MistState


class IdColumns(Table):
    """A list whose ids stand in their own narrow column, the text beside them: the page keeps
    the two side by side at any width (the view's own columns fold into one on a phone, which
    put each id on a line of its own above its text, the id column half the width)."""


def _section(title: str) -> Text:
    return Text(title, style="bold reverse")


def _board_title(title: str) -> Text:
    return Text(title, style="bold underline")


def _entries(title: str, rows: list[tuple[str, Text]], none: str | None = None) -> Group:
    """A titled list of entries: each id in bold in its own column, its text beside it (a
    wrapped line stays under the text); ``none`` said when there is no entry."""
    grid = IdColumns.grid(padding=(0, 1, 0, 0))
    grid.add_column(no_wrap=True)
    grid.add_column(ratio=1)
    for ident, body in rows:
        grid.add_row(Text(f"  {ident}" if ident else "", style="bold"), body)
    if not rows and none is not None:
        return Group(_board_title(title), Text("  " + none, style="dim"))
    return Group(_board_title(title), grid)


def case_file(t: Translator, state: MistState, width: int = 80) -> RenderableType:
    """The case file as a board the table reads from across the room (issue 29): the cut-in
    summary, the questions with their answers, the clues with the scene each came from, the
    conclusions with their supports, contradictions, power and result, the properties and
    opportunities found. A clue or question the MC hid (``hide c1``) is left off."""
    case = state.case_file
    found = {k.id: k for k in case.conclusions}
    lines: list[RenderableType] = [_section(t("mist.pane.case-file"))]
    if state.mission.cut_in:
        lines.append(Text(state.mission.cut_in, style="italic"))
    if state.mission.suppressed:  # the table's moment: the players see it too
        lines.append(Text(t("mist.nav.suppressed"), style="bold green"))
    asked: list[tuple[str, Text]] = []
    for question in (q for q in case.questions if not q.hidden):
        line = Text(question_text(t, question))
        answer = found.get(question.answer or "")
        if answer is not None:
            line.append("  → " + answer.text, style="bold green")
        else:
            line.append("  " + t("player.board.open"), style="dim")
        asked.append((question.id, line))
    shown: list[tuple[str, Text]] = []
    for clue in (c for c in case.clues if not c.hidden):
        line = Text(clue_text(t, clue.text, clue.refutes))
        if clue.scene:
            where = scene_name(t, clue.scene)
            line.append(f"  （{where}）" if t.is_chinese else f"  ({where})", style="dim")
        shown.append((clue.id, line))
    drawn: list[tuple[str, Text]] = []
    secret = {c.id for c in case.clues if c.hidden}  # never named, not even as an id
    for conclusion in case.conclusions:
        line = Text()
        line.append(conclusion.text, style="italic")
        line.append("  " + t("mist.power", power=conclusion.power), style="dim")
        if conclusion.result is not None:
            word = t(f"player.mist.result.{conclusion.result.value}")
            line.append(f"  {word}", style="bold red" if conclusion.refuted else "bold green")
        by = conclusion.refuted_by
        if conclusion.refuted and by and by not in secret:  # [I-22]: with what refuted it
            line.append(" — " + t("player.mist.refuted-by", by=by), "red")
        line.append("\n")
        for_ = [x for x in conclusion.supports if x not in secret]
        against = [x for x in conclusion.contradicts if x not in secret]
        supports = t("word.list-sep").join(for_) or "—"
        line.append(t("player.board.supports", ids=supports), "green")
        if against:
            ids = t("word.list-sep").join(against)
            line.append("  " + t("player.board.contradicts", ids=ids), "red")
        drawn.append((conclusion.id, line))
    none = t("player.mist.none")
    questions = _entries(t("player.board.questions"), asked)
    clues = _entries(t("player.board.clues"), shown, none)
    conclusions: list[RenderableType] = [_entries(t("player.board.conclusions"), drawn, none)]
    for key, items in (("properties", case.properties), ("opportunities", case.opportunities)):
        if items:
            rows = [
                (
                    x.id,
                    Text(x.text) + Text("  " + t("word.parenthesised", text=x.conclusion), "dim"),
                )
                for x in items
            ]
            conclusions.append(_entries(t(f"player.board.{key}"), rows))
    if width >= 90:
        board = Table.grid(expand=True, padding=(0, 2))
        board.add_column(ratio=1)
        board.add_column(ratio=1)
        board.add_row(Group(clues, Text(""), questions), Group(*conclusions))
        lines.append(board)
    else:  # one column: what was found first, the checklist last
        lines.extend([clues, *conclusions, questions])
    return Group(*lines)
