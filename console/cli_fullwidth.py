"""Full-width command-line arguments of ``st-console roll``/``odds`` read as ASCII (issue 27 §2).

Imported by ``console/cli.py`` before argparse reads the arguments: light (no dice, no Textual).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

DICE_COMMANDS = ("roll", "odds")
ATTACHED_POOL = re.compile(r"[.。．]?ww([0-9].*)", re.IGNORECASE)
"""``roll``'s SYSTEM with the bots' pool written onto it (``.ww5a8``, ``ww5``): ``ww``, the pool."""


def ascii_dice_arguments(argv: Sequence[str]) -> list[str]:
    """``roll``/``odds``'s arguments with full-width characters as ASCII (issue 27 §2): a
    Chinese input method types ``ｉｈ－ｄ１０ ３ －－ｄｃ ２``, ``——dc 2`` or ``ww ５ａ８``; other
    scripts' digits stay as typed, and so are refused (``engine/fullwidth.py``). The arguments
    of the other subcommands (names, paths, scripts) are left as they are."""
    from engine.fullwidth import ascii_forms, option_dashes

    folded = [ascii_forms(word) for word in argv]
    index = 0
    while index < len(folded):  # past the global options to the subcommand
        word = folded[index]
        if word in DICE_COMMANDS:
            dashed = [option_dashes(each) for each in folded[index + 1 :]]  # ——dc: --dc
            attached = ATTACHED_POOL.fullmatch(dashed[0]) if dashed else None
            if word == "roll" and attached is not None:  # .ww5a8, as a chat writes it
                dashed[:1] = ["ww", attached.group(1)]
            return [*argv[:index], word, *dashed]
        if not word.startswith("-"):
            break
        index += 1 if "=" in word or word in ("-h", "--help") else 2
    return list(argv)
