"""An import replays a long journal in two processes when its export names states on the way
(issue 30 point 9, :mod:`saves.import_replay`): the result is always the one replaying the
whole journal in order gives, whatever the named states say and however the other process
ends, and a refusal names the same entry."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from saves_fixtures import build_ih, first_undo_applies

from engine.session import CHECKPOINT_EVERY
from saves import import_file, import_replay, journal_chunks, open_store, scenefile
from saves.errors import ImportRefused
from saves.exports import write_export

LONG = 1200
"""Entries of the scene: long enough to be cut in two once ``PARALLEL_FROM`` is lowered."""


@pytest.fixture(autouse=True)
def _short_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(journal_chunks, "PARALLEL_FROM", 256)
    monkeypatch.setattr(import_replay, "SENT_ALL_LAST", 256)
    monkeypatch.setattr(import_replay, "IMPORTED", (256, 128))  # an import's files, smaller
    monkeypatch.setattr(scenefile, "IMPORTED", (256, 128))


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Any]:
    scene = build_ih(8, LONG, seed=7)
    root = tmp_path_factory.mktemp("long")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(journal_chunks, "PARALLEL_FROM", 256)
        return _saved_and_exported(scene, root), scene


def _saved_and_exported(scene: Any, root: Path) -> Path:
    """``scene`` saved in campaign C of a new save folder in ``root``, and C's export."""
    store = open_store(root / "saves")
    with store.open_campaign("C", create=True) as campaign:
        campaign.create_scene(scene)
    path = root / "export.json"
    with path.open("w", encoding="utf-8") as out:
        write_export(store, "C", out.write)
    return path


class Spy:
    """What the two processes did: the other's answers, and whether it was stopped."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, fork: bool = True) -> None:
        self.answers: list[bool] = []
        self.cancelled = 0
        monkeypatch.setattr(import_replay, "may_fork", lambda: fork)
        answer, cancel = import_replay._Other.answer, import_replay._Other.cancel

        def spied_answer(other: Any, *args: Any) -> Any:
            found = answer(other, *args)
            self.answers.append(found is not None)
            return found

        def spied_cancel(other: Any) -> None:
            self.cancelled += 1
            cancel(other)

        monkeypatch.setattr(import_replay._Other, "answer", spied_answer)
        monkeypatch.setattr(import_replay._Other, "cancel", spied_cancel)


def _imported(path: Path, root: Path) -> Any:
    store = open_store(root)
    name, scenes = import_file(store, path)
    with store.open_campaign(name, read_only=True) as campaign:
        return campaign.load_scene(scenes[0])


def _edited(path: Path, tmp_path: Path, edit: Any) -> Path:
    document = json.loads(path.read_text(encoding="utf-8"))
    edit(document["scenes"][0])
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return edited


def test_an_export_of_a_long_scene_names_states_on_the_way(exported: tuple[Path, Any]) -> None:
    path, scene = exported
    named = json.loads(path.read_text(encoding="utf-8"))["scenes"][0]["checkpoints"]
    places = [mark[0] for mark in named]
    assert len(places) >= 2 and places == sorted(places)
    assert all(0 < at < len(scene.journal) for at in places)


def test_two_processes_import_what_one_does(
    exported: tuple[Path, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, scene = exported
    spy = Spy(monkeypatch)
    both = _imported(path, tmp_path / "both")
    assert spy.answers == [True] and spy.cancelled == 0  # the other process's part was used
    monkeypatch.setattr(import_replay, "may_fork", lambda: False)
    alone = _imported(path, tmp_path / "alone")
    assert spy.answers == [True]
    for imported in (both, alone):
        assert imported.state == scene.state and imported.state.rolls == scene.state.rolls
        assert imported.journal == scene.journal
        assert [e.events for e in imported.journal] == [e.events for e in scene.journal]
        history, applied = first_undo_applies(imported)  # from a checkpoint near the end
        assert applied <= CHECKPOINT_EVERY and history.scene.journal == scene.journal[:-1]


def _another_round(raw: dict[str, Any]) -> None:
    for mark in raw["checkpoints"]:
        mark[1]["round"] = mark[1]["round"] + 1  # a state no replay reaches there


def _no_rolls(raw: dict[str, Any]) -> None:
    for mark in raw["checkpoints"]:
        mark[2:] = []  # equal to the replayed state but for its rolls: none at all
        mark[1]["rolls"] = []


@pytest.mark.parametrize("forge", [_another_round, _no_rolls])
def test_a_named_state_that_is_not_the_replayed_one_is_not_used(
    forge: Any, exported: tuple[Path, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, scene = exported
    spy = Spy(monkeypatch)
    imported = _imported(_edited(path, tmp_path, forge), tmp_path / "saves")
    assert spy.answers == [] and spy.cancelled == 1  # replayed here instead
    assert imported.state == scene.state and imported.journal == scene.journal
    assert imported.state.rolls == scene.state.rolls


def test_when_the_other_process_fails_this_one_replays_its_part(
    exported: tuple[Path, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, scene = exported
    spy = Spy(monkeypatch)

    def fails(*_: Any) -> Any:
        raise MemoryError

    monkeypatch.setattr(import_replay, "_checked_part", fails)  # in the fork only
    imported = _imported(path, tmp_path / "saves")
    assert spy.answers == [False]
    assert imported.state == scene.state and imported.journal == scene.journal


def test_a_stuck_other_process_is_stopped_and_its_part_replayed_here(
    exported: tuple[Path, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, scene = exported
    spy = Spy(monkeypatch)
    monkeypatch.setattr(import_replay, "PATIENCE", 0.5)
    monkeypatch.setattr(import_replay, "_checked_part", lambda *_: time.sleep(3600))
    imported = _imported(path, tmp_path / "saves")
    assert spy.answers == [False] and spy.cancelled >= 1
    assert imported.state == scene.state and imported.journal == scene.journal


def _forged_event(raw: dict[str, Any], place: int) -> None:
    entry = next(e for e in raw["journal"][place:] if e["text"] == "next")
    entry["events"][0]["round"] = 99


@pytest.mark.parametrize("where", [0.2, 0.9])
def test_a_forged_event_is_refused_naming_the_same_entry(
    where: float, exported: tuple[Path, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, _ = exported
    edited = _edited(path, tmp_path, lambda raw: _forged_event(raw, int(LONG * where)))
    told = []
    for fork in (True, False):
        Spy(monkeypatch, fork)
        with pytest.raises(ImportRefused) as refused:
            import_file(open_store(tmp_path / f"saves-{fork}"), edited)
        told.append((refused.value.code, refused.value.params["entry"], str(refused.value)))
        assert not (tmp_path / f"saves-{fork}").exists() or not any(
            (tmp_path / f"saves-{fork}").rglob("scene-*.json")
        )
    assert told[0] == told[1] and told[0][0] == "saves.exports.events-differ"


def test_a_bad_command_later_is_named_before_a_forged_event_earlier(
    exported: tuple[Path, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, _ = exported

    def both(raw: dict[str, Any]) -> None:
        _forged_event(raw, 100)
        raw["journal"][LONG - 50]["text"] = "x" * 5000

    edited = _edited(path, tmp_path, both)
    told = []
    for fork in (True, False):
        Spy(monkeypatch, fork)
        with pytest.raises(ImportRefused) as refused:
            import_file(open_store(tmp_path / f"saves-{fork}"), edited)
        told.append((refused.value.code, str(refused.value)))
    assert told[0] == told[1] and told[0][0] == "saves.exports.line-too-long"


def test_an_export_of_a_scene_loaded_whole_names_states_too(
    exported: tuple[Path, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A scene whose files are not read as they are (its cast changed since, or a file edited
    by hand) is exported from the scene loaded whole: its states on the way are encoded then."""
    from saves.scenefile import SceneFile

    _, scene = exported
    monkeypatch.setattr(SceneFile, "export_parts", lambda self: None)
    path = _saved_and_exported(scene, tmp_path)
    named = json.loads(path.read_text(encoding="utf-8"))["scenes"][0]["checkpoints"]
    assert len(named) >= 2
    spy = Spy(monkeypatch)
    imported = _imported(path, tmp_path / "again")
    assert spy.answers == [True]
    assert imported.state == scene.state and imported.journal == scene.journal


def _chunk_names(root: Path) -> list[str]:
    return sorted(path.name for path in root.rglob("j*.json") if "backups" not in path.parts)


@pytest.mark.parametrize("waits", [True, False])
def test_the_documents_encoded_while_waiting_are_those_the_save_writes(
    waits: bool, exported: tuple[Path, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the other process replays, this one encodes the journal's documents for the save
    (as many as it can): the files are byte for byte those of encoding them at the save."""
    path, scene = exported
    spy = Spy(monkeypatch)
    done = []
    monkeypatch.setattr(import_replay._Other, "ready", lambda other: not waits)
    save = import_replay.replay

    def replay(*args: Any) -> Any:
        meanwhile = args[3]

        def counted() -> bool:
            done.append(1)
            return bool(meanwhile())

        return save(*args[:3], counted, *args[4:])

    import saves.imports

    monkeypatch.setattr(saves.imports, "replay", replay)
    imported = _imported(path, tmp_path / "saves")
    assert spy.answers == [True] and imported.journal == scene.journal
    assert (len(done) * 64 >= len(scene.journal)) if waits else not done
    monkeypatch.setattr(import_replay._Other, "ready", lambda other: True)
    _imported(path, tmp_path / "plain")
    assert _chunk_names(tmp_path / "saves") == _chunk_names(tmp_path / "plain")
    assert _chunk_names(tmp_path / "plain")


def test_a_long_mist_scene_is_replayed_in_two_processes_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from saves_fixtures import build_mist

    scene = build_mist(LONG, seed=3)
    path = _saved_and_exported(scene, tmp_path)
    spy = Spy(monkeypatch)
    imported = _imported(path, tmp_path / "again")
    assert spy.answers == [True]
    assert imported.state == scene.state and imported.journal == scene.journal


def test_a_chunk_sealed_from_its_entries_dumped_is_the_same_file(tmp_path: Path) -> None:
    from saves.documents import encode_entry

    scene = build_ih(4, 300, seed=2)
    documents = [encode_entry(entry) for entry in scene.journal[:256]]
    marks = [b'[128,{"a":1}]']
    whole = journal_chunks.seal_chunk(tmp_path / "a", "Fight", documents, 0, lambda n: marks)
    dumped = journal_chunks.dumped_entries(documents)
    again = journal_chunks.seal_chunk(tmp_path / "b", "Fight", dumped, 0, lambda n: marks)
    assert whole == again and whole.count == 256
    assert (tmp_path / "a" / whole.file).read_bytes() == (tmp_path / "b" / again.file).read_bytes()


def test_the_chunks_the_other_process_dumped_are_those_the_save_would_write(
    exported: tuple[Path, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from saves.scenefile import SceneFile

    path, scene = exported
    spy = Spy(monkeypatch)
    given: list[int] = []
    encoded = SceneFile.encoded

    def counted(self: Any, journal: Any, documents: Any, dumped: Any) -> None:
        given.append(len(dumped))
        encoded(self, journal, documents, dumped)

    monkeypatch.setattr(SceneFile, "encoded", counted)
    _imported(path, tmp_path / "dumped")
    assert given and given[0] >= 1  # the other process dumped some of its part's chunks
    monkeypatch.setattr(
        SceneFile,
        "encoded",
        lambda self, journal, documents, dumped: encoded(self, journal, [], {}),
    )
    _imported(path, tmp_path / "plain")
    assert spy.answers == [True, True]
    assert _chunk_names(tmp_path / "dumped") == _chunk_names(tmp_path / "plain")


def test_an_import_seals_bigger_files_that_load_and_grow(
    exported: tuple[Path, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An import's save seals 1,024 entries and 640 rolls a file (fewer files to create and to
    back up); the scene loads as it was, and later autosaves seal 256 and 64 again."""
    from saves_fixtures import scenes_after

    monkeypatch.setattr(scenefile, "IMPORTED", (4 * scenefile.CHUNK, 640))
    monkeypatch.setattr(import_replay, "IMPORTED", (4 * scenefile.CHUNK, 640))
    path, scene = exported
    Spy(monkeypatch)
    imported = _imported(path, tmp_path / "saves")
    assert imported.state == scene.state and imported.journal == scene.journal
    assert len(_chunk_names(tmp_path / "saves")) == len(scene.journal) // 1024
    store = open_store(tmp_path / "saves")
    with store.open_campaign("C") as campaign:  # as the console goes on from it
        *_, later = scenes_after(campaign.load_scene(imported.name), ["next"] * 300)
        campaign.save_scene(later)
    with store.open_campaign("C", read_only=True) as campaign:
        again = campaign.load_scene(later.name)
    assert again.state == later.state and again.journal == later.journal
    names = _chunk_names(tmp_path / "saves")
    assert len(names) == len(scene.journal) // 1024 + (len(later.journal) - 1024) // 256
