"""`st-console run --campaign` exits 0 once its commands are saved, whatever fails after the
save (INTERFACE.md §1, exit status): a bad settings file, a full disk when remembering the last
campaign. The commands are in the journal once."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from console.cli import main
from saves import open_store

SETUP = (
    'scene new "Fight" ih-d10\nadd Ann init=15 health=7\nadd Bob init=12\nadd Cat init=9\nbegin\n'
)


def _run(root: Path, script: str, monkeypatch: pytest.MonkeyPatch, *extra: str) -> int:
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    return main(["run", "-", "--campaign", "Base", "--save-dir", str(root), *extra])


def _base(root: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    assert _run(root, SETUP, monkeypatch) == 0
    return root / "campaigns" / "base"


def test_a_bad_settings_file_after_a_good_save_exits_0(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _base(tmp_path, monkeypatch)
    (tmp_path / "st-console.json").write_text("[" * 100_000 + "]" * 100_000)
    assert _run(tmp_path, "roll ih-d10 9\n", monkeypatch) == 0
    with open_store(tmp_path).open_campaign("Base") as campaign:
        journal = campaign.load_scene("Fight").journal
    assert [entry.text for entry in journal].count("roll ih-d10 9") == 1
    assert any(p.name.startswith("st-console.json.bad-") for p in tmp_path.iterdir())


def test_a_failure_after_the_save_exits_0_with_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _base(tmp_path, monkeypatch)

    def broken(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("saves.store.Store.set_last_opened", broken)
    capsys.readouterr()
    assert _run(tmp_path, "roll ih-d10 9\n", monkeypatch) == 0
    assert "the commands were saved" in capsys.readouterr().err
    with open_store(tmp_path).open_campaign("Base") as campaign:
        journal = campaign.load_scene("Fight").journal
    assert [entry.text for entry in journal].count("roll ih-d10 9") == 1
