"""Sealed checkpoints take a bounded share of a scene's bytes (issue 30, point 12): a checkpoint is
a whole state, so in a fight of many combatants one every 128 entries took several times the
entries' bytes (500 combatants: ``scenes/`` and ``backups/`` twelve times the export). A sealed
chunk keeps a checkpoint once the entries since the last one kept are twice its bytes
(``SEALED_SHARE``); a small scene keeps every one. The loaded scene is the saved one, and an undo
after loading replays from the checkpoint before, to the very state."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from saves_fixtures import build_ih, first_undo_applies, saved_and_loaded

from engine import session
from engine.session import CHECKPOINT_EVERY, undo
from saves import open_store
from saves.checkpoint_forms import SEALED_SHARE


@pytest.fixture(scope="module")
def crowded():  # type: ignore[no-untyped-def]
    return build_ih(150, 3000, seed=4)


def _chunk_parts(directory: Path) -> tuple[int, int, list[int]]:
    """Bytes of the sealed chunks' entries and of their checkpoints, and the checkpoints'
    indexes."""
    entries = marks = 0
    kept: list[int] = []
    for path in sorted(directory.rglob("j*.json")):
        body = json.loads(path.read_bytes())["journal"]["1"]
        whole = len(path.read_bytes())
        found = body.get("checkpoints", [])
        size = sum(len(json.dumps(m, separators=(",", ":"), ensure_ascii=False)) for m in found)
        marks += size
        entries += whole - size
        kept += [mark[0] for mark in found]
    return entries, marks, kept


def test_a_crowded_fight_seals_checkpoints_within_their_share(tmp_path: Path, crowded) -> None:  # type: ignore[no-untyped-def]
    store = open_store(tmp_path)
    with store.open_campaign("Crowd", create=True) as campaign:
        campaign.save_scene(crowded)
    directory = store.find("Crowd")
    assert directory is not None
    entries, marks, kept = _chunk_parts(directory / "scenes")
    every = [at for at, _ in crowded.checkpoints if at <= len(crowded.journal) // 256 * 256]
    assert kept and len(kept) < len(every) / 2  # not every one: each is 150 combatants
    assert marks <= SEALED_SHARE * entries + marks / len(kept)  # the share, give or take one
    with store.open_campaign("Crowd", read_only=True) as campaign:
        loaded = campaign.load_scene("Fight")
    assert loaded == crowded
    assert [at for at, _ in loaded.checkpoints if at in kept] == kept
    assert dict(loaded.checkpoints).items() <= dict(crowded.checkpoints).items()


def test_an_undo_after_loading_replays_from_the_checkpoint_before(tmp_path: Path, crowded) -> None:  # type: ignore[no-untyped-def]
    loaded = saved_and_loaded(tmp_path, "Crowd", crowded)
    places = [at for at, _ in loaded.checkpoints]
    gap = max(b - a for a, b in zip(places, places[1:], strict=False))
    history, applied = first_undo_applies(loaded)
    assert 0 < applied < gap + CHECKPOINT_EVERY
    assert history.scene == undo(replace(crowded, checkpoints=()))  # what a whole replay gives
    assert history.scene.state == session.state_after(crowded, len(crowded.journal) - 1)


def test_a_small_fight_keeps_every_checkpoint(tmp_path: Path) -> None:
    small = build_ih(4, 1200, seed=6)
    store = open_store(tmp_path)
    with store.open_campaign("Small", create=True) as campaign:
        campaign.save_scene(small)
    with store.open_campaign("Small", read_only=True) as campaign:
        loaded = campaign.load_scene("Fight")
    assert loaded.checkpoints == small.checkpoints
