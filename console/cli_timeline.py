"""``st-console show`` and ``fork`` (INTERFACE.md §1, issue 26): a scene as it stood after any
command of its journal, printed as ``run`` prints it, and a new campaign from that moment.

Both read only the save directory given; ``show`` opens the campaign read-only and never writes.
Exit 0 done; 2 bad usage (an ``--at`` past the end, a fork name that is taken: one line naming
it, nothing written); 1 a save that cannot be read (the file and the problem).
"""

from __future__ import annotations

import argparse
import sys

from console.cli_common import _bad_argument, _print_scene, _refuse, _safe, _store_to_read
from console.i18n import Translator


def _past_end(args: argparse.Namespace, length: int) -> int:
    told = Translator(args.lang)("cli.at-past-end", at=args.at, length=length)
    print(f"st-console {args.command}: {told}", file=sys.stderr)
    return 2


def show(args: argparse.Namespace) -> int:
    """``st-console show CAMPAIGN[/SCENE] [--at N] [--json] [--lang …] [--save-dir DIR]``."""
    from saves import SaveError
    from saves.errors import PastEnd
    from saves.forks import scene_at

    try:
        store = _store_to_read(args.save_dir, args.target, program="st-console show")
        _, scene, _ = scene_at(store, args.target, args.at)
    except PastEnd as error:
        return _past_end(args, error.length)
    except SaveError as error:
        return _refuse(error, args)
    _print_scene(scene, args.json, sys.stdout, args.lang)
    return 0


def fork(args: argparse.Namespace) -> int:
    """``st-console fork CAMPAIGN[/SCENE] --at N [--as NEW] [--save-dir DIR]``."""
    from saves import BadName, NameTaken, SaveError
    from saves.errors import PastEnd
    from saves.forks import fork as make_fork

    t = Translator(args.lang)
    try:
        store = _store_to_read(args.save_dir, args.target, program="st-console fork")
        made, _ = make_fork(store, args.target, args.at, args.new_name)
    except PastEnd as error:
        return _past_end(args, error.length)
    except (NameTaken, BadName) as error:
        return _bad_argument(error, args, "--as")
    except SaveError as error:
        return _refuse(error, args)
    print(t("cli.forked", name=_safe(made), at=args.at, target=_safe(args.target)))
    return 0
