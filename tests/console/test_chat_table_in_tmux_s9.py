"""A chat table in a real terminal (tmux, a server of the test's own): a dice bot's ``.ww``
typed straight on the scene, and an input method's words, in one ``send-keys``; a terminal's
paste of several commands (bracketed, as terminals paste) runs each. Skipped without tmux."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from test_typing_in_tmux import SESSION, console_in_tmux, wait_for

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def test_dot_ww_and_an_input_method_s_words_in_one_burst_at_80x24(tmp_path: Path) -> None:
    with console_in_tmux(tmp_path, "zh", (80, 24)) as tmux:
        tmux(
            "send-keys",
            "-t",
            SESSION,
            ".ww 5a8 by=Ann ——dc 2",
            "Enter",
            "：note Ann “浸染：，；（）”",
            "Enter",
        )
        shown = wait_for(tmux, "Ann 的备注：浸染：，；（）")
        assert "✗" not in shown
        tmux("send-keys", "-t", SESSION, "-l", "。ww3a9 by=Bob")
        tmux("send-keys", "-t", SESSION, "Enter")
        wait_for(tmux, "✓ .ww3a9 by=Bob")


def test_a_bracketed_paste_of_two_commands_runs_both_at_120x40(tmp_path: Path) -> None:
    with console_in_tmux(tmp_path, "zh-Hant", (120, 40)) as tmux:
        text = ".ww 5a8 by=Ann ——dc 2\nnote Bob “第一段：\n\n第二段（完）”\n"
        tmux("set-buffer", "-b", "chat", text)
        tmux("send-keys", "-t", SESSION, "：")
        tmux("paste-buffer", "-p", "-b", "chat", "-t", SESSION)
        shown = wait_for(tmux, "Bob 的備註：第一段： 第二段（完）")
        assert "✗" not in shown
