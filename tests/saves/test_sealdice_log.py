"""The SealDice log's shape (issue 28): what story-painter's importer needs, pinned without node.

story-painter (../shared/tools/story-painter/README.md) needs a JSON object whose ``items`` is a
non-empty list, whose first item has ``isDice`` and ``message``, every item a string ``message``
and ``nickname``; ``time`` in Unix seconds; no ``(`` or ``<`` in a nickname (its editor writes
``name(id)`` and reads it back).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from sealdice_shape import check_shape

from engine import commands
from engine.session import Scene, execute, execute_text, new_scene
from saves import LogLine, load_scenes, open_store, sealdice_log
from saves.sealdice_log import entry_times, nickname, user_id

FIXTURES = Path(__file__).parent / "fixtures"

SCRIPT = [
    "add Ann init=12 pc",
    'add "Old Wang (NPC)" init=9',
    "add <Obi> init=5",
    "begin",
    "ww 5a8 by=Ann --dc 2",
    'roll ih-d10 3 by="Old Wang (NPC)"',
    "roll ih-d10 3 by=<Obi> hidden",
    "next",
]


def _scene(start: int | None) -> Scene:
    scene = new_scene("Warehouse", "ih-d10", 4)
    for index, line in enumerate(SCRIPT):
        command_time = None if start is None else start + 10 * index
        command = commands.parse(line, "ih-d10")
        assert command is not None
        scene, _ = execute(scene, command, line, command_time)
    return scene


def _describe(scene: Scene, entry: object) -> list[LogLine]:
    """Words without the console: a roll's line under its roller, the rest the ST's."""
    lines = []
    for event in entry.events:  # type: ignore[attr-defined]
        command = getattr(event, "command", None)
        if command is not None and getattr(command, "hidden", False):
            continue
        if command is not None:
            lines.append(LogLine(command.by, f"{command.by} rolled", True))
        else:
            lines.append(LogLine(None, type(event).__name__))
    return lines


def test_the_log_has_story_painters_shape() -> None:
    scene = _scene(1_790_000_000)
    document = sealdice_log([scene], _describe, "主持人", 1_800_000_000, title="Night shift")
    items = check_shape(document)
    assert items[0]["message"] == "Night shift" and items[0]["nickname"] == "主持人"
    dice = [item for item in items if item["isDice"]]
    assert [item["nickname"] for item in dice] == ["Ann", "Old Wang （NPC）"]
    assert [item["time"] for item in dice] == [1_790_000_040, 1_790_000_050]
    assert all(item["role"] == "角色" for item in dice)
    assert "<Obi>" not in str(items)  # the hidden roll is not in the log


def test_one_item_an_event_in_order() -> None:
    scene = _scene(1_790_000_000)
    document = sealdice_log([scene], _describe, "ST", 0)
    expected = [line for entry in scene.journal for line in _describe(scene, entry)]
    items = check_shape(document)
    assert [item["message"] for item in items] == [line.message for line in expected]


def test_nicknames_lose_what_story_painter_misreads() -> None:
    assert nickname("Old Wang (NPC)", "ST") == "Old Wang （NPC）"
    assert nickname("<b>", "ST") == "＜b＞"
    assert nickname(None, "主持人") == "主持人"
    assert nickname("  ", "KP") == "KP"
    assert nickname(None, " ") == "?"
    assert user_id("Ann") == user_id("ann") != user_id("Bob")


def test_times_of_a_journal_that_kept_none() -> None:
    untimed = _scene(None)
    assert all(entry.time is None for entry in untimed.journal)
    times = entry_times(untimed, 1_800_000_000)
    assert times == sorted(times) and times[-1] == 1_800_000_000
    assert len(set(times)) == len(times)


def test_a_save_of_the_previous_version_opens_and_exports(tmp_path: Path) -> None:
    """A save from before the journal kept times (schema 3, no ``time`` on an entry)."""
    root = tmp_path / "saves"
    shutil.copytree(FIXTURES / "untimed_v3", root)
    store = open_store(root)
    name, scenes = load_scenes(store, "NightShift")
    assert name == "NightShift" and [s.name for s in scenes] == ["仓库", "病房"]
    assert all(entry.time is None for scene in scenes for entry in scene.journal)
    items = check_shape(sealdice_log(scenes, _describe, "主持人", 1_800_000_000, title=name))
    assert len(items) == 1 + sum(len(_describe(s, e)) for s in scenes for e in s.journal)
    times = [item["time"] for item in items]
    assert times == sorted(times) and times[-1] == 1_800_000_000  # the scenes in their order


def test_a_time_is_kept_through_save_and_load(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    scene = _scene(1_790_000_000)
    with store.open_campaign("C", create=True) as campaign:
        campaign.save_scene(scene)
    with store.open_campaign("C", read_only=True) as campaign:
        loaded = campaign.load_scene("Warehouse")
    assert [e.time for e in loaded.journal] == [e.time for e in scene.journal]
    assert loaded.journal[-1].time == 1_790_000_070


def test_execute_text_keeps_no_time() -> None:
    scene, _ = execute_text(new_scene("S", "ih-d10", 1), "roll ih-d10 2")
    assert scene.journal[-1].time is None
