"""``spend 安 标准``: the kinds of action are read in Chinese too, as the budget pane names them
(RULES.md §3.6; Simplified and Traditional, with or without 动作), and anything else is still
the usage refusal."""

from __future__ import annotations

import pytest

from engine import commands
from engine.errors import RuleError
from engine.ih.encounter import ActionKind


@pytest.mark.parametrize(
    ("word", "kind"),
    [
        ("标准", ActionKind.STANDARD),
        ("標準", ActionKind.STANDARD),
        ("移动", ActionKind.MOVE),
        ("移動動作", ActionKind.MOVE),
        ("迅捷", ActionKind.SWIFT),
        ("反射", ActionKind.REFLEX),
        ("自由动作", ActionKind.FREE),
        ("整轮", ActionKind.FULL_ROUND),
        ("整輪", ActionKind.FULL_ROUND),
        ("一輪", ActionKind.ONE_ROUND),
        ("Standard", ActionKind.STANDARD),
        ("ｍｏｖｅ", ActionKind.MOVE),
    ],
)
def test_spend_reads_the_chinese_word_for_each_kind(word: str, kind: ActionKind) -> None:
    command = commands.parse(f"spend 安 {word}", "ih-d10")
    assert getattr(command, "kind", None) is kind and getattr(command, "name", "") == "安"


def test_another_word_is_still_refused_with_the_usage() -> None:
    with pytest.raises(RuleError):
        commands.parse("spend 安 攻击", "ih-d10")
