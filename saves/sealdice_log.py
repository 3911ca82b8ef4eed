"""The SealDice log (issue 28): a campaign's or a scene's journals as what story-painter
imports as its own format; the words of each entry are the console's (``console/chat_text.py``).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from engine.session import JournalEntry, Scene

SEALDICE_VERSION = 105
"""The ``version`` SealDice writes in its log files (story-painter copies it onto each item)."""
ST_ROLE = "主持人"
"""story-painter's role of the Storyteller's items (its own word, in every language)."""
CHARACTER_ROLE = "角色"
"""story-painter's role of a character. Given on every item, so that a name starting with "ob"
is not taken for an observer and hidden, and a roll does not make its roller a dice bot."""
NICKNAME_SWAPS = str.maketrans({"(": "（", ")": "）", "<": "＜", ">": "＞", "\n": " ", "\r": " "})
"""Characters a nickname must not hold: story-painter's editor writes ``name(id)`` and reads the
line back with ``(…)``/``<…>``, so a half-width bracket in a name splits or merges items."""
EDITOR_HEADER = re.compile(
    r"^([^(<\n]+)(\(([^(\n]+)\)|<[^(\n]+>)?(\s+)([0-9]{4}/[0-9]{1,2}/[0-9]{1,2} )?"
    r"([0-9]{1,2}:[0-9]{1,2}:[0-9]{2})( #[0-9]+)?$"
)
"""story-painter's editor's header line (``EditLogImporter``: ``name(id) 2026/11/28 21:03:00``).
The editor shows the log as text and reads it back after every edit: a line of a message that
looks like this (a note ending ``见面时间 23:15:00``) would start a new item there."""
WORD_JOINER = "\u2060"
"""An invisible character that is not a blank to story-painter: set before such a line's time,
the line is no header any more and reads as it did."""


@dataclass(frozen=True, slots=True)
class LogLine:
    """One line of a session log: who said or rolled it (``None``: the Storyteller), its words,
    whether it is a roll."""

    who: str | None
    message: str
    dice: bool = False


Describe = Callable[[Scene, JournalEntry], Iterable[LogLine]]
"""The words of one journal entry, one line an event, in the reader's language: the console
makes them (``console/chat_text.py``); saves holds no text of its own."""


def nickname(name: str | None, st_name: str) -> str:
    """The log's nickname for ``name`` (``None``: the Storyteller's): brackets made full-width,
    never empty."""
    text = (name if name is not None and name.strip() else st_name).translate(NICKNAME_SWAPS)
    return text.strip() or "?"


def message_text(text: str) -> str:
    """``text`` as a log message: line ends as ``\\n``; a line story-painter's editor would take
    for an item's header (:data:`EDITOR_HEADER`) gets a :data:`WORD_JOINER` before its time."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    for index, line in enumerate(lines):
        match = EDITOR_HEADER.match(line)
        if match is not None:
            at = match.start(6)
            lines[index] = line[:at] + WORD_JOINER + line[at:]
    return "\n".join(lines)


def user_id(nickname_text: str) -> str:
    """A stable id per character, the same in every export: ``STC:`` and a digest of the name."""
    digest = hashlib.sha1(nickname_text.casefold().encode("utf-8")).hexdigest()[:10]
    return f"STC:{digest}"


def entry_times(scene: Scene, fallback: int) -> list[int]:
    """The Unix second of each journal entry: its own; for an entry saved before the journal
    kept times, the last known time before it (else the first after it); a scene with no time
    at all ends at ``fallback``, one second an entry."""
    known = [entry.time for entry in scene.journal]
    times: list[int] = []
    last: int | None = None
    for index, value in enumerate(known):
        if value is not None:
            last = value
        elif last is None:
            later = next((v for v in known[index:] if v is not None), None)
            value = later if later is not None else fallback - len(known) + index + 1
        times.append(value if value is not None else last)  # type: ignore[arg-type]
    return times


def _scene_times(scenes: tuple[Scene, ...], fallback: int) -> list[list[int]]:
    """Each scene's :func:`entry_times`; a scene that kept no time ends just before the next
    scene begins (the last one at ``fallback``), so old scenes keep their order in time."""
    timing: list[list[int]] = []
    end = fallback
    for scene in reversed(scenes):
        times = entry_times(scene, end)
        timing.append(times)
        if times:
            end = min(end, times[0] - 1)
    return timing[::-1]


def _gap(timing: list[list[int]], number: int, items: list[dict[str, Any]], fallback: int) -> int:
    """The time of an empty scene's heading: the item's before it, else the next scene's first
    (the log's times never go back), else ``fallback``."""
    if items:
        return int(items[-1]["time"])
    return next((times[0] for times in timing[number:] if times), fallback)


def sealdice_log(
    scenes: Iterable[Scene],
    describe: Describe,
    st_name: str,
    fallback: int,
    title: str | None = None,
    heading: Callable[[Scene], str] | None = None,
) -> dict[str, Any]:
    """The scenes' journals as a SealDice log (``{"version", "items": [...]}``), one item an
    event in order: ``nickname`` who acted (the Storyteller's under ``st_name``), ``IMUserId``
    a stable id per nickname, ``time`` the Unix second of the command, ``message`` the words,
    ``isDice`` true for a roll. ``title`` is the Storyteller's first item (the campaign), so a
    log is never empty (story-painter refuses one); ``heading`` words each scene's first item.
    ``fallback`` is the time given to entries of a save that kept none (see :func:`entry_times`).
    """
    st = nickname(None, st_name)
    items: list[dict[str, Any]] = []

    def add(line: LogLine, when: int) -> None:
        name = nickname(line.who, st)
        items.append(
            {
                "id": len(items) + 1,
                "nickname": name,
                "IMUserId": user_id(name),
                "time": int(when),
                "message": message_text(line.message),
                "isDice": bool(line.dice),
                "role": ST_ROLE if line.who is None else CHARACTER_ROLE,
                "commandId": 0,
                "commandInfo": None,
                "rawMsgId": str(len(items) + 1),
            }
        )

    scenes = tuple(scenes)
    timing = _scene_times(scenes, fallback)
    if title is not None:
        first = next((times[0] for times in timing if times), fallback)
        add(LogLine(None, title), first)
    for number, (scene, times) in enumerate(zip(scenes, timing, strict=True)):
        if heading is not None:
            when = times[0] if times else _gap(timing, number, items, fallback)
            add(LogLine(None, heading(scene)), when)
        for entry, when in zip(scene.journal, times, strict=True):
            for line in describe(scene, entry):
                add(line, when)
    return {"version": SEALDICE_VERSION, "items": items}
