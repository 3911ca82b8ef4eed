"""A failed autosave, and ``run``'s "the commands were saved, but afterwards …", are said in the
table's language: the system's refusal (a full disk, no permission) in its words, the sentence
around it from the locale files."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest
from console_support import FIGHT, AppRun, settle

from console.cli import main
from console.i18n import os_error_text, save_error_text
from console.messages import AutosaveWritten
from saves.store import Store

FULL = OSError(errno.ENOSPC, "No space left on device", "/saves/c/scene-0001.json")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "no space left on the disk (/saves/c/scene-0001.json)"),
        ("zh", "磁盘空间不足（/saves/c/scene-0001.json）"),
        ("zh-Hant", "磁碟空間不足（/saves/c/scene-0001.json）"),
    ],
)
def test_a_full_disk_is_said_in_the_table_s_language(lang: str, said: str) -> None:
    assert save_error_text(FULL, lang) == said


def test_without_a_path_and_for_other_refusals() -> None:
    assert os_error_text(OSError(errno.EACCES, "Permission denied"), "zh") == "没有写入权限"
    odd = OSError(errno.EIO, "Input/output error")
    assert os_error_text(odd, "en") == "[Errno 5] Input/output error"
    assert os_error_text(odd, "zh-Hant") == "系統拒絕：[Errno 5] Input/output error"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("zh", "自动保存失败：磁盘空间不足"),
        ("zh-Hant", "自動儲存失敗：磁碟空間不足"),
        ("en", "Autosave failed: no space"),
    ],
)
async def test_a_failed_autosave_is_said_in_the_table_s_language(
    run_app: AppRun, lang: str, said: str
) -> None:
    async with run_app(script=FIGHT, lang=lang) as (app, pilot):
        app.post_message(AutosaveWritten(FULL))
        await settle(pilot)
        messages = [str(n.message) for n in app._notifications]
        assert any(said in message for message in messages), messages
        assert app.autosave_state == "failed"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("zh", "st-console: 命令已保存，但之后出错：磁盘空间不足（"),
        ("zh-Hant", "st-console: 命令已儲存，但之後出錯：磁碟空間不足（"),
        ("en", "st-console: the commands were saved, but afterwards: no space left on the disk ("),
    ],
)
def test_run_says_what_failed_after_saving_in_the_table_s_language(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lang: str,
    said: str,
) -> None:
    def full(self: Store, campaign: str, scene: str | None) -> None:
        raise FULL

    monkeypatch.setattr(Store, "set_last_opened", full)
    script = tmp_path / "fight.txt"
    script.write_text("add 安 init=12\n", "utf-8")
    argv = ["run", str(script), "--campaign", "C", "--save-dir", str(tmp_path / "s")]
    assert main([*argv, "--lang", lang]) == 0  # the commands are saved: no retry
    assert said in capsys.readouterr().err
