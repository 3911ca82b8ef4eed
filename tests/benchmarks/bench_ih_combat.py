"""Benchmark of the IH encounter: prints a table; asserts nothing about time (STYLE.md).

Target (issue 3): ≤ 1 ms per command so the console stays inside one 16 ms frame —
``next`` and a whole round with 200 combatants, and ``undo`` after 1,000 commands.

Run: ``.venv/bin/python tests/benchmarks/bench_ih_combat.py``
"""

from __future__ import annotations

import time
from collections.abc import Callable

from engine import session

COMBATANTS = 200
COMMANDS = 1_000


def timed(action: Callable[[], object], repeat: int = 1) -> float:
    """Milliseconds per call of ``action``."""
    start = time.perf_counter()
    for _ in range(repeat):
        action()
    return (time.perf_counter() - start) * 1000 / repeat


def fight(size: int) -> session.Scene:
    """A scene with ``size`` combatants and the fight begun."""
    scene = session.new_scene("bench", "ih-d10", seed=1)
    for index in range(size):
        scene, _ = session.execute_text(scene, f"add C{index} mod={index % 7} com={index % 4}")
    scene, _ = session.execute_text(scene, "begin")
    return scene


def main() -> None:
    holder = {"scene": fight(COMBATANTS)}

    def next_turn() -> None:
        holder["scene"], _ = session.execute_text(holder["scene"], "next")

    rows: list[tuple[str, float]] = [
        (f"next ({COMBATANTS} combatants)", timed(next_turn, 50)),
        (f"a whole round ({COMBATANTS} turns)", timed(next_turn, COMBATANTS) * COMBATANTS),
    ]
    history = session.History(fight(20))
    for index in range(COMMANDS):
        text = "spend C1 free" if index % 3 == 0 else "next"
        history.execute(session.commands.parse(text, "ih-d10"), text)
    replayed = history.scene
    rows.append((f"undo after {COMMANDS} commands (History cache)", timed(history.undo)))
    rows.append(
        (
            f"undo after {COMMANDS} commands (session.undo replay)",
            timed(lambda: session.undo(replayed)),
        )
    )
    width = max(len(name) for name, _ in rows)
    print(f"{'operation':<{width}}  {'ms':>8}")
    for name, milliseconds in rows:
        print(f"{name:<{width}}  {milliseconds:8.3f}")


if __name__ == "__main__":
    main()
