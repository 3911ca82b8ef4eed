"""Why a command would be refused, without rolling a die (issue 24 §1: one pass per command).

:func:`refusal` answers what a dialog or a key needs before the Storyteller commits: the
``RuleError`` applying ``command`` would raise, or ``None`` when the engine takes it. It rolls
nothing and keeps nothing: the command's own handler runs on the immutable state with
:class:`NoDice`, which stops it at its first die. Every handler of both families checks all
it refuses before it rolls (``engine/ih/roster.py``, ``engine/ih/attack.py``,
``engine/mist/action.py``…), so what is left after the first die cannot be refused, and the
refusal is the very error applying gives, word for word (tests/engine/test_refusal.py drives
both families through many scenes and commands and compares the two).

It is cheap: an attack stops once its pool, targets, defense bonus and action are checked,
before any die, damage or record; a command without dice is its own pure state change.
"""

from __future__ import annotations

import random
from typing import NoReturn

from engine import commands
from engine.errors import RuleError
from engine.limits import check_command


class DiceReached(Exception):
    """The command got as far as its first die: nothing before it refused."""


class NoDice(random.Random):
    """A random source that stops the command at its first die (:class:`DiceReached`)."""

    def __init__(self) -> None:
        super().__init__(0)

    def randint(self, a: int, b: int) -> NoReturn:
        raise DiceReached

    def random(self) -> NoReturn:
        raise DiceReached

    def randrange(self, *args: object, **kwargs: object) -> NoReturn:
        raise DiceReached

    def choice(self, seq: object) -> NoReturn:
        raise DiceReached

    def shuffle(self, x: object) -> NoReturn:
        raise DiceReached

    def getrandbits(self, k: int) -> NoReturn:
        raise DiceReached


def refusal(state: commands.SceneState, system: str, command: object) -> RuleError | None:
    """The ``RuleError`` applying ``command`` to ``state`` would raise, or ``None``: taken.

    Checks the command's values against their ranges (``engine/limits.py``, as a typed line
    is) and then runs its handler up to its first die.

    Raises:
        TypeError: ``command`` is not a command object of the console language.
    """
    try:
        check_command(command)
        commands.apply(state, system, command, NoDice())  # type: ignore[arg-type]
    except RuleError as error:
        return error
    except DiceReached:
        return None
    return None
