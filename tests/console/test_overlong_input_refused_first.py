"""Issue 30 point 1: over-long input is refused before any work on it (no timing asserted:
each test makes the work that would come first fail, and sees the refusal by length instead).
A script over the limit is refused by its size before it is read; a line over the limit before
``run`` looks at its words; the console's command line offers no completion for it and does not
keep it in the field (where Textual passes over all of it for every key)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from console_support import FIGHT, AppRun, settle

from console import cli_run
from console.cli import main
from console.widgets import command_line
from console.widgets.command_line import Vocabulary, complete
from engine.limits import MAX_LINE

NOT_UTF8 = b"\xff\xfe\xfa not text\n" * 20
"""A script that cannot be decoded: read, it would be refused as unreadable, not as too long."""


def test_a_script_over_the_limit_is_refused_by_its_size_before_it_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli_run, "MAX_SCRIPT", 100)
    script = tmp_path / "big.txt"
    script.write_bytes(NOT_UTF8)
    assert main(["run", str(script), "--lang", "zh"]) == 2
    err = capsys.readouterr().err
    assert f"有 {len(NOT_UTF8)} 字节；命令文件最多" in err


def test_a_script_on_standard_input_from_a_file_is_refused_by_its_size_first(
    tmp_path: Path,
) -> None:
    """``st-console run - < FILE``: the file's size is known before a byte is read (a pipe is
    read up to the limit, as it must be)."""
    script = tmp_path / "big.txt"
    with script.open("wb") as handle:  # sparse: 64 MB and one byte, none of it written
        handle.truncate(cli_run.MAX_SCRIPT + 1)
    with script.open("rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "console", "run", "-", "--lang", "en"],
            stdin=stdin,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert done.returncode == 2
    assert f"is {cli_run.MAX_SCRIPT + 1} bytes; a script has at most 64 MB" in done.stderr


def test_an_over_long_run_line_is_refused_before_its_words_are_looked_at(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def looked_at(text: str) -> bool:
        raise AssertionError("the line's words were looked at before its length")

    script = tmp_path / "long.txt"
    script.write_text("cast note " + "x" * 1_000_000 + "\n", encoding="utf-8")
    monkeypatch.setattr(cli_run, "is_reopen", looked_at)
    assert main(["run", str(script), "--lang", "zh-Hant"]) == 1
    err = capsys.readouterr().err
    assert "第 1 行：這一行長 1000010 個字元；一行指令最多 4000 個字元" in err


def test_an_over_long_command_line_gets_no_completion_and_is_not_split(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def split(text: str) -> list[str]:
        raise AssertionError("an over-long line was split for completion")

    monkeypatch.setattr(command_line.shlex, "split", split)
    vocabulary = Vocabulary(verbs=("note",), names=("Ann",))
    assert complete("note A" + "x" * MAX_LINE, vocabulary) is None
    monkeypatch.undo()
    assert complete("note A", vocabulary) == "note Ann"


async def test_an_over_long_command_line_is_refused_by_length_and_not_kept(
    run_app: AppRun,
) -> None:
    async with run_app(script=FIGHT, lang="zh") as (app, pilot):
        await pilot.press("colon")
        await settle(pilot)
        screen = app.screen
        line = "note Ann " + "x" * 1_000_000
        before = screen.history.scene  # type: ignore[attr-defined]
        screen.command_line.input.value = line  # type: ignore[attr-defined]  # as a paste leaves it
        screen.command_line.submit(line)  # type: ignore[attr-defined]
        await settle(pilot)
        said = str(screen.query_one("#command-error").render())
        assert said.startswith("这一行长 1000009 个字符；一行命令最多 4000 个字符")
        assert screen.history.scene is before  # type: ignore[attr-defined]
        assert len(screen.command_line.input.value) == 0  # type: ignore[attr-defined]
        assert screen.command_line.history[-1] == line  # type: ignore[attr-defined]
        screen.command_line.submit("note Ann short")  # type: ignore[attr-defined]
        await settle(pilot)
        assert screen.history.scene.journal[-1].text == "note Ann short"  # type: ignore[attr-defined]
