"""The ``st-console`` command line (INTERFACE.md §1).

``roll``, ``odds``, ``run``, ``saves``, ``export`` and ``import`` never import Textual: a script
or a chat bot calling them pays interpreter start-up only. Bad usage exits 2 with one line on
stderr that names the offending argument. Nothing a subcommand meets ends in a traceback
(INTERFACE.md §1): a closed pipe, standard input that is not UTF-8, a save directory that
cannot be made, or any unexpected error is one line on stderr and exit 1 (2 for bad input).
System names (``IH-D10``) match case-insensitively, as names do in the console language.

The parser, with every subcommand and option, is ``console/cli_parser.py``; this module runs
what it parsed.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

from console.cli_parser import build_parser, lang_in, speak
from console.usage import UsageError

if TYPE_CHECKING:
    from console.i18n import Translator

REPEATING = frozenset({"--interpret"})
"""The options a subcommand takes more than once (one setting each); every other option of a
subcommand given twice is bad usage naming it (argparse would keep the last silently)."""


def _given_twice(argv: Sequence[str]) -> str | None:
    """The first ``--option`` given twice (``--dc 2 --dc 3``, ``--dc=2 --dc 3``), if any;
    ``--interpret`` repeats (one setting each), and nothing after ``--`` is an option."""
    seen: set[str] = set()
    for word in argv:
        if word == "--":
            break
        name = word.partition("=")[0]
        if name.startswith("--") and len(name) > 2 and name not in REPEATING:
            if name in seen:
                return name
            seen.add(name)
    return None


def _subcommand_at(argv: Sequence[str]) -> int | None:
    """Where the subcommand is, past the console's own options (``--lang zh roll …``)."""
    from console.cli_parser import SUBCOMMANDS

    index = 0
    while index < len(argv):
        word = argv[index]
        if word in SUBCOMMANDS:
            return index
        if not word.startswith("-") or word == "--":
            return None
        index += 1 if "=" in word or word in ("-h", "--help") else 2
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``st-console``; returns the exit status."""
    from console.cli_fullwidth import ascii_dice_arguments

    args_list = ascii_dice_arguments(sys.argv[1:] if argv is None else argv)
    from console.language import choose

    speak(choose(lang_in(args_list), None))
    at = _subcommand_at(args_list)
    # argparse would keep the last silently: the console's own options (before the subcommand,
    # or all of them when there is none) and the subcommand's are each given once
    parts = [("st-console", args_list if at is None else args_list[:at])]
    if at is not None:
        parts.append((f"st-console {args_list[at]}", args_list[at + 1 :]))
    for prog, words in parts:
        twice = _given_twice(words)
        if twice is not None:
            told = _words(choose(lang_in(args_list), None))("cli.option-twice", option=twice)
            print(f"{prog}: {told}", file=sys.stderr)
            return 2
    parser = build_parser()
    try:
        args = parser.parse_args(args_list)
    except UsageError as error:
        print(str(error).splitlines()[0], file=sys.stderr)
        return 2
    save_dir = getattr(args, "run_save_dir", None) or args.save_dir
    args.save_dir = save_dir
    args.lang = getattr(args, "sub_lang", None) or args.lang
    if args.command is None:
        from console import app

        return app.main(args)
    args.lang = choose(args.lang, None)
    _tolerant_streams(args)
    try:
        return _subcommand(args)
    except UsageError as error:
        return _one_line(str(error), 2)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        _silence_stdout()
        return 1
    except UnicodeDecodeError as error:  # standard input in GBK or Big5: said in its language
        from console.i18n import Translator

        said = Translator(args.lang)("cli.script-not-utf8", name="'-'", at=error.start + 1)
        return _one_line(f"st-console {args.command}: {said}", 2)
    except OSError as error:
        where = f" {error.filename!r}" if error.filename else ""
        from console.i18n import os_problem

        problem = os_problem(error, args.lang)
        told = _words(args.lang)("cli.cannot-use", where=where, problem=problem)
        return _one_line(f"st-console {args.command}: {told}", 1)
    except Exception as error:  # INTERFACE.md §1: never a traceback
        return _one_line(f"st-console {args.command}: {type(error).__name__}: {error}", 1)


def _subcommand(args: argparse.Namespace) -> int:
    """Run ``roll``/``odds``/``run``/``saves``/``export``/``import``/``player``/``serve``."""
    import console.i18n  # noqa: F401  (installs the words of refusals given as codes)

    if args.command in ("player", "serve"):
        campaign = args.view_campaign or args.campaign
        lang = args.view_lang or args.lang
        if args.command == "player":
            from console.player.app import main as player_main

            return player_main(args.save_dir, campaign, lang)
        from console.player.serve import serve

        return serve(
            args.save_dir, campaign, lang, args.host, args.port, args.font_size, args.max_clients
        )
    if args.command in ("roll", "odds"):
        from console import cli_dice

        return cli_dice.roll(args) if args.command == "roll" else cli_dice.odds(args)
    if args.command in ("show", "fork"):
        from console import cli_timeline

        return cli_timeline.show(args) if args.command == "show" else cli_timeline.fork(args)
    from console import cli_run, cli_saves

    if args.command == "run":
        # ``st-console --campaign C run S`` and ``st-console run S --campaign C`` both save in C.
        args.campaign = args.run_campaign if args.run_campaign is not None else args.campaign
    handler = {
        "run": cli_run.run,
        "saves": cli_saves.list_saves,
        "export": cli_saves.export,
        "import": cli_saves.import_file,
    }[args.command]
    return handler(args)


def _words(lang: str) -> Translator:
    """The translator of ``lang`` (imported only when a refusal needs it)."""
    from console.i18n import Translator

    return Translator(lang)


def _one_line(message: str, status: int) -> int:
    lines = message.splitlines()
    print(lines[0] if lines else message, file=sys.stderr)
    return status


def _tolerant_streams(args: argparse.Namespace) -> None:
    """Output never fails on a narrow encoding; a script on stdin may start with a BOM."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="backslashreplace")
    if args.command == "run" and args.script == "-":
        reconfigure = getattr(sys.stdin, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(encoding="utf-8-sig", errors="strict")


def _silence_stdout() -> None:
    """After a closed pipe, point stdout at /dev/null so the exit flush cannot fail again."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    raise SystemExit(main())
