"""The autosave encodes only what changed (README "Safe on disk": fast
autosave): documents equal a full encode."""

from __future__ import annotations

import json
from pathlib import Path

from engine import commands
from engine.session import History, new_scene
from saves.codec import DEFAULT
from saves.encoder import Memo
from saves.storage import dump_json
from saves.store import open_store

SCRIPT = [f"add C{i} init={i % 9 + 1} dex=2 com=2" for i in range(12)] + ["begin"]


def _history() -> History:
    history = History(new_scene("Fight", "ih-d10", 7))
    for line in SCRIPT:
        command = commands.parse(line, "ih-d10")
        assert command is not None
        history.execute(command, line)
    return history


def test_reused_documents_equal_a_full_encode() -> None:
    history = _history()
    memo = Memo()
    for _ in range(15):
        state = history.scene.state
        assert DEFAULT.encode_reusing(state, memo) == DEFAULT.encode(state)
        command = commands.parse("next", "ih-d10")
        assert command is not None
        history.execute(command, "next")
    assert memo.previous, "the memo keeps the last state's parts"


def test_unchanged_parts_are_not_encoded_again() -> None:
    history = _history()
    memo = Memo()
    first = DEFAULT.encode_reusing(history.scene.state, memo)
    again = DEFAULT.encode_reusing(history.scene.state, memo)
    assert again is first


def test_successive_autosaves_load_back_exactly(tmp_path: Path) -> None:
    history = _history()
    campaign = open_store(tmp_path).create_campaign("C")
    for _ in range(10):
        command = commands.parse("next", "ih-d10")
        assert command is not None
        history.execute(command, "next")
        campaign.save_scene(history.scene)
    loaded = campaign.load_scene("Fight")
    assert loaded.state == history.scene.state
    assert loaded.journal == history.scene.journal
    campaign.close()


def test_tail_json_is_the_plain_dump() -> None:
    documents = [{"a": 1, "b": "老王"}, {"c": [1, 2]}]
    joined = b"[" + b",".join(dump_json(d) for d in documents) + b"]"
    assert joined == dump_json(documents)
    assert json.loads(joined) == documents


def test_autosaves_through_undo_redo_and_a_new_branch_across_chunks_load_back(
    tmp_path: Path,
) -> None:
    """Issue 30: where the saved and the new journal part is found by bisection on identity
    (journals only grow at the end or are cut back): autosaves after commands, undos back
    into a sealed chunk, redos, and new commands after an undo (saved a few steps apart, so
    the new journal parts from the saved one before its end) each load back exactly."""
    from saves.scenefile import CHUNK

    history = _history()
    store = open_store(tmp_path)
    campaign = store.create_campaign("C")
    nxt = commands.parse("next", "ih-d10")
    assert nxt is not None
    steps = ["next"] * (CHUNK + 20) + ["undo"] * 40 + ["redo"] * 5 + ["next"] * 3
    steps += ["undo"] * 2 + ["next"] * (CHUNK + 2)
    for index, step in enumerate(steps):
        if step == "next":
            history.execute(nxt, "next")
        elif step == "undo":
            history.undo()
        else:
            history.redo()
        if index % 7 and index != len(steps) - 1:
            continue  # not saved after every step: the journal parts from the saved one inside
        campaign.save_scene(history.scene)
        if index % 5 == 0 or index == len(steps) - 1:
            with open_store(tmp_path).open_campaign("C", read_only=True) as other:
                loaded = other.load_scene("Fight")
            assert loaded.journal == history.scene.journal
            assert loaded.undone == history.scene.undone
            assert loaded.state == history.scene.state
    campaign.close()
