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
        if check.again != 10:
            parts.append(f"--again {check.again}")
        if check.level != 1:
            parts.append(f"--level {check.level}")
        if check.bonus:
            parts.append(f"--bonus {check.bonus}")
        if check.penalty:
            parts.append(f"--penalty {check.penalty}")
        if check.untrained is not None:
            parts.append(f"--untrained {check.untrained.value}")
        if check.dc is not None:
            parts.append(f"--dc {check.dc}")
        if check.willpower:
            parts.append("--willpower")
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
