"""``st-console run``, ``saves``, ``export`` and ``import`` (INTERFACE.md §1).

These import the engine and ``saves`` only, never Textual. Exit 0 when done; 2 for bad usage
(one line naming the argument); 1 for a rule error in a script (the line number and reason on
stderr, and the scene as it was before that line on stdout) or a save that cannot be read or
written (the file and the problem on stderr).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
import time as wall_clock
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from console.i18n import Translator, lock_holder, save_error_text
from console.scene_end import is_reopen
from engine import commands, session
from engine.errors import RuleError
from engine.session import Scene


class _Usage(Exception):
    """Bad usage: exit 2 with this one line."""


def _safe(text: str) -> str:
    """A name as the terminal may show it: control characters (an ANSI escape, a newline) and
    lone surrogates escaped, never printed raw."""
    from engine.limits import bad_character

    return text if bad_character(text) is None else ascii(text)[1:-1]


def _usage_error(message: str) -> int:
    print(f"st-console: {message}", file=sys.stderr)
    return 2


def _fail(message: str) -> int:
    print(f"st-console: {_safe(message)}", file=sys.stderr)
    return 1


MAX_SCRIPT = 64 * 1024 * 1024
"""Bytes (characters from standard input) in a script ``run`` reads; a longer one is refused
before it is read (issue 30), as each of its lines is before it is tokenized."""


def _too_long(name: str, size: int, t: Translator) -> _Usage:
    mb = MAX_SCRIPT // (1024 * 1024)
    return _Usage(t("cli.script-too-long", name=repr(name), size=size, limit=mb))


def _read_script(name: str, t: Translator) -> list[str]:
    if name == "-":
        text = sys.stdin.read(MAX_SCRIPT + 1)
        if len(text) > MAX_SCRIPT:
            raise _too_long(name, len(text), t)
        return text.splitlines()
    path = Path(name)
    if path.is_dir():
        raise _Usage(t("cli.script-directory", name=repr(name)))
    if not path.is_file():
        raise _Usage(t("cli.script-missing", name=repr(name)))
    try:  # utf-8-sig: a script saved by an editor that writes a byte order mark still reads
        with path.open(encoding="utf-8-sig") as handle:
            text = handle.read(MAX_SCRIPT + 1)
    except (OSError, UnicodeDecodeError) as error:
        raise _Usage(t("cli.script-unreadable", name=repr(name), error=error)) from None
    if len(text) > MAX_SCRIPT:
        raise _too_long(name, path.stat().st_size, t)
    return text.splitlines()


@dataclass
class _Run:
    """What a script has done so far: the scene it is in and every scene it touched."""

    scene: Scene | None = None
    touched: dict[str, Scene] = field(default_factory=dict)
    created: set[str] = field(default_factory=set)
    ended: set[str] = field(default_factory=set)
    """Scenes a ``scene new`` moved on from (issue 25): ended when the script is saved."""
    reopened: set[str] = field(default_factory=set)
    """Ended scenes ``scene reopen`` lets the script change."""


IMPLICIT_SCENE = "Scene 1"
"""The name of the scene a script starts without ``scene new`` (then "Scene 2", … if taken)."""


def _implicit_system(text: str) -> str | None:
    """The system a script's first command implies when no ``scene new`` came before it.

    A fight's command (INTERFACE.md §3, "Infinite Horror combat") starts an ``ih-d10`` scene, a
    M.I.S.T. one a ``mist`` scene, and ``roll SYSTEM …`` a scene of that system. Verbs both
    families have (``effect`` aside, which §3 lists under combat) imply nothing.
    """
    from engine.ih import family as ih_family
    from engine.language import tokenize
    from engine.mist import family as mist_family

    line = tokenize(text)
    if line is None:
        return None
    if line.verb == "roll":
        first = line.words[0].lower() if line.words else ""
        return first if first in ("ih-d10", "ih-d6", "mist") else None
    if line.verb == "effect" or (
        line.verb in ih_family.VERBS and line.verb not in mist_family.VERBS
    ):
        return "ih-d10"
    if line.verb in mist_family.VERBS and line.verb not in ih_family.VERBS:
        return "mist"
    return None


def _implicit_scene(run: _Run, system: str, seed: int | None, campaign: Any) -> Scene:
    taken = {name.casefold() for name in run.touched}
    number = 1
    name = IMPLICIT_SCENE
    while name.casefold() in taken or (campaign is not None and campaign.has_scene(name)):
        number += 1
        name = f"Scene {number}"
    run.created.add(name)
    scene = session.new_scene(name, system, seed)
    return campaign.with_roster(scene) if campaign is not None else scene


def _apply_lines(
    lines: list[str], run: _Run, seed: int | None, campaign: Any, lang: str = "en"
) -> tuple[int, str] | None:
    """Apply the script; the first rule error as (line number, message), else ``None``.

    A script whose first command comes before any ``scene new`` (and, with ``--campaign``,
    when the campaign has no current scene) plays it in a new scene of the system that command
    implies (:func:`_implicit_system`).
    """
    for number, text in enumerate(lines, start=1):
        implicit = None
        try:
            if campaign is not None and is_reopen(text):
                _reopen(run, campaign)
                continue
            if run.scene is None:
                system = _implicit_system(text)
                if system is not None:
                    implicit = run.scene = _implicit_scene(run, system, seed, campaign)
            command = commands.parse(text, run.scene.system if run.scene else None)
            if command is None:
                continue
            if isinstance(command, commands.NewScene):
                taken = command.name.casefold() in {n.casefold() for n in run.touched}
                if taken or (campaign is not None and campaign.has_scene(command.name)):
                    raise RuleError("run.scene-taken", name=command.name)
                if run.scene is not None:
                    run.ended.add(run.scene.name)  # the table moves on from it
                run.scene = session.new_scene(command.name, command.system, seed)
                if campaign is not None:
                    run.scene = campaign.with_roster(run.scene)
                run.created.add(run.scene.name)
            else:
                if run.scene is None:
                    raise RuleError("run.no-scene")
                name = run.scene.name
                mine = name in run.reopened | run.created
                if campaign is not None and not mine and campaign.is_ended(name):
                    raise RuleError("run.scene-ended", name=name)
                made = int(wall_clock.time())  # the journal's time (the SealDice log's)
                run.scene, _ = session.execute(run.scene, command, text.strip(), made)
            run.touched[run.scene.name] = run.scene
        except RuleError as error:
            if implicit is not None:  # the state before the failing line had no scene
                run.scene = None
                run.created.discard(implicit.name)
            return number, error.render(lang)
    return None


def _reopen(run: _Run, campaign: Any) -> None:
    """``scene reopen`` in a script: the ended scene it is in may be changed.

    Raises:
        RuleError: no scene, or one that has not ended.
    """
    if run.scene is None:
        raise RuleError("run.no-scene")
    name = run.scene.name
    if name in run.created or not campaign.is_ended(name) or name in run.reopened:
        raise RuleError("run.scene-not-ended", name=name)
    run.reopened.add(name)


def _print_scene(scene: Scene | None, as_json: bool, out: TextIO, lang: str = "en") -> None:
    if scene is None:
        if as_json:
            out.write("null\n")
        else:
            from console.i18n import Translator

            out.write(Translator(lang)("cli.no-scene") + "\n")
        return
    if as_json:
        view = commands.to_json(scene.state, scene.system)
        out.write(json.dumps(view, ensure_ascii=False) + "\n")
    else:
        from console.i18n import Translator
        from console.scene_text import scene_text

        out.write(scene_text(scene, Translator(lang)))


def run(args: argparse.Namespace) -> int:
    """``st-console run SCRIPT [--seed N] [--json] [--campaign NAME] [--save-dir DIR]``."""
    try:
        lines = _read_script(args.script, Translator(args.lang))
    except _Usage as error:
        return _usage_error(str(error))
    if args.campaign is None:
        state = _Run()
        failure = _apply_lines(lines, state, args.seed, None, args.lang)
        return _finish(state, failure, args.json, args.lang)
    from saves import SaveError, open_store

    saved = False
    try:
        store = open_store(args.save_dir, program="st-console run")
        with store.open_campaign(args.campaign, create=True) as campaign:
            state = _Run()
            current = campaign.current_scene()
            if current is not None:
                state.scene = campaign.load_scene(current)
            failure = _apply_lines(lines, state, args.seed, campaign, args.lang)
            _save_as_one_unit(campaign, state)
            saved = True
            store.set_last_opened(campaign.name, campaign.current_scene())
            _tell_moved_aside(store, args.lang)
    except (SaveError, OSError, RecursionError, ValueError) as error:
        if not saved:
            _roll_back(args.save_dir, args.campaign)
            return _fail(save_error_text(error, args.lang))
        # The commands are saved: a script must not retry them (issue 12). The exit status
        # says what happened to the data; the warning says what did not work after it.
        print(f"st-console: the commands were saved, but afterwards: {error}", file=sys.stderr)
    return _finish(state, failure, args.json, args.lang)


def _save_as_one_unit(campaign: Any, state: _Run) -> None:
    """Save every scene the script touched, and its current scene, as one unit: a kill or a
    failure part way leaves none of it applied, so running the script again applies it once
    (issue 30; ``saves.units``)."""
    from saves import units

    if not (state.touched or state.reopened or state.ended):
        return
    ids = {info.name.casefold(): info.id for info in campaign.scenes()}
    kept = [ids.get(name.casefold()) for name in state.touched if name not in state.created]
    units.begin(campaign.directory, [each for each in kept if each is not None])
    for name, scene in state.touched.items():
        if name in state.created:
            campaign.create_scene(scene)
        else:
            campaign.save_scene(scene)
    for name in state.reopened:
        campaign.reopen_scene(name)
    for name in state.ended:  # issue 25: a scene the script moved on from has ended
        if campaign.has_scene(name) and (state.scene is None or name != state.scene.name):
            campaign.end_scene(name)
    if state.scene is not None:
        campaign.set_current_scene(state.scene.name)
    units.commit(campaign.directory)


def _roll_back(save_dir: str | None, name: str) -> None:
    """After a failure while saving: open the campaign again, which rolls back what of the
    script was written (the lock is free again once the failed campaign closed)."""
    from saves import SaveError, open_store, units

    with contextlib.suppress(SaveError, OSError):
        store = open_store(save_dir, program="st-console run")
        directory = store.find(name)
        if directory is not None and units.pending(directory):
            store.open_campaign(name).close()


def _tell_moved_aside(store: Any, lang: str) -> None:
    """Say once, on stderr, that a damaged settings file was moved aside (issue 30)."""
    from saves.store import SETTINGS

    for aside in store.take_moved_aside():
        told = Translator(lang)(
            "saves.settings-moved-aside", file=aside.with_name(SETTINGS), aside=aside
        )
        print(f"st-console: {_safe(told)}", file=sys.stderr)


def _finish(state: _Run, failure: tuple[int, str] | None, as_json: bool, lang: str) -> int:
    from console.i18n import Translator

    _print_scene(state.scene, as_json, sys.stdout, lang)
    if failure is not None:
        number, message = failure
        print(Translator(lang)("cli.line", number=number, message=message), file=sys.stderr)
        return 1
    return 0


def list_saves(args: argparse.Namespace) -> int:
    """``st-console saves [CAMPAIGN] [--json] [--save-dir DIR]``: campaigns, their scenes, who
    holds them open; with CAMPAIGN its cast, season, missions and scenes (issue 25)."""
    from saves import SaveError, open_store
    from saves.store import CAMPAIGNS, default_save_dir

    if getattr(args, "campaign", None) is not None:
        return _show_campaign(args)
    root = Path(args.save_dir) if args.save_dir else default_save_dir()
    nearest = next(p for p in (root, *root.parents) if p.exists())
    if nearest.is_dir() and not (root / CAMPAIGNS).exists():  # a listing creates no folders
        print(Translator(args.lang)("cli.saves.none", root=root))
        return 0
    try:
        store = open_store(args.save_dir)
        infos = store.list_campaigns()
        last = store.last_opened()
    except SaveError as error:
        return _fail(save_error_text(error, args.lang))
    t = Translator(args.lang)
    if not infos:
        print(t("cli.saves.none", root=store.root))
        return 0
    print(t("cli.saves.title", root=store.root))
    for info in infos:
        if info.problem is not None:
            print(_safe(info.name) + t("cli.saves.unreadable", problem=_safe(info.problem)))
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
    from saves import SaveError, load_scenes, open_store

    if getattr(args, "profiles", False):
        if args.format not in (None, "json"):
            return _usage_error(Translator(args.lang)("cli.profiles-are-json"))
        return _write_export(args, lambda store: _profiles_json(store, args.target))
    if args.format is None:
        return _usage_error(Translator(args.lang)("cli.export-needs-format"))
    try:
        store = open_store(args.save_dir)
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
        return _fail(save_error_text(error, args.lang))
    return _emit(args, text)


def _emit(args: argparse.Namespace, text: str) -> int:
    """Write an export's ``text`` to ``-o FILE``, or to standard output (``-`` or none)."""
    if args.output in (None, "-"):
        sys.stdout.write(text)
        return 0
    try:
        Path(args.output).write_text(text, encoding="utf-8")
    except OSError as error:
        problem = error.strerror or error
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
    from saves import SaveError, open_store

    try:
        text = make(open_store(args.save_dir))
    except SaveError as error:
        return _fail(save_error_text(error, args.lang))
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
        heading=lambda scene: t("chat.log.scene", name=scene.name, system=scene.system),
    )
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


def _campaign_markdown(store: Any, name: str, t: Translator) -> str:
    """The campaign's standing after its scenes in the campaign report (issue 25)."""
    from console.campaign_view import campaign_json, campaign_markdown

    with store.open_campaign(name, read_only=True) as campaign:
        return campaign_markdown(campaign_json(campaign), t)


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
        problem = error.strerror or error
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
        return _fail(save_error_text(error, args.lang))
    except OSError as error:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        problem = error.strerror or error
        return _usage_error(
            Translator(args.lang)("cli.cannot-write", name=repr(args.output), problem=problem)
        )
    return 0


def import_file(args: argparse.Namespace) -> int:
    """``st-console import FILE [--save-dir DIR]``."""
    from saves import SaveError, open_store
    from saves import import_file as do_import

    path = Path(args.file)
    if not path.is_file():
        return _usage_error(Translator(args.lang)("cli.file-missing", name=repr(args.file)))
    from saves.profiles import import_profiles, is_profiles_file

    t = Translator(args.lang)
    try:
        store = open_store(args.save_dir)
        if is_profiles_file(path):
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
        campaign, scenes = do_import(store, path)
    except SaveError as error:
        return _fail(save_error_text(error, args.lang))
    names = t("word.list-sep").join(_safe(scene) for scene in scenes) or t("cli.imported-nothing")
    print(t("cli.imported", campaign=_safe(campaign), names=names))
    return 0


def _show_campaign(args: argparse.Namespace) -> int:
    """``saves CAMPAIGN [--json]``: the campaign's cast with its condition, the season and its
    missions, and the scenes; read-only (a campaign open in the console can be listed)."""
    from console.campaign_view import campaign_json, campaign_lines
    from saves import SaveError, open_store

    try:
        store = open_store(args.save_dir)
        with store.open_campaign(args.campaign, read_only=True) as campaign:
            view = campaign_json(campaign)
    except SaveError as error:
        return _fail(save_error_text(error, args.lang))
    if args.json:
        print(json.dumps(view, ensure_ascii=False))
        return 0
    for line in campaign_lines(view, Translator(args.lang)):
        print(_safe(line))
    return 0
