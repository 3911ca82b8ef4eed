"""``st-console saves``, ``export`` and ``import`` (INTERFACE.md §1).

These import the engine and ``saves`` only, never Textual. Exit 0 when done; 2 for bad usage
(one line naming the argument); 1 for a save that cannot be read or written (the file and the
problem on stderr).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time as wall_clock
from pathlib import Path
from typing import Any

from console.cli_common import (
    _bad_argument,
    _fail,
    _refuse,
    _safe,
    _store_to_read,
    _usage_error,
)
from console.i18n import Translator, lock_holder, os_problem, save_error_text, scene_name


def list_saves(args: argparse.Namespace) -> int:
    """``st-console saves [CAMPAIGN] [--json] [--save-dir DIR]``: campaigns, their scenes, who
    holds them open; with CAMPAIGN its cast, season, missions and scenes (issue 25)."""
    from console import cli_saves_json
    from saves import SaveError, open_store
    from saves.store import CAMPAIGNS, default_save_dir

    if getattr(args, "campaign", None) is not None:
        return _show_campaign(args)
    root = Path(args.save_dir) if args.save_dir else default_save_dir()
    nearest = next(p for p in (root, *root.parents) if p.exists())
    if nearest.is_dir() and not (root / CAMPAIGNS).exists():  # a listing creates no folders
        if args.json:
            print(cli_saves_json.listing(root, (), None))
            return 0
        print(Translator(args.lang)("cli.saves.none", root=root))
        return 0
    try:
        store = open_store(args.save_dir)
        infos = store.list_campaigns()
        last = store.last_opened()
    except SaveError as error:
        return _fail(save_error_text(error, args.lang))
    if args.json:
        print(cli_saves_json.listing(store.root, infos, last))
        return 0
    t = Translator(args.lang)
    if not infos:
        print(t("cli.saves.none", root=store.root))
        return 0
    print(t("cli.saves.title", root=store.root))
    for info in infos:
        if info.problem is not None:
            said = info.problem if info.error is None else save_error_text(info.error, args.lang)
            print(_safe(info.name) + t("cli.saves.unreadable", problem=_safe(said)))
            continue
        mark = t("cli.saves.last") if last and last[0] == info.name else ""
        held = t("cli.saves.held", holder=_safe(lock_holder(t, info.holder))) if info.holder else ""
        print(f"{_safe(info.name)}{mark}{held}")
        origin = info.forked_from
        if origin is not None:  # issue 26: a fork says where it came from
            print(
                t(
                    "cli.saves.forked-from",
                    campaign=_safe(origin.campaign),
                    scene=_safe(origin.scene),
                    entry=origin.entry,
                )
            )
        for scene in info.scenes:
            print(f"  {_safe(scene.name)}  [{_safe(scene.system)}]")
    return 0


def export(args: argparse.Namespace) -> int:
    """``st-console export CAMPAIGN[/SCENE] --format md|json|sealdice [-o FILE]``."""
    from console.i18n import Translator
    from console.report import session_report
    from saves import SaveError, load_scenes

    if args.output is not None and not args.output.strip():
        return _usage_error(Translator(args.lang)("cli.output-empty"))
    if getattr(args, "st_name", None) is not None and args.format != "sealdice":
        return _usage_error(Translator(args.lang)("cli.st-name-sealdice"))
    if getattr(args, "profiles", False):
        if args.format not in (None, "json"):
            return _usage_error(Translator(args.lang)("cli.profiles-are-json"))
        return _write_export(args, lambda store: _profiles_json(store, args.target))
    if args.format is None:
        return _usage_error(Translator(args.lang)("cli.export-needs-format"))
    try:
        store = _store_to_read(args.save_dir, args.target)
        if args.format == "json" and args.output not in (None, "-"):
            return _stream_export(store, args)
        if args.format == "json":
            from saves.exports import write_export

            pieces: list[str] = []
            write_export(store, args.target, pieces.append)
            text = "".join(pieces)
        elif args.format == "sealdice":
            text = _sealdice(store, args)
        else:
            name, scenes = load_scenes(store, args.target)
            text = session_report(name, scenes, Translator(args.lang))
            if store.find(args.target) is not None:  # the whole campaign: then its cast
                text += "\n" + _campaign_markdown(store, name, Translator(args.lang))
    except SaveError as error:
        return _refuse(error, args)
    return _emit(args, text)


def _emit(args: argparse.Namespace, text: str) -> int:
    """Write an export's ``text`` to ``-o FILE``, or to standard output (``-`` or none)."""
    if args.output in (None, "-"):
        sys.stdout.write(text)
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as error:
        problem = os_problem(error, args.lang)
        return _usage_error(
            Translator(args.lang)("cli.cannot-write", name=repr(args.output), problem=problem)
        )
    return 0


def _profiles_json(store: Any, name: str) -> str:
    """``export CAMPAIGN --profiles``: the campaign's challenge profiles alone (issue 29)."""
    from saves.profiles import export_profiles

    return json.dumps(export_profiles(store, name), ensure_ascii=False, indent=1) + "\n"


def _write_export(args: argparse.Namespace, make: Any) -> int:
    """Write what ``make(store)`` gives to ``-o FILE`` (or stdout); a save error is refused."""
    from saves import SaveError

    try:
        text = make(_store_to_read(args.save_dir, args.target))
    except SaveError as error:
        return _refuse(error, args)
    return _emit(args, text)


def _sealdice(store: Any, args: argparse.Namespace) -> str:
    """The SealDice log JSON story-painter imports (issue 28): the journal's events one item
    each, in ``--lang``, the Storyteller's items under ``--st-name``."""
    from console import chat_text
    from console.i18n import Translator
    from saves import load_scenes, sealdice_log

    t = Translator(args.lang)
    name, scenes = load_scenes(store, args.target)
    st_name = (getattr(args, "st_name", None) or "").strip() or t("chat.log.st")
    document = sealdice_log(
        scenes,
        chat_text.LogWords(t),
        st_name,
        int(wall_clock.time()),
        title=t("chat.log.title", campaign=name),
        heading=lambda scene: t(
            "chat.log.scene", name=scene_name(t, scene.name), system=scene.system
        ),
    )
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def _campaign_markdown(store: Any, name: str, t: Translator) -> str:
    """The campaign's standing after its scenes in the campaign report (issue 25)."""
    from console.campaign_view import campaign_markdown, campaign_view

    with store.open_campaign(name, read_only=True) as campaign:
        return campaign_markdown(campaign_view(campaign), t)


def _stream_export(store: Any, args: argparse.Namespace) -> int:
    """``export --format json -o FILE``: written piece by piece into a temporary file beside
    ``FILE``, which replaces it once whole (issue 30: the whole document and its text were
    built in memory first). A refusal leaves ``FILE`` as it was."""
    import os
    import tempfile

    from console.i18n import Translator
    from saves import SaveError
    from saves.exports import write_export

    target = Path(args.output)
    try:
        fd, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    except OSError as error:
        problem = os_problem(error, args.lang)
        return _usage_error(
            Translator(args.lang)("cli.cannot-write", name=repr(args.output), problem=problem)
        )
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            write_export(store, args.target, handle.write)
        os.replace(temp, target)
    except SaveError as error:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        return _refuse(error, args)
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        problem = os_problem(error, args.lang)
        return _usage_error(
            Translator(args.lang)("cli.cannot-write", name=repr(args.output), problem=problem)
        )
    return 0


def import_file(args: argparse.Namespace) -> int:
    """``st-console import FILE [--save-dir DIR]``."""
    from saves import SaveError
    from saves import import_file as do_import

    path = Path(args.file)
    if path.is_dir():
        return _usage_error(Translator(args.lang)("cli.file-directory", name=repr(args.file)))
    if not path.exists():
        return _usage_error(Translator(args.lang)("cli.file-missing", name=repr(args.file)))
    if not path.is_file():  # a pipe: an import reads its file more than once
        return _usage_error(Translator(args.lang)("cli.file-not-regular", name=repr(args.file)))
    from saves.profiles import import_profiles, is_profiles_file

    t = Translator(args.lang)
    try:
        store = _import_store(args.save_dir)
        if is_profiles_file(path):
            refused = _campaign_name_refused(args)
            if refused is not None:
                return refused
            overwrite = bool(getattr(args, "overwrite", False))
            name, added, replaced = import_profiles(
                store, path, getattr(args, "campaign", None), overwrite
            )
            print(
                t(
                    "cli.imported-profiles",
                    campaign=_safe(name),
                    added=t("word.list-sep").join(_safe(n) for n in added) or "—",
                    replaced=t("word.list-sep").join(_safe(n) for n in replaced) or "—",
                )
            )
            return 0
        for option in ("campaign", "overwrite"):  # a profiles file's options, never ignored
            if getattr(args, option, None) not in (None, False):
                return _usage_error(t("cli.import-profiles-only", option=f"--{option}"))
        campaign, scenes = do_import(store, path)
    except SaveError as error:
        return _fail(save_error_text(error, args.lang))
    names = t("word.list-sep").join(_safe(scene) for scene in scenes) or t("cli.imported-nothing")
    print(t("cli.imported", campaign=_safe(campaign), names=names))
    return 0


def _campaign_name_refused(args: argparse.Namespace) -> int | None:
    """``import --campaign NAME`` with a name no campaign can have (empty, too long, a control
    character): bad usage naming ``--campaign``, as ``run --campaign`` says it."""
    from saves import BadName, NameTaken
    from saves.names import check_name

    name = getattr(args, "campaign", None)
    if name is None:
        return None
    try:
        if not name.strip():
            raise NameTaken.of("saves.store.needs-name")
        check_name(name.strip(), "campaign")
    except (BadName, NameTaken) as error:
        return _bad_argument(error, args, "--campaign")
    return None


class _StoreWhenWritten:
    """The store of a save directory that has none yet, made when the import first opens a
    campaign: a refused import leaves a new save directory as it was, not even a
    ``campaigns`` folder in it (issue 30 §3)."""

    def __init__(self, save_dir: str | None) -> None:
        self.save_dir = save_dir
        self._store: Any = None

    def find(self, name: str) -> Path | None:
        return None if self._store is None else self._store.find(name)

    def has_campaign(self, name: str) -> bool:
        return self._store is not None and bool(self._store.has_campaign(name))

    def open_campaign(self, name: str, read_only: bool = False, create: bool = False) -> Any:
        from saves import open_store

        if self._store is None:
            self._store = open_store(self.save_dir)
        return self._store.open_campaign(name, read_only=read_only, create=create)


def _import_store(save_dir: str | None) -> Any:
    """The store an import writes to: made only when written to, if it has no campaigns yet."""
    from saves import open_store
    from saves.store import CAMPAIGNS, default_save_dir

    root = Path(save_dir) if save_dir else default_save_dir()
    return open_store(save_dir) if (root / CAMPAIGNS).is_dir() else _StoreWhenWritten(save_dir)


def _show_campaign(args: argparse.Namespace) -> int:
    """``saves CAMPAIGN [--json]``: the campaign's cast with its condition, the season and its
    missions, and the scenes; read-only (a campaign open in the console can be listed)."""
    from console.campaign_view import campaign_lines, campaign_view, view_json
    from saves import SaveError

    try:
        store = _store_to_read(args.save_dir, args.campaign)
        with store.open_campaign(args.campaign, read_only=True) as campaign:
            view = campaign_view(campaign)
    except SaveError as error:
        return _refuse(error, args, "CAMPAIGN")
    if args.json:
        print(json.dumps(view_json(view), ensure_ascii=False))
        return 0
    for line in campaign_lines(view, Translator(args.lang)):
        print(_safe(line))
    return 0
