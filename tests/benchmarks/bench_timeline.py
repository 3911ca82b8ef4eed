"""The timeline of a 50,000-command scene (issue 26; a script, not a test).

Run: ``.venv/bin/python tests/benchmarks/bench_timeline.py [COMMANDS]``

Targets: jumping to any entry ≤ 50 ms in the engine (checkpoints every 128 commands: at most
128 replayed), and ``st-console show … --at N`` no slower than 1.5× ``show`` of the present.

Table 1 times ``engine.session.scene_after`` (what ``T``, ←/→ and a click on the log ask) for
200 random entries and for the worst place, just before a checkpoint (127 replayed), and
``previous_change``/``next_change`` (PgUp/PgDn, one round). Table 2 saves the scene in a
campaign and times ``st-console show`` in-process (the CLI's whole path: open read-only, load,
replay, print) at the present and at several entries; the median of 5 runs each.
"""

from __future__ import annotations

import contextlib
import io
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "saves"))

from saves_fixtures import build_ih  # noqa: E402

from console.cli import main as cli  # noqa: E402
from console.timeline import period  # noqa: E402
from engine.session import CHECKPOINT_EVERY, next_change, previous_change, scene_after  # noqa: E402
from saves import open_store  # noqa: E402

TARGET_MS = 50.0
RATIO = 1.5


def _ms(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def _show_ms(root: Path, *extra: str, repeats: int = 5) -> float:
    """The median wall time of ``st-console show Bench [extra]`` run in this process."""
    times = []
    for _ in range(repeats):
        with contextlib.redirect_stdout(io.StringIO()):
            times.append(_ms(lambda: cli(["show", "Bench", "--save-dir", str(root), *extra])))
    return statistics.median(times)


def main(count: int = 50_000) -> None:
    print(f"Building an IH fight of 10 combatants with {count:,} commands ...", flush=True)
    scene = build_ih(10, count - 11, seed=3)
    length = len(scene.journal)
    print(f"journal: {length:,} entries, checkpoints: {len(scene.checkpoints)}")
    rng = random.Random(26)
    anywhere = [_ms(lambda n=n: scene_after(scene, n)) for n in rng.sample(range(length), 200)]
    worst_place = (length // CHECKPOINT_EVERY - 1) * CHECKPOINT_EVERY + CHECKPOINT_EVERY - 1
    worst = [_ms(lambda: scene_after(scene, worst_place)) for _ in range(20)]
    middle = length // 2
    back = [_ms(lambda: previous_change(scene, middle, period)) for _ in range(20)]
    on = [_ms(lambda: next_change(scene, middle, period)) for _ in range(20)]
    print()
    heading = f"Engine: the scene after entry N of {length:,} (ms)"
    print(f"{heading:44}   median    worst   ≤ {TARGET_MS:.0f} ms")
    for label, times in (
        ("any entry (200 random)", anywhere),
        (f"entry {worst_place:,} (127 to replay)", worst),
        ("PgUp: the round's start", back),
        ("PgDn: the next round", on),
    ):
        ok = "yes" if max(times) <= TARGET_MS else "NO"
        print(f"{label:44} {statistics.median(times):8.2f} {max(times):8.2f}   {ok}")

    root = Path(tempfile.mkdtemp(prefix="bench-timeline-"))
    with open_store(root).open_campaign("Bench", create=True) as campaign:
        campaign.save_scene(scene)
        campaign.set_current_scene(scene.name)
    now = _show_ms(root)
    print()
    print(f"st-console show of a {length:,}-command scene (ms, median of 5)   ratio   ≤ {RATIO}×")
    print(f"{'show (the present)':44} {now:8.1f}")
    for at in (0, 1, length // 3, middle, worst_place, length - 1):
        took = _show_ms(root, "--at", str(at))
        ok = "yes" if took <= RATIO * now else "NO"
        print(f"{'show --at ' + format(at, ','):44} {took:8.1f}  {took / now:5.2f}   {ok}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 50_000)
