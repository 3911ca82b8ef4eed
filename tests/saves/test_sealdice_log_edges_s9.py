"""The SealDice log's edge cases, without node: an empty scene's place in time, and a message
line story-painter's editor would take for an item's header (its ``EditLogImporter`` regex)."""

from __future__ import annotations

import pytest
from sealdice_shape import check_shape

from engine import commands
from engine.session import Scene, execute, new_scene
from saves import LogLine, sealdice_log
from saves.sealdice_log import EDITOR_HEADER, WORD_JOINER, message_text


def _scene(name: str, lines: list[str], start: int | None) -> Scene:
    scene = new_scene(name, "ih-d10", 4)
    for index, line in enumerate(lines):
        command = commands.parse(line, "ih-d10")
        assert command is not None
        scene, _ = execute(scene, command, line, None if start is None else start + index)
    return scene


def _describe(scene: Scene, entry: object) -> list[LogLine]:
    return [LogLine(None, type(event).__name__) for event in entry.events]  # type: ignore[attr-defined]


def _heading(scene: Scene) -> str:
    return f"— {scene.name} —"


@pytest.mark.parametrize(
    ("empty_at", "expected"),
    [(1, 1_790_000_001), (0, 1_790_000_000), (2, 1_790_000_101)],
)
def test_an_empty_scene_s_heading_never_goes_back_in_time(empty_at: int, expected: int) -> None:
    timed = [
        _scene("仓库", ["add Ann init=3 pc", "add Bob init=2"], 1_790_000_000),
        _scene("病房", ["add Cid init=1", "add Dan init=1"], 1_790_000_100),
    ]
    scenes = [*timed[:empty_at], new_scene("空场景", "ih-d6", 1), *timed[empty_at:]]
    document = sealdice_log(scenes, _describe, "主持人", 1_800_000_000, heading=_heading)
    items = check_shape(document)
    times = [item["time"] for item in items]
    assert times == sorted(times)
    assert [item["time"] for item in items if item["message"] == "— 空场景 —"] == [expected]


def test_a_campaign_of_one_empty_scene_is_at_the_export_s_time() -> None:
    document = sealdice_log(
        [new_scene("空场景", "ih-d6", 1)],
        _describe,
        "ST",
        1_800_000_000,
        title="C",
        heading=_heading,
    )
    assert [item["time"] for item in check_shape(document)] == [1_800_000_000, 1_800_000_000]


@pytest.mark.parametrize(
    "line",
    [
        "老 王 的备注：钟停在 23:15:00",
        "KP(QQ:1) 2026/11/28 21:03:00",
        "见面 2026/1/2 3:04:05 #12",
        "Ann 9:9:99",
        "他说(笑) 23:15:00",  # read as the nickname 他说 with the id 笑
    ],
)
def test_a_line_that_looks_like_a_header_gets_a_word_joiner_before_its_time(line: str) -> None:
    assert EDITOR_HEADER.match(line)
    text = message_text(f"第一行\n{line}\r\n最后")
    first, middle, last = text.split("\n")
    assert (first, last) == ("第一行", "最后")
    assert EDITOR_HEADER.match(middle) is None
    assert middle.count(WORD_JOINER) == 1 and middle.replace(WORD_JOINER, "") == line


@pytest.mark.parametrize(
    "line",
    [
        "林晓 5a8 → {7,8*,3,5,1}+{4} = 1 成功（DC 2，失败）",
        "<低语> 23:15:00",  # a line starting with a bracket is no header
        "他(笑)了 23:15:00",
        "见面时间23:15:00",  # no blank before the time
        "23:15:00 见面",
        "凌晨 ３:００:００",  # full-width digits: not the editor's [0-9]
    ],
)
def test_other_lines_are_kept_as_written(line: str) -> None:
    assert message_text(line) == line
    assert message_text(line + "\r\n" + line) == line + "\n" + line
