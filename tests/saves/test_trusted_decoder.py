"""The trusted fast decoder and the checked codec read the same bytes as the same objects.

``saves/trusted.py`` skips the type checks of ``saves/checked_decoder.py`` for bytes ST Console
sealed itself (a journal chunk whose checksum matches). It must never read them differently: a scene
loaded from a chunk and one loaded from a hand-edited file are the same scene.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import session
from saves.codec import DEFAULT
from saves.documents import decode_entries, encode_entry
from saves.storage import dump_json
from saves.trusted import TRUSTED

DEMO = Path(__file__).resolve().parents[2] / "console" / "demo"

QUOTED_IH = """
add 'Ann "Axe"' init=15 health=7 pc
add "安妮 \\"斧\\"" init=12 pc
add "a=b" init=9
begin
spend 'Ann "Axe"' move
damage "安妮 \\"斧\\"" 2
effect "a=b" "He said \\"run\\" now" rounds=2 by='Ann "Axe"'
note 'Ann "Axe"' "O'Neil's #1 \\\\ backslash"
roll ih-d10 5 --again 9 by='Ann "Axe"' hidden
"""
"""Names with both quote kinds, CJK, ``=``, ``#`` and a backslash in them."""

QUOTED_MIST = """
pc 'Mei "Shadow"'
challenge "The \\"Hound\\"" limits=harmed:3,scared:immune
threat 'He said "run" now' challenge='The "Hound"'
tag scene "O'Neil's \\"gun\\""
status 'Mei "Shadow"' 恐惧 2
"""

SCENES = [
    ("ih-d10", (DEMO / "ih_d10.txt").read_text(encoding="utf-8")),
    ("ih-d6", (DEMO / "ih_d6.txt").read_text(encoding="utf-8")),
    ("mist", (DEMO / "mist.txt").read_text(encoding="utf-8")),
    ("ih-d10", QUOTED_IH),
    ("mist", QUOTED_MIST),
]


def _scene(system: str, script: str) -> session.Scene:
    scene = session.new_scene("Fight", system, seed=5)
    for line in script.splitlines():
        scene, _ = session.execute_text(scene, line)
    return scene


@pytest.mark.parametrize(("system", "script"), SCENES, ids=["d10", "d6", "mist", "q-ih", "q-mist"])
def test_the_same_journal_bytes_decode_to_the_same_entries(system: str, script: str) -> None:
    scene = _scene(system, script)
    assert scene.journal
    raw = dump_json([encode_entry(entry) for entry in scene.journal])
    fast = TRUSTED.loads(raw)
    checked = decode_entries(json.loads(raw), "journal")
    assert list(fast) == list(checked) == list(scene.journal)


@pytest.mark.parametrize(("system", "script"), SCENES, ids=["d10", "d6", "mist", "q-ih", "q-mist"])
def test_the_same_state_bytes_decode_to_the_same_state(system: str, script: str) -> None:
    scene = _scene(system, script)
    raw = dump_json(DEFAULT.encode(scene.state))
    assert TRUSTED.loads(raw) == DEFAULT.decode(json.loads(raw)) == scene.state
