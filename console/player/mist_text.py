"""What the players see of a M.I.S.T. scene (RULES.md §4): its story tags and threats, the
characters, the challenges they may see, and the case file's board.

Pure functions of the engine's state and a translator (see console/player/text.py): a hidden
challenge, a threat tied to one, a challenge's limits until the ST reveals them and the ST's
notes are dropped before any text is made.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from console.i18n import Translator
from console.mist.render import marked_text
from engine.mist.state import Challenge, Character, MistState, Status, Tag


def visible_challenges(state: MistState) -> tuple[Challenge, ...]:
    """The challenges the players may see."""
    return tuple(x for x in state.challenges if not x.hidden)


def _tag(tag: Tag) -> Text:
    return Text(tag.name, style="strike dim" if tag.burned else "bold cyan")


def _joined(items: Iterable[Text], separator: str = ", ") -> Text:
    text = Text()
    for item in items:
        if text:
            text.append(separator)
        text.append(item)
    return text


def _status(status: Status) -> Text:
    return Text(f"{status.name}-{status.tier}", style="bold magenta")


def mist_detail(t: Translator, state: MistState) -> str:
    phase = t(f"mist.phase.{state.phase.value}")
    return t("player.mist.phase", phase=phase, cycle=state.scene.cycle)


def _character(t: Translator, character: Character) -> list[Text]:
    lines = [Text(character.name, style="bold underline")]
    for theme in character.themes:
        line = Text("  ")
        line.append(theme.name, style="strike dim" if theme.theme_tag_burned else "bold")
        line.append(f" ({t(f'mist.theme.{theme.type.value}')})", style="dim")
        if theme.power_tags:
            line.append(": ")
            line.append(_joined(_tag(tag) for tag in theme.power_tags))
        if theme.weaknesses:
            line.append("  ✗ ", style="red")
            line.append(_joined(Text(w.name, style="red") for w in theme.weaknesses))
        lines.append(line)
    extras = Text("  ")
    if character.statuses:
        extras.append(_joined(_status(s) for s in character.statuses))
    if character.story_tags:
        if len(extras) > 2:
            extras.append("  ")
        extras.append(_joined(_tag(tag) for tag in character.story_tags))
    if len(extras) > 2:
        lines.append(extras)
    return lines


def _challenge(t: Translator, challenge: Challenge) -> list[Text]:
    head = Text(challenge.name, style="bold strike" if challenge.overcome else "bold")
    if challenge.overcome:
        head.append("  " + t("player.mist.overcome"), style="bold green")
    lines = [head]
    if challenge.statuses:
        lines.append(Text("  ") + _joined(_status(s) for s in challenge.statuses))
    if challenge.limits_shown and challenge.limits:
        limits = _joined(
            Text(
                f"{limit.kind} {limit.tier if limit.tier is not None else t('player.mist.immune')}"
            )
            for limit in challenge.limits
        )
        lines.append(Text("  " + t("player.mist.limits"), style="dim") + limits)
    if challenge.story_tags:
        lines.append(Text("  ") + _joined(_tag(tag) for tag in challenge.story_tags))
    return lines


def mist_threats(state: MistState) -> list[str]:
    """Threats presented and not resolved, except those of a hidden challenge."""
    hidden = {c.name.casefold() for c in state.challenges if c.hidden}
    return [
        threat.text
        for threat in state.threats
        if not threat.resolved and (threat.challenge or "").casefold() not in hidden
    ]


def _section(title: str) -> Text:
    return Text(title, style="bold reverse")


def mist_view(t: Translator, state: MistState, width: int) -> RenderableType:
    parts: list[RenderableType] = []
    if state.scene.story_tags:
        parts.append(
            Text(t("player.mist.scene-tags"), style="bold")
            + _joined(_tag(tag) for tag in state.scene.story_tags)
        )
    threats = mist_threats(state)
    if threats:
        parts.append(_section(t("mist.threats")))
        parts.extend(
            Text("  ⚠ ", style="bold yellow") + marked_text(t, text, "bold yellow")
            for text in threats
        )
    people: list[Text] = []
    for character in state.characters:
        people.extend(_character(t, character))
    challenges: list[Text] = []
    for challenge in visible_challenges(state):
        challenges.extend(_challenge(t, challenge))
    columns = Table.grid(expand=True, padding=(0, 2))
    columns.add_column(ratio=1)
    columns.add_column(ratio=1)
    left = Group(_section(t("mist.pane.characters")), *people)
    right = Group(
        _section(t("mist.challenges")),
        *(challenges or [Text(t("player.mist.none"), style="dim")]),
    )
    if width >= 90:
        columns.add_row(left, right)
        parts.append(columns)
    else:
        parts.extend([left, right])
    parts.append(case_file(t, state, width))
    spaced: list[RenderableType] = []
    for part in parts:
        if spaced and not (isinstance(part, Text) and part.plain.startswith("  ⚠")):
            spaced.append(Text(""))
        spaced.append(part)
    return Group(*spaced)


def _board_title(title: str) -> Text:
    return Text(title, style="bold underline")


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
    questions: list[Text] = [_board_title(t("player.board.questions"))]
    for question in (q for q in case.questions if not q.hidden):
        line = Text(f"  {question.id} ", style="bold") + Text(question.text)
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
            line.append(f"  ({clue.scene})", style="dim")
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
        why.append(t("player.board.supports", ids=", ".join(conclusion.supports) or "—"), "green")
        if conclusion.contradicts:
            ids = ", ".join(conclusion.contradicts)
            why.append("  " + t("player.board.contradicts", ids=ids), "red")
        conclusions.append(why)
    if len(conclusions) == 1:
        conclusions.append(Text("  " + t("player.mist.none"), style="dim"))
    for key, items in (("properties", case.properties), ("opportunities", case.opportunities)):
        if items:
            conclusions.append(_board_title(t(f"player.board.{key}")))
            conclusions.extend(
                Text(f"  {x.id} ", style="bold") + Text(x.text) + Text(f"  ({x.conclusion})", "dim")
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
