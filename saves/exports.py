"""Export a campaign or a scene as one JSON document (:mod:`saves.imports` reads one back).

An export is ``{"schema_version", "kind": "export", "campaign": {"name", "season",
"missions"}, "scenes": [scene documents, journal inline]}``. It is written piece by piece
(:func:`write_export`): one scene at a time, its journal copied from its sealed files when they
are ours (issue 30).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from engine.session import Scene
from saves.documents import scene_header, scene_to_document
from saves.migrations import SCHEMA_VERSION

if TYPE_CHECKING:
    from saves.campaign import Campaign


class Store(Protocol):
    """What an export or an import needs of :class:`saves.store.Store`.

    A protocol, not an import: the store imports :mod:`saves.imports` (a version-1 campaign
    file is migrated by importing it), so importing the store back would close a circle.
    """

    def find(self, name: str) -> Path | None: ...

    def has_campaign(self, name: str) -> bool: ...

    def open_campaign(
        self, name: str, read_only: bool = False, create: bool = False
    ) -> Campaign: ...


def _campaign_part(campaign: Campaign) -> dict[str, Any]:
    return {
        "name": campaign.name,
        "season": campaign.season,
        "missions": [{"name": m.name, "scenes": list(m.scenes)} for m in campaign.missions()],
    }


def export_document(store: Store, target: str) -> dict[str, Any]:
    """The export of ``CAMPAIGN`` or ``CAMPAIGN/SCENE`` (read-only: works while it is open).

    Raises:
        NotFound: no such campaign or scene. BadFile: a file is bad.
    """
    name, scene_name = split_target(store, target)
    with store.open_campaign(name, read_only=True) as campaign:
        names = [scene_name] if scene_name else list(campaign.scene_names())
        scenes = [scene_to_document(campaign.load_scene(each)) for each in names]
        return {
            "schema_version": SCHEMA_VERSION,
            "kind": "export",
            "campaign": _campaign_part(campaign),
            "scenes": scenes,
        }


def write_export(store: Store, target: str, write: Callable[[str], object]) -> None:
    """Write the export of ``target`` (the JSON of :func:`export_document`, one member a line
    as ``indent=1`` has it, each journal entry on a line of its own) piece by piece: one scene
    loaded at a time and its journal written entry by entry, never the whole document nor its
    text in memory (issue 30: a 50 MB export peaked at 5.5 times a ``json.load`` of it, and
    took 12 times as long: ``indent`` makes ``json`` encode in Python, not in C).

    Raises:
        NotFound: no such campaign or scene. BadFile: a file is bad.
    """
    name, scene_name = split_target(store, target)
    with store.open_campaign(name, read_only=True) as campaign:
        names = [scene_name] if scene_name else list(campaign.scene_names())
        head = {
            "schema_version": SCHEMA_VERSION,
            "kind": "export",
            "campaign": _campaign_part(campaign),
        }
        write("{" + "".join(_member(key, value, 0) + "," for key, value in head.items()))
        write(f"\n {_text('scenes', 0)}: ")

        def scene(each: str) -> Iterator[str]:
            loaded, documents, marks = campaign.export_scene(each)
            header = scene_header(loaded)
            yield "{" + "".join(_member(key, value, 2) + "," for key, value in header.items())
            yield f"\n   {_text('journal', 0)}: "
            yield from _list((_lines(group, 3) for group in documents if group), 3)
            named = marks()  # a few states on the way, for the import (saves.import_replay)
            if named:  # each one line of JSON already
                yield f",\n   {_text('checkpoints', 0)}: "
                yield from _list(iter([(",\n" + " " * 4).join(named)]), 3)
            yield "\n  }"

        for piece in _list(("".join(scene(each)) for each in names), 1):
            write(piece)
        write("\n}\n")


def _text(value: Any, level: int) -> str:
    """``value`` as ``json.dumps(..., indent=1)`` writes it ``level`` deep in a document."""
    text = json.dumps(value, ensure_ascii=False, indent=1)
    return text.replace("\n", "\n" + " " * level) if level else text


def _line(value: Any) -> str:
    """``value`` as JSON on one line (encoded in C)."""
    return json.dumps(value, ensure_ascii=False)


_ONE_LINE = json.JSONEncoder(ensure_ascii=False).encode
"""What :func:`_line` does, the encoder made once."""
_MARK = "\x00st-console export\x00"
_SPLIT = _ONE_LINE(_MARK)
"""A string (and its JSON) put between the documents of a group encoded in one call (a call
per entry cost a third of an export): the output is split where it stands."""


def _lines(documents: list[Any], level: int) -> str:
    """The documents each as :func:`_line` writes it, as items of a list ``level`` deep (as
    :func:`_list` joins them), encoded in one call of the C encoder. A string token in JSON
    text is always a whole string (a ``"`` inside one is escaped), so when the split string
    is found as often as it was put in, each is one put in, between two documents; else
    (a document holding that very string) each document is encoded on its own."""
    joined = [_MARK] * (2 * len(documents) - 1)
    joined[::2] = documents
    text = _ONE_LINE(joined)[1:-1]
    between = ",\n" + " " * (level + 1)
    if text.count(_SPLIT) == len(documents) - 1:
        return text.replace(f", {_SPLIT}, ", between)
    return between.join(_line(document) for document in documents)


def _member(key: str, value: Any, level: int) -> str:
    """A ``"key": value`` line of an object ``level`` deep (its members one deeper)."""
    return "\n" + " " * (level + 1) + f"{_text(key, 0)}: {_text(value, level + 1)}"


def _list(items: Iterator[str], level: int) -> Iterator[str]:
    """A list ``level`` deep, of items already written one deeper, as ``indent=1`` has it."""
    first = True
    for item in items:
        yield ("[" if first else ",") + "\n" + " " * (level + 1) + item
        first = False
    yield "[]" if first else "\n" + " " * level + "]"


def split_target(store: Store, target: str) -> tuple[str, str]:
    """``CAMPAIGN[/SCENE]``: the whole target when it names a campaign (a name may hold "/",
    "/abs/evil"), else the longest campaign name before a "/"."""
    if store.find(target) is not None:
        return target, ""
    cuts = [index for index, char in enumerate(target) if char == "/"]
    for index in reversed(cuts):
        if index and store.find(target[:index]) is not None:
            return target[:index], target[index + 1 :]
    name, _, scene = target.partition("/")
    return name, scene


def load_scenes(store: Store, target: str) -> tuple[str, tuple[Scene, ...]]:
    """The campaign name and its scenes (or the one scene) a target names, read-only."""
    name, scene_name = split_target(store, target)
    with store.open_campaign(name, read_only=True) as campaign:
        names = [scene_name] if scene_name else list(campaign.scene_names())
        return campaign.name, tuple(campaign.load_scene(each) for each in names)
