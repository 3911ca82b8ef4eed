"""Issue 30's performance points, each a ratio measured side by side on this machine, printed
next to the ratio the issue measured before the fixes (its baseline) and the target.

- ``autosave`` (point 11): one command's autosave (``Campaign.save_scene`` of the scene one
  command on) in a scene of 50,000 journal entries against one of 20 entries, one of each in
  turn; CPU time, as the fsyncs' wall time on a shared disk is noise. Target ≤ 1.3× (before:
  4.2×).
- ``next`` (point 13): CPU per ``next`` in a fight of 2,000 combatants against one of 10
  (two whole rounds of the longer fight, the two timed in turn 50 ``next`` at a time). Target
  ≤ 1.5× (before: 8.2×, 2.3 ms against 0.28 ms).
- ``open`` (10), ``export`` (8), ``import`` (9), ``disk`` (12): a campaign of one IH scene of
  50 combatants and 50,000 entries saved command by command (built once into the temp
  directory, then reused): opening the scene against ``json.load`` of its files; ``export``'s
  peak memory and time (the medians of three, in turn with ``json.load``'s), and ``import``'s
  time, each in a fresh process, against ``json.load`` of the export; the bytes of
  ``scenes/`` and ``backups/`` against the export's.
- ``idle`` (14): the players' view's CPU over 20 s on an unchanging scene against a bare
  Textual app's, the two run at once (``bench_player.idle_cpus``).

Run: ``.venv/bin/python tests/benchmarks/bench_flat.py [autosave|next ...] [--combatants N]`` (all
by default; ``--combatants 500`` builds the campaign's fight of 500 combatants, the issue's
50 MB export, instead of 50).
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
    from bench_saves import _next_scenes

    return _next_scenes(
        scene, count, ("damage C01 1", "heal C01 1", "willpower C02 +1", "willpower C02 -1")
    )


def _autosave_cpu_ms(
    small: Scene, big: Scene, root: Path, rounds: int = 200
) -> tuple[float, float]:
    """Median CPU ms of one command's autosave of ``small``'s and of ``big``'s successors, the
    two saved in turn (one of each, then the next), so a busy moment of the shared machine
    falls on both alike."""
    store = open_store(root)
    short: list[float] = []
    long: list[float] = []
    with (
        store.open_campaign("Short", create=True) as few,
        store.open_campaign("Long", create=True) as many,
    ):
        few.save_scene(small)
        many.save_scene(big)
        pairs = zip(_successors(small, rounds), _successors(big, rounds), strict=True)
        for a, b in pairs:
            short.append(_cpu(lambda a=a: few.save_scene(a)))
            long.append(_cpu(lambda b=b: many.save_scene(b)))
    return statistics.median(short) * 1000, statistics.median(long) * 1000


def autosave() -> None:
    print("autosave: building scenes of 20 and 50,000 entries ...", flush=True)
    small = build_ih(4, 20 - 5, seed=1)
    big = build_ih(4, 50_000 - 5, seed=1)
    root = Path(tempfile.mkdtemp(prefix="bench-flat-"))
    short: list[float] = []
    long: list[float] = []
    for attempt in range(3):
        s, b = _autosave_cpu_ms(small, big, root / f"run-{attempt}")
        short.append(s)
        long.append(b)
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


def _next_cpu_ms(few: int, many: int, rounds: int = 2) -> tuple[float, float]:
    """CPU ms per ``next`` in a fight of ``few`` and one of ``many`` combatants, ``rounds`` whole
    rounds of the longer one, timed in turn 50 ``next`` at a time (a busy moment of the shared
    machine falls on both alike)."""
    command = commands.parse("next", "ih-d10")
    fights = (_fight(few), _fight(many))
    spent = [0.0, 0.0]
    for _ in range(rounds * many // 50):
        for side, history in enumerate(fights):
            start = time.process_time()
            for _ in range(50):
                history.execute(command, "next")
            spent[side] += time.process_time() - start
    count = rounds * many // 50 * 50
    return spent[0] / count * 1000, spent[1] / count * 1000


def next_turn() -> None:
    print("next: fights of 10 and 2,000 combatants ...", flush=True)
    few: list[float] = []
    many: list[float] = []
    for _ in range(3):
        f, m = _next_cpu_ms(10, 2_000)
        few.append(f)
        many.append(m)
    f, m = statistics.median(few), statistics.median(many)
    print(f"  CPU ms per next: 10 combatants {f:.3f}, 2,000 combatants {m:.3f}")
    ROWS.append(("13", "next, 2,000 vs 10 combatants", m / f, "8.2x", "<= 1.5x"))


BIG_COMBATANTS = 50
BIG_ENTRIES = 50_000


def _big_campaign(folder: Path) -> Path:
    """A save directory holding campaign Big: one IH scene of 50 (``--combatants``) and about 50,000
    entries, saved command by command as the console saves it (checkpoints, chunks, backups
    every 100 autosaves) — built once, kept in the temp directory."""
    root = folder / "big-saves"
    if (root / "done").exists():
        return root
    import shutil

    shutil.rmtree(root, ignore_errors=True)
    print(f"  building a scene of {BIG_ENTRIES:,} entries (once) ...", flush=True)
    scene = build_ih(BIG_COMBATANTS, BIG_ENTRIES - BIG_COMBATANTS - 1, seed=12)
    store = open_store(root)
    with store.open_campaign("Big", create=True) as campaign:
        campaign.create_scene(scene)
        for successor in _successors(scene, 300):  # some autosaves, as at the table
            campaign.save_scene(successor)
    (root / "done").write_text("")
    return root


def _folder() -> Path:
    folder = Path(tempfile.gettempdir()) / f"st-bench-flat-{BIG_COMBATANTS}"
    folder.mkdir(exist_ok=True)
    return folder


def _export(root: Path) -> Path:
    """The campaign's export, written once (named for what an export holds now: one written
    before exports named states on the way would import without a second process)."""
    path = root.parent / "big-export-named-states.json"
    if not path.exists():
        from console.cli import main as cli

        cli(["export", "Big", "--format", "json", "-o", str(path), "--save-dir", str(root)])
    return path


def _size(path: Path) -> int:
    """Bytes on disk under ``path``: a hard-linked file (a backup's chunk) counted once."""
    seen: dict[tuple[int, int], int] = {}
    for item in path.rglob("*"):
        if item.is_file():
            found = item.stat()
            seen[(found.st_dev, found.st_ino)] = found.st_size
    return sum(seen.values())


def opening() -> None:
    """Point 10: opening the scene against ``json.load`` of its files (header and chunks)."""
    import json

    root = _big_campaign(_folder())
    store = open_store(root)
    directory = store.find("Big")
    assert directory is not None
    files = [
        directory / "scenes" / "scene-0001.json",
        *(directory / "scenes" / "scene-0001").glob("*.json"),
    ]

    def plain() -> None:
        for path in files:
            with open(path, encoding="utf-8") as handle:
                json.load(handle)

    ours: list[float] = []
    theirs: list[float] = []
    with store.open_campaign("Big", read_only=True) as campaign:
        for _ in range(5):
            theirs.append(_wall(plain))
            ours.append(_wall(lambda: campaign.load_scene("Fight")))
    o, p = statistics.median(ours), statistics.median(theirs)
    print(f"  open: ours {o * 1000:.0f} ms, json.load of its {len(files)} files {p * 1000:.0f} ms")
    ROWS.append(("10", "open a 50,000-entry scene vs json.load", o / p, "4.5x", "<= 2x"))


def disk() -> None:
    """Point 12: the campaign's scene files and backups against the size of its export."""
    root = _big_campaign(_folder())
    directory = open_store(root).find("Big")
    assert directory is not None
    export = _export(root).stat().st_size
    scenes, backups = _size(directory / "scenes"), _size(directory / "backups")
    print(f"  disk: scenes/ {scenes / 1e6:.1f} MB, backups/ {backups / 1e6:.1f} MB, "
          f"export {export / 1e6:.1f} MB")  # fmt: skip
    ROWS.append(("12", "scenes/ + backups/ vs the export", (scenes + backups) / export,
                 "31x", "<= 3x"))  # fmt: skip


def _child(code: str, *args: str) -> tuple[float, float]:
    """Peak RSS (MB) and seconds of ``code`` run in a fresh process (it prints the seconds)."""
    import subprocess

    script = (
        "import sys, time, json; from pathlib import Path\n"
        f"{code}\n"
        "status = Path('/proc/self/status').read_text()\n"
        "print(took, int(status.split('VmHWM:')[1].split()[0]) / 1024)\n"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, check=True, cwd=root
    ).stdout.split()
    return float(out[-1]), float(out[-2])


JSON_LOAD = (
    "start = time.perf_counter(); json.load(open(sys.argv[1]))\ntook = time.perf_counter() - start"
)


def export_memory() -> None:
    """Point 8: ``export`` of the campaign against ``json.load`` of the export it writes."""
    root = _big_campaign(_folder())
    path = _export(root)
    code = (
        "import io, contextlib; from console.cli import main\n"
        "start = time.perf_counter()\n"
        "main(['export', 'Big', '--format', 'json', '-o', sys.argv[1] + '.again', "
        "'--save-dir', sys.argv[2]])\n"
        "took = time.perf_counter() - start"
    )
    ours: list[tuple[float, float]] = []
    theirs: list[tuple[float, float]] = []
    for _ in range(3):  # in turn, medians: one run of each swung 2.2-4.4x on a busy machine
        ours.append(_child(code, str(path), str(root)))
        theirs.append(_child(JSON_LOAD, str(path)))
    peak, took = (statistics.median(side) for side in zip(*ours, strict=True))
    plain_peak, plain_took = (statistics.median(side) for side in zip(*theirs, strict=True))
    print(f"  export: {peak:.0f} MB peak, {took:.1f} s; json.load of it: {plain_peak:.0f} MB, "
          f"{plain_took:.1f} s")  # fmt: skip
    ROWS.append(("8", "export peak memory vs json.load", peak / plain_peak, "5.5x", "<= 1.5x"))
    ROWS.append(("8", "export time vs json.load", took / plain_took, "12.4x", "<= 3x"))


def import_time() -> None:
    """Point 9: ``import`` of the export against ``json.load`` of it."""
    root = _big_campaign(_folder())
    path = _export(root)
    with tempfile.TemporaryDirectory() as other:
        code = (
            "from saves import open_store, import_file\n"
            "start = time.perf_counter(); import_file(open_store(sys.argv[2]), Path(sys.argv[1]))\n"
            "took = time.perf_counter() - start"
        )
        _, took = _child(code, str(path), other)
    _, plain_took = _child(JSON_LOAD, str(path))
    print(f"  import: {took:.1f} s; json.load of the file: {plain_took:.1f} s")
    ROWS.append(("9", "import time vs json.load", took / plain_took, "~80x", "<= 5x"))


def idle() -> None:
    """Point 14: the players' view's idle CPU against a bare Textual app's."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_player import BARE_APP, FIGHT, idle_cpus, save  # type: ignore[import-not-found]

    with tempfile.TemporaryDirectory() as save_dir:
        save(Path(save_dir), FIGHT)
        view = [sys.executable, "-m", "console", "player", "--save-dir", save_dir]
        (used, wall), (bare, bare_wall) = idle_cpus([view, [sys.executable, "-c", BARE_APP]])
    ours, floor = used / wall, bare / bare_wall
    print(f"  idle CPU: players' view {100 * ours:.2f} %, bare Textual app {100 * floor:.2f} %")
    ROWS.append(("14", "players' view idle CPU vs bare Textual", ours / max(floor, 1e-6),
                 "3.6x", "<= 1.5x"))  # fmt: skip


def _wall(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


PARTS = {
    "autosave": autosave,
    "next": next_turn,
    "open": opening,
    "export": export_memory,
    "import": import_time,
    "disk": disk,
    "idle": idle,
}


def main(names: list[str]) -> None:
    global BIG_COMBATANTS
    if "--combatants" in names:  # the campaign's fight: 500 is the 50 MB export
        at = names.index("--combatants")
        BIG_COMBATANTS = int(names[at + 1])
        names = names[:at] + names[at + 2 :]
    for name in names or list(PARTS):
        PARTS[name]()
    print()
    print(f"{'point':>5}  {'measured':40} {'now':>8} {'before':>8} {'target':>9}")
    for point, what, ratio, before, target in ROWS:
        print(f"{point:>5}  {what:40} {ratio:7.2f}x {before:>8} {target:>9}")


if __name__ == "__main__":
    main(sys.argv[1:])
