"""Benchmark of saves (issue 5): autosave and load of a big scene against plain JSON.

The scene: an Infinite Horror fight of 50 combatants with a 5,000-entry journal, built from real
console commands. Compared in the same run with the plain way of keeping the same document:
``json.dump`` + fsync + ``os.replace`` to write it, ``json.load`` to read it back.

- *autosave*: the console saves after every command, so it is timed as one more command applied
  and saved (the median of many), in a campaign with 1 and then 20 other scenes.
- *load*: opening the scene from disk into engine objects (``Campaign.load_scene``).

Run: ``.venv/bin/python tests/benchmarks/bench_saves.py`` (prints a table; asserts nothing).
"""

from __future__ import annotations

import json
import os
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
from engine.session import History, Scene  # noqa: E402
from saves import open_store  # noqa: E402
from saves.documents import scene_to_document  # noqa: E402
from saves.storage import fsync_dir  # noqa: E402

ROUNDS = 30


def _median_ms(times: list[float]) -> float:
    return statistics.median(times) * 1000


def _plain_write(path: Path, document: object) -> None:
    temp = path.with_suffix(".tmp")
    with open(temp, "w", encoding="utf-8") as handle:
        json.dump(document, handle)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temp, path)
    fsync_dir(path.parent)


def _time(action: Callable[[], object], rounds: int = ROUNDS) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return _median_ms(times)


def _next_scenes(scene: Scene, count: int) -> list[Scene]:
    """``count`` successive scenes, one more command each (what autosave sees)."""
    history = History(scene)
    out = []
    lines = ["next", "damage C01 1", "heal C01 1", "willpower C02 +1", "willpower C02 -1"]
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


def main() -> None:
    print("Building a scene of 50 combatants with a 5,000-entry journal ...", flush=True)
    scene = build_ih(50, 5000 - 51, seed=1)
    print(f"journal: {len(scene.journal)} entries")
    root = Path(tempfile.mkdtemp(prefix="bench-saves-"))
    plain = root / "plain.json"
    document = scene_to_document(scene)
    plain_write = _time(lambda: _plain_write(plain, document))
    plain_size = plain.stat().st_size

    def plain_read() -> object:
        with open(plain, encoding="utf-8") as handle:
            return json.load(handle)

    plain_load = _time(plain_read)

    rows = []
    store = open_store(root / "saves")
    for others in (1, 20):
        name = f"Bench {others}"
        with store.open_campaign(name, create=True) as campaign:
            small = build_ih(4, 30, seed=2)
            for index in range(others):
                campaign.save_scene(Scene(**{**_fields(small), "name": f"Other {index}"}))
            campaign.save_scene(scene)
            successors = _next_scenes(scene, ROUNDS)
            times = []
            for successor in successors:
                start = time.perf_counter()
                campaign.save_scene(successor)
                times.append(time.perf_counter() - start)
            autosave = _median_ms(times)
            load = _time(lambda c=campaign: c.load_scene("Fight"), rounds=10)
            rows.append((others, autosave, load))

    print()
    print(f"plain document: {plain_size / 1e6:.2f} MB; medians of {ROUNDS} runs")
    print(f"{'':32} {'ms':>8} {'vs plain':>9}")
    print(f"{'plain json.dump+fsync+replace':32} {plain_write:8.2f} {'1.00x':>9}")
    print(f"{'plain json.load':32} {plain_load:8.2f} {'1.00x':>9}")
    for others, autosave, load in rows:
        label = f"autosave, {others} other scene{'s' if others > 1 else ''}"
        print(f"{label:32} {autosave:8.2f} {autosave / plain_write:8.2f}x")
        label = f"load, {others} other scene{'s' if others > 1 else ''}"
        print(f"{label:32} {load:8.2f} {load / plain_load:8.2f}x")


def _fields(scene: Scene) -> dict[str, object]:
    return {name: getattr(scene, name) for name in Scene.__dataclass_fields__}


if __name__ == "__main__":
    main()
