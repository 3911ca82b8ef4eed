"""Issue 30 points 3 and 5, re-checked by a hostile tester: what still got through.

An import whose scene says ``mist`` but holds a fight, whose journal holds a 1 MB line, or whose
command and state were edited alike (``health=10**9`` replays to the state the file gives) was
imported; a sealed scene file hand-edited with its checksum recomputed loaded with health 10**9
or a negative round, and its range refusal was English at a Chinese table. Each is now refused
by name, in the table's language, and the save directory is left byte for byte as it was."""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from saved_campaigns import base_campaign, in_process
from saves_fixtures import save_dir_listing

from saves import export_document, open_store
from saves.storage import dump_json, split_checksum, with_checksum


@pytest.fixture
def exported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Campaign Base (scene Fight: Ann, Bob, Cat, begun) in ``tmp_path/s``, and its export."""
    base_campaign(tmp_path / "s", monkeypatch)
    return export_document(open_store(tmp_path / "s"), "Base")


def _add_ann(document: dict[str, Any]) -> dict[str, Any]:
    journal = document["scenes"][0]["journal"]
    entry: dict[str, Any] = next(e for e in journal if e["text"].startswith("add Ann"))
    return entry


def _mist_label(document: dict[str, Any]) -> None:
    document["scenes"][0]["system"] = "mist"


def _long_line(document: dict[str, Any]) -> None:
    _add_ann(document)["text"] = "add Ann init=15 health=7 " + "x" * 1_000_000


def _health_everywhere(document: dict[str, Any]) -> None:
    """Ann's health 50,000 (no command carries more than 9,999) in her add command and in the
    state: the journal replays to it."""
    _add_ann(document)["command"]["entry"]["health"] = 50_000
    scene = document["scenes"][0]
    for combatant in scene["state"]["order"]:
        if combatant["name"] == "Ann":
            combatant["health"] = combatant["health_max"] = 50_000


def _undone_out_of_range(document: dict[str, Any]) -> None:
    undone = copy.deepcopy(_add_ann(document))
    undone["command"]["entry"]["name"] = "Dan"
    undone["command"]["entry"]["initiative"] = 10**9
    undone["text"] = "add Dan init=1000000000"
    document["scenes"][0]["undone"] = [undone]


@pytest.mark.parametrize(
    ("edit", "lang", "words"),
    [
        (_mist_label, "zh", " (scene 1)：其状态不是 mist 场景的状态"),
        (_mist_label, "en", "(scene 1): its state is not a mist scene's"),
        (_long_line, "zh-Hant", "（第 1 個場景）：第 1 條指令長 1000025 個字元；一行指令最多 4000"),
        (_long_line, "en", "(scene 1): command 1 is 1000025 characters long"),
        (_health_everywhere, "zh", "（第 1 个场景）：第 1 条命令被拒绝（"),
        (_undone_out_of_range, "en", "(scene 1): command 5 is refused (initiative=1000000000"),
    ],
)
def test_a_hostile_import_is_refused_by_name_and_the_save_dir_is_untouched(
    tmp_path: Path,
    exported: dict[str, Any],
    edit: Callable[[dict[str, Any]], None],
    lang: str,
    words: str,
) -> None:
    edit(exported)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(exported), encoding="utf-8")
    before = save_dir_listing(tmp_path / "s")
    done = in_process(["import", str(bad), "--save-dir", str(tmp_path / "s"), "--lang", lang])
    assert done.returncode == 1
    assert done.stderr.startswith(f"st-console: {bad}") and words in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert save_dir_listing(tmp_path / "s") == before


def test_the_unedited_export_still_imports(tmp_path: Path, exported: dict[str, Any]) -> None:
    """The checks above refuse the edits, not the export they were made on."""
    good = tmp_path / "good.json"
    good.write_text(json.dumps(exported), encoding="utf-8")
    done = in_process(["import", str(good), "--save-dir", str(tmp_path / "other")])
    assert done.returncode == 0, done.stderr


def _ann(header: dict[str, Any]) -> dict[str, Any]:
    found: dict[str, Any] = next(c for c in header["state"]["order"] if c["name"] == "Ann")
    return found


@pytest.mark.parametrize(
    ("edit", "what"),
    [
        (lambda h: _ann(h).update(health=10**9), "state.order[0].health"),
        (lambda h: _ann(h).update(willpower=-3), "state.order[0].willpower"),
        (lambda h: _ann(h).update(turns_taken=-1), "state.order[0].turns_taken"),
        (lambda h: h["state"].update(round=-1), "state.round"),
        (lambda h: h.update(draws=10**100), "draws"),
    ],
)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_sealed_hand_edit_out_of_range_is_refused_on_load_by_name(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    edit: Callable[[dict[str, Any]], None],
    what: str,
    lang: str,
) -> None:
    directory = base_campaign(tmp_path, monkeypatch)
    scene_file = directory / "scenes" / "scene-0001.json"
    document, ok = split_checksum(json.loads(scene_file.read_bytes()))
    assert ok is True
    edit(document["scene"]["1"])
    scene_file.write_bytes(with_checksum(dump_json(document)))
    before = save_dir_listing(tmp_path)
    done = in_process(["show", "Base/Fight", "--save-dir", str(tmp_path), "--lang", lang])
    assert done.returncode == 1
    said = {
        "en": f"{scene_file}: {what} is out of range (changed outside ST Console?)",
        "zh": f"{scene_file}：{what} 超出范围（在 ST Console 之外被修改过？）",
    }[lang]
    assert said in done.stderr, done.stderr
    assert save_dir_listing(tmp_path) == before


def test_a_sealed_scene_whose_state_is_of_another_system_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    directory = base_campaign(tmp_path, monkeypatch)
    scene_file = directory / "scenes" / "scene-0001.json"
    document, _ = split_checksum(json.loads(scene_file.read_bytes()))
    document["scene"]["1"]["system"] = "ih-d6"  # an ih-d10 fight said to be ih-d6
    scene_file.write_bytes(with_checksum(dump_json(document)))
    done = in_process(["show", "Base/Fight", "--save-dir", str(tmp_path), "--lang", "zh-Hant"])
    assert done.returncode == 1
    assert f"{scene_file}：其狀態不是 ih-d6 場景的狀態" in done.stderr, done.stderr
    assert os.path.getsize(scene_file) > 0


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_profiles_import_refused_for_a_clash_writes_nothing_and_names_the_file(
    tmp_path: Path, lang: str
) -> None:
    """A profiles file whose profile the campaign has already (no ``--overwrite``) was refused
    after the campaign was opened to write: a backup was taken (backups keep 10), and the
    Chinese refusal did not name the file."""
    script = tmp_path / "case.txt"
    script.write_text('scene new "Case" mist\nprofile Hound limits=harmed:3\n', encoding="utf-8")
    saves = str(tmp_path / "s")
    assert in_process(["run", str(script), "--campaign", "C", "--save-dir", saves]).returncode == 0
    shared = tmp_path / "hounds.json"
    argv = ["export", "C", "--profiles", "-o", str(shared), "--save-dir", saves]
    assert in_process(argv).returncode == 0
    before = save_dir_listing(tmp_path / "s")
    done = in_process(["import", str(shared), "--save-dir", saves, "--lang", lang])
    assert done.returncode == 1
    said = {"en": ": C has profiles named Hound already", "zh": "：战役 C 已有同名模板 Hound"}[lang]
    assert done.stderr.startswith(f"st-console: {shared}{said}"), done.stderr
    assert save_dir_listing(tmp_path / "s") == before
    argv = ["import", str(shared), "--overwrite", "--save-dir", saves]
    assert in_process(argv).returncode == 0


@pytest.mark.parametrize("made", [True, False], ids=["empty-folder", "no-folder"])
def test_a_refused_import_into_a_new_save_dir_leaves_it_as_it_was(
    tmp_path: Path, exported: dict[str, Any], made: bool
) -> None:
    """Not even a ``campaigns`` folder: the store is made when the import first writes."""
    _mist_label(exported)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(exported), encoding="utf-8")
    fresh = tmp_path / "fresh"
    if made:
        fresh.mkdir()
    before = save_dir_listing(tmp_path / "fresh") if made else None
    done = in_process(["import", str(bad), "--save-dir", str(fresh), "--lang", "zh"])
    assert done.returncode == 1 and done.stderr.startswith(f"st-console: {bad}")
    assert (save_dir_listing(fresh) if made else fresh.exists()) == (before if made else False)
    good = tmp_path / "good.json"
    fixed = copy.deepcopy(exported)
    fixed["scenes"][0]["system"] = "ih-d10"
    good.write_text(json.dumps(fixed), encoding="utf-8")
    assert in_process(["import", str(good), "--save-dir", str(fresh)]).returncode == 0
    assert (fresh / "campaigns" / "base").is_dir()


def test_path_like_names_are_labels_and_nothing_is_written_outside_the_save_dir(
    tmp_path: Path, exported: dict[str, Any]
) -> None:
    """``../x`` is a name like any other (names may hold a slash: test_hostile_files.py): the
    campaign's folder is a slug of it inside ``campaigns/``, and nothing lands elsewhere."""
    exported["campaign"]["name"] = "../../etc"
    exported["scenes"][0]["name"] = "../x"
    path = tmp_path / "io" / "paths.json"
    path.parent.mkdir()
    path.write_text(json.dumps(exported), encoding="utf-8")
    outside = save_dir_listing(tmp_path / "io")
    done = in_process(["import", str(path), "--save-dir", str(tmp_path / "s")])
    assert done.returncode == 0, done.stderr
    assert save_dir_listing(tmp_path / "io") == outside
    assert sorted(p.name for p in tmp_path.iterdir()) == ["io", "s"]
    assert (tmp_path / "s" / "campaigns" / "etc" / "campaign.json").is_file()
    listed = in_process(["saves", "--save-dir", str(tmp_path / "s")]).stdout
    assert "../../etc\n" in listed and "  ../x  [ih-d10]" in listed, listed
