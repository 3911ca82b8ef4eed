"""The text of a M.I.S.T. player character (RULES.md §4.1, §4.8): themes with their tags and
tracks, statuses, story tags, evolution, scars and what is still owed (STYLE.md: results are
data, text is here).

Each function takes engine values (``engine/mist/state.py``) and a
:class:`~console.i18n.Translator` and returns Rich text; nothing here changes a state.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text

from console.i18n import Translator
from console.mist.render import NAME_WIDTH, status_line, tags_text
from engine.mist.state import Character, Theme


def track(count: int, of: int = 3) -> str:
    """Marks on a 3-box theme track: ``●●○``."""
    return "●" * min(count, of) + "○" * max(0, of - count)


def theme_lines(t: Translator, theme: Theme, width: int | None = None) -> list[Text]:
    """A theme: type, theme tag, power and weakness tags, motive and its two tracks (§4.1).

    The tracks follow the theme tag, or go on a line of their own when that is wider than
    ``width`` (a narrow terminal), rather than wrap mid-track.
    """
    head = Text(f"  [{t(f'mist.theme.{theme.type.value}')}] ", style="cyan")
    head.append(theme.name, style="bold strike dim" if theme.theme_tag_burned else "bold")
    if theme.newborn:
        head.append(" " + t("mist.theme.newborn"), style="yellow")
    growth = t(f"mist.track.{theme.growth_track.value}")
    loss = t(f"mist.track.{theme.loss_track.value}")
    tracks = f"{growth} {track(theme.growth_marks)}  {loss} {track(theme.loss_marks)}"
    lines = [head]
    if width is not None and head.cell_len + 2 + cell_len(tracks) > width:
        lines.append(Text("    " + tracks, style="dim"))
    else:
        head.append("  " + tracks, style="dim")
    if theme.power_tags:
        lines.append(Text("    + ", style="green") + tags_text(theme.power_tags, t))
    if theme.weaknesses:
        lines.append(Text("    − ", style="red") + tags_text(theme.weaknesses, t))
    if theme.motive:
        motive = t(f"mist.motive.{theme.type.value}")
        lines.append(Text(f"    {motive}{t.colon}{theme.motive}", style="italic dim"))
    if theme.growth_pending:
        lines.append(
            Text("    " + t("mist.growth-pending", count=theme.growth_pending), "bold yellow")
        )
    return lines


def character_lines(
    t: Translator, person: Character, selected: bool, width: int | None = None
) -> list[Text]:
    """A PC: themes, statuses with boxes, story tags, evolution, scars, pending choices (§4.8)."""
    head = Text("▶ " if selected else "  ", style="bold yellow")
    head.append(person.name, style="bold reverse" if selected else "bold")
    head.append("  " + t("mist.evolution", count=person.evolution), style="dim")
    if person.transformed:
        head.append("  " + t("mist.transformed"), style="bold red")
    if person.retired is not None:
        head.append("  " + t(f"mist.retired.{person.retired.value}"), style="bold")
    lines = [head]
    for theme in person.themes:
        lines.extend(theme_lines(t, theme, width))
    name_width = NAME_WIDTH if width is None else max(4, min(NAME_WIDTH, width - 21))
    for status in person.statuses:  # cut to fit: "1/6" stays on its line at 80×24
        lines.append(Text("  ") + status_line(status, 6, width=name_width, t=t))
    if person.story_tags:
        lines.append(
            Text("  " + t("mist.tags") + t.colon, style="dim") + tags_text(person.story_tags, t)
        )
    for scar in person.scars:
        lines.append(Text("  " + t("mist.scar", text=scar), style="magenta"))
    for note in person.notes:
        lines.append(Text("  " + t("mist.note", text=note), style="italic"))
    for lost in person.lost_themes:
        lines.append(Text("  " + t("mist.lost-theme", name=lost.name), style="dim strike"))
    for kind in person.rebirths_pending:
        lines.append(
            Text("  " + t("mist.rebirth-pending", type=t(f"mist.theme.{kind.value}")), "yellow")
        )
    if person.ordinary:
        lines.append(Text("  " + t("mist.asleep-rules"), style="dim"))
    if person.retirement_offered and person.retired is None:
        lines.append(Text("  " + t("mist.retirement-offered"), style="bold yellow"))
    return lines
