"""A process killed with SIGKILL at random moments while autosaving a large scene leaves a
campaign that always loads, with the old or the new state (README "Safe on disk": crashes).
See test_killed_before_each_file_operation.py for a death before every file operation."""

from __future__ import annotations

import itertools
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from saves_fixtures import build_ih, scenes_after

from engine.session import Scene
from saves import open_store

HERE = Path(__file__).parent
STEPS = 260
LINES = ("next", "damage C01 1", "heal C01 1", "willpower C02 +1", "willpower C02 -1")

CHILD = f"""
import sys
sys.path.insert(0, {str(HERE)!r})
from test_killed_while_autosaving import versions
from saves import open_store
scenes = versions()
campaign = open_store(sys.argv[1]).open_campaign("Crash", create=True)
campaign.save_scene(scenes[0])
print("ready", flush=True)
for scene in scenes[1:]:
    campaign.save_scene(scene)
print("done", flush=True)
"""


def versions() -> list[Scene]:
    """The successive scenes the child saves: a long fight, one command more each time."""
    fight = build_ih(30, 200, seed=4)
    return list(itertools.islice(scenes_after(fight, itertools.cycle(LINES)), STEPS + 1))


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_during_autosaves_always_leaves_a_loadable_campaign(tmp_path: Path) -> None:
    expected = {len(scene.journal): scene for scene in versions()}
    rng = random.Random(5)
    loaded_lengths = []
    for attempt in range(5):
        root = tmp_path / f"run{attempt}"
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(root)],
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(HERE)},
        )
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "ready"
        time.sleep(rng.uniform(0.0, 0.4))
        child.send_signal(signal.SIGKILL)
        child.wait()
        with open_store(root).open_campaign("Crash") as campaign:
            scene = campaign.load_scene("Fight")
        assert scene == expected[len(scene.journal)]
        loaded_lengths.append(len(scene.journal))
    assert min(loaded_lengths) >= min(expected)
