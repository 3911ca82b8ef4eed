"""The command line's exit codes and errors (INTERFACE.md §1): exit 0/2/1, one line on stderr,
never a traceback; the script rules of ``run`` (a byte order mark, CRLF, the line that failed)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from console.cli import main
from console.i18n import Translator


def call(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def cli(*argv: str, stdin: bytes = b"", env: dict[str, str] | None = None) -> tuple[int, str, str]:
    """``python -m console ARGV`` in a fresh interpreter (real streams, real exit)."""
    done = subprocess.run(
        [sys.executable, "-m", "console", *argv], input=stdin, capture_output=True, env=env
    )
    return done.returncode, done.stdout.decode(), done.stderr.decode()


def assert_one_line(err: str) -> None:
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err


def test_mental_auto_failure_against_dc_zero_is_a_failure_in_json(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = call(
        capsys, "roll", "ih-d6", "4", "--untrained", "mental", "--dc", "0", "--json"
    )
    data = json.loads(out)
    assert (status, data["auto_failure"], data["success"], data["margin"]) == (0, True, False, 0)
    status, out, _ = call(
        capsys, "odds", "ih-d6", "4", "--untrained", "mental", "--dc", "0", "--json"
    )
    assert json.loads(out)["p_success"] == 0.0


def test_odds_with_a_huge_bonus_is_bad_usage_not_a_hang(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = call(capsys, "odds", "ih-d10", "3", "--bonus", "100000000", "--json")
    assert (status, out) == (2, "")
    assert_one_line(err)
    assert "--bonus" in err


@pytest.mark.parametrize("system", ["IH-D10", "Ih-D6", "MIST"])
def test_system_names_match_case_insensitively(
    capsys: pytest.CaptureFixture[str], system: str
) -> None:
    status, out, _ = call(capsys, "roll", system, "2", "--seed", "3", "--json")
    assert status == 0
    assert json.loads(out)["system"] == system.lower()


def test_a_closed_pipe_is_exit_1_without_a_traceback(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    class ClosedPipe(io.StringIO):
        def write(self, text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["roll", "ih-d10", "5", "--seed", "1", "--json"]) == 1
    monkeypatch.undo()
    assert "Traceback" not in capsys.readouterr().err


def test_a_save_dir_that_is_a_file_is_one_line_exit_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    status, _, err = call(capsys, "saves", "--save-dir", str(blocker))
    assert status == 1
    assert_one_line(err)
    status, _, err = call(capsys, "--save-dir", str(blocker / "deeper"), "saves")
    assert status == 1
    assert_one_line(err)


def test_top_level_campaign_and_save_dir_reach_run(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    script = tmp_path / "s.txt"
    script.write_text('scene new "A" ih-d10\n', encoding="utf-8")
    saves = tmp_path / "saves"
    status, _, _ = call(capsys, "--save-dir", str(saves), "--campaign", "Top", "run", str(script))
    assert status == 0
    status, out, _ = call(capsys, "saves", "--save-dir", str(saves))
    assert status == 0 and "Top" in out and "A" in out


def test_stdin_that_is_not_utf8_is_bad_usage_without_a_traceback() -> None:
    env = {"PYTHONIOENCODING": "ascii", "PATH": "/usr/bin:/bin"}
    status, out, err = cli("run", "-", stdin=b'scene new "A" ih-d10\n\xff\xfe\n', env=env)
    assert status == 2
    assert_one_line(err)
    assert "SCRIPT" in err


def test_stdin_may_start_with_a_byte_order_mark_and_use_crlf() -> None:
    status, out, err = cli(
        "run", "-", "--json", stdin='\ufeffscene new "A" ih-d10\r\nadd 王五 init=12\r\n'.encode()
    )
    assert (status, err) == (0, "")
    assert json.loads(out)["order"][0]["name"] == "王五"


def test_cjk_output_survives_an_ascii_terminal() -> None:
    env = {"PYTHONIOENCODING": "ascii", "PATH": "/usr/bin:/bin"}
    status, out, err = cli(
        "run", "-", "--json", stdin='scene new "A" ih-d10\nadd 王五 init=12\n'.encode(), env=env
    )
    assert (status, err) == (0, "")
    assert json.loads(out)["order"][0]["name"] == "王五"


def test_a_bad_line_exits_1_naming_it_and_prints_the_state_before_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = tmp_path / "s.txt"
    script.write_text(
        'scene new "A" ih-d10\nadd Ann init=15\n# note\nadd ann init=3\nadd Cid init=4\n',
        encoding="utf-8",
    )
    status, out, err = call(capsys, "run", str(script), "--json")
    assert status == 1
    assert_one_line(err)
    assert err.startswith("line 4:")
    assert [row["name"] for row in json.loads(out)["order"]] == ["Ann"]


@pytest.mark.parametrize(
    "argv",
    [
        ("run", "/nonexistent/script.txt"),
        ("run", "/"),
        ("import", "/"),
        ("roll", "ih-d10"),
        ("roll", "ih-d10", "3", "--seed", "x"),
        ("odds", "ih-d10", "3", "--seed", "1"),
        ("odds", "ih-d10", "1001"),
        ("roll", "mist", "2", "--dc", "1"),
        ("roll", "ih-d6", "2", "--again", "9"),
        ("export", "C"),
    ],
)
def test_bad_usage_is_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    status, _, err = call(capsys, *argv)
    assert status == 2
    assert_one_line(err)


def test_python_dash_m_console_rolls_the_same_dice_as_the_cli(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("roll", "ih-d10", "4", "--again", "9", "--seed", "11", "--json")
    status, out, err = cli(*argv)
    assert (status, err) == (0, "")
    assert json.loads(out) == json.loads(call(capsys, *argv)[1])


def test_a_script_file_may_start_with_a_byte_order_mark(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = tmp_path / "bom.txt"
    script.write_bytes('\ufeffscene new "A" ih-d10\nadd Ann init=3\n'.encode())
    status, out, err = call(capsys, "run", str(script), "--json")
    assert (status, err) == (0, "")
    assert json.loads(out)["order"][0]["name"] == "Ann"


def test_a_directory_as_script_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = call(capsys, "run", str(tmp_path))
    assert status == 2
    assert_one_line(err)
    assert "is a directory" in err


def test_saves_lists_and_never_creates_a_folder(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """`saves` is a listing: pointed at a folder that is not there, it creates nothing."""
    missing = tmp_path / "nosuch" / "dir"
    status, out, _ = call(capsys, "saves", "--save-dir", str(missing), "--lang", "zh")
    assert status == 0
    assert out.strip() == Translator("zh")("cli.saves.none", root=missing)
    assert not (tmp_path / "nosuch").exists()


@pytest.mark.parametrize("lang", ["en", "zh", "zh-Hant"])
@pytest.mark.parametrize(
    ("option", "value", "key", "params"),
    [
        ("--port", "99999", "cli.at-most", {"name": "--port", "maximum": 65535, "value": 99999}),
        ("--host", "999.1.1.1", "cli.bad-host", None),
    ],
)
def test_serve_refuses_a_bad_port_or_host_before_printing_the_address(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    lang: str,
    option: str,
    value: str,
    key: str,
    params: dict[str, object] | None,
) -> None:
    """INTERFACE.md §1: bad usage is exit 2, one line naming the option, in --lang."""
    argv = ("serve", option, value, "--lang", lang, "--save-dir", str(tmp_path))
    status, out, err = call(capsys, *argv)
    t = Translator(lang)
    assert (status, out) == (2, "")
    assert_one_line(err)
    named = t("cli.argparse.argument").split("%(argument_name)s")[0]
    assert f"{named}{option}" in err
    if params is not None:
        assert t(key, **params) in err
    else:
        assert t(key, text=repr(value), problem="").split("(")[0].split("（")[0] in err
