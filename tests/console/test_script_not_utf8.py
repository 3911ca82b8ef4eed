"""A ``run`` script saved in GBK (a Chinese Windows editor's default) is refused in the table's
language, naming the byte and what to do (it showed Python's "'utf-8' codec can't decode byte
0xb2 in position 11"), as a file and on standard input; exit 2, no traceback."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from console.cli import main

SCRIPT = 'scene new "测试" ih-d10\nadd 安 init=3\n'.encode("gbk")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("zh", "不是 UTF-8 编码的文本（第 12 个字节）：请另存为 UTF-8 后再运行"),
        ("zh-Hant", "不是 UTF-8 編碼的文字（第 12 個位元組）：請另存為 UTF-8 後再執行"),
        ("en", "is not UTF-8 text (byte 12): save it as UTF-8 and run it again"),
    ],
)
@pytest.mark.parametrize("stdin", [False, True])
def test_a_gbk_script_is_refused_in_the_table_s_language(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lang: str,
    said: str,
    stdin: bool,
) -> None:
    script = tmp_path / "fight.txt"
    script.write_bytes(SCRIPT)
    if stdin:
        stream = io.TextIOWrapper(io.BytesIO(SCRIPT), encoding="utf-8")
        monkeypatch.setattr("sys.stdin", stream)
    name = "-" if stdin else str(script)
    code = main(["run", name, "--save-dir", str(tmp_path / "saves"), "--lang", lang])
    err = capsys.readouterr().err
    assert code == 2
    assert said in err and "codec" not in err and "Traceback" not in err
