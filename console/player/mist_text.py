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
from console.player.board import case_file as case_file
from engine.mist.state import Challenge, Character, MistState, Status, Tag


def visible_challenges(state: MistState) -> tuple[Challenge, ...]:
    """The challenges the players may see."""
    return tuple(x for x in state.challenges if not x.hidden)


def _tag(tag: Tag) -> Text:
    return Text(tag.name, style="strike dim" if tag.burned else "bold cyan")


def _joined(t: Translator, items: Iterable[Text]) -> Text:
    """``items`` as the language lists them (``a, b`` / ``a、b``)."""
    separator = t("word.list-sep")
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
        kind = t("word.parenthesised", text=t(f"mist.theme.{theme.type.value}"))
        line.append(kind if t.is_chinese else " " + kind, style="dim")
        if theme.power_tags:
            line.append(t.colon)
            line.append(_joined(t, [_tag(tag) for tag in theme.power_tags]))
        if theme.weaknesses:
            line.append("  ✗ ", style="red")
            line.append(_joined(t, [Text(w.name, style="red") for w in theme.weaknesses]))
        lines.append(line)
    extras = Text("  ")
    if character.statuses:
        extras.append(_joined(t, [_status(s) for s in character.statuses]))
    if character.story_tags:
        if len(extras) > 2:
            extras.append("  ")
        extras.append(_joined(t, [_tag(tag) for tag in character.story_tags]))
    if len(extras) > 2:
        lines.append(extras)
    return lines


def _challenge(t: Translator, challenge: Challenge) -> list[Text]:
    head = Text(challenge.name, style="bold strike" if challenge.overcome else "bold")
    if challenge.overcome:
        head.append("  " + t("player.mist.overcome"), style="bold green")
    lines = [head]
    if challenge.statuses:
        lines.append(Text("  ") + _joined(t, [_status(s) for s in challenge.statuses]))
    if challenge.limits_shown and challenge.limits:
        immune = t("player.mist.immune")
        limits = _joined(
            t,
            [
                Text(f"{limit.kind} {limit.tier if limit.tier is not None else immune}")
                for limit in challenge.limits
            ],
        )
        lines.append(Text("  " + t("player.mist.limits"), style="dim") + limits)
    if challenge.story_tags:
        lines.append(Text("  ") + _joined(t, [_tag(tag) for tag in challenge.story_tags]))
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
            + _joined(t, [_tag(tag) for tag in state.scene.story_tags])
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
