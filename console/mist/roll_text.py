"""The roll builder's text: the power breakdown and the odds of each band (RULES.md §4.2).

Made from engine values (``PowerSource``, ``MistOdds``) and a translator, as everything in
``console/mist/render.py``; kept apart so each module stays one idea. Widths are in terminal
cells so CJK labels line up.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from console.i18n import Translator, fit, pad
from console.mist.render import BAND_STYLES
from engine.dice.odds import MistOdds
from engine.mist.state import PowerSource


def source_kind(t: Translator, kind: str) -> str:
    """A power source's kind in the console's language (``power tag`` → 力量标签)."""
    return t("mist.source." + kind.replace(" ", "-"))


def breakdown_lines(
    t: Translator, sources: Iterable[PowerSource], width: int | None = None
) -> list[Text]:
    """The power breakdown, one source per line, and the total (RULES.md §4.2).

    With ``width`` each line is cut to it (the label gets an ellipsis) so none wraps.
    """
    lines: list[Text] = []
    total = 0
    for source in sources:
        total += source.value
        style = "green" if source.value > 0 else "red"
        line = Text(f"{source.value:+d} ", style=f"bold {style}")
        line.append(pad(source_kind(t, source.kind), 14), style="dim")
        line.append(source.label if width is None else fit(source.label, width - 17).rstrip())
        lines.append(line)
    if not lines:
        lines.append(Text(t("mist.roll.nothing-ticked"), style="dim"))
    lines.append(Text(t("mist.power", power=total), style="bold"))
    return lines


def odds_bands(t: Translator, odds: MistOdds, width: int = 24) -> list[Text]:
    """The probability of each band (≤5, 6–8, 9+) as bars (RULES.md §4.2)."""
    lines: list[Text] = []
    for band, p in (("fail", odds.p_fail), ("mixed", odds.p_mixed), ("success", odds.p_success)):
        line = Text(pad(t(f"mist.band.{band}"), 11), style=BAND_STYLES[band])
        filled = round(p * width)
        line.append("█" * filled, style=BAND_STYLES[band].replace("bold ", ""))
        line.append("░" * (width - filled), style="dim")
        line.append(f" {100 * p:5.1f}%")
        lines.append(line)
    return lines
