"""The words a command takes from a closed list, and the Chinese words read as them.

A Chinese table types a rule's word as the texts write it: ``theme Mei 浸染 …`` is a Taint
theme, ``mark Mei 影步 掌控`` a Mastery mark, ``phase 行动`` the Action phase, ``add 老王 玩家``
a player character, ``spend 安 标准`` a standard action (RULES.md §3.6, as the console's
budget pane names them). The Chinese words are RULES.md's (§4.1 theme table, §4.5 depths, §4.6
phases), Simplified and Traditional. A word is read after :func:`engine.fullwidth.ascii_forms`
and in any case (``PC``, ``Taint``).

A refusal names the list (``words.<list>.what``) and its words (``words.<list>.allowed``) as
label keys: the console says them in the table's language only ("主题类型可以是自我、浸染").
"""

from __future__ import annotations

from engine.errors import RuleError
from engine.fullwidth import ascii_forms

WORDS: dict[str, dict[str, tuple[str, ...]]] = {
    "theme-type": {"self": ("自我",), "taint": ("浸染",)},
    "track": {
        "mastery": ("掌控",),
        "progress": ("进展", "進展"),
        "indulgence": ("沉溺",),
        "abandon": ("放弃", "放棄"),
    },
    "depth": {"submerge": ("浸没", "浸沒"), "dive": ("深潜", "深潛"), "sink": ("沉陷",)},
    "phase": {
        "establish": ("确立", "確立"),
        "action": ("行动", "行動"),
        "consequence": ("后果", "後果"),
        "next": ("下一阶段", "下一階段"),
    },
    "side": {"pc": ("玩家", "玩家角色"), "npc": ("非玩家", "非玩家角色")},
    "ih-action": {
        "free": ("自由", "自由动作", "自由動作"),
        "swift": ("迅捷", "迅捷动作", "迅捷動作"),
        "reflex": ("反射", "反射动作", "反射動作"),
        "move": ("移动", "移動", "移动动作", "移動動作"),
        "standard": ("标准", "標準", "标准动作", "標準動作"),
        "full-round": ("整轮", "整輪", "整轮动作", "整輪動作"),
        "one-round": ("一轮", "一輪"),
    },
    "tag-scope": {"scene": ("场景", "場景"), "challenge": ("挑战", "挑戰"), "character": ("角色",)},
    "turn": {"down": ("倒地",)},
    "ih-word": {
        "next-round": ("下一轮", "下一輪"),
        "after": ("之后", "之後"),
        "end": ("结束", "結束"),
    },
    "effect": {
        "status": (),
        "reduce": (),
        "tag": (),
        "untag": (),
        "clue": (),
        "feat": (),
    },
    "retirement": {"sleep": (), "calm": ()},
    "casefile": {"open": (), "close": ()},
}
"""Each list: its words, each with the Chinese words read as it."""


def read_word(value: str, words: str) -> str | None:
    """The word of the list ``words`` that ``value`` is (English or Chinese), else ``None``."""
    key = ascii_forms(value).strip().lower()
    for word, chinese in WORDS[words].items():
        if key == word or key in chinese:
            return word
    return None


def word(value: str, words: str) -> str:
    """The word of the list ``words`` that ``value`` is, or a refusal naming the list's words.

    Raises:
        RuleError: ``value`` is none of them.
    """
    found = read_word(value, words)
    if found is None:
        raise RuleError(
            "mist.language.refused",
            what_key=f"words.{words}.what",
            allowed_key=f"words.{words}.allowed",
            value=value,
        )
    return found
