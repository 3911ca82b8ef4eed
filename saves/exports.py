"""Export a campaign or a scene as one JSON document, and import one back.

An export is ``{"schema_version", "kind": "export", "campaign": {"name", "season",
"missions"}, "scenes": [scene documents, journal inline]}``. An import file is untrusted: it
is refused when larger than :data:`MAX_IMPORT_BYTES`, when it is not JSON, not an export (or a
version-1 campaign file), when a value does not have its type, or when a scene's journal does
not replay to its saved state. Nothing is written unless the whole file is good. The file is
read scene by scene (:mod:`saves.json_stream`): each scene is parsed, checked and kept decoded
before the next is read, and a scene over :data:`MAX_PIECE_BYTES` is refused.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from engine import commands
from engine.errors import RuleError
from engine.limits import MAX_NAME, MAX_TEXT, bad_character
from engine.session import CHECKPOINT_EVERY, JournalEntry, Scene
from saves import units
from saves.documents import (
    checked,
    encode_entry,
    scene_from_document,
    scene_header,
    scene_to_document,
)
from saves.errors import BadFile, ImportRefused, SaveError
from saves.json_stream import read_object
from saves.migrations import SCHEMA_VERSION, campaign_v1_to_v2, is_v1_campaign
from saves.type_registry import DocumentError

if TYPE_CHECKING:
    from saves.campaign import Campaign


class Store(Protocol):
    """What an export or an import needs of :class:`saves.store.Store`.

    A protocol, not an import: the store imports this module (a version-1 campaign file is
    migrated by importing it), so importing the store back would close a circle.
    """

    def find(self, name: str) -> Path | None: ...

    def has_campaign(self, name: str) -> bool: ...

    def open_campaign(
        self, name: str, read_only: bool = False, create: bool = False
    ) -> Campaign: ...


MAX_IMPORT_BYTES = 256 * 1024 * 1024
"""The largest file ``import`` reads: the cap of every save file (32 MB refused the
export of one 500-combatant scene of 52,000 entries, 33.9 MB). It bounds the work; memory is
bounded by :data:`MAX_PIECE_BYTES`: the file is read scene by scene."""

MAX_PIECE_BYTES = 64 * 1024 * 1024
"""The largest scene (or other top-level member) of an import file, as JSON text: the file is
streamed, one scene parsed at a time (:mod:`saves.json_stream`), so the memory an import takes
grows with its largest scene, not with the file. About twice the largest scene we have seen
exported (52,000 entries, 33.9 MB)."""


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
            loaded = campaign.load_scene(each)
            header = scene_header(loaded)
            yield "{" + "".join(_member(key, value, 2) + "," for key, value in header.items())
            yield f"\n   {_text('journal', 0)}: "
            yield from _list((_line(encode_entry(e)) for e in loaded.journal), 3)
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


def read_import(path: Path, max_piece: int | None = None) -> tuple[dict[str, Any], list[Scene]]:
    """Read and check an import file, streaming it scene by scene; version-1 campaign files are
    migrated. Each scene is decoded and replayed as soon as it is parsed, and only the decoded
    scene is kept.

    Returns:
        The campaign part and the scenes, every scene checked (see :func:`decode_export`).

    Raises:
        ImportRefused: too large, a scene over ``max_piece`` (:data:`MAX_PIECE_BYTES`) bytes,
            unreadable, not JSON, not an export, or malformed.
    """
    try:
        size = path.stat().st_size
    except OSError as error:
        raise ImportRefused.of(
            "saves.exports.unreadable", path, path=path, error=error.strerror or error
        ) from None
    if size > MAX_IMPORT_BYTES:
        raise ImportRefused.of(
            "saves.exports.too-large", path, path=path, size=size, limit=MAX_IMPORT_BYTES
        )
    piece = MAX_PIECE_BYTES if max_piece is None else max_piece
    header_checked = False

    def check_header(members: dict[str, Any]) -> None:
        nonlocal header_checked
        if not header_checked:
            checked(members, path, "export")
            header_checked = True

    def on_scene(raw: Any, index: int, members: dict[str, Any]) -> Scene:
        if "schema_version" in members and "kind" in members:
            check_header(members)  # an export names its kind first: refuse a non-export early
        return _decode_scene(raw, index, path)

    try:
        members, scenes = read_object(path, "scenes", on_scene, piece)
        if scenes is None:  # not an export's scene list: a version-1 file, or a bad one
            if is_v1_campaign(members):
                return decode_export(campaign_v1_to_v2(members), path)
            return decode_export(checked(members, path, "export"), path)
        check_header(members)
    except SaveError as error:
        raise ImportRefused(str(error), path, error.code, error.params) from None
    except DocumentError as error:
        raise ImportRefused.of("saves.exports.not-campaign", path, path=path, error=error) from None
    return _campaign_of(members, path), scenes


def _campaign_of(document: dict[str, Any], path: Path) -> dict[str, Any]:
    campaign = document.get("campaign")
    if not isinstance(campaign, dict) or not isinstance(campaign.get("name"), str):
        raise ImportRefused.of("saves.exports.no-campaign", path, path=path)
    if not campaign["name"].strip():
        raise ImportRefused.of("saves.exports.empty-name", path, path=path)
    return campaign


def decode_export(document: dict[str, Any], path: Path) -> tuple[dict[str, Any], list[Scene]]:
    """The campaign part and the scenes of an export, every scene checked by replaying it.

    Raises:
        ImportRefused: a malformed campaign part, a bad scene, or a journal that does not
            replay to the saved state.
    """
    campaign = _campaign_of(document, path)
    scenes = document.get("scenes")
    if not isinstance(scenes, list):
        raise ImportRefused.of("saves.exports.scenes-not-list", path, path=path)
    return campaign, [_decode_scene(raw, index, path) for index, raw in enumerate(scenes)]


def _decode_scene(raw: Any, index: int, path: Path) -> Scene:
    """One scene of an export, checked: decoded, replayed to its saved state, sheets checked.

    Raises:
        ImportRefused: a bad scene, or a journal that does not replay to the saved state.
    """
    where = f"{path} (scene {index + 1})"
    try:
        scene = scene_from_document(raw, Path(where))
    except BadFile as error:
        told = str(error).removesuffix(" The file was left as it is.")
        raise ImportRefused(told, path, error.code, error.params) from None
    try:
        state, checkpoints = _replay(scene)
        ok = state == scene.state
    except RuleError as error:
        raise ImportRefused.of(
            "saves.exports.no-replay", path, path=path, number=index + 1, error=error
        ) from None
    except Exception as error:  # untrusted data: any engine failure is a refusal
        raise ImportRefused.of(
            "saves.exports.replay-crash", path, path=path, number=index + 1, error=repr(error)
        ) from None
    if not ok:
        raise ImportRefused.of(
            "saves.exports.state-differs", path, path=path, number=index + 1, name=repr(scene.name)
        )
    _check_sheets(scene, index + 1, path)
    # The replayed state, equal to the saved one: what equality leaves out (the rolls) is then
    # what the journal made, not what the file says, and the checkpoints' rolls begin its
    # very rolls (saved as a count at once: issue 30).
    return replace(scene, state=state, checkpoints=checkpoints)


def _replay(scene: Scene) -> tuple[Any, tuple[tuple[int, Any], ...]]:
    """The state the journal makes, and the checkpoints met on the way (undo after an import
    then replays at most :data:`engine.session.CHECKPOINT_EVERY` entries)."""
    state = scene.initial
    checkpoints = []
    for index, entry in enumerate(scene.journal, start=1):
        state, _ = commands.apply(state, scene.system, entry.command, random.Random(entry.seed))
        if index % CHECKPOINT_EVERY == 0:
            checkpoints.append((index, state))
    return state, tuple(checkpoints)


def _check_sheets(scene: Scene, number: int, path: Path) -> None:
    """An imported sheet is untrusted like any import: one no command could make is refused."""
    from engine.ih.sheet_rules import check_sheet

    for state in (scene.initial, scene.state):
        for sheet in getattr(state, "sheets", ()):
            try:
                check_sheet(sheet)
            except RuleError as error:
                raise ImportRefused.of(
                    "saves.exports.sheet-refused",
                    path,
                    path=path,
                    number=number,
                    name=repr(sheet.name),
                    error=error,
                ) from None


def _free_name(taken: set[str], name: str) -> str:
    """``name``, or ``name (2)``, ``name (3)``… the first no scene in ``taken`` has; a long
    name is shortened before its number so the result stays a name a save can hold."""
    candidate, number = name, 2
    while candidate.casefold() in taken:
        suffix = f" ({number})"
        candidate = f"{name[: MAX_NAME - len(suffix)].rstrip()}{suffix}"
        number += 1
    taken.add(candidate.casefold())
    return candidate


def _check_name(name: str, what: str, path: Path, limit: int = MAX_NAME) -> None:
    """Refuse a name no save can hold (as ``saves.store.check_name`` does), naming the file:
    checked before the target campaign is opened, so a refused import writes nothing. A season
    or a mission (named only through the API) may be up to ``MAX_TEXT`` long."""
    shown = repr(name) if bad_character(name) is None else ascii(name)
    found = bad_character(name)
    if found is not None:
        raise ImportRefused(
            f"{path}: the {what} name {shown} holds a control character ({found}); refused.",
            path,
            code="saves.exports.name-control",
            params={"path": path, "name": shown, "char": found},
        )
    if len(name) > limit or not name.strip():
        raise ImportRefused(
            f"{path}: the {what} name {shown[:80]} is {len(name.strip())} characters long; a "
            f"name has 1 to {limit}. Refused.",
            path,
            code="saves.exports.name-length",
            params={"path": path, "name": shown[:80], "length": len(name.strip()), "limit": limit},
        )


def _plan_import(
    store: Store, part: dict[str, Any], scenes: list[Scene], path: Path
) -> tuple[list[Scene], list[tuple[str, str]]]:
    """The scenes as they will be saved (a taken name gets `` (2)``) and the (scene, mission)
    pairs to record, every name checked, before anything is opened for writing (issue 30: a
    refused import wrote a backup of the target campaign, and backups keep 10).

    Raises:
        ImportRefused: a campaign, season, scene or mission name no save can hold.
        SaveError: the target campaign's index cannot be read (nothing was changed).
    """
    _check_name(part["name"].strip(), "campaign", path)
    if isinstance(part.get("season"), str):
        _check_name(part["season"], "season", path, MAX_TEXT)
    taken: set[str] = set()
    if store.find(part["name"]) is not None:
        with store.open_campaign(part["name"], read_only=True) as campaign:
            taken = {name.casefold() for name in campaign.scene_names()}
            campaign.roster()  # a damaged roster is refused now, not after the scenes
    batch = []
    renames: dict[str, str] = {}
    for scene in scenes:
        _check_name(scene.name.strip(), "scene", path)
        name = _free_name(taken, scene.name.strip())
        renames[scene.name] = name
        batch.append(replace(scene, name=name))
    missions = []
    for mission in part.get("missions") or []:
        if not isinstance(mission, dict) or not isinstance(mission.get("name"), str):
            continue
        for scene_name in mission.get("scenes") or []:
            if isinstance(scene_name, str) and scene_name in renames:
                _check_name(mission["name"].strip(), "mission", path, MAX_TEXT)
                missions.append((renames[scene_name], mission["name"]))
    return batch, missions


def import_export(store: Store, document: dict[str, Any], path: Path) -> tuple[str, list[str]]:
    """Add an export's scenes to its campaign (created if missing); a name already used gets
    `` (2)``. Returns the campaign name and the scene names as saved."""
    part, scenes = decode_export(document, path)
    return _save_import(store, part, scenes, path)


def _save_import(
    store: Store, part: dict[str, Any], scenes: list[Scene], path: Path
) -> tuple[str, list[str]]:
    batch, missions = _plan_import(store, part, scenes, path)
    exists = store.has_campaign(part["name"])
    opened = store.open_campaign(part["name"], create=True)
    with opened as campaign:
        units.begin(campaign.directory, [])  # the scenes, missions and season as one unit
        if not exists and isinstance(part.get("season"), str):
            campaign.set_season(part["season"])
        campaign.create_scenes(batch)
        for scene_name, mission_name in missions:
            campaign.set_mission(scene_name, mission_name)
        saved = [scene.name for scene in batch]
        if saved:
            campaign.set_current_scene(saved[-1])
        units.commit(campaign.directory)
        return campaign.name, saved


def import_file(store: Store, path: Path) -> tuple[str, list[str]]:
    """Import an export file (see the module docstring). Returns campaign and scene names.

    The whole file is read and checked, and every name it would save, before the target
    campaign is opened for writing: a refused import writes nothing, not even a backup.
    """
    part, scenes = read_import(path)
    return _save_import(store, part, scenes, path)


# -- the SealDice log (issue 28): what story-painter imports as its own format -------------------

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
                "message": line.message.replace("\r\n", "\n").replace("\r", "\n"),
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
    for scene, times in zip(scenes, timing, strict=True):
        if heading is not None:
            add(LogLine(None, heading(scene)), times[0] if times else fallback)
        for entry, when in zip(scene.journal, times, strict=True):
            for line in describe(scene, entry):
                add(line, when)
    return {"version": SEALDICE_VERSION, "items": items}
