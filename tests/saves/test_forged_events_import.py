"""Issue 30 point 3, hostile imports: an export edited to carry forged events (``damage Ann 1``
whose events say Ann took 9 and fell unconscious) imported, and the log, report, timeline and
players' view showed what never happened. Each entry's events are now what replaying its
command makes, refused by scene and entry otherwise; every legitimate export (a scene's start
holding the campaign's roster, a split party's halves, M.I.S.T., the demo, old saves) still
imports with its journal unchanged."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from saved_campaigns import in_process
from saves_fixtures import save_dir_listing

from console.demo import install_demo
from saves import export_document, open_store

FIXTURES = Path(__file__).parent / "fixtures"

BASEMENT = """scene new "Basement" ih-d10
sheet Ann pc dexterity=3 composure=3 resolve=2 stamina=2
sheet Bob pc dexterity=2 composure=2 resolve=2 stamina=3
add Ann from=Ann init=10
damage Ann 2
"""

ATTIC = """scene new "Attic" ih-d10 split
add Ann from=Ann init=8
add Bob from=Bob init=4
damage Bob 1
damage Ann 1
"""

MIST = """scene new "Case" mist
profile Hound limits=harmed:3
"""


def _run(root: Path, script: str) -> None:
    done = in_process(["run", "-", "--campaign", "C", "--save-dir", str(root)], script)
    assert done.returncode == 0, done.stderr


def _split_party(root: Path) -> str:
    """Two halves played in turn, each moving the other's start (issue 25)."""
    _run(root, BASEMENT)
    _run(root, ATTIC)
    _run(root, 'scene open "Basement"\ndamage Ann 1\nsheet Carl npc\n')
    _run(root, 'scene open "Attic"\ndamage Ann 1\nheal Bob 1\n')
    _run(root, 'scene open "Basement"\ndamage Ann 1\n')
    return "C"


def _sheets_then_second_scene(root: Path) -> str:
    _run(root, BASEMENT)
    _run(root, 'scene new "Hall" ih-d10\nsheet Ann wits=3\nsheet Zed npc\nadd Zed from=Zed\n')
    return "C"


def _unconscious_in_one_half(root: Path) -> str:
    """Ann falls unconscious in the Attic; the Basement heals her since: replayed on the start
    the Basement moved, the Attic's damage leaves her conscious, as the record does not."""
    sheet = "sheet Ann pc dexterity=3 composure=3 resolve=2 stamina=2\n"
    _run(root, f'scene new "Basement" ih-d10\n{sheet}add Ann from=Ann init=10\ndamage Ann 5\n')
    _run(root, 'scene new "Attic" ih-d10 split\nadd Ann from=Ann init=8\ndamage Ann 2\n')
    _run(root, 'scene open "Basement"\nheal Ann 5\n')
    return "C"


def _mist(root: Path) -> str:
    _run(root, MIST)
    _run(root, 'scene new "Chase" mist\n')
    return "C"


def _mist_split_party(root: Path) -> str:
    """Mei hurt in both halves in turn: replayed on the start the other half moved, each take's
    boxes and tier are not the ones recorded."""
    detective = 'theme Mei self "Detective" power="sharp eyes,notebook" weakness="stubborn"'
    _run(root, f'scene new "Office" mist\npc Mei\n{detective}\n')
    _run(root, 'scene new "Alley" mist\nstatus Mei hurt 2\n')
    _run(root, 'scene new "Dock" mist split\nstatus Mei hurt 3\n')
    _run(root, 'scene open "Alley"\nstatus Mei hurt 2\nstatus Mei hurt 1\n')
    _run(root, 'scene open "Dock"\nstatus Mei hurt 1\n')
    _run(root, 'scene open "Alley"\nstatus Mei hurt 1\n')
    return "C"


def _demo(root: Path) -> str:
    return install_demo(open_store(root))[0]


def _old_campaign(root: Path) -> str:
    (root / "campaigns").mkdir(parents=True)
    shutil.copytree(FIXTURES / "campaign_before_cast", root / "campaigns" / "old")
    return "Old"


def _v1_campaign(root: Path) -> str:
    (root / "campaigns").mkdir(parents=True)
    shutil.copy(FIXTURES / "campaign_v1.json", root / "campaigns" / "old-campaign.json")
    return "Old Campaign"


def _untimed_v3(root: Path) -> str:
    shutil.copytree(FIXTURES / "untimed_v3", root, dirs_exist_ok=True)
    return "NightShift"


def _journals(document: dict[str, Any]) -> list[list[Any]]:
    return [scene["journal"] for scene in document["scenes"]]


@pytest.mark.parametrize(
    "make",
    [
        _split_party,
        _unconscious_in_one_half,
        _sheets_then_second_scene,
        _mist,
        _mist_split_party,
        _demo,
        _old_campaign,
        _v1_campaign,
        _untimed_v3,
    ],
)
def test_a_legitimate_export_imports_with_its_journal_unchanged(
    tmp_path: Path, make: Callable[[Path], str]
) -> None:
    name = make(tmp_path / "s")
    exported = export_document(open_store(tmp_path / "s"), name)
    assert any(_journals(exported))
    good = tmp_path / "good.json"
    good.write_text(json.dumps(exported), encoding="utf-8")
    done = in_process(["import", str(good), "--save-dir", str(tmp_path / "other")])
    assert done.returncode == 0, done.stderr
    imported = export_document(open_store(tmp_path / "other"), exported["campaign"]["name"])
    assert _journals(imported) == _journals(exported)


def _entry(document: dict[str, Any], scene: str, text: str) -> dict[str, Any]:
    found = next(s for s in document["scenes"] if s["name"] == scene)
    entry: dict[str, Any] = next(e for e in found["journal"] if e["text"] == text)
    return entry


def _took_nine(document: dict[str, Any]) -> None:
    """``damage Bob 1`` said to have taken 9 (the start carries no condition for Bob)."""
    _entry(document, "Attic", "damage Bob 1")["events"][0]["amount"] = 9


def _fell_unconscious(document: dict[str, Any]) -> None:
    """Bob said to fall unconscious when Ann is damaged (in a split party, whether the one hit
    falls depends on where the other half left her: only that one may differ)."""
    event = {"__type__": "engine.ih.events.Unconscious", "name": "Bob", "reason": "health"}
    _entry(document, "Attic", "damage Ann 1")["events"].append(event)


def _no_events(document: dict[str, Any]) -> None:
    _entry(document, "Basement", "damage Ann 2")["events"] = []


def _other_name(document: dict[str, Any]) -> None:
    """The damage said to be Bob's (a condition number may differ in a split party, a name not)."""
    _entry(document, "Attic", "damage Ann 1")["events"][0]["name"] = "Bob"


def _created_not_held(document: dict[str, Any]) -> None:
    """``heal Bob 1`` said to have made a sheet."""
    entry = _entry(document, "Attic", "heal Bob 1")
    entry["events"] = [
        {"__type__": "engine.ih.sheet_events.SheetSaved", "name": "Dan", "created": True}
    ]


@pytest.mark.parametrize(
    ("edit", "lang", "words"),
    [
        (_took_nine, "en", "(scene 2): the events of journal entry 3 are not what its command"),
        (_took_nine, "zh", "（第 2 个场景）：日志第 3 条的事件与其命令重放的结果不符"),
        (_fell_unconscious, "zh-Hant", "（第 2 個場景）：日誌第 4 條的事件與其指令重放的結果不符"),
        (_no_events, "en", "(scene 1): the events of journal entry 4 are not"),
        (_other_name, "en", "(scene 2): the events of journal entry 4 are not"),
        (_created_not_held, "en", "(scene 2): the events of journal entry 6 are not"),
    ],
)
def test_forged_events_are_refused_by_name_and_the_save_dir_is_untouched(
    tmp_path: Path,
    edit: Callable[[dict[str, Any]], None],
    lang: str,
    words: str,
) -> None:
    _split_party(tmp_path / "s")
    exported = export_document(open_store(tmp_path / "s"), "C")
    edit(exported)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(exported), encoding="utf-8")
    before = save_dir_listing(tmp_path / "s")
    done = in_process(["import", str(bad), "--save-dir", str(tmp_path / "s"), "--lang", lang])
    assert done.returncode == 1
    assert done.stderr.startswith(f"st-console: {bad}") and words in done.stderr, done.stderr
    assert "Traceback" not in done.stderr
    assert save_dir_listing(tmp_path / "s") == before


@pytest.mark.parametrize("forged", ["health", "fall"])
def test_a_forged_condition_is_refused_where_the_start_carries_none(
    tmp_path: Path, forged: str
) -> None:
    """What a carried condition may change holds only in a scene starting from one: a fresh
    scene's ``damage`` must say the health it replays to, and no fall it does not make."""
    _run(tmp_path / "s", 'scene new "Fresh" ih-d10\nadd Zed init=3 health=7\ndamage Zed 2\n')
    exported = export_document(open_store(tmp_path / "s"), "C")
    event = _entry(exported, "Fresh", "damage Zed 2")["events"][0]
    assert event["health"] == 5
    if forged == "health":
        event["health"] = 1
    else:
        fell = {"__type__": "engine.ih.events.Unconscious", "name": "Zed", "reason": "health"}
        _entry(exported, "Fresh", "damage Zed 2")["events"].append(fell)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(exported), encoding="utf-8")
    before = save_dir_listing(tmp_path / "s")
    done = in_process(["import", str(bad), "--save-dir", str(tmp_path / "s")])
    assert done.returncode == 1
    assert "(scene 1): the events of journal entry 2 are not" in done.stderr, done.stderr
    assert save_dir_listing(tmp_path / "s") == before


@pytest.mark.parametrize(
    ("scene", "edit"),
    [
        ("Dock", lambda event: event.update(asked=5)),
        ("Dock", lambda event: event.update(target="Ann")),
        ("Office", lambda event: event.update(tier=6)),
    ],
    ids=["asked", "target", "fresh-start-tier"],
)
def test_a_forged_mist_status_is_refused(
    tmp_path: Path, scene: str, edit: Callable[[dict[str, Any]], None]
) -> None:
    """Only where a status ended up may differ in a M.I.S.T. split party, and only in a scene
    starting with characters: how much was asked, and whom, never."""
    if scene == "Office":  # the campaign's first scene: it starts with no character
        _run(tmp_path / "s", 'scene new "Office" mist\npc Mei\nstatus Mei sick 2\n')
    else:
        _mist_split_party(tmp_path / "s")
    exported = export_document(open_store(tmp_path / "s"), "C")
    found = next(s for s in exported["scenes"] if s["name"] == scene)
    entry = next(e for e in found["journal"] if e["text"].startswith("status Mei"))
    edit(entry["events"][0])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(exported), encoding="utf-8")
    before = save_dir_listing(tmp_path / "s")
    done = in_process(["import", str(bad), "--save-dir", str(tmp_path / "s")])
    assert done.returncode == 1
    assert "the events of journal entry" in done.stderr, done.stderr
    assert save_dir_listing(tmp_path / "s") == before
