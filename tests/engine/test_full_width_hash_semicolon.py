"""An input method's ``＃``, ``；`` and ``～`` typed bare in a text are kept as typed: ``＃`` read
as ``#`` started a comment and cut the rest of the line away (``note 梅 房间＃3有血迹`` noted
房间), and ``；`` / ``～`` became ASCII in a Chinese text. A comment is still an ASCII ``#``."""

from __future__ import annotations

import pytest

from engine import session
from engine.fullwidth import fold_line
from engine.mist.state import MistState


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        ("note 梅 房间＃3有血迹", "note 梅 房间＃3有血迹"),
        ("threat 灯灭了；门开了", "threat 灯灭了；门开了"),
        ("note 梅 等等～", "note 梅 等等～"),
        ("status 梅 受伤 ２", "status 梅 受伤 2"),
    ],
)
def test_kept_as_typed(typed: str, kept: str) -> None:
    assert fold_line(typed) == kept


def test_the_whole_text_is_noted_and_an_ascii_hash_is_a_comment() -> None:
    scene = session.new_scene("S", "mist", 3)
    for line in ("pc 梅", "note 梅 房间＃3有血迹", "threat 灯灭了；门开了", "note 梅 快跑 # 不记"):
        scene, _ = session.execute_text(scene, line)
    state = scene.state
    assert isinstance(state, MistState)
    assert state.characters[0].notes == ("房间＃3有血迹", "快跑")
    assert [t.text for t in state.threats] == ["灯灭了；门开了"]
