"""Issue 27 §2: a Chinese table types with an input method — full-width punctuation, digits and
letters, curly quotes, Chinese rule words. Each line below reads as the same command as its
ASCII, English twin; other scripts' digits are still refused (the refusals' words:
tests/console/test_chinese_words.py)."""

from __future__ import annotations

import pytest

from engine import commands
from engine.errors import RuleError
from engine.fullwidth import ascii_forms, fold_line, split_list
from engine.language import parse_int

SAME_COMMAND = [
    # (system, as a Chinese input method types it, the ASCII / English line)
    ("mist", "challenge 猎犬 limits=伤害：4，说服：3", "challenge 猎犬 limits=伤害:4,说服:3"),
    (
        "mist",
        "challenge 猎犬 limits＝伤害：４，说服：immune",
        "challenge 猎犬 limits=伤害:4,说服:immune",
    ),
    ("mist", 'challenge 猎犬 limits="伤害：4，说服：3"', "challenge 猎犬 limits=伤害:4,说服:3"),
    (
        "mist",
        "theme Mei 浸染 “影步” power=“穿墙，冷触” weakness=怕光",
        'theme Mei taint "影步" power="穿墙,冷触" weakness=怕光',
    ),
    ("mist", "theme Mei 自我 “夜班护士”", 'theme Mei self "夜班护士"'),
    ("mist", "theme　Mei　ＳＥＬＦ　‘夜班护士’", "theme Mei self '夜班护士'"),
    ("mist", "mark Mei 影步 掌控", "mark Mei 影步 mastery"),
    ("mist", "mark Mei 影步 沉溺 ２", "mark Mei 影步 indulgence 2"),
    ("mist", "mark Mei 夜班护士 进展", "mark Mei 夜班护士 progress"),
    ("mist", "mark Mei 夜班护士 進展", "mark Mei 夜班护士 progress"),
    ("mist", "mark Mei 夜班护士 放弃", "mark Mei 夜班护士 abandon"),
    ("mist", "mark Mei 夜班护士 放棄", "mark Mei 夜班护士 abandon"),
    ("mist", "immerse Mei 影步 浸没", "immerse Mei 影步 submerge"),
    ("mist", "immerse Mei 影步 浸沒", "immerse Mei 影步 submerge"),
    ("mist", "immerse Mei 影步 深潜", "immerse Mei 影步 dive"),
    ("mist", "immerse Mei 影步 深潛", "immerse Mei 影步 dive"),
    ("mist", "immerse Mei 影步 沉陷", "immerse Mei 影步 sink"),
    ("mist", "phase 确立", "phase establish"),
    ("mist", "phase 行动", "phase action"),
    ("mist", "phase 行動", "phase action"),
    ("mist", "phase 后果", "phase consequence"),
    ("mist", "phase 後果", "phase consequence"),
    ("mist", "status Mei 受伤 ３", "status Mei 受伤 3"),
    ("ih-d10", "add 老王 init=１２", "add 老王 init=12"),
    ("ih-d10", "add 老王 init＝１２ 玩家", "add 老王 init=12 pc"),
    ("ih-d10", "add 老王 init=12 PC", "add 老王 init=12 pc"),
    ("ih-d10", "add 老王 init=12 NPC", "add 老王 init=12 npc"),
    ("ih-d10", "add 老王 init=12 非玩家", "add 老王 init=12 npc"),
    ("ih-d10", "add “老 王” init=１２ dex=３ com=２", 'add "老 王" init=12 dex=3 com=2'),
    ("ih-d10", "damage 老王 ４", "damage 老王 4"),
    ("ih-d10", "willpower 老王 －１", "willpower 老王 -1"),
    ("ih-d10", "attack 老王 Ann，Bob dp=５", "attack 老王 Ann,Bob dp=5"),
    ("ih-d10", "attack 老王 Ann dp=5 defend=Ann：1", "attack 老王 Ann dp=5 defend=Ann:1"),
]


@pytest.mark.parametrize(("system", "typed", "ascii"), SAME_COMMAND)
def test_a_full_width_or_chinese_line_is_its_ascii_twin(
    system: str, typed: str, ascii: str
) -> None:
    assert commands.parse(typed, system) == commands.parse(ascii, system)


def test_text_inside_quotes_keeps_its_chinese_punctuation() -> None:
    command = commands.parse("threat “谁开的门？” challenge=猎犬", "mist")
    assert command == commands.parse('threat "谁开的门？" challenge=猎犬', "mist")
    assert "谁开的门？" in repr(command)


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("１２", "12"),
        ("＋３", "+3"),
        ("：，；（）＝", ":,;()="),
        ("ＡＢｃ", "ABc"),
        ("a　b", "a b"),
        ("٣ ३ ² ① ﹐", "٣ ३ ² ① ﹐"),  # other scripts' digits, superscripts, small forms
    ],
)
def test_only_the_full_width_block_is_folded(text: str, folded: str) -> None:
    assert ascii_forms(text) == folded


@pytest.mark.parametrize(
    ("line", "folded"),
    [
        ("note Ann “他说‘跑’”", 'note Ann "他说‘跑’"'),
        ("note O’Brien ok", "note O’Brien ok"),
        ('note Ann "１２：x"', 'note Ann "１２：x"'),
        ("note Ann １２：x", "note Ann 12:x"),
        ("note Ann 怕火（水）！真的？", "note Ann 怕火（水）！真的？"),  # no syntax: as typed
    ],
)
def test_a_line_is_folded_outside_quotes_only(line: str, folded: str) -> None:
    assert fold_line(line) == folded


def test_a_bare_chinese_text_keeps_its_brackets_and_question_mark() -> None:
    """``（）！？`` are no syntax: a weakness or a threat typed bare keeps them, as quoted."""
    bare = commands.parse("threat 谁开的门？ challenge=猎犬", "mist")
    assert bare == commands.parse('threat "谁开的门？" challenge=猎犬', "mist")
    assert "怕火（水）" in repr(commands.parse("note Ann 怕火（水）", "ih-d10"))


def test_a_list_splits_on_either_comma() -> None:
    assert split_list("穿墙，冷触, 静步,,") == ["穿墙", "冷触", "静步"]


@pytest.mark.parametrize("text", ["٣", "३", "²", "①", "1２x"])
def test_other_digits_are_still_refused(text: str) -> None:
    with pytest.raises(RuleError) as caught:
        parse_int(text, "init")
    assert caught.value.code == "language.must-whole-number"
