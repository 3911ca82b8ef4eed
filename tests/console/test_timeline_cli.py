"""``st-console show`` and ``fork`` (issue 26): a scene as it stood after its N-th command,
with the journal's own dice, and a new campaign from that moment."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from console.cli import main
from saves import open_store

HEAD = ['scene new "Long" ih-d10', "add Ann pc init=5 health=99", "add Ghoul npc init=3 health=99"]
BODY = ["begin"] + ["attack Ann Ghoul dp=2", "next", "attack Ghoul Ann dp=1", "next"] * 75
"""303 commands, most of them rolling dice: one sealed journal chunk (256), checkpoints at
128 and 256, and a tail."""
COMMANDS = HEAD[1:] + BODY


def _run(script: list[str], monkeypatch: pytest.MonkeyPatch, *extra: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(script) + "\n"))
    return main(["run", "-", "--seed", "5", *extra])


def _out(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    assert (
        _run([HEAD[0], *COMMANDS], monkeypatch, "--campaign", "C", "--save-dir", str(tmp_path)) == 0
    )
    return tmp_path


@pytest.fixture(scope="module")
def shown_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """:func:`root` made once for the ``show --at`` cases and the refused ``--at`` ones: neither
    writes (test_show_never_writes; the refusals check it), so each reads it as a fresh one."""
    path = tmp_path_factory.mktemp("shown")
    with pytest.MonkeyPatch.context() as monkeypatch:
        argv = ("--campaign", "C", "--save-dir", str(path))
        assert _run([HEAD[0], *COMMANDS], monkeypatch, *argv) == 0
    return path


def _files(root: Path) -> dict[str, tuple[int, bytes]]:
    return {
        str(p.relative_to(root)): (p.stat().st_mtime_ns, p.read_bytes())
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def _first(
    n: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *extra: str
) -> str:
    capsys.readouterr()
    assert _run([HEAD[0], *COMMANDS[:n]], monkeypatch, *extra) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("n", [0, 1, 5, 127, 128, 129, 200, 256, 257, 290, 303])
def test_show_at_n_is_running_the_first_n_commands(
    shown_root: Path, n: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    root = shown_root
    expected = _first(n, monkeypatch, capsys)
    status, out, err = _out(capsys, "show", "C", "--at", str(n), "--save-dir", str(root))
    assert (status, err) == (0, "")
    assert out == expected
    expected_json = _first(n, monkeypatch, capsys, "--json")
    status, out, _ = _out(
        capsys, "show", "C/Long", "--at", str(n), "--json", "--save-dir", str(root)
    )
    assert status == 0 and json.loads(out) == json.loads(expected_json)


def test_the_dice_are_the_journals_own(
    root: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Another seed rolls other dice: ``show`` replays the journal's, not new ones."""
    capsys.readouterr()
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join([HEAD[0], *COMMANDS[:200]]) + "\n"))
    assert main(["run", "-", "--seed", "6"]) == 0
    other = capsys.readouterr().out
    _, out, _ = _out(capsys, "show", "C", "--at", "200", "--save-dir", str(root))
    assert out != other
    assert out == _first(200, monkeypatch, capsys)


def test_show_without_at_is_now_and_in_the_tables_language(
    root: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    expected = _first(303, monkeypatch, capsys, "--lang", "zh")
    status, out, _ = _out(capsys, "show", "C", "--lang", "zh", "--save-dir", str(root))
    assert status == 0 and out == expected
    assert "回合" in out or "轮" in out


def test_show_never_writes(root: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = _files(root)
    for at in ("0", "150", "303"):
        assert _out(capsys, "show", "C", "--at", at, "--save-dir", str(root))[0] == 0
    assert _out(capsys, "show", "C", "--save-dir", str(root))[0] == 0
    assert _files(root) == before


@pytest.mark.parametrize(
    ("at", "lang", "words"),
    [
        ("304", "en", "argument --at: 304 is past the end of the scene's journal (303 commands)"),
        ("304", "zh", "参数 --at：304 超出了场景日志的末尾（共 303 条命令）"),
        ("x", "en", "--at must be a whole number, not 'x'"),
        ("-1", "en", "--at"),
        ("2.5", "zh-Hant", "--at"),
    ],
)
def test_a_bad_at_exits_2_naming_it(
    shown_root: Path, at: str, lang: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    root = shown_root  # refused: nothing written (checked below), so the one campaign serves
    before = _files(root)
    for command in ("show", "fork"):
        status, out, err = _out(
            capsys, command, "C", "--at", at, "--lang", lang, "--save-dir", str(root)
        )
        assert (status, out) == (2, "")
        assert words in err and len(err.splitlines()) == 1
    assert _files(root) == before


def _damage_tail(root: Path) -> None:
    """Change a tail entry (past the sealed chunk) of scene Long's header, as an editor would."""
    header = next((root / "campaigns" / "c" / "scenes").glob("*.json"))
    text = header.read_text(encoding="utf-8")
    data = json.loads(text)
    document = data["scene"]["1"]
    document["tail"][20]["seed"] = "not a seed"
    header.write_text(json.dumps(data), encoding="utf-8")


def test_a_damaged_entry_after_n_does_not_stop_show_at_n(
    root: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _damage_tail(root)
    status, out, _ = _out(capsys, "show", "C", "--at", "270", "--save-dir", str(root))
    assert status == 0 and out == _first(270, monkeypatch, capsys)
    status, out, err = _out(capsys, "show", "C", "--at", "290", "--save-dir", str(root))
    assert (status, out) == (1, "") and "tail[" in err
    status, out, err = _out(capsys, "show", "C", "--save-dir", str(root))
    assert status == 1 and out == ""


def test_a_damaged_chunk_after_n_does_not_stop_show_at_n(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    chunk = next((root / "campaigns" / "c" / "scenes").glob("*/j*.json"))
    chunk.write_bytes(chunk.read_bytes().replace(b"Ghoul", b"Ghost", 1))
    status, _, err = _out(capsys, "show", "C", "--at", "100", "--save-dir", str(root))
    assert status == 1 and chunk.name in err  # the chunk holds entries 0–255: needed
    status, _, err = _out(capsys, "show", "C", "--at", "0", "--save-dir", str(root))
    assert (status, err) == (0, "")


# -- fork -------------------------------------------------------------------------------------


def test_fork_is_a_new_campaign_independent_of_its_original(
    root: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    original = {k: v for k, v in _files(root).items() if k.startswith("campaigns/c/")}
    status, out, err = _out(capsys, "fork", "C", "--at", "200", "--save-dir", str(root))
    assert (status, err) == (0, "")
    assert "C (from entry 200)" in out
    # the original is untouched, byte for byte
    assert {k: v for k, v in _files(root).items() if k.startswith("campaigns/c/")} == original
    # the fork is the original at 200, with the same journal
    _, forked, _ = _out(capsys, "show", "C (from entry 200)", "--save-dir", str(root))
    assert forked == _first(200, monkeypatch, capsys)
    with open_store(root).open_campaign("C (from entry 200)", read_only=True) as fork:
        scene = fork.load_scene("Long")
        assert len(scene.journal) == 200 and scene.undone == ()
        assert fork.current_scene() == "Long"
    with open_store(root).open_campaign("C", read_only=True) as campaign:
        assert len(campaign.load_scene("Long").journal) == 303
    # play goes on in the fork; the original does not move
    monkeypatch.setattr("sys.stdin", io.StringIO("damage Ghoul 1\nnext\n"))
    assert main(["run", "-", "--campaign", "C (from entry 200)", "--save-dir", str(root)]) == 0
    with open_store(root).open_campaign("C (from entry 200)", read_only=True) as fork:
        assert len(fork.load_scene("Long").journal) == 202
    assert {k: v for k, v in _files(root).items() if k.startswith("campaigns/c/")} == original
    _, now, _ = _out(capsys, "show", "C", "--save-dir", str(root))
    assert now == _first(303, monkeypatch, capsys)


def test_fork_as_a_name_and_a_taken_name_writes_nothing(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ("fork", "C/Long", "--at", "3", "--as", "What if", "--save-dir", str(root))
    assert _out(capsys, *args)[0] == 0
    before = _files(root)
    status, out, err = _out(capsys, *args)
    assert (status, out) == (2, "")
    taken = "A campaign named 'What if' already exists; nothing was written."
    assert err == f"st-console fork: argument --as: {taken}\n"
    status, _, err = _out(
        capsys, "fork", "C", "--at", "3", "--as", "c", "--lang", "zh", "--save-dir", str(root)
    )
    assert status == 2 and "已有名为 'c' 的战役" in err
    assert _files(root) == before


def test_saves_lists_forks_with_where_they_came_from(
    root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _out(capsys, "fork", "C", "--at", "7", "--as", "Alt", "--save-dir", str(root))[0] == 0
    status, out, _ = _out(capsys, "saves", "--save-dir", str(root))
    assert status == 0
    lines = out.splitlines()
    assert lines[1:] == [
        "Alt",
        "  (forked from C / Long at entry 7)",
        "  Long  [ih-d10]",
        "C  (last opened)",
        "  Long  [ih-d10]",
    ]
    _, out, _ = _out(capsys, "saves", "--lang", "zh-Hant", "--save-dir", str(root))
    assert "  （分支自 C / Long 第 7 條）" in out.splitlines()
    _, out, _ = _out(capsys, "saves", "Alt", "--json", "--save-dir", str(root))
    assert json.loads(out)["forked_from"] == {"campaign": "C", "scene": "Long", "entry": 7}
    _, out, _ = _out(capsys, "saves", "Alt", "--save-dir", str(root))
    assert out.splitlines()[:2] == ["Campaign Alt", "(forked from C / Long at entry 7)"]
    _, out, _ = _out(capsys, "saves", "C", "--json", "--save-dir", str(root))
    assert json.loads(out)["forked_from"] is None


def test_a_campaign_saved_before_forks_is_no_fork(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import shutil

    fixture = Path(__file__).parents[1] / "saves" / "fixtures" / "untimed_v3"
    shutil.copytree(fixture, tmp_path / "saves")
    status, out, _ = _out(capsys, "saves", "--save-dir", str(tmp_path / "saves"))
    assert status == 0 and "forked" not in out
    store = open_store(tmp_path / "saves")
    (info,) = store.list_campaigns()
    assert info.problem is None and info.forked_from is None
    status, out, _ = _out(
        capsys, "show", info.name, "--at", "0", "--save-dir", str(tmp_path / "saves")
    )
    assert status == 0 and out.startswith("Scene ")
