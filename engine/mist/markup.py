"""The Mist-engine markup MCs write in threats, consequences and challenge profiles (issue 29).

``[thick fog]`` is a story tag, ``[bitten-3]`` a status of tier 3 (RULES.md §4.1: tiers 1–6),
``[/w afraid of light]`` a weakness tag. Full-width brackets work too (``【受伤-2】``,
``［浓雾］``), and so do a full-width hyphen and digits (``[受伤－２]``). Anything else between
brackets (an empty ``[]``, ``[hurt-9]``, a bracket inside a bracket) is left as text: parsing
never fails, whatever the text.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum

from engine.mist.status import MAX_TIER

OPENING = "[［【"
CLOSING = "]］】"
_INSIDE = re.escape(OPENING + CLOSING)
_CHIP = re.compile(f"[{re.escape(OPENING)}]([^{_INSIDE}\n]*)[{re.escape(CLOSING)}]")
_STATUS = re.compile(r"^(.*\S)\s*[-－]\s*([0-9０-９])$", re.DOTALL)
_WEAKNESS = re.compile(r"^[/／][wWｗＷ]\s+(.*\S)$", re.DOTALL)


class ChipKind(StrEnum):
    """What a chip of markup stands for."""

    TAG = "tag"
    STATUS = "status"
    WEAKNESS = "weakness"


@dataclass(frozen=True, slots=True)
class Chip:
    """One piece of markup: a story tag, a status of ``tier`` or a weakness tag."""

    kind: ChipKind
    name: str
    tier: int = 0

    def markup(self) -> str:
        """The chip written back as markup (``[bitten-3]``)."""
        if self.kind is ChipKind.STATUS:
            return f"[{self.name}-{self.tier}]"
        if self.kind is ChipKind.WEAKNESS:
            return f"[/w {self.name}]"
        return f"[{self.name}]"


Piece = str | Chip
"""A piece of a marked-up text: plain text, or a chip."""


def _chip(inner: str) -> Chip | None:
    inner = inner.strip()
    if not inner:
        return None
    weakness = _WEAKNESS.match(inner)
    if weakness:
        return Chip(ChipKind.WEAKNESS, weakness.group(1).strip())
    status = _STATUS.match(inner)
    if status:
        tier = int(unicodedata.normalize("NFKC", status.group(2)))
        if 1 <= tier <= MAX_TIER:
            return Chip(ChipKind.STATUS, status.group(1).strip(), tier)
        return None
    if inner[0] in "/／":
        return None
    return Chip(ChipKind.TAG, inner)


def status_chip(text: str) -> Chip | None:
    """``bitten-3`` (without brackets) as a status chip; ``None`` when it is not one."""
    chip = _chip(text)
    return chip if chip is not None and chip.kind is ChipKind.STATUS else None


def pieces(text: str) -> tuple[Piece, ...]:
    """``text`` cut into plain text and chips, in order; joining the plain text with each chip's
    original markup gives ``text`` back. Never raises."""
    out: list[Piece] = []
    at = 0
    for found in _CHIP.finditer(text):
        chip = _chip(found.group(1))
        if chip is None:
            continue
        if found.start() > at:
            out.append(text[at : found.start()])
        out.append(chip)
        at = found.end()
    if at < len(text):
        out.append(text[at:])
    return tuple(out)


def chips(text: str) -> tuple[Chip, ...]:
    """The chips of ``text``, in order (none for plain text)."""
    return tuple(piece for piece in pieces(text) if isinstance(piece, Chip))


def plain(text: str) -> str:
    """``text`` with each chip replaced by its name (for a log line or a status's words)."""
    return "".join(piece if isinstance(piece, str) else piece.name for piece in pieces(text))
