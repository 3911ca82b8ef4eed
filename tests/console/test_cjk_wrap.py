"""Chinese wraps between any two characters (console/cjk_wrap.py): lines are filled, closing
punctuation never starts a line, opening punctuation never ends one, and text without Chinese
wraps exactly as Rich wraps it."""

from __future__ import annotations

import rich._wrap
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from console import cjk_wrap
from console.app import STConsoleApp

SENTENCE = "主持人：描述情境，提出威脅（t），設置挑戰（C）。然後按 p。黑暗中伸出的利爪（t1）待定"


def _lines(text: str, width: int) -> list[str]:
    return [line.plain.rstrip() for line in Text(text).wrap(Console(), width)]


def test_chinese_fills_each_line_and_keeps_punctuation_with_its_word() -> None:
    cjk_wrap.install()
    for width in range(8, 40):
        lines = _lines(SENTENCE, width)
        assert "".join(lines).replace(" ", "") == SENTENCE.replace(" ", "")
        for line, following in zip(lines, lines[1:], strict=False):
            first = next(iter(cjk_wrap.words(following)))[2].strip()
            assert cell_len(line) + 1 + cell_len(first) > width, (width, lines)  # filled
            assert line[-1] not in "（「“", (width, lines)
        for line in lines[1:]:
            assert line[0] not in "，。、；：！？）」”…", (width, lines)


def test_text_without_chinese_is_split_as_rich_splits_it() -> None:
    text = "The Hound stalks the ward; Liu wants the police gone before dawn (t1)."
    assert list(cjk_wrap.words(text)) == list(cjk_wrap._rich_words(text))


def test_the_console_installs_it() -> None:
    STConsoleApp(lang="zh")
    assert rich._wrap.words is cjk_wrap.words


def test_a_path_in_a_chinese_sentence_is_folded_as_rich_folds_it() -> None:
    cjk_wrap.install()
    path = "/tmp/pytest-of-root/pytest-12/popen-gw1/a_rather_long_test_name/empty"
    said = f"暂无可显示的内容：{path} 中还没有"
    lines = _lines(said, 76)
    assert lines[0].startswith("暂无可显示的内容：/tmp/") and cell_len(lines[0]) == 76, lines
