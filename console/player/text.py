"""What the players see of a scene, as Rich renderables (INTERFACE.md, "Players' view").

Pure functions of the engine's state and a translator: no file, no screen. What is hidden is
dropped here, before any text is made, so no later step (a tooltip, a log line, a JSON dump) can
show it: a hidden combatant or challenge, a current actor who is hidden, an effect's source, a
threat tied to a hidden challenge, a challenge's limits until the ST reveals them, the ST's notes.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from rich.box import Box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from console.i18n import Translator
from console.mist.render import marked_text
from console.player.board import case_file, section
from console.render import bar, meter_style
from engine.ih.encounter import Combatant, Encounter, Kind
from engine.mist.state import Challenge, Character, MistState, Status, Tag


class Wound(StrEnum):
    """How hurt an NPC looks to the players: words, never numbers.

    - ``unhurt``: health at its maximum (or above);
    - ``hurt``: lost some, more than half left;
    - ``badly-hurt``: half of the maximum or less, above 0;
    - ``down``: 0 health or unconscious (RULES.md §2.2: 0 health is unconscious).
    """

    UNHURT = "unhurt"
    HURT = "hurt"
    BADLY_HURT = "badly-hurt"
    DOWN = "down"


WOUND_STYLES: dict[Wound, str] = {
    Wound.UNHURT: "bold green",
    Wound.HURT: "bold yellow",
    Wound.BADLY_HURT: "bold red",
    Wound.DOWN: "bold white on red",
}


def wound(health: int, health_max: int, unconscious: bool = False) -> Wound:
    """The word for an NPC's health (see :class:`Wound` for the thresholds)."""
    if unconscious or health <= 0:
        return Wound.DOWN
    if health >= health_max:
        return Wound.UNHURT
    if health * 2 <= health_max:
        return Wound.BADLY_HURT
    return Wound.HURT


def visible(state: Encounter) -> tuple[Combatant, ...]:
    """The combatants the players may see, in turn order."""
    return tuple(x for x in state.order if not x.hidden)


def visible_challenges(state: MistState) -> tuple[Challenge, ...]:
    """The challenges the players may see."""
    return tuple(x for x in state.challenges if not x.hidden)


@dataclass(frozen=True, slots=True)
class Heading:
    """The view's top line: where the table is."""

    campaign: str
    scene: str


def heading(t: Translator, where: Heading, detail: str = "") -> Text:
    text = Text(where.campaign, style="bold")
    text.append("  ·  ")
    text.append(where.scene, style="bold cyan")
    if detail:
        text.append("  ·  ")
        text.append(detail, style="bold")
    return text


# -- Infinite Horror ----------------------------------------------------------------------------


def ih_detail(t: Translator, state: Encounter) -> str:
    """Round and phase, for the heading."""
    if state.phase.value == "setup":
        return t("player.ih.setup")
    if state.phase.value == "surprise":
        return t("player.ih.surprise")
    return t("player.ih.round", round=state.round)


def current_actor(state: Encounter) -> Combatant | None:
    """Whose turn it is, if the players may know (a hidden actor's turn shows as nobody's)."""
    if state.current is None:
        return None
    for combatant in state.order:
        if combatant.name == state.current:
            return None if combatant.hidden else combatant
    return None


def ih_turn(t: Translator, state: Encounter) -> Text:
    """The big "whose turn" line."""
    actor = current_actor(state)
    if state.phase.value == "setup":
        return Text(t("player.ih.waiting"), style="bold")
    if actor is None:
        return Text(t("player.ih.turn-unknown"), style="bold")
    text = Text(t("player.ih.turn") + "  ", style="bold")
    text.append(f" {actor.name} ", style="bold reverse")
    return text


def _effects(t: Translator, combatant: Combatant) -> Text:
    text = Text()
    for effect in combatant.effects:
        if text:
            text.append("  ")
        text.append(effect.label, style="italic")
        left = t("effect.rounds-left", rounds=effect.rounds_left)
        text.append(left if t.is_chinese else " " + left, style="dim")  # 祝福（2 轮）
    return text


def _marks(t: Translator, combatant: Combatant, state: Encounter) -> Text:
    text = Text()
    if combatant.unconscious:  # down: the players see it as the Storyteller does (issue 27)
        text.append(t("marker.unconscious"), style="bold red")
    if combatant.acted:
        if text:
            text.append(" ")
        text.append(t("marker.acted"), style="dim")
    if combatant.delaying:
        if text:
            text.append(" ")
        text.append(t("marker.delaying"), style="cyan")
    if state.phase.value == "combat" and combatant.joins_round > state.round:
        if text:
            text.append(" ")
        text.append(t("marker.joining"), style="yellow")
    return text


BLANK = Box("    \n    \n    \n    \n    \n    \n    \n    \n")
"""A box of spaces: no lines drawn, but Rich's ``leading`` (blank rows) needs a box."""


def ih_order(t: Translator, state: Encounter, width: int, height: int = 24) -> RenderableType:
    """The turn order as a table: PCs' health and willpower as numbers and bars, NPCs' as words.

    A blank line between rows when the screen has room for it (easier to read across a table).
    """
    wide = width >= 100
    roomy = height >= 2 * len(visible(state)) + 8
    table = Table(
        expand=True,
        show_edge=False,
        pad_edge=False,
        box=BLANK if roomy else None,
        show_header=True,
        padding=(0, 1),
        leading=1 if roomy else 0,
    )
    table.add_column("", width=2, no_wrap=True)
    table.add_column(t("queue.name"), ratio=3, no_wrap=True, overflow="ellipsis")
    table.add_column(t("queue.health"), ratio=3 if wide else 2, no_wrap=True)
    table.add_column(t("queue.willpower"), ratio=2, no_wrap=True)
    table.add_column(t("queue.effects"), ratio=4 if wide else 2, overflow="fold")
    current = current_actor(state)
    for combatant in visible(state):
        is_current = current is not None and combatant.name == current.name
        style = "bold reverse" if is_current else ("dim" if combatant.acted else "bold")
        name = Text(combatant.name, style=style)
        marks = _marks(t, combatant, state)
        if marks:
            name.append(" ")
            name.append(marks)
        if combatant.kind is Kind.PC:
            health = bar(
                combatant.health,
                combatant.health_max,
                10 if wide else 5,
                meter_style(combatant.health, combatant.health_max),
            )
            willpower = bar(combatant.willpower, combatant.willpower_max, 6 if wide else 3, "blue")
        else:
            word = wound(combatant.health, combatant.health_max, combatant.unconscious)
            health = Text(t(f"player.wound.{word.value}"), style=WOUND_STYLES[word])
            willpower = Text("")
        table.add_row(
            Text("▶" if is_current else "", style="bold"),
            name,
            health,
            willpower,
            _effects(t, combatant),
        )
    if not visible(state):
        return Group(Text(t("player.ih.empty"), style="dim"), *party(t, state, wide))
    return table


def party(t: Translator, state: Encounter, wide: bool) -> list[RenderableType]:
    """Between fights, the PCs as the campaign has them (issue 25): health and willpower as
    numbers and bars (none when the scene has no PC sheet)."""
    from engine.ih import cast, derived

    sheets = [sheet for sheet in state.sheets if sheet.pc]
    if not sheets:
        return []
    table = Table(expand=True, show_edge=False, pad_edge=False, box=None, padding=(0, 1))
    table.add_column(t("queue.name"), ratio=3, no_wrap=True, overflow="ellipsis")
    table.add_column(t("queue.health"), ratio=3 if wide else 2, no_wrap=True)
    table.add_column(t("queue.willpower"), ratio=2, no_wrap=True)
    for sheet in sheets:
        now = cast.current(state, sheet)
        most = derived.health(sheet.character) + sum(n for _, n in now.temporary_boxes)
        table.add_row(
            Text(sheet.name, style="bold"),
            bar(now.health, most, 10 if wide else 5, meter_style(now.health, most)),
            bar(now.willpower, derived.willpower_max(sheet.character), 6 if wide else 3, "blue"),
        )
    return [Text(""), Text(t("player.ih.party"), style="bold"), table]


def ih_view(t: Translator, state: Encounter, width: int, height: int = 24) -> RenderableType:
    return Group(ih_turn(t, state), Text(""), ih_order(t, state, width, height))


# -- M.I.S.T. -----------------------------------------------------------------------------------


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


def mist_view(t: Translator, state: MistState, width: int) -> RenderableType:
    parts: list[RenderableType] = []
    if state.scene.story_tags:
        parts.append(
            Text(t("player.mist.scene-tags"), style="bold")
            + _joined(t, [_tag(tag) for tag in state.scene.story_tags])
        )
    threats = mist_threats(state)
    if threats:
        parts.append(section(t("mist.threats")))
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
    left = Group(section(t("mist.pane.characters")), *people)
    right = Group(
        section(t("mist.challenges")),
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
