"""A ``roll`` command written back as a line of the console language (INTERFACE.md §3).

The inverse of :func:`engine.dice.command.parse` for the rolls the console makes: the scene's
interpretations are not part of the line (a scene applies its own when the roll is made).
"""

from __future__ import annotations

from engine.dice.command import RollCommand
from engine.language import quote


def format_roll(command: RollCommand) -> str:
    """``roll ih-d10 5 --again 9 …`` / ``roll mist 3 …`` for ``command``."""
    parts = ["roll", command.system]
    check = command.check
    if check is not None:
        parts.append(str(check.dp))
        parts += check_options(
            again=check.again,
            level=check.level,
            bonus=check.bonus,
            penalty=check.penalty,
            untrained=None if check.untrained is None else check.untrained.value,
            dc=check.dc,
            willpower=check.willpower,
        )
    elif command.mist is not None:
        parts.append(str(command.mist.power))
    if command.seed is not None:
        parts.append(f"--seed {command.seed}")
    parts.extend(f"--interpret {name}={value}" for name, value in command.overrides)
    if command.by is not None:
        parts.append(f"by={quote(command.by)}")
    if command.hidden:
        parts.append("hidden")
    return " ".join(parts)


def check_options(
    *,
    again: int = 10,
    level: int = 1,
    bonus: int = 0,
    penalty: int = 0,
    untrained: str | None = None,
    dc: int | None = None,
    willpower: bool = False,
) -> list[str]:
    """The options of an IH check that differ from their defaults, as a line writes them: the
    one writer for ``roll ih-d10 …`` and ``check NAME TRAITS …`` (issue 24 §2)."""
    parts = []
    if again != 10:
        parts.append(f"--again {again}")
    if level != 1:
        parts.append(f"--level {level}")
    if bonus:
        parts.append(f"--bonus {bonus}")
    if penalty:
        parts.append(f"--penalty {penalty}")
    if untrained is not None:
        parts.append(f"--untrained {untrained}")
    if dc is not None:
        parts.append(f"--dc {dc}")
    if willpower:
        parts.append("--willpower")
    return parts
