"""The ``st-console`` command line's parser (INTERFACE.md §1): every subcommand and option, and
usage errors in the table's language.

Bad usage raises :class:`~console.usage.UsageError` with one line that names the offending
argument (``console/cli.py`` prints it and exits 2); argparse's own messages are said in the
language of ``--lang``. No Textual, no engine state: parsing is all this does.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import NoReturn

from console.usage import UsageError
from engine.language import WHOLE_NUMBER

SUBCOMMANDS = (
    "roll",
    "odds",
    "run",
    "show",
    "fork",
    "saves",
    "export",
    "import",
    "player",
    "serve",
)


ARGPARSE_KEYS: dict[str, str] = {
    "argument %(argument_name)s: %(message)s": "cli.argparse.argument",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli.argparse.invalid-choice",
    "the following arguments are required: %s": "cli.argparse.required",
    "unrecognized arguments: %s": "cli.argparse.unrecognized",
    "expected one argument": "cli.argparse.expected-one",
    "invalid %(type)s value: %(value)r": "cli.argparse.invalid-value",
    "ambiguous option: %(option)s could match %(matches)s": "cli.argparse.ambiguous",
    "one of the arguments %s is required": "cli.argparse.one-required",
}
"""argparse's own messages (it asks ``gettext`` for them) and their keys in the locale files."""


_ARGPARSE_GETTEXT = argparse._  # type: ignore[attr-defined]

LANG_CHOICES = ("en", "zh", "zh-Hant")
_speaking: list[str] = ["en"]
"""The language of this command line's messages (set by :func:`speak` before parsing)."""


def lang_in(argv: Sequence[str]) -> str | None:
    """The ``--lang`` of a command line before it is parsed (its usage errors speak it too)."""
    for index, word in enumerate(argv):
        if word == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if word.startswith("--lang="):
            return word.partition("=")[2]
    return None


def speak(lang: str) -> None:
    """Make this command line's own messages and argparse's (``invalid choice``, ``required``…)
    speak ``lang``."""
    _speaking[0] = lang
    if lang == "en":
        argparse._ = _ARGPARSE_GETTEXT  # type: ignore[attr-defined]
        return
    from console.i18n import Translator

    translate = Translator(lang)

    def gettext(message: str) -> str:
        key = ARGPARSE_KEYS.get(message)
        return translate(key) if key is not None else message

    argparse._ = gettext  # type: ignore[attr-defined]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def _int(name: str, minimum: int | None = None, maximum: int | None = None):  # type: ignore[no-untyped-def]
    def convert(text: str) -> int:
        from console.i18n import Translator
        from engine.fullwidth import ascii_forms

        translate = Translator(_speaking[0])
        number = ascii_forms(text)  # an input method's ３ and －１ (README, Typing Chinese)
        if WHOLE_NUMBER.fullmatch(number) is None:
            raise argparse.ArgumentTypeError(
                translate("cli.whole-number", name=name, text=repr(text))
            )
        value = int(number)
        if minimum is not None and value < minimum:
            raise argparse.ArgumentTypeError(
                translate("cli.at-least", name=name, minimum=minimum, value=value)
            )
        if maximum is not None and value > maximum:
            raise argparse.ArgumentTypeError(
                translate("cli.at-most", name=name, maximum=maximum, value=value)
            )
        return value

    convert.__name__ = name
    return convert


def _roll_system(text: str) -> str:
    """``roll``'s SYSTEM, with the dice bots' ``ww``/``.ww``/``。ww`` read as ``ww`` (issue 28)."""
    from engine.dice.ww import is_ww

    word = text.lower()
    return "ww" if is_ww(word) and word.lstrip(".。．") == "ww" else word


def _dp_or_pool(text: str) -> int | str:
    """``roll``'s DP/POWER: a whole number, or the bots' pool notation ``XaY[k8][m10]`` kept as
    text (only ``roll ww`` takes it; ``console/cli_dice.py`` says so otherwise)."""
    if WHOLE_NUMBER.fullmatch(text) is None:
        return text  # only ww reads it; console/cli_dice.py refuses it for the other systems
    value: int = _int("DP/POWER")(text)
    return value


def _host(text: str) -> str:
    """``serve --host``: an address this machine can listen on, checked before anything is
    printed (a name that does not resolve, or ``999.1.1.1``, is bad usage naming ``--host``)."""
    import socket

    try:
        socket.getaddrinfo(text, None, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as error:
        from console.i18n import Translator

        problem = getattr(error, "strerror", None) or str(error)
        raise argparse.ArgumentTypeError(
            Translator(_speaking[0])("cli.bad-host", text=repr(text), problem=problem)
        ) from None
    return text


def _add_ih_options(parser: argparse.ArgumentParser) -> None:
    for flag, choices, words in (
        ("--again", (10, 9, 8), "ih-d10 again rule: 10, 9 or 8 (default 10)"),
        ("--level", (1, 2, 3), "ih-d6 explode level: 1, 2 or 3 (default 1)"),
    ):
        parser.add_argument(flag, type=_int(flag), choices=choices, default=None, help=words)
    parser.add_argument("--bonus", type=_int("--bonus", 0), default=0, help="bonus successes")
    parser.add_argument("--penalty", type=_int("--penalty", 0), default=0, help="successes lost")
    parser.add_argument(
        "--untrained",
        choices=("physical", "social", "mental"),
        default=None,
        help="the skill is at 0: physical/social lose 3 successes, mental fails",
    )
    parser.add_argument(
        "--willpower", action="store_true", help="spend 1 willpower for +3 DP (RULES.md §1.7)"
    )
    parser.add_argument("--dc", type=_int("--dc", 0), default=None, help="difficulty")
    parser.add_argument(
        "--interpret",
        action="append",
        default=[],
        metavar="FIELD=VALUE",
        help="switch a RULES.md interpretation [I-n], e.g. d6_sixes_counted_across_check=false",
    )


def _add_lang(parser: argparse.ArgumentParser, dest: str) -> None:
    """``--lang en|zh|zh-Hant``: before or after the subcommand (INTERFACE.md §1)."""
    parser.add_argument(
        "--lang",
        dest=dest,
        choices=LANG_CHOICES,
        default=None,
        help="messages in English, Simplified or Traditional Chinese "
        "(default: the language last chosen in the console, else the locale's)",
    )


def build_parser() -> argparse.ArgumentParser:
    """The whole command line, console options included."""
    parser = _Parser(prog="st-console", description="The Storyteller's console.")
    parser.add_argument("--save-dir", default=None, help="where campaigns are kept")
    parser.add_argument("--campaign", default=None, help="the campaign to open")
    parser.add_argument("--scene", default=None, help="the scene to open")
    _add_lang(parser, "lang")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    roll = sub.add_parser("roll", help="one Infinite Horror check or M.I.S.T. action roll")
    roll.add_argument("system", type=_roll_system, choices=("ih-d10", "ih-d6", "mist", "ww"))
    roll.add_argument("value", type=_dp_or_pool, metavar="DP|POWER|XaY")
    _add_ih_options(roll)
    roll.add_argument("--seed", type=_int("--seed"), default=None)
    roll.add_argument("--json", action="store_true")
    roll.add_argument("--chat", action="store_true", help="one plain line to paste in a chat")
    _add_lang(roll, "sub_lang")

    odds = sub.add_parser("odds", help="exact odds, no dice rolled")
    odds.add_argument("system", type=str.lower, choices=("ih-d10", "ih-d6", "mist"))
    odds.add_argument("value", type=_int("DP/POWER"), metavar="DP|POWER")
    _add_ih_options(odds)
    odds.add_argument("--json", action="store_true")
    _add_lang(odds, "sub_lang")

    run = sub.add_parser("run", help="apply console commands from a file, print the scene")
    run.add_argument("script", metavar="SCRIPT", help="a file of console commands, or -")
    run.add_argument("--seed", type=_int("--seed"), default=None)
    run.add_argument("--json", action="store_true")
    run.add_argument("--campaign", dest="run_campaign", default=None)
    run.add_argument("--save-dir", dest="run_save_dir", default=None)
    _add_lang(run, "sub_lang")

    show = sub.add_parser("show", help="a scene now, or as it stood after its N-th command")
    show.add_argument("target", metavar="CAMPAIGN[/SCENE]")
    show.add_argument("--at", type=_int("--at", 0), default=None, metavar="N")
    show.add_argument("--json", action="store_true")
    show.add_argument("--save-dir", dest="run_save_dir", default=None)
    _add_lang(show, "sub_lang")

    fork = sub.add_parser("fork", help="a new campaign from a scene's N-th command")
    fork.add_argument("target", metavar="CAMPAIGN[/SCENE]")
    fork.add_argument("--at", type=_int("--at", 0), required=True, metavar="N")
    fork.add_argument(
        "--as", dest="new_name", default=None, metavar="NEW", help='default "NAME (from entry N)"'
    )
    fork.add_argument("--save-dir", dest="run_save_dir", default=None)
    _add_lang(fork, "sub_lang")

    saves = sub.add_parser("saves", help="list campaigns and scenes")
    saves.add_argument(
        "campaign", metavar="CAMPAIGN", nargs="?", default=None, help="its cast and missions"
    )
    saves.add_argument("--json", action="store_true")
    saves.add_argument("--save-dir", dest="run_save_dir", default=None)
    _add_lang(saves, "sub_lang")

    export = sub.add_parser("export", help="export a campaign or scene")
    export.add_argument("target", metavar="CAMPAIGN[/SCENE]")
    export.add_argument("--format", choices=("md", "json", "sealdice"), default=None)
    export.add_argument(
        "--profiles",
        action="store_true",
        help="the campaign's M.I.S.T. challenge profiles alone, as JSON to share (issue 29)",
    )
    export.add_argument("-o", "--output", default=None)
    export.add_argument(
        "--st-name",
        default=None,
        help="sealdice: the Storyteller's nickname in the log (default 主持人, ST in English)",
    )
    export.add_argument("--save-dir", dest="run_save_dir", default=None)
    _add_lang(export, "sub_lang")

    imp = sub.add_parser("import", help="import an exported campaign or scene")
    imp.add_argument("file", metavar="FILE")
    imp.add_argument(
        "--overwrite",
        action="store_true",
        help="a profiles file: replace the campaign's profiles of the same names",
    )
    imp.add_argument(
        "--campaign", default=None, help="a profiles file: the campaign to merge them into"
    )
    imp.add_argument("--save-dir", dest="run_save_dir", default=None)
    _add_lang(imp, "sub_lang")

    player = sub.add_parser("player", help="the read-only players' view of the current scene")
    _add_view_options(player)

    serve = sub.add_parser("serve", help="the players' view in web browsers (one process)")
    _add_view_options(serve)
    serve.add_argument(
        "--host", type=_host, default="127.0.0.1", help="address to listen on (127.0.0.1)"
    )
    serve.add_argument("--port", type=_int("--port", 1, 65535), default=8000, help="port (8000)")
    serve.add_argument(
        "--font-size", type=_int("--font-size", 6), default=20, help="text size in the page (20)"
    )
    serve.add_argument(
        "--max-clients",
        type=_int("--max-clients", 1, 1000),
        default=16,
        help="browsers served at once (16)",
    )
    return parser


def _add_view_options(parser: argparse.ArgumentParser) -> None:
    """The options ``player`` and ``serve`` share (also accepted before the subcommand)."""
    parser.add_argument("--save-dir", dest="run_save_dir", default=None)
    parser.add_argument("--campaign", dest="view_campaign", default=None)
    parser.add_argument("--lang", dest="view_lang", choices=("en", "zh", "zh-Hant"), default=None)
