"""What the ``run``, ``saves``, ``export``, ``import``, ``show`` and ``fork`` subcommands share
(INTERFACE.md §1): a name made safe to print, the one-line refusals and their exit statuses,
the printed scene and the note of a settings file moved aside.

These import the engine and ``saves`` only, never Textual. Exit 2 for bad usage (one line
naming the argument); 1 for a rule error in a script or a save that cannot be read or written.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from console.i18n import Translator
from engine import commands
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


def _refuse(error: Exception, args: argparse.Namespace, argument: str = "CAMPAIGN[/SCENE]") -> int:
    """A save refusal of ``show``, ``fork``, ``export`` or ``saves CAMPAIGN``: a campaign or
    scene the command line names that does not exist is bad usage (exit 2, one line naming
    ``argument``, as a script that does not exist is); any other problem on disk exits 1."""
    from console.i18n import save_error_text
    from saves.errors import NotFound

    if isinstance(error, NotFound):
        return _bad_argument(error, args, argument)
    return _fail(save_error_text(error, args.lang))


def _bad_argument(error: Exception, args: argparse.Namespace, argument: str) -> int:
    """Exit 2 with ``st-console COMMAND: argument ARGUMENT: …`` in the table's language."""
    from console.i18n import save_error_text

    line = Translator(args.lang)("cli.argparse.argument") % {
        "argument_name": argument,
        "message": _safe(save_error_text(error, args.lang)),
    }
    print(f"st-console {args.command}: {line}", file=sys.stderr)
    return 2


def _store_to_read(save_dir: str | None, target: str, program: str = "st-console") -> Any:
    """The store of ``save_dir`` for a command that reads campaign ``target``
    (``CAMPAIGN[/SCENE]``): a save directory with no campaigns is not created by a command that
    only reads (``show`` never writes); the campaign is refused as missing.

    Raises:
        NotFound: ``save_dir`` holds no campaigns.
    """
    from saves import open_store
    from saves.store import CAMPAIGNS, default_save_dir, no_campaign

    root = Path(save_dir) if save_dir else default_save_dir()
    if not (root / CAMPAIGNS).exists():
        raise no_campaign(root, target.partition("/")[0])
    return open_store(save_dir, program=program)


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


def _tell_moved_aside(store: Any, lang: str) -> None:
    """Say once, on stderr, that a damaged settings file was moved aside (issue 30)."""
    from saves.store import SETTINGS

    for aside in store.take_moved_aside():
        told = Translator(lang)(
            "saves.settings-moved-aside", file=aside.with_name(SETTINGS), aside=aside
        )
        print(f"st-console: {_safe(told)}", file=sys.stderr)
