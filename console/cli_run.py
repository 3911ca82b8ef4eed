"""``st-console run SCRIPT [--seed N] [--json] [--campaign NAME]`` (INTERFACE.md §1): apply
console commands, save them in a campaign as one unit, print the scene.

Imports the engine and ``saves`` only, never Textual. Exit 0 when done; 2 for bad usage; 1 for a
rule error in a script (the line number and reason on stderr, and the scene as it was before
that line on stdout) or a save that cannot be read or written (the file and the problem on
stderr).
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import time as wall_clock
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from console.cli_common import (
    _bad_argument,
    _fail,
    _print_scene,
    _tell_moved_aside,
    _Usage,
    _usage_error,
)
from console.i18n import Translator, os_problem, save_error_text
from console.scene_end import cast_line, is_reopen, opened_name
from engine import commands, session
from engine.errors import RuleError
from engine.session import Scene

MAX_SCRIPT = 64 * 1024 * 1024
"""Bytes (characters from standard input) in a script ``run`` reads; a longer one is refused
before it is read (issue 30), as each of its lines is before it is tokenized."""


def _too_long(name: str, size: int, t: Translator) -> _Usage:
    mb = MAX_SCRIPT // (1024 * 1024)
    return _Usage(t("cli.script-too-long", name=repr(name), size=size, limit=mb))


def _read_script(name: str, t: Translator) -> list[str]:
    if name == "-":
        size = _regular_size(sys.stdin)  # ``< FILE``: its size, before reading it
        if size is not None and size > MAX_SCRIPT:
            raise _too_long(name, size, t)
        text = sys.stdin.read(MAX_SCRIPT + 1)
        if len(text) > MAX_SCRIPT:
            raise _too_long(name, len(text), t)
        return text.splitlines()
    path = Path(name)
    if path.is_dir():
        raise _Usage(t("cli.script-directory", name=repr(name)))
    if not path.exists():  # a pipe (/dev/stdin, a shell's <(…)) is read as a file is
        raise _Usage(t("cli.script-missing", name=repr(name)))
    try:
        with path.open("rb") as handle:
            size = _regular_size(handle)
            if size is not None and size > MAX_SCRIPT:  # refused before it is read
                raise _too_long(name, size, t)
            data = handle.read(MAX_SCRIPT + 1)
        # utf-8-sig: a script saved by an editor that writes a byte order mark still reads
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:  # a GBK or Big5 file: said in the table's language
        raise _Usage(t("cli.script-not-utf8", name=repr(name), at=error.start + 1)) from None
    except OSError as error:
        problem = os_problem(error, t.lang)
        raise _Usage(t("cli.script-unreadable", name=repr(name), error=problem)) from None
    if len(data) > MAX_SCRIPT:
        raise _too_long(name, path.stat().st_size, t)
    return text.splitlines()


def _regular_size(stream: Any) -> int | None:
    """The size of the regular file ``stream`` reads; ``None`` for a pipe or a terminal (or
    when it cannot be told: it is then read up to the limit)."""
    import os
    import stat

    try:
        status = os.fstat(stream.fileno())
    except (OSError, ValueError):
        return None
    return status.st_size if stat.S_ISREG(status.st_mode) else None


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
    unit: bool = False
    """Whether the script's unit was begun before its first line (it changes the cast between
    scenes: ``cast COMMAND`` writes ``cast.json`` as it runs)."""


IMPLICIT_SCENE = "Scene 1"
"""The name of the scene a script starts without ``scene new`` (then "Scene 2", … if taken)."""


def _implicit_system(text: str) -> str | None:
    """The system a script's first command implies when no ``scene new`` came before it.

    A fight's command (INTERFACE.md §3, "Infinite Horror combat") starts an ``ih-d10`` scene, a
    M.I.S.T. one a ``mist`` scene, ``roll SYSTEM …`` a scene of that system (``ww XaY`` and
    ``roll ww XaY`` an ``ih-d10`` one). Verbs both
    families have (``effect`` aside, which §3 lists under combat) imply nothing.
    """
    from engine.dice.ww import is_ww
    from engine.ih import family as ih_family
    from engine.language import tokenize
    from engine.mist import family as mist_family

    line = tokenize(text)
    if line is None:
        return None
    if is_ww(line.verb):  # the dice bots' ``ww XaY`` is an ih-d10 pool (INTERFACE.md §3)
        return "ih-d10"
    if line.verb == "roll":
        first = line.words[0].lower() if line.words else ""
        if is_ww(first):
            return "ih-d10"
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
    from engine.limits import check_line

    for number, text in enumerate(lines, start=1):
        implicit = None
        try:
            check_line(text)  # an over-long line is refused before any other work (issue 30)
            if is_reopen(text):
                _reopen(run, campaign)
                continue
            between = cast_line(text)
            if between is not None:
                if campaign is None:
                    raise RuleError("run.cast-needs-campaign")
                _between(run, campaign, between, seed)
                continue
            wanted = opened_name(text) if campaign is not None else None
            if wanted is not None:
                run.scene = _opened(run, campaign, wanted)
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
                if run.scene is not None and not command.split:
                    run.ended.add(run.scene.name)  # the table moves on from it
                if campaign is not None and run.touched:  # so far: the campaign's cast
                    _begin_unit(run, campaign)
                    _save_touched(run, campaign)
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


def _between(run: _Run, campaign: Any, text: str, seed: int | None) -> None:
    """``cast COMMAND`` in a script: the scenes the script played so far are saved first (their
    changes to the cast are the campaign's), then the command applies to the cast between
    scenes, and the scene the script is in sees the cast where the campaign has it now. All
    inside the script's unit (begun before its first line)."""
    _save_touched(run, campaign)
    campaign.apply_between(text or "#", seed)
    for name in run.touched:  # as saved, seeing the cast (a M.I.S.T. one may have journaled it)
        run.touched[name] = campaign.load_scene(name)
    scene = run.scene
    if scene is not None:
        saved = campaign.has_scene(scene.name)
        run.scene = campaign.load_scene(scene.name) if saved else campaign.with_roster(scene)


def _begin_unit(run: _Run, campaign: Any) -> None:
    """Begin the script's unit before its first write part way (a ``scene new`` saving the
    scenes played so far, so the new one starts where they left the cast): a kill or failure
    later still leaves none of the script applied (issue 30)."""
    from saves import units

    if not run.unit:
        units.begin(campaign.directory, [info.id for info in campaign.scenes()])
        run.unit = True


def _save_touched(run: _Run, campaign: Any) -> None:
    """Save every scene the script touched (made if new)."""
    for name, scene in run.touched.items():
        if name in run.created and not campaign.has_scene(name):
            campaign.create_scene(scene)
        else:
            campaign.save_scene(scene)


def _opened(run: _Run, campaign: Any, name: str) -> Scene:
    """``scene open "NAME"`` in a script: the campaign's scene of that name (as the script left
    it, if it touched it) is the one the next lines play; the one it was in stays as it is.

    Raises:
        RuleError: no scene of that name.
    """
    from saves.errors import SaveError

    for touched_name, scene in run.touched.items():
        if touched_name.casefold() == name.casefold():
            return scene
    if not campaign.has_scene(name):
        raise RuleError("run.no-such-scene", name=name)
    try:
        return campaign.load_scene(name)  # type: ignore[no-any-return]
    except SaveError as error:
        raise RuleError("run.no-such-scene", name=f"{name} ({error})") from None


def _reopen(run: _Run, campaign: Any) -> None:
    """``scene reopen`` in a script: the ended scene it is in may be changed.

    Raises:
        RuleError: no scene, or one that has not ended.
    """
    if run.scene is None:
        raise RuleError("run.no-scene")
    name = run.scene.name
    ended = campaign is not None and campaign.is_ended(name)  # without --campaign: none
    if name in run.created or not ended or name in run.reopened:
        raise RuleError("run.scene-not-ended", name=name)
    run.reopened.add(name)


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
    from saves import BadName, NameTaken, SaveError, open_store
    from saves.names import check_name

    try:  # a name no campaign can have is bad usage, refused before anything is read or made
        if not args.campaign.strip():
            raise NameTaken.of("saves.store.needs-name")
        check_name(args.campaign.strip(), "campaign")
    except (BadName, NameTaken) as error:
        return _bad_argument(error, args, "--campaign")
    saved = False
    try:
        store = open_store(args.save_dir, program="st-console run")
        with store.open_campaign(args.campaign, create=True) as campaign:
            state = _Run()
            if any(cast_line(line) is not None for line in lines):
                # the cast between scenes is written as the script runs: the whole campaign
                # is kept first, so a failure or a kill leaves none of the script applied
                from saves import units

                units.begin(campaign.directory, [info.id for info in campaign.scenes()])
                state.unit = True
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
        problem = save_error_text(error, args.lang)
        said = Translator(args.lang)("cli.saved-but-afterwards", problem=problem)
        print(f"st-console: {said}", file=sys.stderr)
    return _finish(state, failure, args.json, args.lang)


def _save_as_one_unit(campaign: Any, state: _Run) -> None:
    """Save every scene the script touched, and its current scene, as one unit: a kill or a
    failure part way leaves none of it applied, so running the script again applies it once
    (issue 30; ``saves.units``)."""
    from saves import units

    if not (state.touched or state.reopened or state.ended or state.unit):
        return
    if not state.unit:
        ids = {info.name.casefold(): info.id for info in campaign.scenes()}
        kept = [ids.get(name.casefold()) for name in state.touched if name not in state.created]
        units.begin(campaign.directory, [each for each in kept if each is not None])
    _save_touched(state, campaign)
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


def _finish(state: _Run, failure: tuple[int, str] | None, as_json: bool, lang: str) -> int:
    from console.i18n import Translator

    _print_scene(state.scene, as_json, sys.stdout, lang)
    if failure is not None:
        number, message = failure
        print(Translator(lang)("cli.line", number=number, message=message), file=sys.stderr)
        return 1
    return 0
