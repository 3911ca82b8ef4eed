"""Issue 30's performance points, each a ratio measured side by side on this machine, printed
next to the ratio the issue measured before the fixes (its baseline) and the target.

- ``autosave`` (point 11): one command's autosave (``Campaign.save_scene`` of the scene one
  command on) in a scene of 50,000 journal entries against one of 20 entries; CPU time, as the
  fsyncs' wall time on a shared disk is noise. Target ≤ 1.3× (before: 4.2×).
- ``next`` (point 13): CPU per ``next`` in a fight of 2,000 combatants against one of 10
  (whole rounds of ``next``). Target ≤ 1.5× (before: 8.2×, 2.3 ms against 0.28 ms).

Run: ``.venv/bin/python tests/benchmarks/bench_flat.py [autosave|next ...]`` (all by default).
Prints tables; asserts nothing (a script, not a test: timings on a shared machine vary).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "saves"))

from saves_fixtures import build_ih  # noqa: E402

from engine import commands  # noqa: E402
from engine.errors import RuleError  # noqa: E402
from engine.session import History, Scene, new_scene  # noqa: E402
from saves import open_store  # noqa: E402

ROWS: list[tuple[str, str, float, str, str]] = []
"""(point, what, ratio measured now, baseline before the fix, target)."""


def _cpu(action: Callable[[], object]) -> float:
    start = time.process_time()
    action()
    return time.process_time() - start


def _successors(scene: Scene, count: int) -> list[Scene]:
    """``count`` successive scenes, one command more each (what an autosave is given)."""
    history = History(scene)
    lines = ["damage C01 1", "heal C01 1", "willpower C02 +1", "willpower C02 -1"]
    out: list[Scene] = []
    index = 0
    while len(out) < count:
        line = lines[index % len(lines)]
        index += 1
        try:
            history.execute(commands.parse(line, scene.system), line)
        except RuleError:
            continue
        out.append(history.scene)
    return out


def _autosave_cpu_ms(scene: Scene, root: Path, rounds: int = 200) -> float:
    """Median CPU ms of one command's autosave of ``scene``'s successors."""
    store = open_store(root)
    with store.open_campaign("Flat", create=True) as campaign:
        campaign.save_scene(scene)
        times = [_cpu(lambda s=s: campaign.save_scene(s)) for s in _successors(scene, rounds)]
    return statistics.median(times) * 1000


def autosave() -> None:
    print("autosave: building scenes of 20 and 50,000 entries ...", flush=True)
    small = build_ih(4, 20 - 5, seed=1)
    big = build_ih(4, 50_000 - 5, seed=1)
    root = Path(tempfile.mkdtemp(prefix="bench-flat-"))
    short: list[float] = []
    long: list[float] = []
    for attempt in range(3):  # alternately, so a busy machine slows both alike
        short.append(_autosave_cpu_ms(small, root / f"small-{attempt}"))
        long.append(_autosave_cpu_ms(big, root / f"big-{attempt}"))
    s, b = statistics.median(short), statistics.median(long)
    print(f"  autosave CPU ms: {len(small.journal):,} entries {s:.2f}, "
          f"{len(big.journal):,} entries {b:.2f}")  # fmt: skip
    ROWS.append(("11", "autosave, 50,000 vs 20 entries", b / s, "4.2x", "<= 1.3x"))


def _fight(combatants: int) -> History:
    history = History(new_scene("Fight", "ih-d10", 7))
    for index in range(combatants):
        line = f"add C{index:04d} init={1 + index % 20}"
        history.execute(commands.parse(line, "ih-d10"), line)
    history.execute(commands.parse("begin", "ih-d10"), "begin")
    return history


def _next_cpu_ms(combatants: int, count: int) -> float:
    history = _fight(combatants)
    command = commands.parse("next", "ih-d10")
    start = time.process_time()
    for _ in range(count):
        history.execute(command, "next")
    return (time.process_time() - start) / count * 1000


def next_turn() -> None:
    print("next: fights of 10 and 2,000 combatants ...", flush=True)
    few: list[float] = []
    many: list[float] = []
    for _ in range(3):
        few.append(_next_cpu_ms(10, 2_000))
        many.append(_next_cpu_ms(2_000, 4_000))  # two whole rounds
    f, m = statistics.median(few), statistics.median(many)
    print(f"  CPU ms per next: 10 combatants {f:.3f}, 2,000 combatants {m:.3f}")
    ROWS.append(("13", "next, 2,000 vs 10 combatants", m / f, "8.2x", "<= 1.5x"))


PARTS = {"autosave": autosave, "next": next_turn}


def main(names: list[str]) -> None:
    for name in names or list(PARTS):
        PARTS[name]()
    print()
    print(f"{'point':>5}  {'measured':40} {'now':>8} {'before':>8} {'target':>9}")
    for point, what, ratio, before, target in ROWS:
        print(f"{point:>5}  {what:40} {ratio:7.2f}x {before:>8} {target:>9}")


if __name__ == "__main__":
    main(sys.argv[1:])
