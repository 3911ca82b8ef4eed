"""What the players see of an Infinite Horror scene (RULES.md §2–§3): whose turn, the turn order
with PCs' health and willpower as bars and NPCs' as words, and the party between fights.

Pure functions of the engine's state and a translator (see console/player/text.py): a hidden
combatant, or a current actor who is hidden, is dropped before any text is made.
"""

from __future__ import annotations

from enum import StrEnum

from rich.box import Box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from console.i18n import Translator
from console.ih.combat_text import effects
from console.render import bar, meter_style
from engine.ih.encounter import Combatant, Encounter, Kind


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


def marks(t: Translator, combatant: Combatant, state: Encounter) -> Text:
    """What the players see of a combatant's state: down, acted, delaying, joining."""
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
        marks_text = marks(t, combatant, state)
        if marks_text:
            name.append(" ")
            name.append(marks_text)
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
            effects(t, combatant.effects, separator="  "),
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
