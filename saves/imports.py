"""Import an export (:mod:`saves.exports`) or a version-1 campaign file into a campaign.

An import file is untrusted: it is refused when larger than :data:`MAX_IMPORT_BYTES`, when it
is not JSON, not an export (or a version-1 campaign file), when a value does not have its type,
or when a scene's journal does not replay to its saved state. Nothing is written unless the
whole file is good. The file is read scene by scene (:mod:`saves.json_stream`): each scene is
parsed, checked and kept decoded before the next is read, and a scene over
:data:`MAX_PIECE_BYTES` is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

from engine.errors import RuleError
from engine.limits import MAX_NAME, MAX_TEXT, bad_character
from engine.session import JournalEntry, Scene
from saves import scenefile, units
from saves.checkpoint_forms import whole_state
from saves.codec import DEFAULT
from saves.documents import checked, encode_entry, scene_from_document
from saves.errors import BadFile, ImportRefused, SaveError
from saves.exports import Store
from saves.import_replay import ForgedEvents, replay
from saves.journal_chunks import checkpoint_list, dumped_entries
from saves.json_stream import read_object
from saves.migrations import campaign_v1_to_v2, is_v1_campaign
from saves.no_gc import collections_paused
from saves.type_registry import DocumentError

MAX_IMPORT_BYTES = 256 * 1024 * 1024
"""The largest file ``import`` reads: the cap of every save file (32 MB refused the
export of one 500-combatant scene of 52,000 entries, 33.9 MB). It bounds the work; memory is
bounded by :data:`MAX_PIECE_BYTES`: the file is read scene by scene."""

MAX_PIECE_BYTES = 64 * 1024 * 1024
"""The largest scene (or other top-level member) of an import file, as JSON text: the file is
streamed, one scene parsed at a time (:mod:`saves.json_stream`), so the memory an import takes
grows with its largest scene, not with the file. About twice the largest scene we have seen
exported (52,000 entries, 33.9 MB)."""


def read_import(path: Path, max_piece: int | None = None) -> tuple[dict[str, Any], list[Scene]]:
    """:func:`_read_import`'s campaign part and scenes."""
    part, scenes, _ = _read_import(path, max_piece)
    return part, scenes


Made = tuple[list[dict[str, Any] | None], dict[int, tuple[bytes, int]]]
"""For a scene, what an import made for its save while checking it: its journal's first entries'
documents, and chunks of entries dumped, by start (:meth:`saves.scenefile.SceneFile.encoded`)."""


def _read_import(
    path: Path, max_piece: int | None = None
) -> tuple[dict[str, Any], list[Scene], list[Made]]:
    """Read and check an import file, streaming it scene by scene; version-1 campaign files are
    migrated. Each scene is decoded and replayed as soon as it is parsed, and only the decoded
    scene is kept.

    Returns:
        The campaign part and the scenes, every scene checked (see :func:`decode_export`), and
        for each what was made for its save while it was checked (:data:`Made`).

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
    encoded: list[Made] = []

    def check_header(members: dict[str, Any]) -> None:
        nonlocal header_checked
        if not header_checked:
            checked(members, path, "export")
            header_checked = True

    def on_scene(raw: Any, index: int, members: dict[str, Any]) -> Scene:
        if "schema_version" in members and "kind" in members:
            check_header(members)  # an export names its kind first: refuse a non-export early
        encoded.append(([], {}))
        return _decode_scene(raw, index, path, encoded[-1])

    try:
        members, scenes = read_object(path, "scenes", on_scene, piece)
        if scenes is None:  # not an export's scene list: a version-1 file, or a bad one
            if is_v1_campaign(members):
                return (*decode_export(campaign_v1_to_v2(members), path), [])
            return (*decode_export(checked(members, path, "export"), path), [])
        check_header(members)
    except SaveError as error:
        raise ImportRefused(str(error), path, error.code, error.params) from None
    except DocumentError as error:
        raise ImportRefused.of("saves.exports.not-campaign", path, path=path, error=error) from None
    return _campaign_of(members, path), scenes, encoded


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


def _decode_scene(raw: Any, index: int, path: Path, made: Made | None = None) -> Scene:
    """One scene of an export, checked: decoded, replayed to its saved state, sheets checked;
    ``made`` takes what is made for its save meanwhile (:data:`Made`).

    Raises:
        ImportRefused: a bad scene, or a journal that does not replay to the saved state.
    """
    where = f"{path} (scene {index + 1})"
    try:
        scene = scene_from_document(raw, Path(where))
    except BadFile as error:
        told = str(error).removesuffix(" The file was left as it is.")
        raise ImportRefused(told, path, error.code, error.params) from None

    def check(start: int, end: int) -> None:
        _check_commands(scene.journal[start:end], start, index + 1, path)
        if end == len(scene.journal):  # the redo stack last: a bad command is named in order
            _check_commands(scene.undone, end, index + 1, path)

    journal = scene.journal
    encoded, dumped = made if made is not None else ([], {})

    def encode_some() -> bool:  # and each whole file of them dumped, as the save seals it
        if type(raw) is dict and raw.get("journal"):  # its parsed text, no longer needed: freed
            raw["journal"] = []  # while the other process replays, not after
            return True
        done = len(encoded)
        encoded.extend(map(encode_entry, journal[done : done + 64]))
        size, end = scenefile.IMPORTED[0], len(encoded)
        if end % size == 0 and end - done == 64 and end - size not in dumped:
            dumped[end - size] = dumped_entries(cast(list[dict[str, Any]], encoded[end - size :]))
            encoded[end - size :] = [None] * size  # freed now, not all at the end
        return len(encoded) < len(journal)

    try:
        meanwhile = encode_some if made is not None else None
        state, checkpoints = replay(scene, _marks(raw, scene), check, meanwhile, dumped)
        ok = state == scene.state
    except ImportRefused:  # a bad command, named by ``check``
        raise
    except ForgedEvents as forged:
        raise ImportRefused.of(
            "saves.exports.events-differ", path, path=path, number=index + 1, entry=forged.entry
        ) from None
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


def _check_commands(entries: tuple[JournalEntry, ...], first: int, number: int, path: Path) -> None:
    """Every command of ``entries`` (the journal's from index ``first``, or the redo stack
    from the journal's length) as the console could have taken it: a line of at most
    :data:`engine.limits.MAX_LINE` characters, texts and numbers within the ranges a typed line
    is held to (issue 30: a 1 MB line was imported, and a command and a state edited alike,
    ``health=10**9``, replayed to the state the file gave).

    Raises:
        ImportRefused: naming the scene, the command's place and what is wrong.
    """
    from engine.limits import MAX_LINE, check_command

    for place, entry in enumerate(entries, start=first + 1):
        if len(entry.text) > MAX_LINE:
            raise ImportRefused.of(
                "saves.exports.line-too-long",
                path,
                path=path,
                number=number,
                entry=place,
                length=len(entry.text),
                limit=MAX_LINE,
            )
        try:
            check_command(entry.command)
        except RuleError as error:
            raise ImportRefused.of(
                "saves.exports.command-refused",
                path,
                path=path,
                number=number,
                entry=place,
                error=error,
            ) from None


def _marks(raw: Any, scene: Scene) -> list[tuple[int, Callable[[], Any]]]:
    """The states an export names on the way through the journal (``"checkpoints"``, written
    as a scene file's: :func:`saves.journal_chunks.checkpoint_list`), each decoded when called
    (``None``: ill-formed). Untrusted: :func:`saves.import_replay.replay` uses one only when
    the replay reaches that very state."""
    named = raw.get("checkpoints") if type(raw) is dict else None
    marks: list[tuple[int, Callable[[], Any]]] = []
    for at, document, prefixes in checkpoint_list(named, 0, len(scene.journal) - 1):

        def decoded(document: Any = document, prefixes: dict[str, int] = prefixes) -> Any:
            try:
                state = whole_state(DEFAULT.decode(document), prefixes, scene.state)
            except Exception:  # any failure: a named state is never needed
                return None
            return state if type(state) is type(scene.initial) else None

        marks.append((at, decoded))
    return marks


def _check_sheets(scene: Scene, number: int, path: Path) -> None:
    """An imported sheet is untrusted like any import: one no command could make is refused."""
    from engine.ih.sheet_rules import check_sheet

    for state in (scene.initial, scene.state, scene.start):  # the start: None when unknown
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
    with collections_paused():
        part, scenes = decode_export(document, path)
        return _save_import(store, part, scenes, path)


def _save_import(
    store: Store,
    part: dict[str, Any],
    scenes: list[Scene],
    path: Path,
    encoded: list[Made] | None = None,
) -> tuple[str, list[str]]:
    batch, missions = _plan_import(store, part, scenes, path)
    exists = store.has_campaign(part["name"])
    opened = store.open_campaign(part["name"], create=True)
    with opened as campaign:
        units.begin(campaign.directory, [])  # the scenes, missions and season as one unit
        if not exists and isinstance(part.get("season"), str):
            campaign.set_season(part["season"])
        campaign.create_scenes(batch, encoded)
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
    with collections_paused():  # every scene decoded and replayed is kept until saved
        part, scenes, encoded = _read_import(path)
        return _save_import(store, part, scenes, path, encoded)
