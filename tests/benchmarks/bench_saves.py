"""Benchmark of saves: autosave and load of a big scene against plain JSON (README "Safe on
disk").

The scene: an Infinite Horror fight of 50 combatants with a 5,000-entry journal, built from real
console commands. Compared in the same run with the plain way of keeping the same document:
``json.dump`` + fsync + ``os.replace`` to write it, ``json.load`` to read it back.

- *autosave*: the console saves after every command, so it is timed as one more command applied
  and saved (the median of many), in a campaign with 1 and then 20 other scenes.
- *load*: opening the scene from disk into engine objects (``Campaign.load_scene``).
- *first undo after loading*: a scene of 50,000 commands (10 combatants) saved, loaded, and its
  last command taken back as the console does (``History.undo``), with the checkpoints the
  saves keep every 128 entries; and, for comparison, without them (the whole journal replayed,
  as before checkpoints were saved). Also the next 200 undos, each timed.

- *import memory*: peak RSS (VmHWM) of ``st-console import`` of a big export (one IH scene of
  500 combatants and 52,000 entries, written by ``st-console export --format json``) and of an
  export of 3,000 small scenes, each in a fresh process: read whole (``json.loads`` of the
  file, then the scenes decoded, as imports once did) against read scene by scene
  (``saves.json_stream``). The exports are built once and kept in the temp directory.
  Measured on a busy 2-core machine (the exports are 49.1 MB and 93.1 MB), peak RSS in MB:

  ====================  ==============  ==================  ====================
  export                read            sealing all         sealing chunk by
                                        checkpoints kept    chunk (2026-11-23)
  ====================  ==============  ==================  ====================
  1 scene, 52,000       whole           1,915               255
  1 scene, 52,000       scene by scene  1,837 (2,082 once)  242
  3,000 small scenes    whole           773                 773
  3,000 small scenes    scene by scene  612                 613
  ====================  ==============  ==================  ====================

  The big scene's peak was its save, not its reading: the autosave that writes an imported
  scene kept the document of every checkpoint (~400 whole states of 500 combatants) and
  encoded the whole journal before sealing it; it now seals chunk by chunk and drops a sealed
  checkpoint's document (``SceneFile.save``). The 3,000 scenes' peak is the decoded scenes,
  kept until the batch is written (nothing is written unless the whole file is good).

Run: ``.venv/bin/python tests/benchmarks/bench_saves.py`` (prints tables; asserts nothing);
``… bench_saves.py undo`` runs the undo part alone, ``… bench_saves.py import`` the import part.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "saves"))

from saves_fixtures import build_ih, build_mist  # noqa: E402

from engine import commands  # noqa: E402
from engine.errors import RuleError  # noqa: E402
from engine.session import History, Scene  # noqa: E402
from saves import open_store  # noqa: E402
from saves.documents import scene_to_document  # noqa: E402
from saves.migrations import SCHEMA_VERSION  # noqa: E402
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


def _once(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def _next_scenes(
    scene: Scene,
    count: int,
    lines: tuple[str, ...] = (
        "next",
        "damage C01 1",
        "heal C01 1",
        "willpower C02 +1",
        "willpower C02 -1",
    ),
) -> list[Scene]:
    """``count`` successive scenes, one more command each (what autosave sees): ``lines`` in
    turn, those the rules refuse passed over."""
    history = History(scene)
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


def main() -> None:
    print("Building a scene of 50 combatants with a 5,000-entry journal ...", flush=True)
    scene = build_ih(50, 5000 - 51, seed=1)
    print(f"journal: {len(scene.journal)} entries")
    root = Path(tempfile.mkdtemp(prefix="bench-saves-"))
    plain = root / "plain.json"
    document = scene_to_document(scene)
    _plain_write(plain, document)
    plain_size = plain.stat().st_size

    def plain_read() -> object:
        with open(plain, encoding="utf-8") as handle:
            return json.load(handle)

    # Each of ours is timed right after its plain twin, so a busy machine slows both alike.
    rows = []
    store = open_store(root / "saves")
    for others in (1, 20):
        with store.open_campaign(f"Bench {others}", create=True) as campaign:
            small = build_ih(4, 30, seed=2)
            for index in range(others):
                campaign.save_scene(replace(small, name=f"Other {index}"))
            campaign.save_scene(scene)
            writes, saves, reads, loads = [], [], [], []
            for successor in _next_scenes(scene, ROUNDS):
                writes.append(_once(lambda: _plain_write(plain, document)))
                saves.append(_once(lambda s=successor, c=campaign: c.save_scene(s)))
            for _ in range(ROUNDS // 2):
                reads.append(_once(plain_read))
                loads.append(_once(lambda c=campaign: c.load_scene("Fight")))
            rows.append((others, writes, saves, reads, loads))

    print()
    print(f"plain document: {plain_size / 1e6:.2f} MB; medians, ours timed alternately with plain")
    print(f"{'':34} {'plain ms':>9} {'ours ms':>9} {'ours/plain':>11}")
    for others, writes, saves, reads, loads in rows:
        scenes = f"{others} other scene{'s' if others > 1 else ''}"
        for label, plain_times, our_times in (
            (f"autosave, {scenes}", writes, saves),
            (f"load, {scenes}", reads, loads),
        ):
            p, o = _median_ms(plain_times), _median_ms(our_times)
            print(f"{label:34} {p:9.2f} {o:9.2f} {o / p:10.2f}x")


def undo_after_loading(commands_count: int = 50_000) -> None:
    """The first undo after loading a long scene, with and without checkpoints."""
    print(f"Building a scene of 10 combatants with {commands_count:,} commands ...", flush=True)
    scene = build_ih(10, commands_count - 11, seed=3)
    print(f"journal: {len(scene.journal)} entries, checkpoints: {len(scene.checkpoints)}")
    root = Path(tempfile.mkdtemp(prefix="bench-undo-"))
    store = open_store(root)
    with store.open_campaign("Undo", create=True) as campaign:
        campaign.save_scene(scene)
    with store.open_campaign("Undo", read_only=True) as campaign:
        started = time.perf_counter()
        loaded = campaign.load_scene("Fight")
        load_ms = (time.perf_counter() - started) * 1000
    rows = []
    for label, source in (
        ("with checkpoints", loaded),
        ("without (whole journal)", replace(loaded, checkpoints=())),
    ):
        history = History(source)
        first = _once(history.undo)
        later = [_once(history.undo) for _ in range(200 if source.checkpoints else 5)]
        rows.append((label, first * 1000, max(later) * 1000, _median_ms(later)))
    print(f"load: {load_ms:.0f} ms (checkpoints loaded: {len(loaded.checkpoints)})")
    print(f"{'':26} {'first undo ms':>14} {'worst next ms':>14} {'median next ms':>15}")
    for label, first, worst, median in rows:
        print(f"{label:26} {first:14.1f} {worst:14.1f} {median:15.2f}")


def _big_export(folder: Path) -> Path:
    """The 34 MB export of one scene of 500 combatants and 52,000 entries (built once)."""
    path = folder / "big-export-named-states.json"  # (exports name states on the way now)
    if not path.exists():
        from console.cli import main as cli

        store = open_store(folder / "big-store")
        with store.open_campaign("Big", create=True) as campaign:
            campaign.create_scene(build_ih(500, 52_000 - 501, 12))
        cli(["export", "Big", "--format", "json", "-o", str(path), "--save-dir", str(store.root)])
    return path


def _many_export(folder: Path, count: int = 3_000) -> Path:
    """An export of ``count`` small M.I.S.T. scenes (built once)."""
    path = folder / f"many-{count}-export.json"
    if not path.exists():
        scene = scene_to_document(build_mist(20, 3))
        scenes = [dict(scene, name=f"Case {index}") for index in range(count)]
        document = {
            "schema_version": SCHEMA_VERSION,
            "kind": "export",
            "campaign": {"name": "Many", "season": None, "missions": []},
            "scenes": scenes,
        }
        path.write_text(json.dumps(document, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


def _import_child(how: str, path: str, save_dir: str) -> None:
    """In a fresh process: import ``path`` the old (``whole``) or the new (``stream``) way and
    print the peak RSS in MB (VmHWM) and the seconds taken."""
    import resource

    from saves import imports

    store = open_store(Path(save_dir))
    start = time.perf_counter()
    if how == "whole":  # as imports once did: the file parsed whole, then the scenes decoded
        document = json.loads(Path(path).read_text(encoding="utf-8"))
        imports.import_export(store, document, Path(path))
    else:
        imports.import_file(store, Path(path))
    took = time.perf_counter() - start
    try:  # this process's own peak (ru_maxrss keeps the parent's peak across fork and exec)
        status = Path("/proc/self/status").read_text()
        peak = int(status.split("VmHWM:")[1].split()[0]) / 1024
    except (OSError, IndexError, ValueError):
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{peak:.0f} {took:.1f}")


def import_memory() -> None:
    import subprocess

    folder = Path(tempfile.gettempdir()) / "st-bench-import"
    folder.mkdir(exist_ok=True)
    files = [
        ("1 scene, 52,000 entries", _big_export(folder)),
        ("3,000 small scenes", _many_export(folder)),
    ]
    print("Import: peak RSS of a fresh process importing an export")
    print(f"{'export':26} {'MB on disk':>10} {'read':>14} {'peak RSS MB':>12} {'seconds':>8}")
    for label, path in files:
        for how in ("whole", "stream"):
            with tempfile.TemporaryDirectory() as save_dir:
                out = subprocess.run(
                    [sys.executable, __file__, "import-child", how, str(path), save_dir],
                    capture_output=True,
                    text=True,
                    check=True,
                ).stdout.split()
            read = "whole (before)" if how == "whole" else "scene by scene"
            size = path.stat().st_size / 1e6
            print(f"{label:26} {size:10.1f} {read:>14} {float(out[0]):12.0f} {float(out[1]):8.1f}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["import-child"]:
        _import_child(*sys.argv[2:5])
    elif sys.argv[1:] == ["import"]:
        import_memory()
    elif sys.argv[1:] == ["undo"]:
        undo_after_loading()
    else:
        main()
        print()
        undo_after_loading()
        print()
        import_memory()
